"""Simulation figures: how games of each rulebook go, drawn as SVG charts at build time.

A small fixed-seed sweep per rulebook (greedy bots, a fixed player count, a few games) gives
the game length in turns and the share of games each seat won; matplotlib draws both into one
SVG. Same specs, same seeds, same engine: the same figures, byte for byte (the SVG carries no
date and a fixed id salt), so the build stays reproducible.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from ..engine.simulate import Job, choose_engine, play_game

GAMES = 10        # per rulebook: enough for a shape, few enough for a fast build
SEED = 2026
BOT = "greedy"


@dataclass(frozen=True)
class Sweep:
    spec: str
    players: int
    bot: str
    seed: int
    turns: tuple[int, ...]        # per game
    win_share: tuple[float, ...]  # per seat, shared wins split evenly


def sweep_players(model: dict[str, Any]) -> int:
    """The player count the figures use: 4 where the rulebook allows it, else its nearest."""
    low, high = model["players"]["min"], model["players"]["max"]
    return min(max(4, low), high)


def rules_key(model: dict[str, Any]) -> str:
    """What decides how a game plays (not names, wording or citations): rulebooks with the same
    key (a translation and its original) play the same games, so they share one sweep."""
    import json
    return json.dumps({"players": model["players"], "phases": [p["id"] for p in model["phases"]],
                       "beans": [(b["id"], b["count"], b["beanometer"]) for b in model["beans"]],
                       "rules": [(r["kind"], r["params"], r["phase"]) for r in model["rules"]]}, sort_keys=True)


def run_sweep(model: dict[str, Any], games: int = GAMES, seed: int = SEED, bot: str = BOT) -> Sweep:
    """`games` games from `seed` on, as `beanrules play` plays them (engine/simulate.py): by the
    playout kernel where it plays the rules, which plays the interpreter's games exactly, so
    the figures are the same whichever engine drew them, only sooner."""
    n = sweep_players(model)
    bots = (bot,) * n
    engine, _ = choose_engine(model, n, list(bots), keep_records=False)
    job = Job(model, model["rulebook"], n, seed, bots, trades=True, keep_records=False, engine=engine)
    results = [play_game(job, index) for index in range(games)]
    wins = [sum(result.wins[seat] for result in results) for seat in range(n)]  # in game order
    return Sweep(model["rulebook"], n, bot, seed, tuple(r.turns for r in results), tuple(w / games for w in wins))


def draw(sweep: Sweep) -> str:
    """Game length and win share per seat, side by side, as SVG text."""
    import matplotlib
    matplotlib.use("svg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    plt.rcParams.update({"svg.hashsalt": "beanrules", "font.size": 9, "svg.fonttype": "none"})
    figure, (length, seats) = plt.subplots(1, 2, figsize=(6.4, 2.4), constrained_layout=True)
    length.hist(sweep.turns, bins=range(min(sweep.turns), max(sweep.turns) + 2), color="#3f51b5", align="left")
    length.xaxis.set_major_locator(MaxNLocator(integer=True))
    length.set_xlabel("turns per game")
    length.set_ylabel("games")
    length.set_title(f"game length ({len(sweep.turns)} games)")
    seat_numbers = range(1, sweep.players + 1)
    seats.bar(seat_numbers, sweep.win_share, color="#ff9800")
    seats.axhline(1 / sweep.players, color="#555", linestyle="--", linewidth=0.8, label="even share")
    seats.set_xticks(list(seat_numbers))
    seats.set_xlabel("seat (1 starts)")
    seats.set_ylabel("share of games won")
    seats.set_ylim(0, 1)
    seats.set_title(f"wins per seat, {sweep.players} {sweep.bot} bots")
    seats.legend(loc="upper right", frameon=False)
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    plt.close(figure)
    return out.getvalue()


def caption(sweep: Sweep) -> str:
    mean = sum(sweep.turns) / len(sweep.turns)
    return (f"{len(sweep.turns)} games of {sweep.players} {sweep.bot} bots (seeds {sweep.seed}–"
            f"{sweep.seed + len(sweep.turns) - 1}): {mean:.1f} turns on average "
            f"({min(sweep.turns)}–{max(sweep.turns)}); the dashed line is an even share of wins.")
