"""Invariant playouts: what checking every invariant after every action costs, as a ratio to
the same games played plainly.

    python benchmarks/invariants.py [--rounds R] [--seeds N] [--json]

For each spec below, the same seeds and the same bots (checks/invariants.py's BOTS, seated in
turn) play N games twice per round: plainly (bots choose, the game applies, nothing else) and
as invariant playouts (checks/invariants.py `playout`: every invariant after every action, the
sampled JSON round trip, the record made and replayed at the end). Rounds alternate the two, so
both see the same machine load; the figures are CPU time of this process (the machines are
shared: wall time would count the other jobs too), each the median round. Prints CPU
milliseconds per game of each and the ratio checked / plain; --json gives them per spec and
overall.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))

from beanrules import compile_spec  # noqa: E402
from beanrules.checks.invariants import BOTS, playout  # noqa: E402
from beanrules.engine import Game  # noqa: E402
from beanrules.engine.bots import make_bot  # noqa: E402
from beanrules.engine.legal import next_to_act  # noqa: E402

# (spec, players): classic with trading, written coins and draws by action, a spec with
# abilities and lasting constraints, and the big table of how-to-play.
CASES = (("classic", 3), ("kannibohne", 2), ("how-to-play", 5))


def plain(model: dict, players: int, seed: int) -> int:
    """The game `playout` checks, played without any check; returns its number of actions."""
    game = Game(model, players, seed=seed)
    seats = {p: make_bot(BOTS[i % len(BOTS)], seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    while not game.is_over:
        player = next_to_act(game.state, game.ruleset)
        game.apply(seats[player].choose(game, player), keep_events=False)  # type: ignore[index]
    return len(game.actions)


def checked(model: dict, spec: str, players: int, seed: int) -> int:
    result = playout(model, spec, players, seed)
    if not result.ok:
        raise SystemExit(f"{spec} {players} players seed {seed}: {result.problems[0]}")
    return result.actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--seeds", type=int, default=3, help="games per spec per round (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    seeds = range(args.seeds)
    rows = {}
    for spec, players in CASES:
        model = compile_spec(spec)
        times: dict[str, list[float]] = {"plain": [], "checked": []}
        actions = {}
        for _ in range(args.rounds):
            for name in ("plain", "checked"):
                started = time.process_time()
                counts = [plain(model, players, s) if name == "plain" else checked(model, spec, players, s)
                          for s in seeds]
                times[name].append((time.process_time() - started) * 1000 / len(seeds))
                actions[name] = sum(counts)
        if actions["plain"] != actions["checked"]:
            raise SystemExit(f"{spec}: the checked games are not the plain ones "
                             f"({actions['checked']} actions against {actions['plain']})")
        plain_ms, checked_ms = statistics.median(times["plain"]), statistics.median(times["checked"])
        rows[f"{spec}/{players}"] = {"actions_per_game": actions["plain"] / len(seeds),
                                     "plain_ms": round(plain_ms, 2), "checked_ms": round(checked_ms, 2),
                                     "ratio": round(checked_ms / plain_ms, 2)}
    overall = round(statistics.median(row["ratio"] for row in rows.values()), 2)
    if args.json:
        print(json.dumps({"cases": rows, "median_ratio": overall, "rounds": args.rounds,
                          "seeds": args.seeds, "load_average": os.getloadavg()[0]}, indent=2))
        return
    print(f"{'spec/players':<16} {'actions':>8} {'plain ms':>9} {'checked ms':>11} {'ratio':>6}  (CPU per game)")
    for name, row in rows.items():
        print(f"{name:<16} {row['actions_per_game']:>8.0f} {row['plain_ms']:>9.1f} "
              f"{row['checked_ms']:>11.1f} {row['ratio']:>5.1f}x")
    print(f"median ratio checked/plain: {overall}x (medians of {args.rounds} rounds, {args.seeds} seeds each)")


if __name__ == "__main__":
    main()
