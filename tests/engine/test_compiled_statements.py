"""Every core statement is run by the program or compiled from its own nodes: the permits of
planting and harvesting into listers (engine/listers.py), the permit that sells a field into
the buying of fields (engine/buying.py), forbids and allows into judges and constraints
(engine/permissions.py, engine/harvest_guards.py). Parameters come from the nodes, and a
statement no compiler takes refuses its rule when the game is created, never half-way through.
(Nothing reads a statement back into a setting by its shape: engine/readings.py is gone.)"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.core import actors, conditions, effects, places, quantities, statements as core, timing
from beanrules.desugar import desugar_rule
from beanrules.engine import Game, Harvest, IllegalAction, UnsupportedRule, buying, lasting, listers, permissions, program, trade_guards
from beanrules.engine import harvest_guards
from beanrules.engine.errors import RuleRef
from beanrules.engine.compiler import compile_ruleset
from beanrules.engine.ruleset import BuyFieldRule
from beanrules.paths import specs_dir

PLAYER, FIELD, CARD = actors.Bound("player"), actors.Bound("field"), actors.Bound("card")
SPECS = sorted(p for p in specs_dir().rglob("*.bean"))


def _count(place) -> quantities.Count:
    return quantities.Count(place, None)


@pytest.mark.parametrize("spec", SPECS, ids=[str(p.relative_to(specs_dir())) for p in SPECS])
def test_every_statement_of_a_shipped_spec_is_run_or_read(spec: Path):
    """Run by the program, compiled by its lister or the buying of fields, judged by the trade guards (trade_guards.py), a harvest
    owed to make room (compiled from its statement: listers.Room), or a constraint compiled by
    its condition (a forbid of reordering the hand, of buying a field, of coins back into the
    deck: permissions.py)."""
    model = compile_spec(str(spec))
    for rule in model["rules"]:
        for statement in desugar_rule(rule):
            assert program.runs(statement) or buying.sells_field(statement) or listers.lists(statement) \
                or program.ends_phase(statement) is not None \
                or trade_guards.judges(statement) or listers.owes_harvest(statement) \
                or permissions.standing(statement, RuleRef.of(rule)) is not None, (rule["id"], statement.to_text())


def test_parameters_come_from_the_nodes():
    bigger = conditions.SomeField("other", PLAYER, conditions.Compare(_count(actors.Bound("other")), ">",
                                                                        quantities.Number(3)))
    single = conditions.Compare(_count(FIELD), "=", quantities.Number(1))
    protect = core.Forbid(effects.Harvest(PLAYER, FIELD, False), conditions.AllOf((single, bigger)))
    assert not listers.lists(protect) and harvest_guards.is_guard(protect)  # the judge compiles it
    front = places.CardsIn(places.Zone("hand", PLAYER), "front", quantities.Number(1), False, None)
    plant = core.Permit(actors.ActivePlayer(), effects.Plant(PLAYER, front, None), timing.During("p", False),
                        None, True, quantities.Number(2), quantities.Number(4))
    assert listers.front_phase(plant) == "p"  # its lister's (engine/listers.py)
    held = listers._front(plant, RuleRef("r", None))
    assert (held.least, held.most) == (2, 4)


@pytest.mark.parametrize("statement", [
    # a forbid of harvesting on another condition than the ones the engine plays
    core.Forbid(effects.Harvest(PLAYER, FIELD, False), conditions.Compare(_count(FIELD), "=", quantities.Number(2))),
    # planting from the front of the hand by any player, not the active one
    core.Permit(actors.AnyPlayer(), effects.Plant(PLAYER, places.CardsIn(places.Zone("hand", PLAYER), "front",
                                                                           quantities.Number(1), False, None), None),
                timing.During("p", False), None, True, quantities.Number(1), quantities.Number(1)),
    # trading only what the partner agrees to, said of another zone than the hand
    core.Forbid(effects.Trade(PLAYER, actors.Bound("partner"),
                              places.CardsIn(places.Zone("offer", None), "any", None, False, None), None),
                conditions.Not(conditions.Agreed((actors.Bound("partner"),)))),
    # planting allowed where the field holds the card's type: not a restriction the engine lifts
    core.Allow(effects.Plant(PLAYER, CARD, FIELD), conditions.Matches(CARD, FIELD)),
    # hand cards tradeable on one's own turn only: the engine's reading lets every player trade
    # them, so it must not read this (the evaluator compiles it, or check refuses it)
    core.Allow(effects.Trade(PLAYER, actors.Bound("partner"),
                             places.CardsIn(places.Zone("hand", PLAYER), "any", None, False, None), None),
               conditions.TurnOf(PLAYER)),
    # the offer tradeable by anyone: the engine lets only the active player give offer cards
    core.Allow(effects.Trade(PLAYER, actors.Bound("partner"),
                             places.CardsIn(places.Zone("offer", None), "any", None, False, None), None), None),
], ids=["forbid-harvest-2", "permit-any-player-front", "gift-consent-offer", "allow-matching",
        "hand-tradeable-on-own-turn", "offer-tradeable-by-anyone"])
def test_a_shape_the_engine_does_not_play_is_not_picked(statement):
    assert not listers.lists(statement) and not buying.sells_field(statement)


def _refused_as_coin_source(monkeypatch, statement, says: str) -> None:
    """Classic with its rule coin-source saying `statement` instead refuses that rule, by its words,
    when the game is created."""
    model = copy.deepcopy(compile_spec("classic"))
    real = program.rule_statements
    monkeypatch.setattr(program, "rule_statements",
                        lambda rule: (statement,) if rule["id"] == "coin-source" else real(rule))
    with pytest.raises(UnsupportedRule, match=rf"rule 'coin-source' \(specs/classic.bean, line \d+\) says \"{says}") as refused:
        Game(model, 3)
    assert refused.value.rule == "coin-source"


def test_an_unread_statement_refuses_its_rule_by_what_it_says(monkeypatch):
    """A harvest binds its field for a constraint's condition, not a card: a forbid of harvesting
    that speaks of a card is refused by what it says, when the game is created, in the words
    check uses at its line (engine/refusals.py)."""
    unread = core.Forbid(effects.Harvest(PLAYER, FIELD, False),
                         conditions.Compare(_count(CARD), "=", quantities.Number(2)))
    model = copy.deepcopy(compile_spec("classic"))
    real = program.rule_statements
    monkeypatch.setattr(program, "rule_statements",
                        lambda rule: (unread,) if rule["id"] == "coin-source" else real(rule))
    with pytest.raises(UnsupportedRule, match=r"rule 'coin-source' \(specs/classic.bean, line \d+\) names card in "
                                              r"its condition, which 'the player harvests the field' is not about"):
        Game(model, 3)


def test_a_forbid_of_harvesting_by_the_fields_size_plays_as_a_generic_guard(monkeypatch):
    """No reading has the shape "no harvest of a field of two": it runs as a guard by its
    condition, over the field the harvest names (engine/lasting.py binds it)."""
    model = copy.deepcopy(compile_spec("classic"))
    by_size = core.Forbid(effects.Harvest(PLAYER, FIELD, False),
                          conditions.Compare(_count(FIELD), "=", quantities.Number(2)))
    assert not listers.lists(by_size)
    real = program.rule_statements
    monkeypatch.setattr(program, "rule_statements",
                        lambda rule: (by_size,) if rule["id"] == "coin-source" else real(rule))
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"],
                             {"phase": "plant", "fields": {"Anna": [["red", "red"], ["soy", "soy", "soy"], []]}})
    with pytest.raises(IllegalAction) as refused:
        game.apply("Anna harvests 1")
    assert refused.value.rule == "coin-source"
    assert Harvest("Anna", 2) in game.legal_actions("Anna") and Harvest("Anna", 1) not in game.legal_actions("Anna")


def test_coins_from_points_are_written_on_a_counter_and_every_harvested_card_is_discarded():
    model = copy.deepcopy(compile_spec("classic"))
    rule = next(r for r in model["rules"] if r["id"] == "coin-source")
    rule["params"]["from"] = "points"
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"],
                             {"phase": "plant", "discard": ["red"], "counters": {"points": {"Anna": 2, "Natalie": 0, "Greg": 0}},
                              "fields": {"Anna": [["soy", "soy", "chili", "chili", "chili"], [], []]}})
    game.apply("Anna harvests 1")  # five cards under a chili pay one coin by its beanometer (3 6 8 9)
    state = game.state_json()
    assert state["counters"]["points"] == {"Anna": 3, "Natalie": 0, "Greg": 0}
    assert state["coins"]["Anna"] == [] and state["discard"] == ["red", "soy", "soy", "chili", "chili", "chili"]


def test_changing_a_rule_changes_what_the_engine_compiles():
    """The parameters follow the rule: protection's limit (in its guard's condition) and the plant
    counts are read from the core its sentence means."""
    model = copy.deepcopy(compile_spec("classic"))
    for rule in model["rules"]:
        if rule["id"] == "protection":
            rule["params"]["while_other_field_has_more_than"] = 2
        if rule["id"] == "plant-from-hand":
            rule["params"]["max"] = 3
    rs = compile_ruleset(model, 4)
    assert "more than 2" in rs.harvest_guards[0].says and rs.phase("plant").listers.front.most == 3
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg", "Maria"],
                             {"phase": "plant", "fields": {"Anna": [["red"], ["soy", "soy"]]}})
    harvests = [a.field for a in game.legal_actions("Anna") if isinstance(a, Harvest)]
    assert harvests == [1, 2]  # the single red is no longer protected by a field of two
    assert [a.field for a in Game.from_partial(compile_spec("classic"), list(game.players), {
        "phase": "plant", "fields": {"Anna": [["red"], ["soy", "soy"]]}}).legal_actions("Anna")
        if isinstance(a, Harvest)] == [2]


def test_a_phase_step_whose_phase_does_not_list_it_is_refused():
    model = copy.deepcopy(compile_spec("classic"))
    model["phases"][0]["rules"].remove("plant-from-hand")
    with pytest.raises(UnsupportedRule, match="step of phase 'plant', which does not list it") as refused:
        Game(model, 3)
    assert refused.value.rule == "plant-from-hand"


def test_one_field_per_type_is_a_forbid_of_the_core_whatever_its_bound_name():
    """No reading matches its shape any more: the allow with the forbid's condition lifts it
    (lasting.covers), whatever the name bound for the other field, and a harvest makes room
    where it refuses (permissions.weighs_types: it does not stand among the constraints)."""
    top = places.CardsIn(actors.Bound("x"), "top", quantities.Number(1), False, None)
    grows = conditions.SomeField("x", PLAYER, conditions.Matches(CARD, top))  # x's top card is the card's type
    empty = conditions.Compare(_count(FIELD), "=", quantities.Number(0))
    forbid = core.Forbid(effects.Plant(PLAYER, CARD, FIELD), conditions.AllOf((empty, grows)))
    assert permissions.is_guard(forbid) and permissions.weighs_types(forbid)
    assert lasting.covers(core.Allow(forbid.action, forbid.condition), forbid)


@pytest.mark.parametrize("removed, refused_by", [
    ((), None),  # classic lets a type grow in two fields
    (("same-type-in-two-fields",), "one-type-per-field"),  # the one-type rule's forbid holds
    (("same-type-in-two-fields", "one-type-per-field"), None),  # no rule restricts planting
])
def test_a_type_in_a_second_field_is_refused_only_where_the_core_forbids_it(removed, refused_by):
    model = copy.deepcopy(compile_spec("classic"))
    model["rules"] = [r for r in model["rules"] if r["id"] not in removed]
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"],
                             {"phase": "plant", "hands": {"Anna": ["red"]}, "fields": {"Anna": [["red"], [], []]}})
    listed = sorted(a.field for a in game.legal_actions("Anna") if a.notation().startswith("Anna plants"))
    if refused_by is None:
        assert listed == [1, 2, 3]
        game.apply("Anna plants red in 2")
        assert game.state_json()["fields"]["Anna"][1] == ["red"]
    else:
        assert listed == [1]
        before = game.state_json()
        with pytest.raises(IllegalAction) as refused:
            game.apply("Anna plants red in 2")
        assert refused.value.rule == refused_by and game.state_json() == before


def _sells(count=quantities.Number(3), condition=None, player=actors.AnyPlayer(), to="discard") -> core.Permit:
    pay = effects.Move(places.CardsIn(places.Zone("coins", PLAYER), "top", count, False, None),
                       places.Zone(to, None), "top")
    return core.Permit(player, effects.Sequence((pay, effects.AddField(PLAYER, 1))), timing.AnyTime(), condition,
                       False, None, None)


FEWER_THAN_4 = conditions.Compare(quantities.FieldsOf(PLAYER), "<", quantities.Number(4))


def test_the_permit_that_sells_a_field_compiles_its_price_and_limit_from_its_nodes():
    ref = RuleRef("r", None)
    rule = {"id": "r"}
    assert buying.sells_field(_sells()) and buying.sells_field(_sells(condition=FEWER_THAN_4))
    assert buying.compile_buying([(rule, _sells(quantities.Number(2), FEWER_THAN_4))], {"r": ref}, 3) \
        == BuyFieldRule(2, 4, ref)
    assert buying.compile_buying([(rule, _sells())], {"r": ref}, 3) == BuyFieldRule(3, None, ref)
    assert buying.compile_buying([], {}, 3) is None
    # the last permit that sells a field is the rule (a later rule replaces an earlier one)
    later = {"id": "later"}
    assert buying.compile_buying([(rule, _sells()), (later, _sells(quantities.Number(1)))],
                                 {"r": ref, "later": RuleRef("later", None)}, 3).cost == 1


@pytest.mark.parametrize("statement", [
    _sells(condition=conditions.Compare(quantities.FieldsOf(PLAYER), "<=", quantities.Number(3))),
    _sells(player=actors.ActivePlayer()),
    _sells(to="deck"),
], ids=["at-most-fields", "active-player-only", "coins-to-the-deck"])
def test_a_permit_of_buying_in_another_shape_is_refused_by_its_words(statement, monkeypatch):
    assert not buying.sells_field(statement)
    _refused_as_coin_source(monkeypatch, statement, "At any time")
