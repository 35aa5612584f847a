"""The core can say Kannibohne and the anniversary variants: every worked example checks
against the names those specs will declare, fits the schema and reads in English."""
from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from beanrules.core import Scope, from_json
from beanrules.core.examples import ANNIVERSARY, BEANS, KANNIBOHNE, PHASES
from beanrules.desugar import STANDARD_ZONES
from beanrules.model.validate import rule_model_schema

SCOPE = Scope({"bean": frozenset(BEANS), "card": frozenset(BEANS), "phase": frozenset(PHASES),
               "zone": STANDARD_ZONES, "counter": frozenset({"thalers"}), "token": frozenset({"thaler"})})
EXAMPLES = {**KANNIBOHNE, **ANNIVERSARY}


@pytest.mark.parametrize("what", sorted(EXAMPLES))
def test_worked_example(what):
    statement = EXAMPLES[what]
    assert statement.check(SCOPE) == []
    data = statement.to_json()
    assert from_json(data) == statement
    schema = rule_model_schema()
    validator = Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/core/Statement"})
    assert not list(validator.iter_errors(data))
    assert "None" not in statement.to_text()


def test_a_name_the_spec_would_not_declare_is_caught():
    scope = Scope({**SCOPE.known, "counter": frozenset()})
    problems = KANNIBOHNE["The bean thalers are written down."].check(scope) + \
        KANNIBOHNE["Thalers are what counts."].check(scope)
    assert [p.message for p in problems] == ["unknown counter 'thalers'"]
