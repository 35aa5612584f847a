"""The case schema's verdict comes from the compiled validator; the pure-Python one explains.
They must agree, or a broken case file would load (or a good one be refused)."""
from __future__ import annotations

import datetime
from functools import cache
from typing import Any, Callable

import pytest
from jsonschema import Draft202012Validator

from beanrules.conformance.loader import _parse, discover
from beanrules.conformance.schema import _fast_verdict, case_schema, schema_errors
from beanrules.model.copying import copy_json
from beanrules.paths import conformance_dir


@cache
def shipped() -> list[Any]:
    """Every shipped case file's document (parsed once per process by the loader)."""
    return [_parse(path)[1] for path in discover([conformance_dir()])]


def reference_is_valid(document: Any) -> bool:
    return Draft202012Validator(case_schema()).is_valid(document)


def test_every_shipped_case_file_is_valid_to_both_validators() -> None:
    assert len(shipped()) > 10
    for document in shipped():
        assert _fast_verdict(document) and reference_is_valid(document)
        assert list(schema_errors(document)) == []


BREAKAGES: list[Callable[[dict], Any]] = [
    lambda d: d.pop("spec"),
    lambda d: d["cases"][0].pop("cite"),
    lambda d: d["cases"][0]["steps"].append({"refuse": "Anna plants"}),
    lambda d: d["cases"][0].__setitem__("players", "Anna"),
    lambda d: d["cases"][0].__setitem__("seed", datetime.date(2026, 12, 1)),  # YAML gives dates
    lambda d: d.__setitem__("extra", {1, 2}),  # and sets
]


@pytest.mark.parametrize("breakage", BREAKAGES)
def test_a_broken_case_file_is_refused_by_both_and_explained(breakage: Callable[[dict], Any]) -> None:
    document = copy_json(shipped()[0])
    breakage(document)
    assert not _fast_verdict(document) and not reference_is_valid(document)
    errors = list(schema_errors(document))
    assert errors and all(message for _, message in errors)
