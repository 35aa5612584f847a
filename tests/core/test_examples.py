"""The core can say Kannibohne and the anniversary variants: every worked example of
docs/core-examples.json (kept out of the package, which names no rulebook's cards) checks
against the names those specs will declare, fits the schema and reads in English."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from beanrules.core import Scope, from_json
from beanrules.desugar import STANDARD_ZONES
from beanrules.model.validate import rule_model_schema

DATA = json.loads((Path(__file__).parents[2] / "docs" / "core-examples.json").read_text(encoding="utf-8"))
SCOPE = Scope({"bean": frozenset(DATA["beans"]), "card": frozenset(DATA["beans"]),
               "phase": frozenset(DATA["phases"]), "zone": STANDARD_ZONES,
               "counter": frozenset(DATA["counters"]), "token": frozenset(DATA["tokens"])})
EXAMPLES = {e["says"]: e["core"] for group in DATA["groups"] for e in group["examples"]}


@pytest.mark.parametrize("what", sorted(EXAMPLES))
def test_worked_example(what):
    data = EXAMPLES[what]
    statement = from_json(data)
    assert statement.check(SCOPE) == []
    assert statement.to_json() == data
    schema = rule_model_schema()
    validator = Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/core/Statement"})
    assert not list(validator.iter_errors(data))
    assert "None" not in statement.to_text()


def test_a_name_the_spec_would_not_declare_is_caught():
    scope = Scope({**SCOPE.known, "counter": frozenset()})
    problems = from_json(EXAMPLES["The bean thalers are written down."]).check(scope) + \
        from_json(EXAMPLES["Thalers are what counts."]).check(scope)
    assert [p.message for p in problems] == ["unknown counter 'thalers'"]


def test_the_package_names_no_card_of_kannibohne():
    package = Path(__file__).parents[2] / "interpreter" / "beanrules"
    named = [p for p in package.rglob("*.py") if "kenia" in p.read_text(encoding="utf-8").lower()]
    assert named == []
