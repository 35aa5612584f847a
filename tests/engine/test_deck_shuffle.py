"""engine/deck.shuffle writes random.Random.shuffle's draw out: it must give the same order,
or every game (the deal, each reshuffle) would change."""
from __future__ import annotations

import random

import pytest

from beanrules.engine import deck


@pytest.mark.parametrize("seed", [0, 1, 7, "3:1", "abc:12"])
@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 64, 65, 154])
def test_the_same_order_as_random_shuffle(seed: int | str, size: int) -> None:
    for shuffles in (0, 1, 2):
        expected = [f"card{i}" for i in range(size)]
        random.Random(seed if shuffles == 0 else f"{seed}:{shuffles}").shuffle(expected)
        cards = [f"card{i}" for i in range(size)]
        deck.shuffle(cards, seed, shuffles)
        assert cards == expected


def test_without_cpythons_draw_the_library_shuffle_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without CPython's draw the library's own shuffle serves: the same order again."""
    monkeypatch.setattr(deck, "INLINE_DRAW", False)
    cards, expected = list(range(40)), list(range(40))
    deck.shuffle(cards, 5, 1)
    random.Random("5:1").shuffle(expected)
    assert cards == expected
