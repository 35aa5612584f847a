"""Validation of a rule model against its JSON Schema (draft 2020-12), shipped in the package.

The verdict comes from jsonschema-rs (a compiled validator: about 0.3 ms for the classic model
where the pure-Python jsonschema takes about 100 ms, since the schema ties each rule's params to
its kind with one if/then per kind). Only when a model is invalid does the pure-Python validator
run, to say where and why. Both evaluate the same schema file, exactly as written.
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from ..paths import schema_file

try:  # a compiled wheel; without it everything still works, only slower
    import jsonschema_rs
except ImportError:  # pragma: no cover - depends on the platform's wheels
    jsonschema_rs = None

SCHEMA_NAME = "rule-model.schema.json"


@cache
def rule_model_schema() -> dict[str, Any]:
    return json.loads(schema_file(SCHEMA_NAME).read_text(encoding="utf-8"))


@cache
def full_validator() -> Draft202012Validator:
    """The reference validator: pure Python, with detailed error paths and messages."""
    schema = rule_model_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@cache
def _fast_validator() -> Any:
    if jsonschema_rs is None:
        return None
    return jsonschema_rs.Draft202012Validator(rule_model_schema())


def schema_errors(model: Any) -> list[str]:
    """Every way the model breaks the schema, as 'at PATH: message' lines (empty if valid)."""
    return [message for _, message in schema_problems(model)]


def schema_problems(model: Any) -> list[tuple[list, str]]:
    """Every way the model breaks the schema: (path into the model, 'at PATH: message')."""
    fast = _fast_validator()
    if fast is not None and fast.is_valid(model):
        return []
    errors = sorted(full_validator().iter_errors(model), key=lambda e: [str(p) for p in e.absolute_path])
    return [(list(e.absolute_path), f"at /{'/'.join(str(p) for p in e.absolute_path)}: {e.message}")
            for e in errors]
