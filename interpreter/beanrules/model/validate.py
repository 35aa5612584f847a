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
    found = []
    if fast is not None:  # explain only where the compiled validator found a fault (below)
        paths = [list(e.instance_path) for e in fast.iter_errors(model)]
        found = list(Draft202012Validator(_narrowed(rule_model_schema(), paths)).iter_errors(model))
    if not found:  # the two validators disagree (or only the pure-Python one is there): all of it
        full_validator()  # checks the schema itself first
        found = list(full_validator().iter_errors(model))
    errors = sorted(found, key=lambda e: [str(p) for p in e.absolute_path])
    return [(list(e.absolute_path), f"at /{'/'.join(str(p) for p in e.absolute_path)}: {e.message}")
            for e in errors]


def _narrowed(schema: dict[str, Any], paths: list[list]) -> dict[str, Any]:
    """The schema with each part of the model that no fault lies in accepted as it is: a
    top-level property without a fault, and an item without one of a top-level list. The
    pure-Python validator explains a broken model in ~0.7 s (classic), nearly all of it
    spent on the parts that are fine, above all the rules; the faults, their paths and their
    messages are the same, since each comes from the subschema of the part it lies in, which is
    kept as written (root keywords such as required and additionalProperties too)."""
    flagged: dict[str, set] = {}
    for path in paths:
        if not path:
            continue  # a fault of the root itself: its keywords are kept
        key = path[0]
        if not isinstance(key, str):
            return schema
        index = path[1] if len(path) > 1 and isinstance(path[1], int) else None
        flagged.setdefault(key, set()).add(index)
    properties: dict[str, Any] = {}
    for key, sub in schema["properties"].items():
        indices = flagged.get(key)
        if indices is None:
            properties[key] = True
        elif None in indices or not isinstance(sub, dict) or sub.get("type") != "array" \
                or "prefixItems" in sub or not isinstance(sub.get("items"), dict):
            properties[key] = sub
        else:  # only the items at fault are checked, each against the items' own subschema
            properties[key] = {**sub, "prefixItems": [sub["items"] if i in indices else True
                                                      for i in range(max(indices) + 1)], "items": True}
    return {**schema, "properties": properties}
