"""The case schema's verdict comes from the compiled validator; the pure-Python one explains.
They must agree, or a broken case file would load (or a good one be refused)."""
from __future__ import annotations

import datetime

import pytest
from jsonschema import Draft202012Validator

from beanrules.conformance.loader import discover
from beanrules.conformance.schema import _fast_verdict, case_schema, schema_errors
from beanrules.documents import load_yaml, read_text
from beanrules.paths import conformance_dir

REFERENCE = Draft202012Validator(case_schema())
SHIPPED = [load_yaml(read_text(path, 10**7)) for path in discover([conformance_dir()])]
GOOD = SHIPPED[0]


def _broken(change) -> dict:
    document = load_yaml(read_text(discover([conformance_dir()])[0], 10**7))
    change(document)
    return document


BROKEN = [
    _broken(lambda d: d.pop("spec")),
    _broken(lambda d: d["cases"][0].pop("cite")),
    _broken(lambda d: d["cases"][0]["steps"].append({"refuse": "Anna plants"})),
    _broken(lambda d: d["cases"][0].__setitem__("players", "Anna")),
    _broken(lambda d: d["cases"][0].__setitem__("seed", datetime.date(2026, 12, 1))),  # YAML gives dates
    _broken(lambda d: d.__setitem__("extra", {1, 2})),
]


def test_every_shipped_case_file_is_valid_to_both_validators() -> None:
    assert len(SHIPPED) > 10
    for document in SHIPPED:
        assert _fast_verdict(document) and REFERENCE.is_valid(document)
        assert list(schema_errors(document)) == []


@pytest.mark.parametrize("document", BROKEN)
def test_a_broken_case_file_is_refused_by_both_and_explained(document) -> None:
    assert not _fast_verdict(document) and not REFERENCE.is_valid(document)
    errors = list(schema_errors(document))
    assert errors and all(message for _, message in errors)
