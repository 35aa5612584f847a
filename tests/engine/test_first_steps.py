"""Rule kinds of the children's edition, played generically: coins from a bank (coin-source
from bank), harvests that happen by themselves (auto-harvest), mixed fields, harvests only when
the beanometer pays, the final harvest of paying fields or none, public hands, shared ties.
Scripted through the public API on small specs that extend classic."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks import invariants
from beanrules.engine import Game, Harvest, Plant
from beanrules.engine.bots import make_bot, play_out

from engine_helpers import PLAYERS, refused
from by_name import by_player, zone_of

FOUR = ["Anna", "Natalie", "Greg", "Lena"]  # classic deals 2 fields to 4 players

_HEAD = '  extends classic\n  source k "Kid rules"\n'
# The basic game: a bank, harvests by themselves, mixed fields, no final harvest, open hands.
KID = ('rulebook kid "K"\n' + _HEAD +
       'replace coin-source: coins from bank, rest to discard   § k "p.1"\n'
       'remove rule harvest-any-time   § k "p.1"\n'
       'remove rule protection   § k "p.1"\n'
       'remove rule harvest-to-make-room   § k "p.1"\n'
       'remove rule final-harvest   § k "p.1"\n'
       'replace zone-hand: zone hand per player public   § k "p.1"\n'
       'replace tie-break: ties are shared   § k "p.1"\n'
       'replace start-player: start player youngest   § k "p.1"\n'
       'harvest as soon as beanometer pays   § k "p.1"\n'
       'a new type may cover a field   § k "p.1"\n'
       'remove rule whole-field   § k "p.1"\n')
# The other beans: harvest by choice, but only when the beanometer pays; paying fields at the end.
OTHER = ('rulebook kid-other "K"\n' + _HEAD +
         'replace coin-source: coins from bank, rest to discard   § k "p.1"\n'
         'remove rule protection   § k "p.1"\n'
         'remove rule harvest-to-make-room   § k "p.1"\n'
         'replace final-harvest: harvest fields that pay at end   § k "p.1"\n'
         'replace tie-break: ties are shared   § k "p.1"\n'
         'harvest only when beanometer pays   § k "p.1"\n'
         'a new type may cover a field   § k "p.1"\n'
         'remove rule whole-field   § k "p.1"\n')
# Mixed fields with every field harvested at the end.
MIXED_ALL = ('rulebook kid-mixed-all "K"\n' + _HEAD +
             'remove rule protection   § k "p.1"\n'
             'a new type may cover a field   § k "p.1"\n'
             'remove rule whole-field   § k "p.1"\n')
# No harvest-timing rule and no auto-harvest: nobody harvests by choice.
NO_TIMING = ('rulebook no-timing "K"\n' + _HEAD + 'remove rule harvest-any-time   § k "p.1"\n')
# Classic fields (one type, whole field) with coins from the bank.
BANK_ONLY = ('rulebook bank-only "K"\n' + _HEAD +
             'replace coin-source: coins from bank, rest to discard   § k "p.1"\n')

SPECS = {"kid": KID, "kid-other": OTHER, "kid-mixed-all": MIXED_ALL, "no-timing": NO_TIMING,
         "bank-only": BANK_ONLY}


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict[str, dict]:
    folder = Path(tmp_path_factory.mktemp("specs"))
    out = {}
    for name, text in SPECS.items():
        path = folder / f"{name}.bean"
        path.write_text(text, encoding="utf-8")
        # no-timing is the one check rejects (nobody could make room to plant): it is compiled
        # without that stage to show what the engine itself refuses.
        out[name] = compile_spec(str(path), playable=name != "no-timing")
    return out


@pytest.fixture(scope="module")
def kid(models) -> dict:
    return models["kid"]


@pytest.fixture(scope="module")
def other(models) -> dict:
    return models["kid-other"]


def _kinds(model: dict) -> dict[str, dict]:
    return {r["kind"]: r["params"] for r in model["rules"]}


def test_the_specs_compile_to_the_new_kinds(kid, other, models):
    kinds = _kinds(kid)
    assert kinds["coin-source"] == {"from": "bank", "rest_to_discard": True}
    assert {"auto-harvest", "mixed-fields"} <= set(kinds) and "final-harvest" not in kinds
    assert "harvest-any-time" not in kinds and kinds["tie-shared"] == {"by": "shared"}
    assert _kinds(other)["final-harvest"] == {"fields": "paying"} and "harvest-only-paying" in _kinds(other)
    assert _kinds(models["kid-mixed-all"])["final-harvest"] == {"fields": "all"}
    for model in models.values():
        Game(model, 3, seed=1)  # no UnsupportedRule


# -- coins from the bank ---------------------------------------------------------------------

def test_bank_coins_come_off_the_removed_pile_and_every_harvested_card_is_discarded(kid):
    game = Game.from_partial(kid, PLAYERS, {"hands": {"Anna": ["blue", "soy"]},
                                            "fields": {"Anna": [["blue"] * 3, [], []]}})
    total = game.state.card_counts()
    bank = game.state_json()["removed"]
    assert Counter(bank) == {"coffee": 24, "wax": 22, "cocoa": 4}  # the beans not in play
    events = game.apply("Anna plants blue in 1")
    assert events[:2] == [
        {"event": "planted", "player": "Anna", "bean": "blue", "field": 1, "from": "hand"},
        {"event": "harvested", "player": "Anna", "field": 1, "bean": "blue", "cards": 4, "coins": 1,
         "auto": True}]
    s = game.state_json()
    assert s["fields"]["Anna"][0] == [] and s["discard"] == ["blue"] * 4  # all four discarded
    assert s["coins"]["Anna"] == [bank[-1]] and s["removed"] == bank[:-1]  # off the bank's top
    assert game.state.card_counts() == total


def test_bank_coins_with_a_manual_harvest_and_two_coins(other):
    game = Game.from_partial(other, PLAYERS, {"fields": {"Natalie": [["red"] * 3, [], []]},
                                              "hands": {"Anna": ["soy"]}})
    bank = list(game.state.removed)
    events = game.apply("Natalie harvests 1")  # off-turn: harvest at any time
    assert events[0] == {"event": "harvested", "player": "Natalie", "field": 1, "bean": "red",
                         "cards": 3, "coins": 2}
    s = game.state_json()
    assert s["discard"] == ["red"] * 3 and s["coins"]["Natalie"] == [bank[-1], bank[-2]]
    assert s["removed"] == bank[:-2]


def test_a_bank_running_short_pays_what_it_holds(other):
    game = Game.from_partial(other, PLAYERS, {"fields": {"Natalie": [["red"] * 3, ["red"] * 2, []]},
                                              "hands": {"Anna": ["soy"]}})
    s = game.state_json()
    s["discard"], s["removed"] = s["removed"][:-1], s["removed"][-1:]  # one card left in the bank
    game = Game.from_state(other, s)
    total = game.state.card_counts()
    events = game.apply("Natalie harvests 1")
    assert events[0]["coins"] == 1 and events[0]["unpaid"] == 1
    s = game.state_json()
    assert s["removed"] == [] and len(s["coins"]["Natalie"]) == 1 and game.state.card_counts() == total
    game.apply("Anna plants soy")  # nothing else breaks with an empty bank
    events = game.apply("Natalie harvests 2")
    assert events[0]["coins"] == 0 and events[0]["unpaid"] == 1
    assert len(zone_of(game.state, "coins", "Natalie")) == 1 and game.state.card_counts() == total


def test_bank_coins_with_one_type_fields_harvest_the_whole_field(models):
    game = Game.from_partial(models["bank-only"], PLAYERS, {"fields": {"Anna": [["stink"] * 4, [], []]},
                                                            "hands": {"Anna": ["soy"]}})
    bank = list(game.state.removed)
    events = game.apply("Anna harvests 1")
    assert events[0]["cards"] == 4 and events[0]["coins"] == 1
    assert game.state.discard == ["stink"] * 4 and zone_of(game.state, "coins", "Anna") == [bank[-1]]


# -- auto-harvest ----------------------------------------------------------------------------

def test_a_paying_field_is_harvested_off_turn_at_once(kid):
    game = Game.from_partial(kid, PLAYERS, {"phase": "plant-traded", "active": "Anna",
                                            "set_aside": {"Natalie": ["blue"]},
                                            "fields": {"Natalie": [["blue"] * 3, ["soy"], []]}})
    events = game.apply("Natalie plants set-aside blue in 1")
    assert events[1] == {"event": "harvested", "player": "Natalie", "field": 1, "bean": "blue",
                         "cards": 4, "coins": 1, "auto": True}
    assert zone_of(game.state, "fields", "Natalie") == [[], ["soy"], []] and len(zone_of(game.state, "coins", "Natalie")) == 1


def test_fields_that_do_not_pay_yet_stay(kid):
    game = Game.from_partial(kid, PLAYERS, {"hands": {"Anna": ["blue", "soy"]},
                                            "fields": {"Anna": [["blue"] * 2, [], []]}})
    events = game.apply("Anna plants blue in 1")
    assert [e["event"] for e in events] == ["planted"] and zone_of(game.state, "fields", "Anna")[0] == ["blue"] * 3


def test_auto_harvest_repeats_when_a_harvest_uncovers_a_paying_run(kid):
    game = Game.from_partial(kid, FOUR, {"hands": {"Anna": ["stink", "soy"]},
                                         "fields": {"Anna": [["red", "red", "stink", "stink"], ["soy"]]}})
    events = game.apply("Anna plants stink in 1")
    harvests = [e for e in events if e["event"] == "harvested"]
    assert [(h["bean"], h["cards"], h["coins"]) for h in harvests] == [("stink", 3, 1), ("red", 2, 1)]
    assert zone_of(game.state, "fields", "Anna") == [[], ["soy"]] and len(zone_of(game.state, "coins", "Anna")) == 2


def test_auto_harvest_checks_every_players_fields_after_any_action(kid):
    # A given state may hold a paying field; the next action (here another player's) harvests it.
    game = Game.from_partial(kid, PLAYERS, {"hands": {"Anna": ["soy", "soy"]},
                                            "fields": {"Greg": [["red", "red"], [], []]}})
    events = game.apply("Anna plants soy")
    assert {"event": "harvested", "player": "Greg", "field": 1, "bean": "red", "cards": 2, "coins": 1,
            "auto": True} in events


def test_no_manual_harvest_under_auto_harvest(kid):
    game = Game.from_partial(kid, PLAYERS, {"hands": {"Anna": ["soy"]},
                                            "fields": {"Anna": [["blue"] * 2, [], []]}})
    err = refused(game, "Anna harvests 1", "auto-harvest")
    assert err.citation == "k: p.1"
    assert not any(isinstance(a, Harvest) for a in game.legal_actions("Anna"))


def test_no_manual_harvest_without_a_harvest_timing_rule(models):
    game = Game.from_partial(models["no-timing"], PLAYERS, {"hands": {"Anna": ["soy"]},
                                                            "fields": {"Anna": [["blue"] * 4, [], []]}})
    err = refused(game, "Anna harvests 1", None)
    assert "no time to harvest" in err.message
    assert not any(isinstance(a, Harvest) for a in game.legal_actions("Anna"))


# -- mixed fields ----------------------------------------------------------------------------

def test_a_new_type_covers_a_field_only_when_none_fits(kid):
    game = Game.from_partial(kid, FOUR, {"hands": {"Anna": ["chili", "stink", "soy"]},
                                         "fields": {"Anna": [["stink"], ["red"]]}})
    assert [a for a in game.legal_actions("Anna") if isinstance(a, Plant)] == [
        Plant("Anna", "chili", 1), Plant("Anna", "chili", 2)]  # a third type: either field
    refused(game, "Anna plants chili", "mixed-fields")  # which field it covers is a choice
    game.apply("Anna plants chili in 2")
    assert zone_of(game.state, "fields", "Anna") == [["stink"], ["red", "chili"]]
    # stink has its field: it may not cover the chili
    assert [a for a in game.legal_actions("Anna") if isinstance(a, Plant)] == [Plant("Anna", "stink", 1)]
    refused(game, "Anna plants stink in 2", "one-type-per-field")
    game.apply("Anna plants stink")
    assert zone_of(game.state, "fields", "Anna") == [["stink", "stink"], ["red", "chili"]]


def test_an_empty_field_must_be_used_before_covering(kid):
    game = Game.from_partial(kid, FOUR, {"hands": {"Anna": ["chili", "soy"]},
                                         "fields": {"Anna": [["stink"], []]}})
    assert [a for a in game.legal_actions("Anna") if isinstance(a, Plant)] == [Plant("Anna", "chili", 2)]
    refused(game, "Anna plants chili in 1", "one-type-per-field")


def test_a_covered_type_grows_again_only_after_the_cover_is_harvested(kid):
    game = Game.from_partial(kid, FOUR, {"hands": {"Anna": ["red", "soy"]},
                                         "fields": {"Anna": [["red", "chili"], ["stink"]]}})
    # red is covered: it is a new type now, and covers either field
    assert {a.field for a in game.legal_actions("Anna") if isinstance(a, Plant)} == {1, 2}


def test_example_6_the_top_run_is_harvested_and_covered_cards_stay(kid):
    # Hayo: a stink, a mean and two more stink in one field; here red (2 pay 1) over stink.
    game = Game.from_partial(kid, FOUR, {"hands": {"Anna": ["red", "soy"]},
                                         "fields": {"Anna": [["red", "stink", "red"], ["soy"]]}})
    events = game.apply("Anna plants red in 1")
    assert events[1] == {"event": "harvested", "player": "Anna", "field": 1, "bean": "red",
                         "cards": 2, "coins": 1, "auto": True}
    assert zone_of(game.state, "fields", "Anna")[0] == ["red", "stink"] and game.state.discard == ["red", "red"]


def test_a_manual_harvest_takes_the_top_run_and_must_pay(other):
    game = Game.from_partial(other, FOUR, {"hands": {"Anna": ["soy"]},
                                           "fields": {"Anna": [["stink", "red", "stink", "stink", "stink"],
                                                               ["red"]]}})
    assert [a for a in game.legal_actions("Anna") if isinstance(a, Harvest)] == [Harvest("Anna", 1)]
    err = refused(game, "Anna harvests 2", "harvest-only-paying")
    assert err.citation == "k: p.1"
    events = game.apply("Anna harvests 1")
    assert events[0] == {"event": "harvested", "player": "Anna", "field": 1, "bean": "stink",
                         "cards": 3, "coins": 1}
    assert zone_of(game.state, "fields", "Anna")[0] == ["stink", "red"]
    refused(game, "Anna harvests 1", "harvest-only-paying")  # one red pays nothing


def test_mixed_fields_in_full_and_partial_states_round_trip(kid):
    game = Game.from_partial(kid, FOUR, {"fields": {"Anna": [["red", "stink", "red"], []]}})
    s = game.state_json()
    assert Game.from_state(kid, s).state_json() == s


# -- the end of the game ---------------------------------------------------------------------

def _ending(model: dict, fields: dict, coins: dict | None = None) -> Game:
    """Phase plant-traded after the deck ran out for the last time: Natalie's plant ends the game."""
    return Game.from_partial(model, PLAYERS, {
        "phase": "plant-traded", "exhaustions": 3, "deck": [], "set_aside": {"Natalie": ["garden"]},
        "fields": fields, "coins": coins or {}})


