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


@pytest.mark.parametrize("players", [3, 4])
def test_a_deal_and_a_draw_of_no_cards_by_player_count_are_played_alike(tmp_path, players):
    """`deal 0 …` and `draw 0 …` (issue 27, item 6): no cards with three players, as classic
    with four; the kernel plays both player counts as the interpreter does."""
    classic = (Path(__file__).parents[2] / "specs" / "classic.bean").read_text(encoding="utf-8")
    text = classic.replace("deal 5 to each hand", "deal 0 to each hand with 3 players, 5 to each hand otherwise", 1)
    text = text.replace("draw 3 to back of hand", "draw 0 to back of hand, 3 with 4 to 5 players", 1)
    path = tmp_path / "no-cards.bean"
    path.write_text(text, encoding="utf-8")
    model = compile_spec(str(path))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    compared(model, players, range(2))  # a difference fails inside
