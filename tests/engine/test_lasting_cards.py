"""Lasting constraints on one chosen card (engine/marked.py) and zones laid open for a while
(engine/exposure.py): the card is followed wherever it goes in a hand, through the state JSON
and back, and lapses when it leaves every hand; an open zone is in every view while it holds,
whatever it holds, and hidden again once its time is over."""
from __future__ import annotations

import json

import pytest

from beanrules.engine import Game
from beanrules.engine.terminal import _describe, board
from beanrules.resolve.compiler import compile_with_warnings

from engine_helpers import refused
from by_name import zone_of

PLAYERS = ["Anna", "Natalie"]
SPEC = "specs/kannibohne.bean"
TAKE, OPEN = "card-13-take-from-hand", "card-08-open-hand"


@pytest.fixture(scope="module")
def model() -> dict:
    from pathlib import Path
    return compile_with_warnings(str(Path(__file__).parents[2] / SPEC))[0]


def _game(model: dict, hands: dict, fields: dict, phase: str = "plant") -> Game:
    return Game.from_partial(model, PLAYERS, {"phase": phase, "turn": 1, "hands": hands, "fields": fields})


def _reloaded(model: dict, game: Game) -> Game:
    return Game.from_state(model, json.loads(json.dumps(game.state_json())))


def test_the_marked_card_is_saved_where_it_lies_and_marked_again_when_loaded(model):
    game = _game(model, {"Anna": ["red"], "Natalie": ["kenia", "stink"]}, {"Anna": [["card-13"], []]})
    game.apply("Anna uses card-13 with stink")
    (entry,) = game.state_json()["lasting"]
    assert entry["card"] == {"bean": "stink", "player": "Anna", "index": 1}
    game = _reloaded(model, game)
    assert game.state_json() == _reloaded(model, game).state_json()
    game.apply("Anna discards red")  # the stink bean comes to the front: still marked after loading
    assert game.state_json()["lasting"][0]["card"]["index"] == 0
    assert refused(game, "Anna plants stink in 2", TAKE)
    with pytest.raises(ValueError, match="no stink at position 3"):
        state = game.state_json()
        state["lasting"][0]["card"]["index"] = 2
        Game.from_state(model, state)


def test_a_twin_of_the_marked_card_may_be_planted(model):
    game = _game(model, {"Anna": ["stink"], "Natalie": ["stink"]}, {"Anna": [["card-13"], []]})
    game.apply("Anna uses card-13 with stink")
    assert zone_of(game.state, "hands", "Anna") == ["stink", "stink"]
    game.apply("Anna plants stink in 2")  # the front one is Anna's own
    assert zone_of(game.state, "fields", "Anna")[1] == ["stink"]
    assert refused(game, "Anna plants stink in 2", TAKE)  # the one taken, now in front


def test_the_mark_follows_the_card_through_a_reversed_hand_and_lapses_when_it_leaves_the_hand(model):
    game = _game(model, {"Anna": ["red"], "Natalie": ["kenia", "stink"]}, {"Anna": [["card-13"], ["card-02"]]})
    game.apply("Anna uses card-13 with stink")
    game.apply("Anna uses card-02")
    assert zone_of(game.state, "hands", "Anna") == ["stink", "red"]
    assert "Anna plants stink in 2" not in [a.notation() for a in game.legal_actions("Anna")]
    assert "Anna ends planting" in [a.notation() for a in game.legal_actions("Anna")]  # the required plant lapses
    events = game.apply("Anna discards stink")
    assert {"event": "lasting-ended", "rule": TAKE, "player": "Anna"}.items() <= next(
        e for e in events if e["event"] == "lasting-ended").items()
    assert "lasting" not in game.state_json()


def test_the_terminal_says_which_card_may_not_be_planted(model):
    game = _game(model, {"Anna": ["red"], "Natalie": ["kenia", "stink"]}, {"Anna": [["card-13"], []]})
    events = game.apply("Anna uses card-13 with stink")
    assert "the stink chosen from Natalie's hand may not be planted (through turn 1)" in _describe(events)
    assert "[the stink, card 2 of Anna's hand]" in board(game, "Natalie")
    game.apply("Anna discards red")
    assert "[the stink, card 1 of Anna's hand]" in board(game, "Natalie")


def test_an_open_hand_is_in_every_view_while_it_lies_open(model):
    game = _game(model, {"Anna": ["red"], "Natalie": ["kenia", "card-13"]}, {"Anna": [["card-08"], []]})
    assert game.view("Anna")["hands"]["Natalie"] == 2
    events = game.apply("Anna uses card-08")
    for viewer in ("Anna", "Natalie", None):
        assert game.view(viewer)["hands"]["Natalie"] == ["kenia", "card-13"]
    assert game.view("Natalie")["hands"]["Anna"] == 1  # only the opponent's hand was laid out
    assert "hand (laid out openly, front first): kenia, card-13" in board(game, "Anna").split("Natalie:")[1]
    assert "hand (front first): kenia, card-13" in board(game, "Natalie")  # her own, as ever
    assert "Natalie's hand lies open, every player sees it (laid down by Anna's card; through turn 2, phase draw)" \
        in _describe(events, "Natalie")
    # whatever the hand holds while it lies open: an exchange gives Natalie Anna's old hand
    game.apply("Anna plants red in 2")
    state = game.state_json()
    state["hands"]["Natalie"].append("garden")
    assert Game.from_state(model, state).view("Anna")["hands"]["Natalie"] == ["kenia", "card-13", "garden"]


def test_an_open_hand_is_hidden_again_when_its_time_is_over(model):
    game = _game(model, {"Anna": ["red"], "Natalie": ["kenia"]}, {"Anna": [["card-08"], []]})
    game.apply("Anna uses card-08")
    state = game.state_json()
    assert state["lasting"][0]["until"] == {"turn": 2, "phase": "draw"}
    state.update({"turn": 2, "active": "Natalie", "phase": "draw"})
    assert Game.from_state(model, state).view("Anna")["hands"]["Natalie"] == ["kenia"]  # the last phase it holds
    state.update({"turn": 3, "active": "Anna", "phase": "prelude"})
    assert Game.from_state(model, state).view("Anna")["hands"]["Natalie"] == 1


@pytest.mark.parametrize("zone, why", [("opponent deck", "lays open a player's own zone"),
                                       ("each opponent hand", "lays open the zone of one player")])
def test_check_rejects_laying_open_what_the_engine_cannot(tmp_path, capsys, zone, why):
    spec = tmp_path / "open.bean"
    spec.write_text(f'''rulebook open-zone "Open zone"
  extends classic
  source r "The rulebook"
replace use-beans: use beans blue chili stink green soy black-eyed red garden seer   § r "p.1"
card seer "Seer" 2 beanometer 2 3 4 5   § r "p.1"
  ability see: while on top of a field, in phase plant, once per turn   § r "p.1"
    until end of turn: {zone} lies open   § r "p.1"
''')
    from beanrules.cli import main
    assert main(["check", str(spec)]) != 0
    assert why in capsys.readouterr().out
