"""Setup, phase 1 (planting from the front of the hand) and the field rules."""
from __future__ import annotations

from collections import Counter

from beanrules.engine import Game

from engine_helpers import refused, snapshot


def test_setup_by_player_count(classic):
    three = Game(classic, ["Anna", "Natalie", "Greg"], seed=7)
    s = three.state_json()
    assert s["players"] == ["Anna", "Natalie", "Greg"] and s["start_player"] == s["active"] == "Anna"
    assert s["phase"] == "plant" and s["turn"] == 1 and s["exhaustions"] == 0
    assert all(len(s["fields"][p]) == 3 for p in s["players"])  # fields: 3 with 3 players
    assert all(len(s["hands"][p]) == 5 for p in s["players"])  # deal 5 to each hand
    assert len(s["deck"]) == 104 - 15  # the eight base types: 104 cards
    assert Counter(s["removed"]) == {"coffee": 24, "wax": 22, "cocoa": 4}  # use-beans
    four = Game(classic, 4, seed=7).state_json()
    assert all(len(f) == 2 for f in four["fields"].values())  # 2 fields with 4 to 5 players
    assert four["players"] == ["Anna", "Natalie", "Greg", "Maria"]


def test_seeded_shuffle_is_reproducible(classic):
    a, b = Game(classic, 4, seed=11), Game(classic, 4, seed=11)
    assert snapshot(a) == snapshot(b)
    assert Game(classic, 4, seed=12).state_json()["deck"] != a.state_json()["deck"]


def test_plant_front_card_one_must_two_may_never_three(make):
    game = make({"hands": {"Anna": ["chili", "soy", "blue", "red"]}, "deck": ["green", "garden", "stink"]})
    error = refused(game, "Anna ends planting", "plant-from-hand")  # the first card is a must
    assert error.citation == "es: Fase 1"
    refused(game, "Anna plants soy in 1", "hand-order")  # only the front card
    refused(game, "Natalie plants 1", "plant-from-hand")  # only the active player
    events = game.apply("Anna plants 1")
    assert events[0] == {"event": "planted", "player": "Anna", "bean": "chili", "field": 1, "from": "hand"}
    s = game.state_json()
    assert s["fields"]["Anna"] == [["chili"], [], []] and s["hands"]["Anna"] == ["soy", "blue", "red"]
    assert s["planted"] == 1 and s["phase"] == "plant"
    game.apply("Anna plants soy in 2")
    s = game.state_json()
    # Two planted: nothing is left to do in phase 1, so the turn goes on and reveals two cards.
    assert s["phase"] == "trade" and s["offer"] == ["green", "garden"] and s["deck"] == ["stink"]
    assert s["hands"]["Anna"] == ["blue", "red"]
    refused(game, "Anna plants 3", "plant-from-hand")  # never a third


def test_second_plant_is_optional(make):
    game = make({"hands": {"Anna": ["chili", "soy"]}, "deck": ["green", "garden", "stink"]})
    game.apply("Anna plants chili")  # field omitted: the first empty field
    events = game.apply("Anna ends planting")
    assert {"event": "revealed", "player": "Anna", "cards": ["green", "garden"]} in events
    assert game.state_json()["hands"]["Anna"] == ["soy"]


def test_field_rules(make):
    game = make({"hands": {"Anna": ["chili", "chili"]}, "fields": {"Anna": [["stink", "stink"], ["chili"], []]}})
    refused(game, "Anna plants chili in 1", "one-type-per-field")
    refused(game, "Anna plants chili in 4", "fields")
    game.apply("Anna plants chili")  # onto the field already holding chili
    game.apply("Anna plants chili in 3")  # the same type may grow in two fields
    assert game.state_json()["fields"]["Anna"] == [["stink", "stink"], ["chili", "chili"], ["chili"]]


def test_must_harvest_to_make_room(make):
    game = make({"hands": {"Anna": ["soy"]}, "fields": {"Anna": [["stink", "stink"], ["blue"]]},
                 "deck": ["red", "red", "red"]}, players=["Anna", "Natalie", "Greg", "Maria"])
    refused(game, "Anna plants soy", "harvest-to-make-room")
    refused(game, "Anna harvests 2", "protection")  # a single bean while another field has two
    game.apply("Anna harvests 1")  # stink x2 pays nothing
    s = game.state_json()
    assert s["fields"]["Anna"] == [[], ["blue"]] and s["discard"] == ["stink", "stink"] and s["coins"]["Anna"] == []
    game.apply("Anna plants soy")
    assert game.state_json()["fields"]["Anna"] == [["soy"], ["blue"]]


def test_phase_one_skipped_with_empty_hand(make):
    game = make({"phase": "plant-traded", "offer": ["soy"], "hands": {"Anna": ["red"], "Natalie": []},
                 "deck": ["blue", "green", "stink", "chili", "garden", "red"]})
    events = game.apply("Anna plants soy")
    s = game.state_json()
    assert s["hands"]["Anna"] == ["red", "blue", "green", "stink"]  # drew 3 to the back of the hand
    assert s["active"] == "Natalie" and s["turn"] == 2
    assert {"event": "skipped", "phase": "plant", "rule": "skip-if-hand-empty"} in events
    assert s["phase"] == "trade" and s["offer"] == ["chili", "garden"]
