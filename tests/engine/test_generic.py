"""The engine reads only the rule model: changing a rule's parameters changes the game."""
from __future__ import annotations

import copy

import pytest

from beanrules.engine import Game, ImpossibleState, Stalled, UnsupportedRule
from beanrules.engine.bots import GreedyBot

from engine_helpers import PLAYERS, refused


def variant(model: dict, **changes) -> dict:
    """A copy of `model` with rule params replaced ({rule_id: params}) or rules removed (None)."""
    out = copy.deepcopy(model)
    for rule_id, params in changes.items():
        rule_id = rule_id.replace("_", "-")
        if params is None:
            out["rules"] = [r for r in out["rules"] if r["id"] != rule_id]
            for phase in out["phases"]:
                phase["rules"] = [r for r in phase["rules"] if r != rule_id]
        else:
            next(r for r in out["rules"] if r["id"] == rule_id)["params"].update(params)
    return out


def test_plant_and_reveal_counts_come_from_the_model(classic):
    model = variant(classic, plant_from_hand={"max": 3}, reveal={"count": 3})
    game = Game.from_partial(model, PLAYERS, {"hands": {"Anna": ["soy"] * 4}, "deck": ["red"] * 4})
    for _ in range(3):
        game.apply("Anna plants soy")
    s = game.state_json()
    assert s["fields"]["Anna"][0] == ["soy"] * 3 and s["offer"] == ["red"] * 3


def test_draw_for_each_player_and_turn_order_right(classic):
    model = variant(classic, draw={"who": "each-player", "count": 1}, turn_order={"direction": "right"})
    game = Game.from_partial(model, PLAYERS, {"phase": "plant-traded", "offer": ["soy"],
                                              "hands": {p: ["red"] for p in PLAYERS},
                                              "deck": ["blue", "green", "stink", "chili", "chili"]})
    events = game.apply("Anna plants soy")
    s = game.state_json()
    assert [e["player"] for e in events if e["event"] == "drew"] == ["Anna", "Greg", "Natalie"]
    assert s["hands"] == {"Anna": ["red", "blue"], "Natalie": ["red", "stink"], "Greg": ["red", "green"]}
    assert s["active"] == "Greg"  # to the right: against seat order


def test_harvest_timing_and_protection_rules(classic):
    own_turn = copy.deepcopy(classic)
    rule = next(r for r in own_turn["rules"] if r["id"] == "harvest-any-time")
    rule["kind"], rule["params"] = "harvest-own-turn", {"when": "own-turn", "except_phases": []}
    partial = {"fields": {"Greg": [["chili"], ["blue", "blue"], []]}}
    refused(Game.from_partial(own_turn, PLAYERS, partial), "Greg harvests 2", "harvest-any-time")
    unprotected = variant(classic, protection=None)
    game = Game.from_partial(unprotected, PLAYERS, partial)
    game.apply("Greg harvests 1")  # no protection rule: a single bean may go
    assert game.state_json()["discard"] == ["chili"]


def test_gifts_without_consent_rule_happen_at_once(classic):
    model = variant(classic, gift_needs_consent=None)
    game = Game.from_partial(model, PLAYERS, {"phase": "trade", "offer": ["soy"]})
    events = game.apply("Anna gives soy to Greg")
    assert events[1]["event"] == "traded" and game.state_json()["set_aside"]["Greg"] == ["soy"]
    # Nothing is left to trade (no revealed card, empty hands): the phase ended by itself.
    assert game.state_json()["phase"] == "plant-traded"


def test_tie_rule_and_exhaustion_count(classic):
    model = copy.deepcopy(classic)
    tie = next(r for r in model["rules"] if r["id"] == "tie-break")
    tie["kind"], tie["params"] = "tie-shared", {"by": "shared"}
    model = variant(model, end_on_exhaustion={"count": 1})
    game = Game.from_partial(model, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "deck": ["red"],
                                              "coins": {"Anna": ["red"], "Greg": ["red"]}})
    game.apply("Anna plants soy")
    assert game.is_over and game.winners() == ["Anna", "Greg"]


def test_unplayable_rule_kinds_are_refused_up_front(classic):
    model = copy.deepcopy(classic)
    next(r for r in model["rules"] if r["id"] == "plant-pending-offer")["params"]["zone"] = "coins"
    with pytest.raises(UnsupportedRule, match=r"plants the cards in coins, which are never planted") as refused:
        Game(model, 3)
    assert refused.value.rule == "plant-pending-offer"
    # a player count the rules do not allow is no rule the engine cannot play: no such game exists
    with pytest.raises(ImpossibleState, match="3 to 5 players") as impossible:
        Game(classic, 2)
    assert impossible.value.key == "players" and not isinstance(impossible.value, UnsupportedRule)


def test_who_may_act_includes_off_turn_harvests(make):
    game = make({"hands": {"Anna": ["chili"]}, "fields": {"Greg": [["soy", "soy"], [], []]}})
    assert game.who_may_act() == {"Anna", "Greg"}
    assert game.waiting_for() == ["Anna"]


def test_greedy_bot_harvests_at_the_top_step_and_accepts_fitting_gifts(make):
    game = make({"hands": {"Anna": ["chili"]}, "fields": {"Anna": [["red"] * 5, [], []]}})
    assert GreedyBot().choose(game, "Anna").notation() == "Anna harvests 1"  # red pays 4 at 5, its top
    game = make({"active": "Natalie", "phase": "trade", "offer": ["soy", "blue"],
                 "fields": {"Anna": [["soy"], ["chili"], []]}})
    game.apply("Natalie gives soy to Anna")
    game.apply("Natalie gives blue to Greg")
    assert GreedyBot().choose(game, "Anna").notation() == "Anna accepts 1"


def test_a_model_no_rule_ends_is_refused_when_the_game_is_created(classic):
    # check rejects such a model (no-end); the engine, given it anyway, refuses it up front
    # rather than play a game that could never end
    with pytest.raises(UnsupportedRule, match="classic never ends: no rule ends the game"):
        Game(variant(classic, end_on_exhaustion=None), 3)


def test_a_model_without_a_reachable_end_stalls_loudly_instead_of_looping(classic):
    # check rejects such a model (tests/checkplay); the engine, given it anyway, neither loops
    # nor ends the game as if the rules had: it raises Stalled, naming where. (Its end, a
    # player reaching more coins than the game has, is never reached.)
    model = variant(classic, reshuffle=None)
    end = next(r for r in model["rules"] if r["id"] == "end-on-exhaustion")
    end["kind"], end["params"] = "end-on-target", {"coins": 1000}
    game = Game.from_partial(model, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "deck": []})
    with pytest.raises(Stalled, match="13 turns passed with no decision") as caught:
        game.apply("Anna plants soy")  # nobody holds a card: every later turn passes by itself
    assert caught.value.where["phase"] == "draw" and not game.is_over


def test_remove_beans_by_player_count_removes_nothing_for_other_counts(classic):
    model = copy.deepcopy(classic)
    model["rules"].append({"id": "remove-garden", "kind": "remove-beans",
                           "params": {"beans": {"by_players": [{"players": [5, 5], "value": ["garden"]}]}}})
    assert "garden" not in Game(model, 3).state_json()["removed"]
    assert Game(model, 5).state_json()["removed"].count("garden") == 6
