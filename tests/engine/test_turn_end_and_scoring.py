"""Phase 3 and 4, harvesting, the deck running out, the end and the tie-break."""
from __future__ import annotations

from beanrules.engine import Game

from engine_helpers import refused


def test_everyone_plants_set_aside_cards_in_any_order(make):
    game = make({"active": "Natalie", "phase": "plant-traded", "offer": ["blue"],
                 "set_aside": {"Natalie": ["red"], "Anna": ["soy", "chili"]},
                 "fields": {"Anna": [["chili"], ["stink", "stink"], ["green"]]},
                 "hands": {"Natalie": ["garden"], "Greg": ["red"]}, "deck": ["stink", "soy", "red", "blue"]})
    assert game.waiting_for() == ["Natalie", "Anna"]
    refused(game, "Anna plants offer blue in 1", "plant-pending-offer")  # the offer is the active player's
    refused(game, "Anna ends phase", "plant-pending-set-aside")
    refused(game, "Anna plants soy in 3", "one-type-per-field")
    game.apply("Anna plants chili in 1")  # any order: chili before soy
    refused(game, "Anna plants soy", "harvest-to-make-room")
    refused(game, "Anna harvests 3", "protection")
    game.apply("Anna harvests 2")  # harvest in between
    s = game.state_json()
    assert s["fields"]["Anna"] == [["chili", "chili"], [], ["green"]]
    game.apply("Anna plants soy")
    game.apply("Natalie plants red in 1")
    assert game.state_json()["phase"] == "plant-traded"  # Natalie still has the revealed blue
    events = game.apply("Natalie plants offer blue in 2")
    s = game.state_json()
    assert {"event": "drew", "player": "Natalie", "cards": 3} in events
    assert s["hands"]["Natalie"] == ["garden", "stink", "soy", "red"]  # drawn to the back, in order
    assert s["active"] == "Greg" and s["turn"] == 2 and s["phase"] == "plant"


def test_protection_and_harvest_at_any_time(make):
    game = make({"fields": {"Greg": [["chili", "chili", "chili"], ["blue"], []],
                            "Natalie": [["soy"], ["red"], []]}, "hands": {"Anna": ["soy"]}})
    error = refused(game, "Greg harvests 2", "protection")
    assert error.citation == "es: La regla de protección de frijoles"
    events = game.apply("Greg harvests chili")  # off-turn, by bean name (example 5)
    assert events[0] == {"event": "harvested", "player": "Greg", "field": 1, "bean": "chili", "cards": 3, "coins": 1}
    s = game.state_json()
    assert s["coins"]["Greg"] == ["chili"] and s["discard"] == ["chili", "chili"]
    game.apply("Greg harvests 2")  # now no other field holds more than one
    game.apply("Natalie harvests 1")  # single cards when no field has more
    refused(game, "Natalie harvests 3", "whole-field")
    refused(game, "Natalie harvests 5", "fields")


def test_beanometer_steps(make):
    game = make({"fields": {"Anna": [["stink"] * 8, ["stink"] * 7, ["green"] * 6]}})
    coins = [game.apply(f"Anna harvests {i}")[0]["coins"] for i in (1, 2, 3)]
    assert coins == [4, 3, 3]  # es: "Cosecha de frijoles": 3-4 → 1, 5-6 → 2, 7 → 3, 8+ → 4
    s = game.state_json()
    assert s["coins"]["Anna"] == ["stink"] * 7 + ["green"] * 3
    assert s["discard"] == ["stink"] * 8 + ["green"] * 3
    game = make({"fields": {"Anna": [["garden"], ["garden"] * 2, ["garden"] * 3]}})
    assert [game.apply(f"Anna harvests {i}")[0]["coins"] for i in (3, 2, 1)] == [3, 2, 0]  # garden: - 2 3 -


