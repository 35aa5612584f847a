"""A step that runs by itself takes the cards there are (evaluate.BY_ITSELF), in the kernel as
in the interpreter: the cookbook's compost bean draws a card whenever its field is harvested,
also once the deck is empty (the last harvests of a game), where the kernel used to stop with
an internal error (a dead end of a use) while the interpreter drew nothing."""
from __future__ import annotations

from pathlib import Path

from beanrules import compile_spec
from beanrules.kernel import kernel_reason

from kernel_differential import compared

COMPOST = Path(__file__).parents[2] / "docs" / "cookbook" / "compost.bean"


def test_a_draw_on_harvest_from_the_empty_deck_is_played_alike():
    model = compile_spec(str(COMPOST))
    assert kernel_reason(model, 3, ["random", "greedy"]) is None
    empty = [0]

    def watch(game, action, events: list) -> None:  # the compost's step ran with no card to draw
        fired = any(e["event"] == "ability" and e.get("card") == "compost" for e in events)
        empty[0] += fired and not game.state.deck
    compared(model, 3, range(2), watch=watch)  # a difference (or the kernel's error) fails inside
    assert empty[0], "no game compared harvested compost beans with the deck empty"
