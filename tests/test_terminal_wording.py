"""The terminal game tells the human everything that happens, in plain words."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.terminal import _describe, board


def test_offers_and_withdrawals_are_printed() -> None:
    game = Game.from_partial(compile_spec("classic"), ["Anna", "Natalie", "Greg"],
                             {"active": "Anna", "phase": "trade", "offer": ["soy", "blue"],
                              "hands": {"Anna": ["red"], "Natalie": ["chili", "stink"]}})
    proposed = _describe(game.apply("Anna offers soy to Natalie for chili"))
    assert proposed == ["proposal 1: Anna → Natalie: gives offer soy for hand chili"]
    assert _describe(game.apply("Anna withdraws 1")) == ["proposal 1 withdrawn by Anna"]
    _describe(game.apply("Anna offers blue to Natalie for stink"))
    assert _describe(game.apply("Natalie rejects 2")) == ["proposal 2 rejected by Natalie"]
    assert _describe(game.apply("Anna gives soy to Greg")) == \
        ["proposal 3: Anna → Greg: gives offer soy for nothing (a gift)"]


def test_counts_and_times_read_as_english() -> None:
    assert _describe([{"event": "reshuffled", "exhaustions": 3}]) == \
        ["the deck ran out for the 3rd time, discard reshuffled"]
    assert _describe([{"event": "harvested", "player": "Greg", "cards": 3, "bean": "chili", "coins": 1}]) == \
        ["Greg harvests 3 chili for 1 coin"]
    game = Game.from_partial(compile_spec("classic"), ["Anna", "Natalie", "Greg"],
                             {"active": "Anna", "phase": "plant", "hands": {"Natalie": ["chili"]}})
    assert "      hand: 1 card\n" in board(game, "Anna") + "\n"
