"""Schema validation of case files, with messages that point into the case."""
from __future__ import annotations

import json
from functools import cache
from typing import Any, Iterable, Iterator

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from ..paths import conformance_dir

SCHEMA_NAME = "case.schema.json"


@cache
def case_schema() -> dict[str, Any]:
    return json.loads((conformance_dir() / SCHEMA_NAME).read_text(encoding="utf-8"))


@cache
def _validator() -> Draft202012Validator:
    schema = case_schema()
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


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
    """(absolute path, message) for each way the document breaks the case schema."""
    for error in sorted(_validator().iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        narrowed = _narrow(error)
        yield list(narrowed.absolute_path), narrowed.message
