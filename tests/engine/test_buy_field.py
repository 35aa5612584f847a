"""Buying a field (rule kind buy-field): any player, at any time, pays coin cards for one more
empty field. Scripted through the public API on small specs that extend classic."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks import invariants
from beanrules.engine import BuyField, Game, parse_action
from beanrules.engine.bots import GreedyBot

from engine_helpers import refused, snapshot

FOUR = ["Anna", "Natalie", "Greg", "Lena"]
FIVE = FOUR + ["Paul"]

# Coins paid for a field go to the discard pile, which is reshuffled: classic's "coins never
# return to the deck" would contradict buying (check rejects the pair), so it goes too.
BUYING = ('rulebook buying "B"\n  extends classic\n  source b "Buy rules"\n'
          'replace no-field-buying: buy a field for 3 coins, up to 3 fields   § b "p.1"\n'
          'remove rule coins-leave-game   § b "p.1"\n')
BY_PLAYERS = ('rulebook buying-by-players "B"\n  extends classic\n  source b "Buy rules"\n'
              'replace no-field-buying: buy a field for 3 coins with 3 to 4 players, 2 coins with 5 players'
              '   § b "p.1"\n'
              'remove rule coins-leave-game   § b "p.1"\n')


def _compile(tmp_path_factory, name: str, text: str) -> dict:
    folder = tmp_path_factory.mktemp("specs")
    path = Path(folder) / f"{name}.bean"
    path.write_text(text, encoding="utf-8")
    return compile_spec(str(path))


@pytest.fixture(scope="module")
def buying(tmp_path_factory) -> dict:
    return _compile(tmp_path_factory, "buying", BUYING)


@pytest.fixture(scope="module")
def by_players(tmp_path_factory) -> dict:
    return _compile(tmp_path_factory, "buying-by-players", BY_PLAYERS)


def test_the_spec_compiles_to_a_buy_field_rule(buying, by_players):
    rule = next(r for r in buying["rules"] if r["id"] == "no-field-buying")
    assert rule["kind"] == "buy-field" and rule["params"] == {"cost": 3, "max_fields": 3}
    cost = next(r for r in by_players["rules"] if r["id"] == "no-field-buying")["params"]["cost"]
    assert cost == {"by_players": [{"players": [3, 4], "value": 3}, {"players": [5, 5], "value": 2}]}


def test_buying_pays_the_topmost_coins_onto_the_discard_and_adds_an_empty_field(buying):
    game = Game.from_partial(buying, FOUR, {
        "phase": "plant", "hands": {"Anna": ["red", "soy"]},
        "fields": {"Anna": [["stink", "stink"], ["chili", "chili"]]},
        "coins": {"Anna": ["blue", "green", "soy", "black-eyed"]}, "discard": ["garden"]})
    assert BuyField("Anna") in game.legal_actions("Anna")
    events = game.apply("Anna buys a field")
    assert events == [{"event": "bought-field", "player": "Anna", "coins": 3, "fields": 3}]
    s = game.state_json()
    assert s["coins"]["Anna"] == ["blue"]  # the oldest coin stays
    assert s["discard"] == ["garden", "green", "soy", "black-eyed"]  # in order, the coin pile's top on top
    assert s["fields"]["Anna"] == [["stink", "stink"], ["chili", "chili"], []]
    assert s["phase"] == "plant" and s["active"] == "Anna" and s["planted"] == 0
    game.apply("Anna plants red in 3")  # the new field is used at once
    assert game.state_json()["fields"]["Anna"][2] == ["red"]
    assert game.history == ["Anna buys a field", "Anna plants red in 3"]


def test_refused_without_enough_coins(buying):
    game = Game.from_partial(buying, FOUR, {"phase": "plant", "hands": {"Anna": ["red"]},
                                            "coins": {"Anna": ["blue", "soy"]}})
    error = refused(game, "Anna buys a field", "no-field-buying")
    assert error.citation == "b: p.1"
    assert "costs 3 coins" in error.message and "Anna has 2" in error.message
    assert BuyField("Anna") not in game.legal_actions("Anna")


def test_refused_at_the_field_limit(buying):
    game = Game.from_partial(buying, FOUR, {"phase": "plant", "hands": {"Anna": ["red"]},
                                            "coins": {"Anna": ["blue"] * 6}})
    game.apply("Anna buys field")
    assert len(game.state_json()["coins"]["Anna"]) == 3
    error = refused(game, "Anna buys a field", "no-field-buying")
    assert "3 fields" in error.message
    assert BuyField("Anna") not in game.legal_actions("Anna")
    # Three players start with three fields: nothing to buy, however many coins.
    three = Game.from_partial(buying, FOUR[:3], {"phase": "plant", "hands": {"Anna": ["red"]},
                                                 "coins": {"Anna": ["blue"] * 5}})
    refused(three, "Anna buys a field", "no-field-buying")


def test_a_partial_state_may_hold_bought_fields_up_to_the_limit(buying, classic):
    game = Game.from_partial(buying, FOUR, {"fields": {"Anna": [["soy"], [], ["red"]]}})
    assert game.state_json()["fields"]["Anna"] == [["soy"], [], ["red"]]
    with pytest.raises(ValueError, match="at most 3"):
        Game.from_partial(buying, FOUR, {"fields": {"Anna": [[], [], [], ["red"]]}})
    with pytest.raises(ValueError):
        Game.from_partial(classic, FOUR, {"fields": {"Anna": [[], [], ["red"]]}})


def test_any_player_may_buy_at_any_time_off_turn_too(buying):
    game = Game.from_partial(buying, FOUR, {"active": "Anna", "phase": "trade", "offer": ["soy"],
                                            "hands": {"Anna": ["red"]}, "coins": {"Natalie": ["green"] * 3}})
    assert game.waiting_for() == ["Anna"]  # buying is never awaited
    assert game.who_may_act() == {"Anna", "Natalie"}
    assert game.legal_actions("Natalie") == [BuyField("Natalie")]
    game.apply("Natalie buys a field")
    s = game.state_json()
    assert s["coins"]["Natalie"] == [] and s["fields"]["Natalie"] == [[], [], []]
    assert s["phase"] == "trade" and s["active"] == "Anna" and s["offer"] == ["soy"]
    assert game.who_may_act() == {"Anna"}


def test_refused_once_the_game_is_over(buying):
    game = Game.from_partial(buying, FOUR, {"over": True, "coins": {"Anna": ["blue"] * 3}})
    refused(game, "Anna buys a field", "end-on-exhaustion")
    assert game.legal_actions("Anna") == []


def test_the_price_by_player_count(by_players):
    five = Game.from_partial(by_players, FIVE, {"coins": {"Paul": ["blue", "soy", "green"]}})
    assert five.apply("Paul buys a field")[0]["coins"] == 2
    s = five.state_json()
    assert s["coins"]["Paul"] == ["blue"] and s["discard"] == ["soy", "green"]
    four = Game.from_partial(by_players, FOUR, {"coins": {"Lena": ["blue", "soy"]}})
    refused(four, "Lena buys a field", "no-field-buying")
    # No limit on fields in this spec: a rich player keeps buying.
    rich = Game.from_partial(by_players, FIVE, {"coins": {"Anna": ["blue"] * 8}})
    for _ in range(4):
        rich.apply("Anna buys a field")
    assert len(rich.state_json()["fields"]["Anna"]) == 6 and rich.state_json()["coins"]["Anna"] == []


def test_classic_has_no_field_buying(classic):
    game = Game.from_partial(classic, FOUR, {"phase": "plant", "hands": {"Anna": ["red"]},
                                             "coins": {"Anna": ["blue"] * 5}})
    error = refused(game, "Anna buys a field", "no-field-buying")  # the fields-fixed rule
    assert error.citation.startswith("de: ")
    assert BuyField("Anna") not in game.legal_actions("Anna")
    # Without a fields-fixed rule either, the refusal names no rule.
    bare = copy.deepcopy(classic)
    bare["rules"] = [r for r in bare["rules"] if r["kind"] != "fields-fixed"]
    refused(Game.from_partial(bare, FOUR, {"coins": {"Anna": ["blue"] * 5}}), "Anna buys a field", None)


def test_paid_coins_come_back_when_the_discard_is_reshuffled(buying):
    game = Game.from_partial(buying, FOUR, {
        "phase": "plant-traded", "offer": ["soy"], "deck": ["blue"],
        "coins": {"Anna": ["red", "chili", "green"]}})
    total = game.state.card_counts()
    game.apply("Anna buys a field")
    events = game.apply("Anna plants soy")
    assert {"event": "reshuffled", "exhaustions": 1, "cards": 3} in events
    s = game.state_json()
    assert s["hands"]["Anna"][0] == "blue" and s["coins"]["Anna"] == []
    # Drawn to Anna's hand, or still in the deck, or revealed for the next player.
    assert sorted(s["hands"]["Anna"][1:] + s["deck"] + s["offer"]) == ["chili", "green", "red"]
    assert game.state.card_counts() == total


def test_notation_round_trips():
    for line in ("Anna buys a field", "Anna buys field", "Greg_2  buys a   field"):
        action = parse_action(line)
        assert isinstance(action, BuyField)
        assert parse_action(action.notation()) == action
    assert BuyField("Anna").notation() == "Anna buys a field"


def test_listed_buys_are_written_canonically(buying):
    game = Game.from_partial(buying, FOUR, {"phase": "plant", "hands": {"Anna": ["red"]},
                                            "coins": {"Natalie": ["soy"] * 3, "Greg": ["soy"] * 2}})
    listed = [a for p in FOUR for a in game.legal_actions(p) if isinstance(a, BuyField)]
    assert [a.notation() for a in listed] == ["Natalie buys a field"]
    assert [parse_action(a.notation()) for a in listed] == listed


def test_greedy_buys_rather_than_harvest_when_nothing_fits(buying):
    game = Game.from_partial(buying, FOUR, {
        "phase": "plant", "hands": {"Anna": ["red"]},
        "fields": {"Anna": [["stink", "stink", "stink"], ["chili", "chili"]]},
        "coins": {"Anna": ["blue"] * 3}})
    assert GreedyBot().choose(game, "Anna") == BuyField("Anna")
    game.apply("Anna buys a field")
    assert GreedyBot().choose(game, "Anna").notation() == "Anna plants red in 3"
    poor = Game.from_partial(buying, FOUR, {
        "phase": "plant", "hands": {"Anna": ["red"]},
        "fields": {"Anna": [["stink", "stink", "stink"], ["chili", "chili"]]},
        "coins": {"Anna": ["blue"] * 2}})
    assert GreedyBot().choose(poor, "Anna").notation().startswith("Anna harvests")


def test_greedy_buys_when_rich_and_every_field_grows(buying):
    partial = {"phase": "plant", "hands": {"Anna": ["stink", "red"]},
               "fields": {"Anna": [["stink", "stink"], ["chili", "chili"]]}}
    rich = Game.from_partial(buying, FOUR, {**partial, "coins": {"Anna": ["blue"] * 5}})
    assert GreedyBot().choose(rich, "Anna") == BuyField("Anna")
    modest = Game.from_partial(buying, FOUR, {**partial, "coins": {"Anna": ["blue"] * 4}})
    assert GreedyBot().choose(modest, "Anna").notation() == "Anna plants stink in 1"


_COINS = re.compile(r"(\w+)'s coins went from (\d+) to (\d+) with (\d+) earned$")


def test_bot_games_with_buying_keep_every_card(buying, monkeypatch):
    """Invariant playouts (conservation of cards, hand order, JSON round trip, record replay).
    The checker counts coins as arising only from harvests, so a coin count that a purchase
    explains is not a problem here."""
    checked = invariants.step_problems
    bought: list[dict] = []

    def step_problems(game, before, events, total, **options):
        paid: dict[str, int] = {}
        for e in events:
            if e["event"] == "bought-field":
                bought.append(e)
                paid[e["player"]] = paid.get(e["player"], 0) + e["coins"]
        out = []
        for problem in checked(game, before, events, total, **options):
            m = _COINS.search(problem)
            if m and int(m[3]) == int(m[2]) + int(m[4]) - paid.get(m[1], 0):
                continue
            out.append(problem)
        return out

    monkeypatch.setattr(invariants, "step_problems", step_problems)
    for players, seed in ((4, 0), (4, 1), (5, 2)):
        result = invariants.playout(buying, "buying", players, seed)
        assert result.ok, result.problems
    assert bought, "no bot bought a field in these games"
    assert all(e["coins"] == 3 and e["fields"] == 3 for e in bought)


def test_a_state_with_bought_fields_round_trips(buying):
    game = Game.from_partial(buying, FOUR, {"coins": {"Greg": ["soy"] * 3}})
    game.apply("Greg buys a field")
    again = Game.from_state(buying, game.state_json())
    assert snapshot(again) == snapshot(game)
    assert again.view("Anna")["fields"]["Greg"] == [[], [], []]
