"""Validation of a rule model against its JSON Schema (draft 2020-12), shipped in the package."""
from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from ..paths import schema_file

SCHEMA_NAME = "rule-model.schema.json"


@cache
def rule_model_schema() -> dict[str, Any]:
    return json.loads(schema_file(SCHEMA_NAME).read_text(encoding="utf-8"))


@cache
def _validator() -> Draft202012Validator:
    schema = rule_model_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_errors(model: Any) -> list[str]:
    """Every way the model breaks the schema, as 'at PATH: message' lines (empty if valid)."""
    errors = sorted(_validator().iter_errors(model), key=lambda e: list(e.absolute_path))
    return [f"at /{'/'.join(str(p) for p in e.absolute_path)}: {e.message}" for e in errors]
