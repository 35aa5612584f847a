"""A move of one card onto a zone the rules declare, in both modes: the kernel lists and makes
a move by the engine's own functions (engine/card_moves.py: movable, make_listed), so a card
laid on a row declared `oldest first` goes where the engine lays it (selection.laid_end: the
row's bottom, so the card laid first stays its top). The kernel once laid it at the rule's own
end (the row's top): market-puts.bean's games parted from the interpreter's at the first such
move onto a row of two cards or more.

The kernel does not play declared zones yet (kernel/support.py refuses them), so the games are
compared with its refusal set aside: what is held here is its moves, not the rest."""
from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest

import beanrules.kernel as kernel
from beanrules import compile_spec
from beanrules.engine.actions import MoveCard
from beanrules.kernel import KernelUnsupported, kernel_for

from kernel_differential import first_difference

SPEC = Path(__file__).parent / "market-puts.bean"


def test_the_kernel_still_refuses_a_declared_zone():
    with pytest.raises(KernelUnsupported):
        kernel_for(compile_spec(str(SPEC)), 3)


@pytest.mark.parametrize("players", [3, 5])
def test_a_card_laid_on_an_oldest_first_row_goes_where_the_engine_lays_it(players):
    model = compile_spec(str(SPEC))
    laid_on_a_row = [0]

    def before(game, player, action) -> None:  # a card laid on a row that holds two already
        laid_on_a_row[0] += type(action) is MoveCard and len(game.state.zones["market"]) >= 2

    def watch(game, action, events: list) -> None:  # the card laid is the row's bottom (its first)
        for event in events:
            if event["event"] == "put":
                assert game.state.zones["market"][0] == event["bean"], game.state.zones["market"]

    with mock.patch.object(kernel, "check_ruleset", lambda rs, guard_rules=frozenset(): None):
        for seed in range(3):
            # the whole state JSON after every action: the snapshot leaves the declared zones out
            assert first_difference(model, players, seed, ["random", "greedy"], seed % 2 == 0, full=True,
                                    before=before, watch=watch) is None, (players, seed)
    assert laid_on_a_row[0], "no game compared laid a card on a row of two or more"
