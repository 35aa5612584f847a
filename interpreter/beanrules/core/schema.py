"""The JSON Schema of the core, generated from the registry: one definition per node (its
fields, typed from the dataclass annotations) and one per category (any node of it, picked
by its ``node`` name). ``$defs/core`` of the rule-model schema is exactly this, and
``$defs/owner`` the owner words of a place as the desugarer reads them (desugar/build.py's
``owners``), the `do` of ``$defs/effect`` every effect the grammar says (syntax/build.py's
``effect_kinds``), and the `test` of ``$defs/condition`` every test a condition may have,
wherever it is written (syntax/build.py's ``condition_tests``, each read by
desugar/conditions.py's ``TESTS``); a test holds the shipped schema file to them, and
``python -m beanrules.core.schema`` rewrites them."""
from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from typing import Any

from . import NODES
from .node import CATEGORIES, Node

_PREFIX = "#/$defs/core/"
_NAME = {"type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"}


def _namespace() -> dict[str, Any]:
    space: dict[str, Any] = dict(CATEGORIES)
    space.update({cls.__name__: cls for cls in NODES.values()})
    space["Node"] = Node
    return space


def _type_schema(hint: Any, named: bool) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return dict(_NAME) if named else {"type": "string"}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(hint))}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(arg, named) for arg in typing.get_args(hint)]}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(hint)[0], named)}
    if isinstance(hint, type) and hint.__name__ in CATEGORIES:
        return {"$ref": _PREFIX + hint.__name__}
    raise TypeError(f"no schema for the field type {hint!r}")


def node_schema(cls: type[Node]) -> dict[str, Any]:
    space = {**vars(typing), **vars(sys.modules[cls.__module__]), **_namespace()}
    props: dict[str, Any] = {"node": {"const": cls.NODE}}
    for f in dataclasses.fields(cls):
        hint = eval(f.type, space) if isinstance(f.type, str) else f.type  # our own annotations
        props[f.name] = _type_schema(hint, bool(f.metadata.get("names")))
    schema: dict[str, Any] = {"type": "object", "additionalProperties": False,
                              "required": list(props), "properties": props}
    if cls.__doc__:
        schema["description"] = " ".join(cls.__doc__.split())
    return schema


def core_schema() -> dict[str, Any]:
    """The `$defs/core` object: every node by name, every category by class name."""
    out: dict[str, Any] = {}
    for name, cls in sorted(NODES.items()):
        out[name] = node_schema(cls)
    for cat_name, base in CATEGORIES.items():
        members = sorted(n for n, cls in NODES.items() if issubclass(cls, base))
        out[cat_name] = {
            "type": "object", "required": ["node"],
            "properties": {"node": {"enum": members}},
            "allOf": [{"if": {"properties": {"node": {"const": m}}},
                       "then": {"$ref": _PREFIX + m}} for m in members],
        }
    return out


def owner_schema(words: tuple[str, ...]) -> dict[str, Any]:
    """The `$defs/owner` object: the owner words a place of the rule model may name."""
    return {"description": "Whose zone a place is, read from the player the rule or card speaks "
                           "about (own); the words of the grammar's owner, as the desugarer reads them.",
            "enum": list(words)}


def main() -> None:  # pragma: no cover - a maintenance command, checked by the schema test
    from ..desugar.build import OWNER_WORDS  # the desugarer's words (it stands above the core)
    from ..syntax.build import condition_tests, effect_kinds  # the grammar's effects and tests, as the builder names them
    from ..paths import schema_file
    path = schema_file("rule-model.schema.json")
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["$defs"]["core"] = core_schema()
    schema["$defs"]["owner"] = owner_schema(OWNER_WORDS)
    schema["$defs"]["effect"]["properties"]["do"]["enum"] = list(effect_kinds())
    schema["$defs"]["condition"]["properties"]["test"]["enum"] = list(condition_tests())
    path.write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote $defs/core ({len(NODES)} nodes) into {path}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    main()
