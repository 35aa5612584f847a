"""The core registry: every node round-trips through JSON, fits its schema, checks its names,
and describes itself in English; the shipped schema is the one the registry generates."""
from __future__ import annotations

import dataclasses
import json

import pytest
from jsonschema import Draft202012Validator

from beanrules.core import NODES, CoreError, Scope, from_json
from beanrules.core.actors import Bound, CardOwner
from beanrules.core.categories import (Actor, BeanSet, Cards, Case, Cond, Effect, Node, Num, Place, Statement,
                                       Timing, bound_kinds)
from beanrules.core.effects import Choose, Move, Sequence
from beanrules.core.node import BIND_KINDS, GIVEN, binds
from beanrules.core.places import CardsIn, Zone
from beanrules.core.quantities import Number
from beanrules.core.schema import core_schema, owner_schema
from beanrules.core.statements import Do
from beanrules.core.timing import AtStartOf
from beanrules.desugar.build import OWNER_WORDS
from beanrules.desugar.conditions import TESTS
from beanrules.syntax.build import condition_tests, effect_kinds
from beanrules.model.validate import rule_model_schema

from .samples import SCOPE, all_samples

SAMPLES = all_samples()


def _validator(node: str) -> Draft202012Validator:
    schema = rule_model_schema()
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/core/{node}"})


@pytest.mark.parametrize("name", sorted(NODES))
def test_node_round_trips_fits_schema_and_reads(name):
    node = SAMPLES[name]
    data = node.to_json()
    assert data["node"] == name
    assert from_json(json.loads(json.dumps(data))) == node
    assert not list(_validator(name).iter_errors(data))
    assert node.check(SCOPE) == []
    text = node.to_text()
    assert text and "<" not in text and "None" not in text


def test_the_shipped_schema_is_the_generated_one():
    assert rule_model_schema()["$defs"]["core"] == core_schema(), \
        "run: python -m beanrules.core.schema"
    assert rule_model_schema()["$defs"]["owner"] == owner_schema(OWNER_WORDS), \
        "run: python -m beanrules.core.schema"
    assert rule_model_schema()["$defs"]["effect"]["properties"]["do"]["enum"] == list(effect_kinds()), \
        "run: python -m beanrules.core.schema"
    tests = rule_model_schema()["$defs"]["condition"]["properties"]["test"]["enum"]
    assert tests == list(condition_tests()), "run: python -m beanrules.core.schema"


def test_every_test_of_a_condition_has_its_rewrite():
    """The grammar's tests of a condition (the schema's tests) and the desugarer's one table
    name the same tests: a test added to one and not the other fails here, not in a game."""
    assert sorted(TESTS) == list(condition_tests())


def test_check_names_unknown_phases_with_a_suggestion():
    step = Do(AtStartOf("plnt"), None, Move(CardsIn(Zone("deck", None), "top", Number(1), False, None),
                                          Zone("offer", None), None))
    problems = step.check(SCOPE)
    assert [p.message for p in problems] == ["unknown phase 'plnt'"]
    assert "plant" in (problems[0].suggestion or "")


def test_a_chosen_name_is_known_only_after_the_choice():
    pick = Choose("victim", CardOwner(None), CardsIn(Zone("hand", CardOwner(None)), "any", Number(1), False, None),
                  None, True)
    use = Move(CardsIn(Bound("victim"), "all", None, False, None), Zone("deck", None), "top")
    assert Sequence((pick, use)).check(Scope(SCOPE.known)) == []
    assert [p.message for p in Sequence((use, pick)).check(Scope(SCOPE.known))] == ["unknown name 'victim'"]


@dataclasses.dataclass(frozen=True)
class _Probe(Effect, Cond, Num, Actor, Place, Cards, Timing, Statement, Case, BeanSet):
    """A child of any category that records the names known where its parent checks it."""

    seen: list

    def check(self, scope: Scope) -> list:
        self.seen.extend(scope.bound)
        return []


def _probed(cls: type) -> tuple[object, set[str]]:
    """A sample of `cls` with a probe for every child but the fields a binding is like (they
    tell its kind), each bound name its field's own, and the names it makes known below it."""
    node, seen = SAMPLES[cls.NODE], []
    likes = {f.metadata["binds"][1] for f, _ in node.fields() if type(f.metadata.get("binds")) is tuple}
    changes = {}
    for f, value in node.fields():
        if f.metadata.get("binds"):
            changes[f.name] = f"<{f.name}>"
        elif f.name not in likes and isinstance(value, tuple) and value and isinstance(value[0], Node):
            changes[f.name] = (_Probe(seen),)
        elif f.name not in likes and isinstance(value, Node):
            changes[f.name] = _Probe(seen)
    node = dataclasses.replace(node, **changes)
    node.check(Scope(SCOPE.known))
    return node, set(seen)


@pytest.mark.parametrize("name", sorted(NODES))
def test_every_name_a_node_binds_declares_what_it_holds(name):
    """What a bound name holds (a player, cards picked, a field, a number) is the node's
    declaration, which the engine reads (a waiting decision keeps a bound player by name:
    engine/decisions.py's seat_names): every name a node makes known to what is below it is a
    binds() field of the node, with its kind, or one a rule binds by itself (node.GIVEN). A node
    that binds a name any other way fails here, not in a saved game."""
    node, known = _probed(NODES[name])
    kinds = dict(bound_kinds(node))
    for bound in known:
        assert bound in kinds or bound in GIVEN, \
            f"'{name}' makes '{bound}' known below it but declares no kind for it: binds(KIND) or node.GIVEN"
    assert all(kind in BIND_KINDS for kind in kinds.values()), f"'{name}': {kinds}"
    assert set(GIVEN.values()) <= set(BIND_KINDS)


def test_a_binding_without_a_kind_is_refused_and_a_like_binding_takes_its_field_s():
    with pytest.raises(AssertionError, match="a kind or the field it is like"):
        binds()
    among = Choose("victim", CardOwner(None), CardOwner(None), None, True)
    assert bound_kinds(among) == (("victim", "player"),)
    assert bound_kinds(dataclasses.replace(among, options=CardsIn(Zone("deck", None), "top", Number(1), False, None))) \
        == (("victim", "cards"),)
    assert bound_kinds(dataclasses.replace(among, options=Bound("earlier"))) == (("victim", None),)


@pytest.mark.parametrize("data, message", [
    ({"node": "mvoe"}, "unknown core node 'mvoe'"),
    ({"node": "number"}, "missing value"),
    ({"node": "number", "value": 1, "extra": 2}, "unknown extra"),
])
def test_bad_json_is_refused_with_where_and_why(data, message):
    with pytest.raises(CoreError, match=message):
        from_json({"node": "end-when", "condition": {"node": "compare", "left": data, "op": "=",
                                                      "right": {"node": "number", "value": 1}}})