def test_final_harvest_of_paying_fields_only(other):
    game = _ending(other, {"Anna": [["red", "red", "stink", "stink", "stink"], ["stink"], ["blue"] * 3]})
    events = game.apply("Natalie plants set-aside garden")
    harvests = [(e["player"], e["field"], e["bean"], e["cards"], e["coins"])
                for e in events if e["event"] == "harvested"]
    assert harvests == [("Anna", 1, "stink", 3, 1), ("Anna", 1, "red", 2, 1)]
    assert game.is_over and zone_of(game.state, "fields", "Anna") == [[], ["stink"], ["blue"] * 3]
    assert zone_of(game.state, "fields", "Natalie")[0] == ["garden"]  # one garden pays nothing
    assert game.scores()["Anna"] == 2


def test_final_harvest_of_all_fields_takes_mixed_fields_run_by_run(models):
    game = _ending(models["kid-mixed-all"], {"Anna": [["red", "stink"], [], []]})
    events = game.apply("Natalie plants set-aside garden")
    harvests = [(e["player"], e["bean"], e["cards"]) for e in events if e["event"] == "harvested"]
    assert harvests == [("Anna", "stink", 1), ("Anna", "red", 1), ("Natalie", "garden", 1)]
    assert all(f == [] for fs in by_player(game.state, "fields").values() for f in fs)


