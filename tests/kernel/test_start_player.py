"""The start player in the kernel: the engine's own closure of the `start-player` actor reads
the kernel's state (the engine's State, whose start_player is a seat), so a
trade guard naming the start player plays in the kernel as in the interpreter.

No shipped spec names the start player in a guard: the variant (tests/start_player_variant.py)
is gifts-own-turn.bean's guard with "own turn" read as the start player's.
"""
from __future__ import annotations

from typing import Iterator

import pytest

from beanrules.engine.deals import Deal
from beanrules.kernel import kernel_for, kernel_reason

from kernel_differential import fast_difference, first_difference, trade_refusals
from start_player_variant import RULE, start_player_variant


@pytest.fixture(scope="module")
def variant() -> Iterator[dict]:
    with start_player_variant() as model:
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
