"""The start player in the kernel: the engine's own closure of the `start-player` actor reads
the kernel's state (KState.start_player, a seat, as the engine's State names the player), so a
trade guard naming the start player plays in the kernel as in the interpreter.

No shipped spec names the start player in a guard, and the language has no condition that
does, so the variant is written here: gifts-own-turn.bean's guard ("no player may trade for no
cards while it is not own turn"), its statement made with the turn read as the start player's
("... while it is not the start player's turn") by the forbid-while rewrite, wrapped for this
one rule while the module's tests run.
"""
from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any, Iterator

import pytest

from beanrules import compile_spec
from beanrules.core import actors, conditions
from beanrules.core.node import from_json
from beanrules.desugar.registry import REWRITES
from beanrules.engine.deals import Deal
from beanrules.kernel import kernel_for, kernel_reason

from kernel_differential import fast_difference, first_difference, trade_refusals

VARIANTS = Path(__file__).parents[2] / "conformance" / "variants"
RULE = "gifts-on-own-turn"
TEXT = "no player may trade for no cards while it is not the start player's turn"


def _start_players_turn(statement: Any) -> Any:
    """The statement with "it is not own turn" read as "it is not the start player's turn"."""
    data = statement.to_json()
    assert data["condition"] == conditions.Not(conditions.TurnOf(actors.Bound("player"))).to_json()
    data["condition"]["term"]["player"] = actors.StartPlayer().to_json()
    return from_json(data)


@pytest.fixture(scope="module")
def variant() -> Iterator[dict]:
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


def test_the_kernel_state_names_the_start_player_as_the_engine_reads_it(variant):
    model = variant
    machine = kernel_for(model, 3)
    g = machine.new_game(5)
    assert g.start_player == 0  # the seat of the engine's state.start_player (seats are players)
    guards, rs = machine.guards, machine.rs

    def gift(giver: int, taker: int) -> Deal:
        return Deal(giver, taker, (("hand", None),), (), frozenset((giver, taker)))
    g.active = 1  # their own turn, not the start player's: their gift is refused (the
    assert guards.deal_refusal(g, rs, gift(1, 2))[0].id == RULE  # original rule would let it)
    exchange = Deal(1, 2, (("hand", None),), (("hand", None),), frozenset((1, 2)))
    assert guards.deal_refusal(g, rs, exchange) is None  # cards for cards: as before
    g.active = 0  # the start player's turn: a gift to them is made (the original refused it)
    assert guards.deal_refusal(g, rs, gift(1, 0)) is None


def test_a_trade_guard_naming_the_start_player_is_played_alike(variant):
    """Kernel and interpreter play the variant action for action; the games meet states where
    the guard refuses a gift the player could otherwise make (the active player's, when the
    start player's turn it is not: the original rule would let them)."""
    model = variant
    assert kernel_reason(model, 3, ["random", "greedy"]) is None
    before, refused = trade_refusals(RULE)
    # random bots: they pick among the listed actions (the greedy bot makes its gifts without
    # asking whether the rules let it, which a guard on gifts the original rule never met refuses)
    for seed in range(4):
        assert first_difference(model, 3, seed, ["random"], True, full=seed == 0, before=before) is None, seed
        assert fast_difference(model, 3, seed + 500, ["random"], True) is None, seed
    assert any(own_turn for *_, own_turn in refused)  # the start player's turn, not own turn, decides