def test_without_a_final_harvest_rule_fields_are_worth_nothing(kid):
    game = _ending(kid, {"Anna": [["blue"] * 3, [], []], "Greg": [["red"], [], []]},
                   coins={"Anna": ["coffee"], "Greg": ["wax"]})
    events = game.apply("Natalie plants set-aside garden")
    assert game.is_over and not [e for e in events if e["event"] == "harvested"]
    assert zone_of(game.state, "fields", "Anna")[0] == ["blue"] * 3
    assert game.scores() == {"Anna": 1, "Natalie": 0, "Greg": 1}
    assert game.winners() == ["Anna", "Greg"]  # ties are shared
    assert events[-1]["winners"] == ["Anna", "Greg"]


# -- what players see, who starts ------------------------------------------------------------

def test_public_hands_are_seen_by_everyone(kid, classic):
    partial = {"hands": {"Anna": ["soy", "red"], "Natalie": ["blue"], "Greg": []}}
    view = Game.from_partial(kid, PLAYERS, partial).view("Anna")
    assert view["hands"] == {"Anna": ["soy", "red"], "Natalie": ["blue"], "Greg": []}
    assert Game.from_partial(kid, PLAYERS, partial).view(None)["hands"]["Anna"] == ["soy", "red"]
    assert isinstance(view["removed"], int) and isinstance(view["coins"]["Natalie"], int)
    hidden = Game.from_partial(classic, PLAYERS, partial).view("Anna")
    assert hidden["hands"] == {"Anna": ["soy", "red"], "Natalie": 1, "Greg": 0}


def test_the_youngest_starts_as_the_first_seat(kid):
    game = Game(kid, ["Natalie", "Anna", "Greg"], seed=3)
    s = game.state_json()
    assert s["start_player"] == "Natalie" and s["active"] == "Natalie"
    assert game.waiting_for() == ["Natalie"]


# -- whole games -----------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, *(pytest.param(seed, marks=pytest.mark.sweep) for seed in (1, 2))])
@pytest.mark.parametrize("name", sorted(SPECS.keys() - {"no-timing"}))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_games_keep_every_invariant(models, name, players, seed):
    result = invariants.playout(models[name], name, players, seed)
    assert result.ok, result.problems


def test_a_bank_game_conserves_cards_and_pays_from_the_bank(kid):
    game = Game(kid, 4, seed=11)
    total = game.state.card_counts()
    play_out(game, {p: make_bot("greedy", seed=i) for i, p in enumerate(game.players)})
    s = game.state_json()
    assert game.state.card_counts() == total and game.is_over
    coins = [c for cs in s["coins"].values() for c in cs]
    assert coins and set(coins) <= {"coffee", "wax", "cocoa"}  # every coin came from the bank
    assert len(s["removed"]) + len(coins) == 50
