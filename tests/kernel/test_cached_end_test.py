"""The kernel's cached end test (`g.ending`) is the one the engine's deck keeps in the state as
it runs out (engine/deck.py): the kernel takes cards off the deck by the engine's own effects."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.core import actors, effects, quantities
from beanrules.kernel import core, kernel_for


def test_the_kernels_cached_end_test_is_the_one_the_engines_deck_keeps() -> None:
    machine = kernel_for(compile_spec("classic"), 3)
    g = machine.new_game(1)
    assert g.ending is False
    g.deck[2:] = []
    g.exhaustions = 2
    draw = core.effect(effects.Draw(quantities.Number(3), actors.ActivePlayer(), "back", False), machine)
    hand = len(g.hands[g.active])
    draw(g, {})
    # two cards drawn, the third run-out ends the game: no reshuffle, the cache says so
    assert len(g.hands[g.active]) == hand + 2 and g.exhaustions == 3 and g.ending is True
