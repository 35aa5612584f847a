"""Resources that rules move (engine/payments.py): coins paid between players and the bank as
coin cards or as counters, what a payer who holds too few does (a step pays what it holds, an
ability used is refused untouched), and the invariant check that attributes every payment to
its rule (checks/invariants.py)."""
from __future__ import annotations

import pytest

from beanrules import SpecError
from beanrules.checks.invariants import _payment, playout
from beanrules.engine import Game, IllegalAction
from beanrules.engine.harvest_rule import coin_bank
from beanrules.resolve.compiler import compile_with_warnings

BUYER = '''rulebook buyer "A card that buys a draw"
  extends classic
  source v "Variant"
replace use-beans: use beans blue chili stink green soy black-eyed red garden buyer   § v "1"
card buyer "Buying bean" 4 beanometer 2 3   § v "2"
  ability buy "Buy": while on top of a field, in phase plant, once per turn   § v "2"
    pay 2 coins to each opponent   § v "2"
    move 1 from deck top to own hand back   § v "2"
'''

THALERS = '''rulebook thalers "Thalers that change hands"
  extends classic
  source v "Variant"
rule thalers: counter thalers per player starting at 2   § v "1"
rule pot: counter pot   § v "1"
rule levy: when a card is harvested:   § v "2"
  take 1 thalers from each opponent   § v "2"
'''


def _model(tmp_path, text: str, name: str) -> dict:
    path = tmp_path / f"{name}.bean"
    path.write_text(text, encoding="utf-8")
    return compile_with_warnings(str(path))[0]


@pytest.fixture(scope="module")
def buyer(tmp_path_factory) -> dict:
    return _model(tmp_path_factory.mktemp("pay"), BUYER, "buyer")


def _buyer_game(model: dict, anna_coins: list[str]) -> Game:
    return Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["blue"], "Natalie": ["red"], "Greg": ["soy"]},
        "fields": {"Anna": [["buyer"], [], []], "Natalie": [[], [], []], "Greg": [[], [], []]},
        "coins": {"Anna": anna_coins}, "deck": ["chili"]})


def test_an_ability_pays_each_opponent_its_top_coin_cards(buyer):
    game = _buyer_game(buyer, ["soy", "red", "green", "stink"])
    events = game.apply("Anna uses buyer")
    assert [e for e in events if e["event"] == "paid"] == [
        {"event": "paid", "from": "Anna", "to": "Natalie", "amount": 2, "rule": "buyer-buy"},
        {"event": "paid", "from": "Anna", "to": "Greg", "amount": 2, "rule": "buyer-buy"}]
    state = game.state_json()
    # the top (last gained) coin cards go first, as a stack keeping their order
    assert state["coins"] == {"Anna": [], "Natalie": ["green", "stink"], "Greg": ["soy", "red"]}
    assert state["hands"]["Anna"] == ["blue", "chili"]


def test_an_ability_whose_owner_holds_too_few_coins_is_refused_and_changes_nothing(buyer):
    game = _buyer_game(buyer, ["soy", "red", "green"])  # 4 are owed, 3 held
    before = game.state_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply("Anna uses buyer")
    assert "fewer than the 4 to pay" in str(refused.value)
    assert game.state_json() == before
    assert "Anna uses buyer" not in {a.notation() for a in game.legal_actions("Anna")}


def test_a_counter_moves_between_players_and_a_step_takes_what_a_player_holds(tmp_path):
    model = _model(tmp_path, THALERS, "thalers")
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["blue"], "Natalie": ["red"], "Greg": ["soy"]},
        "fields": {"Anna": [["red", "red"], [], []], "Natalie": [[], [], []], "Greg": [[], [], []]},
        "counters": {"thalers": {"Anna": 2, "Natalie": 0, "Greg": 5}, "pot": 0}})
    events = game.apply("Anna harvests 1")
    assert game.state_json()["counters"]["thalers"] == {"Anna": 3, "Natalie": 0, "Greg": 4}
    assert [e for e in events if e["event"] == "paid"] == [
        {"event": "paid", "from": "Greg", "to": "Anna", "amount": 1, "rule": "levy", "counter": "thalers"}]
    assert game.state_json()["coins"]["Anna"] == ["red"]  # the harvest's own coin card is apart


def test_a_counter_of_the_table_cannot_be_paid_with(tmp_path):
    with pytest.raises(SpecError) as rejected:
        _model(tmp_path, THALERS.replace("take 1 thalers", "take 1 pot"), "pot")
    assert "no player holds it to pay with" in str(rejected.value)


def test_coins_from_the_bank_come_off_the_removed_zone_and_go_back_to_it(tmp_path):
    text = THALERS.replace("take 1 thalers from each opponent", "take 2 coins from bank") \
        + "replace coin-source: coins from bank   § v \"3\"\n"
    model = _model(tmp_path, text, "bank")
    game = Game(model, 3, seed=4)
    assert playout(model, "bank", 3, 4).ok
    # and the invariant counts the bank: a payment from it shrinks it by what it paid
    problems: list[str] = []
    gained: dict[str, int] = {}
    banked = _payment({"event": "paid", "from": None, "to": "Anna", "amount": 2, "rule": "levy"},
                      None, True, gained, {}, problems)
    assert (banked, gained, problems) == (2, {"Anna": 2}, [])
    assert coin_bank(game.ruleset) == "removed"


def test_the_invariant_names_a_payment_no_rule_caused():
    problems: list[str] = []
    gained: dict[str, int] = {}
    _payment({"event": "paid", "from": "Anna", "to": "Greg", "amount": 1, "rule": None}, None, False, gained, {},
             problems)
    assert problems == ["1 coins went from Anna to Greg, by no rule"]
    assert gained == {"Anna": -1, "Greg": 1}


def test_a_counter_changes_only_by_what_the_rules_add_or_pay(tmp_path):
    from beanrules.checks.invariants import _counter_problems
    assert playout(_model(tmp_path, THALERS, "thalers"), "thalers", 3, 1).ok
    before = {"thalers": {"Anna": 2, "Greg": 5}, "pot": 0}
    after = {"thalers": {"Anna": 3, "Greg": 4}, "pot": 1}
    paid = {("thalers", "Anna"): 1, ("thalers", "Greg"): -1}
    assert _counter_problems(before, after, None, {**paid, ("pot", None): 1}) == []
    assert _counter_problems(before, after, None, paid) == ["the table's pot went from 0 to 1 with 0 added or paid "
                                                            "by the rules"]


def test_the_card_that_pays_for_a_field_harvested_whole_is_where_whole_at_says():
    """HarvestRule.whole_at, where the playout kernel reads the paying card of a field harvested
    whole with no call: the card `paying` names, for the top card's beanometer (classic) and the
    bottom card's (how-to-play); a paying rule it does not know is asked."""
    from beanrules.engine.harvest_rule import HarvestRule, bottom_card, top_card, whole
    for paying in (top_card, bottom_card):
        rule = HarvestRule(whole, paying, None, None)
        for field in (["blue"], ["red", "blue", "soy"]):
            assert field[rule.whole_at] == paying(field, len(field))
    assert HarvestRule(whole, lambda field, size: field[1], None, None).whole_at is None
