"""A cache of the spec grammar's parse tables, as JSON (never a pickle).

Building the LALR tables costs ~0.5 s; loading them ~0.1 s. Lark's own cache is a pickle, and
the cache folder is writable by whoever can write the user's home or $BEANRULES_CACHE_DIR:
loading a planted pickle would run its code. These tables are plain JSON (tuples and
dictionaries with non-text keys tagged), decoded into lists, tuples, dicts, strings and
numbers only, and carry the SHA-256 of their own content: a file that fails to decode or to
match its hash is rebuilt, never trusted.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

FORMAT = "beanrules-parse-tables/1"


def cache_folder() -> Path:
    return Path(os.environ.get("BEANRULES_CACHE_DIR") or
                Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "beanrules")


def cache_file(grammar: str) -> Path:
    """The file name carries the grammar's hash and Lark's version, so an edited grammar or a
    new Lark never loads stale tables."""
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    return cache_folder() / f"spec-grammar-{digest}-lark-{lark.__version__}.json"


def load_or_build(grammar: str, postlex: Callable[[], Any], build: Callable[[], Lark]) -> Lark:
    """The parser from the cached tables if they are intact, else built (and cached)."""
    path = cache_file(grammar)
    parser = _load(path, postlex)
    if parser is not None:
        return parser
    parser = build()
    _save(path, parser)
    return parser


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return {"t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"s": {k: _encode(v) for k, v in value.items()}}
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"parse tables hold a {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if isinstance(value, dict):
        (tag, inner), = value.items()
        if tag == "t":
            return tuple(_decode(v) for v in inner)
        if tag == "s":
            return {k: _decode(v) for k, v in inner.items()}
        if tag == "d":
            return {_decode(k): _decode(v) for k, v in inner}
        raise ValueError(f"unknown tag {tag!r}")
    return value


def _save(path: Path, parser: Lark) -> None:
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    # Options holding objects (the indenter) are given again when loading.
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}
    body = json.dumps(_encode({"data": data, "memo": memo}), separators=(",", ":"))
    text = json.dumps({"format": FORMAT, "sha256": _digest(body)}) + "\n" + body
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written beside and renamed: a reader never sees half a file.
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent,
                                         prefix=".tables-", delete=False) as out:
            out.write(text)
        os.replace(out.name, path)
    except OSError:
        pass  # no writable cache folder: build the tables each time


def _load(path: Path, postlex: Callable[[], Any]) -> Lark | None:
    try:
        header, body = path.read_text(encoding="utf-8").split("\n", 1)
        meta = json.loads(header)
        if meta.get("format") != FORMAT or meta.get("sha256") != _digest(body):
            return None
        tables = _decode(json.loads(body))
        return Lark._load_from_dict(tables["data"], tables["memo"], postlex=postlex())
    except Exception:  # a damaged or foreign file is rebuilt, whatever is wrong with it
        return None


def _digest(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()
