"""The effects text cards use, at run time: look (an event only the looker sees), reorder the
top of the deck, reverse a hand, swap hands, choose a card of a hand (by the owner in the
action, or by the opponent as a decision the game waits for), plant any hand card, move the
topmost card of each type, shuffle, move a whole chosen field onto the card's own field;
"only if" refusals, the hand limit holding during effects, an ability keeping its phase open,
and bot games that keep every invariant."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.engine.actions import UseAbility
from beanrules.engine.terminal import _describe
from beanrules.resolve.compiler import compile_with_warnings

from engine_helpers import refused, snapshot
from by_name import by_player, whose_turn, zone_of

SPEC = Path(__file__).parent / "specs" / "text-cards.bean"
PLAYERS = ["Anna", "Natalie"]


@pytest.fixture(scope="module")
def model() -> dict:
    return compile_with_warnings(str(SPEC))[0]


def _game(model: dict, partial: dict, phase: str = "plant") -> Game:
    return Game.from_partial(model, PLAYERS, {"phase": phase, **partial})


def _uses(game: Game, player: str = "Anna") -> list[str]:
    return [a.notation() for a in game.legal_actions(player) if isinstance(a, UseAbility)]


def test_reverse_the_hand_only_before_a_hand_card_is_played(model):
    game = _game(model, {"hands": {"Anna": ["red", "soy", "blue"]}, "fields": {"Anna": [["flip"], []]}})
    events = game.apply("Anna uses flip")
    assert zone_of(game.state, "hands", "Anna") == ["blue", "soy", "red"]
    assert events[-1] == {"event": "reordered", "player": "Anna", "reversed": True, "at": "Anna's hand",
                          "hands": ["Anna"]}
    assert _describe(events)[-1] == "Anna reverses Anna's hand"
    game = _game(model, {"hands": {"Anna": ["red", "soy", "blue"]}, "fields": {"Anna": [["flip"], []]}})
    game.apply("Anna plants red in 2")
    assert _uses(game) == []
    error = refused(game, "Anna uses flip", "flip-flip")
    assert "only if the number of cards planted from hand in this phase is 0" in error.message


def test_swap_the_hands(model):
    game = _game(model, {"hands": {"Anna": ["red", "soy"], "Natalie": ["chili"]}, "fields": {"Anna": [["swap"], []]}})
    game.apply("Anna uses swap")
    assert by_player(game.state, "hands") == {"Anna": ["chili"], "Natalie": ["red", "soy"]}


def test_look_at_the_top_of_the_deck_and_reorder_it(model):
    game = _game(model, {"hands": {"Anna": ["red"]}, "deck": ["blue", "green", "blue", "soy"],
                         "fields": {"Anna": [["peek"], []]}})
    assert _uses(game) == ["Anna uses peek with blue, green, blue", "Anna uses peek with blue, blue, green",
                           "Anna uses peek with green, blue, blue"]
    events = game.apply("Anna uses peek with green, blue, blue")
    assert game.state.deck == ["green", "blue", "blue", "soy"]
    looked = next(e for e in events if e["event"] == "looked")
    assert looked["cards"] == ["blue", "green", "blue"] and looked["seen_by"] == ["Anna"]
    assert "Anna looks at the top 3 cards of the deck: blue, green, blue" in _describe(events, "Anna")
    assert "Anna looks at the top 3 cards of the deck" in _describe(events, "Natalie")  # not what she saw
    refused(game, "Anna uses peek with green, blue, blue", "peek-peek")  # once per turn


def test_a_wrong_order_is_refused_and_changes_nothing(model):
    game = _game(model, {"hands": {"Anna": ["red"]}, "deck": ["blue", "green", "blue", "soy"],
                         "fields": {"Anna": [["peek"], []]}})
    refused(game, "Anna uses peek with soy, blue, blue", "peek-peek")  # soy is not among the three
    refused(game, "Anna uses peek with green, green, blue", "peek-peek")  # one green only
    refused(game, "Anna uses peek with green", "peek-peek")  # the other positions are missing


def test_look_at_the_opponents_hand_and_take_a_card_of_it(model):
    game = _game(model, {"hands": {"Anna": ["red"], "Natalie": ["chili", "stink"]}, "fields": {"Anna": [["steal"], []]}})
    assert _uses(game) == ["Anna uses steal with chili", "Anna uses steal with stink"]
    game.apply("Anna uses steal with stink")
    assert by_player(game.state, "hands") == {"Anna": ["red", "stink"], "Natalie": ["chili"]}


def test_the_hand_limit_holds_during_effects(model):
    full = {"Anna": ["red", "soy", "blue", "green"], "Natalie": ["chili", "stink"]}
    game = _game(model, {"hands": full, "fields": {"Anna": [["steal"], []]}})
    assert _uses(game) == []  # a fifth hand card: no legal use
    error = refused(game, "Anna uses steal with stink", "hand-limit")
    assert "would break" in error.message
    game = _game(model, {"hands": full, "fields": {"Anna": [["gift"], []]}}, phase="draw")
    assert "only if" in refused(game, "Anna uses gift", "gift-gift").message


def test_the_opponent_chooses_the_card_given(model):
    # two cards that play as stink: Natalie picks which she gives
    game = _game(model, {"hands": {"Anna": ["red"], "Natalie": ["stink", "chili", "tidy"]},
                         "fields": {"Anna": [["gift"], []]}}, phase="draw")
    assert _uses(game) == ["Anna uses gift"]
    game.apply("Anna uses gift")
    assert game.waiting_for() == ["Natalie"] and [a.notation() for a in game.legal_actions("Natalie")] == \
        ["Natalie chooses stink", "Natalie chooses tidy"]
    assert game.legal_actions("Anna") == []
    state = game.state_json()  # a waiting ability saves and loads like any decision
    assert Game.from_state(model, json.loads(json.dumps(state))).state_json() == state
    refused(game, "Natalie chooses chili", "gift-gift")  # not a stink bean
    game.apply("Natalie chooses tidy")
    assert zone_of(game.state, "hands", "Anna") == ["red", "tidy"] and zone_of(game.state, "hands", "Natalie") == ["stink", "chili"]


def test_an_opponent_without_the_type_gives_nothing(model):
    game = _game(model, {"hands": {"Anna": ["red"], "Natalie": ["chili"]}, "fields": {"Anna": [["gift"], []]}},
                 phase="draw")
    game.apply("Anna uses gift")
    assert game.state.decision is None and zone_of(game.state, "hands", "Natalie") == ["chili"]


def test_plant_any_hand_card(model):
    game = _game(model, {"hands": {"Anna": ["red", "garden"]}, "fields": {"Anna": [["any"], []]}})
    assert _uses(game) == ["Anna uses any with red, 2", "Anna uses any with garden, 1", "Anna uses any with garden, 2"]
    game.apply("Anna uses any with garden, 1")  # the second hand card, onto the garden field of the card
    assert zone_of(game.state, "fields", "Anna")[0] == ["any", "garden"] and zone_of(game.state, "hands", "Anna") == ["red"]
    game = _game(model, {"hands": {"Anna": ["red", "garden"]}, "fields": {"Anna": [["any"], ["soy"]]}})
    refused(game, "Anna uses any with red, 1", "any-any")  # not onto a field of another type


def test_one_card_of_each_type_into_the_deck_then_shuffled(model):
    game = _game(model, {"hands": {"Anna": ["red"]}, "discard": ["red", "blue", "red", "stink", "flip"],
                         "deck": ["soy"], "fields": {"Anna": [["stir"], ["gift"]]}}, phase="draw")
    events = game.apply("Anna uses stir")  # the gift card keeps the phase open
    moved = next(e for e in events if e["event"] == "moved")
    assert moved["cards"] == 3 and moved["from_zone"] == "discard" and moved["to_zone"] == "deck"
    assert game.state.discard == ["red", "red"]  # flip plays as red: the topmost red-type card went
    assert sorted(game.state.deck) == ["blue", "flip", "soy", "stink"]
    assert any(e["event"] == "shuffled" and e["cards"] == 4 for e in events)


def test_the_opponents_field_of_the_cards_type_joins_its_field(model):
    game = _game(model, {"hands": {"Anna": ["red"]}, "fields": {"Anna": [["tidy"], []],
                                                                 "Natalie": [["red"], ["stink", "stink"]]}})
    assert _uses(game) == ["Anna uses tidy with 2"]  # only a stink field
    game.apply("Anna uses tidy with 2")
    assert by_player(game.state, "fields") == {"Anna": [["tidy", "stink", "stink"], []], "Natalie": [["red"], []]}
    refused(game, "Anna uses tidy with 1", "tidy-tidy")  # covered now


def test_an_ability_keeps_its_phase_open_until_used_or_ended(model):
    # the draw phase asks for no decision, but the stir card may still act in it
    game = _game(model, {"discard": ["red"], "deck": ["soy", "blue", "chili"],
                         "fields": {"Anna": [["stir"], []]}}, phase="trade")
    game.apply("Anna ends trading")
    assert game.state.phase == "draw" and zone_of(game.state, "hands", "Anna") == ["soy", "blue"]  # drawn on entering it
    assert game.waiting_for() == ["Anna"]
    assert "Anna ends phase" in [a.notation() for a in game.legal_actions("Anna")]
    before = snapshot(game)
    game.apply("Anna ends phase")
    assert whose_turn(game.state) == "Natalie" and snapshot(game) != before


def test_bots_play_games_with_text_cards_keeping_every_invariant(model):
    for seed in range(4):
        result = playout(model, str(SPEC), 2, seed)
        assert result.ok, result.problems[:3]


def test_the_opponent_plants_the_front_hand_card(model):
    game = _game(model, {"hands": {"Anna": ["red", "soy"], "Natalie": []},
                         "fields": {"Anna": [["give"], []], "Natalie": [["blue"], ["red"]]}})
    events = game.apply("Anna uses give")
    assert zone_of(game.state, "fields", "Natalie") == [["blue"], ["red", "red"]] and zone_of(game.state, "hands", "Anna") == ["soy"]
    assert events[-1]["event"] == "planted" and events[-1]["player"] == "Natalie"
    assert game.state.planted == 0  # Anna must still play out a hand card in this phase



def test_the_opponent_chooses_the_field_and_harvests_only_to_make_room(model):
    # no field takes the soy: Natalie harvests one (her choice, both single beans may go) first
    game = _game(model, {"hands": {"Anna": ["soy"]}, "fields": {"Anna": [["give"], []],
                                                                 "Natalie": [["blue"], ["red"]]}})
    assert _uses(game) == ["Anna uses give"]
    game.apply("Anna uses give")
    assert game.waiting_for() == ["Natalie"] and game.state.decision["name"] == "a field to harvest for the soy"
    assert [a.notation() for a in game.legal_actions("Natalie")] == ["Natalie chooses 1", "Natalie chooses 2"]
    events = game.apply("Natalie chooses 2")
    assert zone_of(game.state, "fields", "Natalie") == [["blue"], ["soy"]]
    assert [e["event"] for e in events][:3] == ["chose", "harvested", "planted"]
    assert events[1]["player"] == "Natalie" and events[1]["bean"] == "red"
    # two fields take the red: Natalie chooses, and harvests nothing
    game = _game(model, {"hands": {"Anna": ["red"]}, "fields": {"Anna": [["give"], []],
                                                                "Natalie": [["red"], []]}})
    game.apply("Anna uses give")
    assert game.state.decision["options"] == ["1", "2"] and game.state.decision["name"] == "a field for the red"
    assert "waits for Natalie" in refused(game, "Natalie harvests 1", "give-give").message
    game.apply("Natalie chooses 2")
    assert zone_of(game.state, "fields", "Natalie") == [["red"], ["red"]] and zone_of(game.state, "coins", "Natalie") == []
    # the protection rule holds for the harvest that makes room: only the field of two may go
    game = _game(model, {"hands": {"Anna": ["soy"]}, "fields": {"Anna": [["give"], []],
                                                                 "Natalie": [["blue", "blue"], ["red"]]}})
    game.apply("Anna uses give")
    assert game.state.decision is None and zone_of(game.state, "fields", "Natalie") == [["soy"], ["red"]]
