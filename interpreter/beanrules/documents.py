"""Safe loading of the documents beanrules reads besides specs: case files (YAML) and game
records (JSON). One module, so both loaders keep the same bounds:

- the file's size is checked before it is read;
- YAML aliases (``*name``) are refused, so a 550-byte alias bomb cannot expand to gigabytes;
- a key given twice in one mapping is an error, not silently the last one;
- lists and mappings nest at most MAX_DOCUMENT_DEPTH deep (no RecursionError);
- a number has at most MAX_NUMBER_CHARS characters (Python refuses to convert 4,301 digits);
- a text holds no control character but newlines and tabs (nothing printed from a document can
  drive the terminal that shows it).

YAML is scanned and parsed by libyaml where PyYAML has it (its wheels do), by PyYAML's own
parser otherwise; the checks are the same Python code either way.

Everything wrong with a document is a :class:`DocumentError` with line and column.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from .limits import MAX_DOCUMENT_DEPTH
from .text import first_control

MAX_NUMBER_CHARS = 40  # a 64-bit seed has 20 digits


class DocumentError(ValueError):
    """A document that cannot be loaded; `line` and `column` count from 1 (0: unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0, what: str = ""):
        self.message, self.line, self.column = message, line, column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__((f"{what}: " if what else "") + where + message)


def read_text(path: Path, max_bytes: int) -> str:
    """A document's text; the size is checked before a byte is read. OSError and
    UnicodeDecodeError pass through for the caller to word."""
    size = path.stat().st_size
    if size > max_bytes:
        raise DocumentError(f"the file is {size:,} bytes; at most {max_bytes:,} are read")
    with path.open("rb") as handle:
        data = handle.read(max_bytes + 1)  # it may have grown since
    if len(data) > max_bytes:
        raise DocumentError(f"the file is over {max_bytes:,} bytes; at most that many are read")
    return data.decode("utf-8")


# ---------------------------------------------------------------- YAML
def _at(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)


class _Bounds:
    """What a case file may not hold, checked as a safe loader composes and constructs it: no
    aliases, duplicate keys or deep nesting, no over-long number, no control character. Mixed
    into each loader below, before its composer and constructor."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise DocumentError("aliases (*name) are not allowed in a case file",
                                *_at(self.peek_event().start_mark))
        self.depth += 1
        try:
            if self.depth > MAX_DOCUMENT_DEPTH:
                raise DocumentError(f"lists and mappings nest more than {MAX_DOCUMENT_DEPTH} deep",
                                    *_at(self.peek_event().start_mark))
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:
                raise DocumentError("a mapping key must be a plain value", *_at(key_node.start_mark)) from None
            if duplicate:
                raise DocumentError(f"the key {str(key)[:40]!r} is given twice in one mapping",
                                    *_at(key_node.start_mark))
            seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: Any) -> Any:
        if len(str(node.value)) > MAX_NUMBER_CHARS:
            raise DocumentError(f"a number of {len(node.value)} characters; at most "
                                f"{MAX_NUMBER_CHARS}", *_at(node.start_mark))
        return super().construct_yaml_int(node)

    def construct_yaml_str(self, node: Any) -> Any:
        value = super().construct_yaml_str(node)
        control = first_control(value)
        if control is not None:
            raise DocumentError(f"a control character ({control}) in a text", *_at(node.start_mark))
        return value


class _PurePythonLoader(_Bounds, yaml.SafeLoader):
    """yaml.SafeLoader (no Python objects) with the bounds above: for a PyYAML built without
    libyaml."""


_LOADERS: list[type] = [_PurePythonLoader]
if getattr(yaml, "__with_libyaml__", False):
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.cyaml import CParser
    from yaml.resolver import Resolver

    class _LibyamlLoader(_Bounds, Composer, CParser, SafeConstructor, Resolver):  # type: ignore[misc]
        """libyaml scans and parses (about 4x faster than PyYAML's own scanner); the nodes
        are still composed here in Python, event by event, so _Bounds refuses an alias or
        deep nesting before anything is built (libyaml's own composer would take aliases and
        recurse without a bound). Constructed as yaml.SafeLoader does: no Python objects."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

    _LOADERS.insert(0, _LibyamlLoader)

for _loader in _LOADERS:
    _loader.add_constructor("tag:yaml.org,2002:int", _loader.construct_yaml_int)
    _loader.add_constructor("tag:yaml.org,2002:str", _loader.construct_yaml_str)
    _loader.add_constructor("tag:yaml.org,2002:map", _loader.construct_yaml_map)
_SafeLoader = _LOADERS[0]  # the fastest one at hand



def load_yaml(text: str, loader: type | None = None) -> Any:
    """One YAML document, safely (see the module's bounds); `loader` (one of _LOADERS) only
    for the tests that hold every loader to the same bounds."""
    try:
        return yaml.load(text, Loader=loader or _SafeLoader)  # noqa: S506 - a safe loader (SafeConstructor)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise DocumentError(problem, *_at(mark), what="not valid YAML") from None


# ---------------------------------------------------------------- JSON
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _check_depth(text: str) -> None:
    """Nesting counted before json.loads, whose C scanner recurses per level."""
    depth = 0
    # Strings blanked out (same length, so offsets still hold): brackets in them do not count.
    bare = _STRINGS.sub(lambda m: " " * len(m.group()), text)
    for match in _BRACKETS.finditer(bare):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DOCUMENT_DEPTH:
            offset = match.start()
            line = text.count("\n", 0, offset) + 1
            raise DocumentError(f"lists and objects nest more than {MAX_DOCUMENT_DEPTH} deep",
                                line, offset - text.rfind("\n", 0, offset))


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DocumentError(f"the key {key[:40]!r} is given twice in one object")
        out[key] = value
    return out


def _check_texts(document: Any) -> None:
    """Every key and text of a loaded JSON document, walked without recursion."""
    stack = [document]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            control = first_control(value)
            if control is not None:
                raise DocumentError(f"a control character ({control}) in a text")


def _number(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise DocumentError(f"a number of {len(text)} characters; at most {MAX_NUMBER_CHARS}")
    return int(text)


def _constant(name: str) -> Any:
    raise DocumentError(f"{name} is not a JSON number")


def load_json(text: str) -> Any:
    """One JSON document, with the same bounds as YAML documents."""
    _check_depth(text)
    try:
        document = json.loads(text, object_pairs_hook=_pairs, parse_int=_number, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise DocumentError(exc.msg, exc.lineno, exc.colno, what="not JSON") from None
    _check_texts(document)
    return document
