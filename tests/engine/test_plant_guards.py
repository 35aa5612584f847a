"""How an allow meets a forbid (docs/core.md): an allow lifts the forbids of the same action whose
condition it covers, and nothing else; and the planting judge (engine/permissions.py) is one
expression where every guard reads nothing but the player's fields, the same answers as the
guards' closures."""
from __future__ import annotations

import random

import pytest

from beanrules import compile_spec
from beanrules.core import conditions, statements as core
from beanrules.desugar import rule_statements
from beanrules.engine import EndPhase, Game, Plant
from beanrules.engine.errors import IllegalAction
from beanrules.engine import lasting, permissions
from by_name import put, seat, zone_of


def _statements(spec: str, rule_id: str) -> tuple:
    model = compile_spec(spec)
    return tuple(rule_statements(next(r for r in model["rules"] if r["id"] == rule_id)))


def test_an_allow_lifts_exactly_the_forbids_its_condition_covers():
    one_type, one_field = _statements("classic", "one-type-per-field")
    (second_field,) = _statements("classic", "same-type-in-two-fields")
    assert lasting.covers(second_field, one_field) and not lasting.covers(second_field, one_type)
    forbid, cover, _, _ = _statements("my-first/basic", "mixed-fields")
    assert lasting.covers(cover, forbid) and lasting.covers(cover, one_type)  # the same forbid, said twice
    assert not lasting.covers(cover, one_field)


def test_a_harvest_allow_lifts_no_harvest_forbid():
    """A permission to harvest in a phase opens harvests there; its condition does not cover the
    protection rule's, so that rule still holds beside it."""
    (protection,) = _statements("classic", "protection")
    allow = core.Allow(protection.action, conditions.InPhase("trade"))
    assert not lasting.covers(allow, protection)
    assert lasting.covers(core.Allow(protection.action, conditions.AllOf((*protection.condition.terms,
                                                                           conditions.InPhase("trade")))),
                          protection)  # one that restated its condition would lift it


@pytest.mark.parametrize("spec, remembers", [("classic", 1), ("my-first/basic", 1),
                                             ("conformance/variants/full-fields.bean", 5)])
def test_the_judge_remembers_by_tops_and_sizes_up_to_the_numbers_compared(spec, remembers):
    rs = Game(compile_spec(spec), 3).ruleset
    assert permissions._sizes_read(rs.plant_guards) == remembers
    assert rs.plant_judge.sizes == remembers  # what the playout kernel remembers the answers by


def _random_fields(rs, players: list[str], rng: random.Random) -> dict[str, list[list[str]]]:
    """Fields as a game may hold them: empty, of one type, covered, cards that play as another."""
    cards = sorted(set(rs.beans) | set(rs.plays_as))
    return {p: [[rng.choice(cards) for _ in range(rng.choice((0, 0, 1, 2, 5)))] for _ in range(rng.randint(1, 4))]
            for p in players}


@pytest.mark.parametrize("spec", ["classic", "my-first/basic", "kannibohne", "conformance/variants/full-fields.bean"])
def test_the_judge_as_one_expression_says_what_the_guards_closures_say(spec):
    """Where the guards read only the player's fields, the judge is one expression
    (permissions._direct); on random fields, for every card onto every field, it refuses by the
    same guard as the evaluator's closures of the same guards (permissions._by_closures): one
    type per field, a type in one field only lifted by two fields of a type (left out: it refuses
    nothing), covering lifted where no field takes the card, cards that play as another type,
    a house rule on a field's size."""
    model = compile_spec(spec)
    players = ["Anna", "Greg", "Natalie"][:model["players"]["min"]]
    game = Game.from_partial(model, players, {"phase": "plant"})
    rs, rng = game.ruleset, random.Random(spec)
    guards = tuple(g for g in rs.plant_guards if not any(lasting.covers(g.node, a.node) for a in g.lifted))
    direct, closures = rs.plant_judge, permissions._by_closures(guards)
    assert direct.taking.__code__.co_filename == "<string>"  # compiled as one expression
    cards = sorted((set(rs.beans) | set(rs.plays_as)) - rs.unplantable)
    refused = 0
    for _ in range(200):
        for p, fs in _random_fields(rs, players, rng).items():
            put(game.state, "fields", p, fs)
        for bean in cards:
            assert direct.taking(game.state, rs, seat(game.state, "Anna"), bean) == closures.taking(game.state, rs, seat(game.state, "Anna"), bean)
            for index in range(len(zone_of(game.state, "fields", "Anna"))):
                said = direct.refusing(game.state, rs, seat(game.state, "Anna"), bean, index)
                assert said is closures.refusing(game.state, rs, seat(game.state, "Anna"), bean, index)
                refused += said is not None
    assert refused > 100


def test_a_forbid_lifted_wherever_it_holds_is_left_out():
    """"The same type may grow in two fields" allows under the very condition of "a type in one
    field only": that forbid refuses nothing, and a spec with no other guard has no judge."""
    rs = Game(compile_spec("classic"), 3).ruleset
    assert [g.ref.id for g in rs.plant_guards] == ["one-type-per-field", "one-type-per-field"]
    assert permissions.compile_judge(rs.plant_guards[1:]) is None
    assert permissions.compile_judge(rs.plant_guards[:1]) is not None


def test_a_guard_that_reads_more_than_the_fields_is_judged_by_its_closures(tmp_path):
    path = tmp_path / "hand.bean"
    path.write_text('rulebook hand "H"\n  extends classic\n  source v "V"\n\nrules\n'
                    '  rule small-hands: no player may plant while count of own hand < 2   § v "1"\n',
                    encoding="utf-8")
    model = compile_spec(str(path))
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["red", "soy"], "Natalie": ["blue"], "Greg": ["soy"]},
        "fields": {"Anna": [["red"], [], []], "Natalie": [[], [], []], "Greg": [[], [], []]}})
    rs = game.ruleset
    assert permissions._sizes_read(rs.plant_guards) is None and rs.plant_judge.sizes is None
    assert rs.plant_judge.taking.__code__.co_filename != "<string>"  # not one expression: the closures
    assert rs.plant_judge.refusing(game.state, rs, seat(game.state, "Anna"), "red", 0) is None
    put(game.state, "hands", "Anna", ["red"])  # the same fields, a smaller hand: now refused
    assert rs.plant_judge.refusing(game.state, rs, seat(game.state, "Anna"), "red", 0).ref.id == "small-hands"
    assert rs.plant_judge.taking(game.state, rs, seat(game.state, "Anna"), "red") == []
    with pytest.raises(IllegalAction) as refused:
        game.apply("Anna plants red in 1")
    assert refused.value.rule == "small-hands"
    # no harvest makes room for it: the required plant lapses, and Anna may end planting
    assert not any(isinstance(a, Plant) for a in game.legal_actions("Anna"))
    assert EndPhase("Anna", "planting") in game.legal_actions("Anna")
