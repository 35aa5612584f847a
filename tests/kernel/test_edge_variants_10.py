"""The test variants of conformance/variants/edges-10.yaml in both engines: the kernel plays them
exactly as the interpreter does, and the games compared use the cards.

- reap.bean: a card, used while it lies on top of a field, harvests that very field (`this field`
  of a used ability).
- heron.bean: a card takes the discard pile's top two cards into a hand under a hand limit, so
  its use is listed only while the hand has room for one more card.
- no-deal.bean: classic without its deal, so every hand starts empty."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.kernel import kernel_reason

from kernel_differential import compared

VARIANTS = Path(__file__).parents[2] / "conformance" / "variants"


@pytest.mark.parametrize("variant,card", [("reap.bean", "reap"), ("heron.bean", "heron")])
def test_a_card_of_the_variant_is_used_and_played_alike(variant, card):
    model = compile_spec(str(VARIANTS / variant))
    assert kernel_reason(model, 3, ["random", "greedy"]) is None
    used = [0]

    def watch(game, action, events: list) -> None:
        used[0] += any(e["event"] == "ability" and e.get("card") == card for e in events)
    compared(model, 3, range(3), watch=watch)  # a difference fails inside
    assert used[0], f"no game compared used the {card} bean"


def test_a_game_without_a_deal_is_played_alike():
    model = compile_spec(str(VARIANTS / "no-deal.bean"))
    assert kernel_reason(model, 4, ["random", "greedy"]) is None
    compared(model, 4, range(2))  # a difference fails inside
