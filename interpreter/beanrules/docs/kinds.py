"""The rule kinds, rendered from the rule-model schema: what each kind's parameters are."""
from __future__ import annotations

import json
from typing import Any

from ..model.validate import rule_model_schema


def describe_value(value: Any) -> str:
    """A parameter value for people: by-player cases become 'X with 3 players; Y otherwise'."""
    if isinstance(value, dict) and "by_players" in value:
        parts = []
        for case in value["by_players"]:
            players = case["players"]
            if players == "otherwise":
                when = "otherwise"
            elif players is None:
                when = "always"
            elif players[0] == players[1]:
                when = f"with {players[0]} players"
            else:
                when = f"with {players[0]}–{players[1]} players"
            parts.append(f"{describe_value(case['value'])} {when}")
        return "; ".join(parts)
    if isinstance(value, list):
        return " ".join(describe_value(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {describe_value(v)}" for k, v in value.items())
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _type(schema: dict[str, Any]) -> str:
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(_type(s) for s in schema["oneOf"])
    if "$ref" in schema:
        return schema["$ref"].split("/")[-1]
    if schema.get("type") == "array":
        return f"list of {_type(schema.get('items', {}))}"
    if schema.get("type") == "object" and "by_players" in schema.get("properties", {}):
        return "by player count"
    if isinstance(schema.get("type"), list):
        return " or ".join(schema["type"])
    return schema.get("type", "any")


def render_kinds_table() -> str:
    params = rule_model_schema()["$defs"]["params"]
    rows = ["| kind | parameters |", "|---|---|"]
    for kind in sorted(params):
        props = params[kind].get("properties", {})
        described = "; ".join(f"`{name}`: {_type(schema)}" for name, schema in props.items()) or "–"
        rows.append(f"| `{kind}` | {described} |")
    return "\n".join(rows) + "\n"
