"""Issue #10's reproducers for actions: positions checked, open offers that name cards, and
the notation's own errors always a NotationError."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, IllegalAction
from beanrules.engine.actions import CardRef, Propose
from beanrules.engine.errors import NotationError
from beanrules.engine.notation import parse_action

PLAYERS = ["Anna", "Natalie", "Greg"]


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def trading_game(classic: dict) -> Game:
    return Game.from_partial(classic, PLAYERS, {
        "active": "Natalie", "phase": "trade", "offer": ["soy", "blue"],
        "hands": {"Anna": ["red", "stink", "green", "garden"], "Natalie": ["chili"],
                  "Greg": ["wax", "green", "coffee"]}})


@pytest.mark.parametrize("position", [0, -1, -4, 5, 10**30])
def test_a_position_outside_the_hand_is_refused_and_changes_nothing(classic: dict, position: int) -> None:
    game = trading_game(classic)
    before = game.state_json()
    action = Propose("Anna", "Natalie", (CardRef(None, "hand", position),), (CardRef("blue", "offer"),))
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert "position" in refused.value.message
    assert game.state_json() == before


def test_a_position_asked_of_the_other_player_is_checked_too(classic: dict) -> None:
    game = trading_game(classic)
    before = game.state_json()
    with pytest.raises(IllegalAction):
        game.apply(Propose("Natalie", "Greg", (CardRef("blue", "offer"),), (CardRef(None, "hand", 4),)))
    with pytest.raises(IllegalAction):
        game.apply(Propose("Natalie", "Greg", (CardRef("blue", "offer"),), (CardRef(None, "hand", 0),)))
    assert game.state_json() == before


def test_no_card_is_duplicated_by_a_position(classic: dict) -> None:
    game = trading_game(classic)
    game.apply("Anna offers hand 4 to Natalie for blue")
    game.apply("Natalie accepts")
    state = game.state_json()
    assert state["hands"]["Anna"] == ["red", "stink", "green"]
    assert state["set_aside"]["Natalie"] == ["garden"]


def test_an_open_offer_by_position_survives_an_earlier_trade(classic: dict) -> None:
    game = trading_game(classic)
    game.apply("Anna offers hand 3 to Natalie for blue")   # Anna's green, 3rd in her hand
    game.apply("Anna offers hand 1 to Natalie for soy")    # her red, in front of the green
    game.apply("Natalie accepts 2")                        # the red goes: green is 2nd now
    assert game.state_json()["hands"]["Anna"] == ["stink", "green", "garden"]
    game.apply("Natalie accepts 1")                        # still the green she offered
    state = game.state_json()
    assert state["hands"]["Anna"] == ["stink", "garden"]
    assert state["set_aside"]["Natalie"] == ["red", "green"]
    assert state["set_aside"]["Anna"] == ["soy", "blue"]


@pytest.mark.parametrize("line", [
    "Anna plants " + "4" * 4301,
    "Anna plants in " + "4" * 40,
    "Anna harvests " + "9" * 7,
    "Natalie accepts " + "1" * 300,
    "Anna offers hand " + "9" * 30 + " to Natalie for blue",
    "Anna offers hand 0 to Natalie for blue",
    "Anna " + "plants " * 400,
])
def test_the_notations_own_errors_are_notation_errors(classic: dict, line: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(line)
    assert len(str(caught.value)) < 3000
    game = trading_game(classic)
    before = game.state_json()
    with pytest.raises(NotationError):
        game.apply(line)
    assert game.state_json() == before
