"""The states bots reach, for the oracle tests of "One semantics" (docs/architecture.md, "The
migration, step by step"): a compiled piece is held to what today's engine says on every state
that random and greedy bots reach in games of every shipped spec and test variant, at its
fewest and most players (imported by test_generic_guards.py and test_listers.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from beanrules import list_specs
from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out

ROOT = Path(__file__).resolve().parents[2]


def _specs() -> list[str]:
    """The shipped specs and the test variants (which of them have such rules is seen as each
    test compiles its spec: nothing is compiled while pytest collects)."""
    return list(list_specs()) + [str(p) for p in sorted((ROOT / "conformance").rglob("*.bean"))]


SPECS = _specs()
SHIPPED = set(list_specs())
# The shipped specs play in the test command; the test variants (and a second seed) are further
# coverage, played by `pytest -m sweep` (.ci/run runs it).
CASES = [pytest.param(spec, seed, id=f"{Path(spec).stem if spec.endswith('.bean') else spec}-{seed}",
                      marks=() if spec in SHIPPED and seed == 0 else pytest.mark.sweep)
         for spec in SPECS for seed in (0, 1)]


class Watching:
    """A bot that, before each choice, holds the state to an oracle (`check`)."""

    def __init__(self, bot: Any, check: Any):
        self.bot, self.check, self.name = bot, check, bot.name

    def choose(self, game: Game, player: str) -> Any:
        self.check(game)
        return self.bot.choose(game, player)


def watch(model: dict, players: int, seed: int, check: Any) -> None:
    """Play a game of bots (random and greedy by turns) that calls `check` before each choice."""
    game = Game(model, [f"P{i}" for i in range(players)], seed=seed)
    bots = {p: Watching(make_bot("greedy" if i % 2 else "random", seed, trades=seed == 0), check)
            for i, p in enumerate(game.players)}
    play_out(game, bots, max_actions=20_000, keep_events=False)
