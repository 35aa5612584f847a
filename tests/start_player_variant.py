"""A trade guard naming the start player, for the tests that play it (tests/kernel/test_start_player.py,
tests/engine/test_trade_guards.py).

No shipped spec names the start player in a guard, and the language has no condition that
does, so the variant is written here: gifts-own-turn.bean's guard ("no player may trade for no
cards while it is not own turn"), its statement made with the turn read as the start player's
("... while it is not the start player's turn") by the forbid-while rewrite, wrapped for this
one rule while the variant is in use.
"""
from __future__ import annotations

import copy
import dataclasses
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from beanrules import compile_spec
from beanrules.core import actors, conditions
from beanrules.core.node import from_json
from beanrules.desugar.registry import REWRITES

VARIANTS = Path(__file__).parents[1] / "conformance" / "variants"
RULE = "gifts-on-own-turn"
TEXT = "no player may trade for no cards while it is not the start player's turn"


def _start_players_turn(statement: Any) -> Any:
    """The statement with "it is not own turn" read as "it is not the start player's turn"."""
    data = statement.to_json()
    assert data["condition"] == conditions.Not(conditions.TurnOf(actors.Bound("player"))).to_json()
    data["condition"]["term"]["player"] = actors.StartPlayer().to_json()
    return from_json(data)


@contextmanager
def start_player_variant() -> Iterator[dict]:
    """The variant's model (the caller's own), with the forbid-while rewrite wrapped until the
    block ends."""
    original = REWRITES["forbid-while"]

    def rewrite(rule: dict) -> tuple:
        made = original.function(rule)
        return tuple(_start_players_turn(s) for s in made) if rule["text"] == TEXT else made
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(REWRITES, "forbid-while", dataclasses.replace(original, function=rewrite))
        model = copy.deepcopy(compile_spec(str(VARIANTS / "gifts-own-turn.bean")))
        rule = next(r for r in model["rules"] if r["id"] == RULE)
        rule["text"] = TEXT  # (the desugar's memo keys a rule by its content: this one is new)
        rule["core"] = [s.to_json() for s in rewrite(rule)]
        yield model