def test_reshuffle_when_the_deck_runs_out(make):
    game = make({"hands": {"Anna": ["chili"]}, "deck": ["soy"], "discard": ["red", "red", "blue"],
                 "coins": {"Greg": ["stink"]}})
    events = game.apply("Anna plants 1")
    s = game.state_json()
    kinds = [e["event"] for e in events]
    assert kinds.index("deck-exhausted") < kinds.index("reshuffled") < kinds.index("revealed")
    assert s["exhaustions"] == 1 and s["shuffles"] == 1 and s["discard"] == []
    assert s["offer"][0] == "soy" and len(s["offer"]) == 2 and len(s["deck"]) == 2
    assert sorted(s["offer"][1:] + s["deck"]) == ["blue", "red", "red"]
    assert s["coins"]["Greg"] == ["stink"]  # coins never return to the deck


def test_third_run_out_in_phase_two_finishes_phases_two_and_three(make):
    game = make({"hands": {"Anna": ["chili", "soy"], "Natalie": ["red"]}, "deck": ["blue"], "exhaustions": 2,
                 "discard": ["green", "green"], "fields": {"Anna": [["chili", "chili"], [], []],
                                                          "Greg": [["stink"] * 4, [], []]}})
    game.apply("Anna plants 1")
    events = game.apply("Anna ends planting")
    s = game.state_json()
    assert s["exhaustions"] == 3 and s["offer"] == ["blue"] and not s["over"]  # only one card revealed
    assert "reshuffled" not in [e["event"] for e in events]
    game.apply("Natalie gives red to Anna")  # trading goes on
    game.apply("Anna accepts")
    game.apply("Anna ends trading")
    game.apply("Anna plants blue in 2")
    events = game.apply("Anna plants red in 3")
    s = game.state_json()
    assert s["over"] and game.is_over
    assert [e["event"] for e in events][-1] == "game-over"
    assert all(f == [] for fs in s["fields"].values() for f in fs)  # final harvest
    assert s["hands"]["Anna"] == ["soy"]  # no draw: the game ended after phase 3
    assert game.scores() == {"Anna": 1, "Natalie": 0, "Greg": 1}  # hand cards score nothing
    assert game.winners() == ["Greg"]  # tie: farthest clockwise from the start player
    refused(game, "Anna harvests 1", "end-on-exhaustion")


def test_third_run_out_while_drawing_ends_at_once(make):
    game = make({"phase": "plant-traded", "offer": ["soy"], "deck": ["red", "blue"], "exhaustions": 2,
                 "discard": ["green"]})
    events = game.apply("Anna plants soy")
    s = game.state_json()
    assert s["over"] and s["hands"]["Anna"] == ["red", "blue"] and s["active"] == "Anna"
    assert events[-1]["event"] == "game-over" and s["discard"] == ["green", "soy"]  # final harvest


def test_tie_break_counts_seats_from_the_start_player(make):
    coins = {"Anna": ["red"], "Natalie": ["red"], "Greg": []}
    game = make({"start_player": "Natalie", "active": "Natalie", "phase": "plant-traded", "offer": ["soy"],
                 "coins": coins, "deck": ["red"], "exhaustions": 2})
    game.apply("Natalie plants soy")
    assert game.scores() == {"Anna": 1, "Natalie": 1, "Greg": 0}
    assert game.winners() == ["Anna"]  # Natalie → Greg → Anna: Anna sits farthest


def test_view_hides_hands_deck_and_coins(classic):
    game = Game(classic, ["Anna", "Natalie", "Greg"], seed=3)
    v = game.view("Anna")
    s = game.state_json()
    assert v["hands"]["Anna"] == s["hands"]["Anna"] and v["hands"]["Natalie"] == 5
    assert v["deck"] == len(s["deck"]) and v["removed"] == len(s["removed"]) and v["seed"] is None
    assert v["coins"]["Anna"] == [] and v["coins"]["Natalie"] == 0
    assert v["fields"] == s["fields"] and v["viewer"] == "Anna"


def test_state_json_round_trip_and_continue(classic):
    game = Game(classic, 4, seed=5)
    for line in ("Anna plants 1", "Anna ends planting"):
        game.apply(line)
    copy = Game.from_state(classic, game.state_json())
    assert copy.state_json() == game.state_json()
    for g in (game, copy):
        g.apply("Anna ends trading")
    assert copy.state_json() == game.state_json()
