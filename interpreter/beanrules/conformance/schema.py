"""Schema validation of case files, with messages that point into the case."""
from __future__ import annotations

import json
from functools import cache
from typing import Any, Iterable, Iterator

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from ..paths import conformance_dir

try:  # a compiled wheel (a dependency); without it everything still works, only slower
    import jsonschema_rs
except ImportError:  # pragma: no cover - depends on the platform's wheels
    jsonschema_rs = None

SCHEMA_NAME = "case.schema.json"


@cache
def case_schema() -> dict[str, Any]:
    return json.loads((conformance_dir() / SCHEMA_NAME).read_text(encoding="utf-8"))


@cache
def _validator() -> Draft202012Validator:
    schema = case_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@cache
def _fast_validator() -> Any:
    return jsonschema_rs.Draft202012Validator(case_schema()) if jsonschema_rs is not None else None


def _fast_verdict(document: Any) -> bool:
    """Whether the compiled validator finds the document valid. YAML also gives dates, bytes
    and sets, which it refuses to look at (ValueError): those documents take the slow path."""
    fast = _fast_validator()
    try:
        return fast is not None and bool(fast.is_valid(document))
    except (ValueError, TypeError, OverflowError):
        return False


def render_path(parts: Iterable[Any]) -> str:
    """['steps', 2, 'refuse'] → 'steps[2].refuse'."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _narrow(error: ValidationError) -> ValidationError:
    """For a failed oneOf, the branch the author most likely meant: the one with fewest errors.

    A step {refuse: ...} without a rule fails every branch; the refuse branch fails least,
    so the message is "'rule' is a required property" instead of "not valid under any"."""
    while error.validator == "oneOf" and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0], []).append(sub)
        best = min(branches.values(), key=len)
        error = min(best, key=lambda e: len(e.path))
        if error.validator != "oneOf":
            break
    return error


def schema_errors(document: Any) -> Iterator[tuple[list[Any], str]]:
    """(absolute path, message) for each way the document breaks the case schema. The compiled
    validator gives the verdict (a few ms for the whole suite where the pure-Python one takes
    about a second); only for a document it finds invalid does the pure-Python one say where
    and why, as for the rule model (beanrules.model.validate)."""
    if _fast_verdict(document):
        return
    for error in sorted(_validator().iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        narrowed = _narrow(error)
        yield list(narrowed.absolute_path), narrowed.message
