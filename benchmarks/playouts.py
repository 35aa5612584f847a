"""Playout speed of the interpreter, and the cost of interpretation.

    python benchmarks/playouts.py [--games N] [--repeats R] [--json] [--memory GAMES]

Plays random-bot classic games with 3, 4 and 5 players, with and without trading, and prints
games and actions per second (the median of R runs). In the same run it plays the same
number of games on the hand-written engine of benchmarks/handwritten_classic.py (direct Python,
no rule model, same random policy, no trading); `ratio` = interpreter / hand-written games per
second, 4 players without trading. --memory plays that many games and reports how the
process's peak memory grew between the first 10% and the end (it should stay flat).
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "interpreter"))
sys.path.insert(0, str(HERE))

from beanrules import compile_spec  # noqa: E402
from beanrules.engine import Game  # noqa: E402
from beanrules.engine.bots import RandomBot, play_out  # noqa: E402
from handwritten_classic import play_game  # noqa: E402


def interpreter_run(model: dict, players: int, games: int, trades: bool) -> tuple[float, int]:
    """(seconds, actions) for `games` random-bot games."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(model, players, seed=seed)
        bots = {p: RandomBot(seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
        actions += play_out(game, bots)
    return time.perf_counter() - start, actions


def handwritten_run(players: int, games: int) -> tuple[float, int]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        actions += play_game(players, seed).actions
    return time.perf_counter() - start, actions


def median_rate(runs: list[tuple[float, int]], games: int) -> dict:
    seconds = statistics.median(r[0] for r in runs)
    actions = runs[0][1]
    return {"games_per_s": round(games / seconds, 1), "actions_per_s": round(actions / seconds),
            "actions_per_game": round(actions / games, 1)}


def memory(model: dict, games: int) -> dict:
    def peak_kb() -> int:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    early = 0
    for seed in range(games):
        game = Game(model, 4, seed=seed)
        play_out(game, {p: RandomBot(seed=f"{seed}:{i}", trades=False) for i, p in enumerate(game.players)})
        if seed == games // 10:
            early = peak_kb()
    return {"games": games, "peak_kb_after_10_percent": early, "peak_kb_at_end": peak_kb(),
            "growth_kb": peak_kb() - early}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration (default 200)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per configuration; the median counts")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--memory", type=int, default=0, metavar="GAMES", help="also check memory over GAMES games")
    args = parser.parse_args(argv)
    model = compile_spec("classic")
    results: dict = {"games": args.games, "repeats": args.repeats, "interpreter": {}, "handwritten": {}}
    for players in (3, 4, 5):
        for trades in (False, True):
            games = args.games if not trades else max(1, args.games // 4)
            runs = [interpreter_run(model, players, games, trades) for _ in range(args.repeats)]
            results["interpreter"][f"{players}p{'-trading' if trades else ''}"] = median_rate(runs, games)
        # Interleaved with the interpreter's runs so both see the same machine load.
        runs = [handwritten_run(players, args.games) for _ in range(args.repeats)]
        results["handwritten"][f"{players}p"] = median_rate(runs, args.games)
    # The headline ratio: measured interleaved, 4 players, no trading.
    pairs = [(interpreter_run(model, 4, args.games, False), handwritten_run(4, args.games))
             for _ in range(args.repeats)]
    interp = args.games / statistics.median(p[0][0] for p in pairs)
    hand = args.games / statistics.median(p[1][0] for p in pairs)
    results.update({"interpreter_games_per_s": round(interp, 1), "handwritten_games_per_s": round(hand, 1),
                    "ratio": round(interp / hand, 3)})
    if args.memory:
        results["memory"] = memory(model, args.memory)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"classic, random bots, median of {args.repeats} runs")
    print(f"{'engine':<12} {'config':<12} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for engine in ("interpreter", "handwritten"):
        for config, r in results[engine].items():
            print(f"{engine:<12} {config:<12} {r['games_per_s']:>9} {r['actions_per_s']:>10} {r['actions_per_game']:>13}")
    print(f"4 players, no trading: interpreter {results['interpreter_games_per_s']} games/s, "
          f"hand-written {results['handwritten_games_per_s']} games/s, ratio {results['ratio']}")
    if args.memory:
        m = results["memory"]
        print(f"memory over {m['games']} games: peak {m['peak_kb_after_10_percent']} kB after 10%, "
              f"{m['peak_kb_at_end']} kB at the end (+{m['growth_kb']} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
