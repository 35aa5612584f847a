"""Every ``assumed`` clause of every shipped spec is in the consistency report and on the spec's
rulebook page, whether the spec is given by name or by path.

What is counted: the keyword ``assumed`` in a spec's own file, found by this test's own scanner
(comments and quoted texts skipped: a reason that says "is assumed" is not a clause), so
neither the parser nor the report's code does the counting. Wherever it stands counts: on a
bean or rule, a phase, a card's text, ``plays as``, ability or effect, a note.

Inheritance: a spec's report lists its own file's clauses under its name, and its base's
(``extends``/``translates``, and theirs in turn) under the base's name, each exactly once; so a
translation that restates no assumption counts 0 of its own while its original's are listed
under the original. The rulebook page lists the spec's own clauses and its bases' on what the
spec keeps: at least the own count, at most own plus the bases', and every own reason.
"""
from __future__ import annotations

import html
import os
import re
from collections import Counter
from functools import cache

import pytest

from beanrules.checks.report import consistency_report, render_report
from beanrules.docs.reference import render_reference
from beanrules.paths import specs_dir
from beanrules.resolve.compiler import compile_spec, list_specs

# a quoted text (with its escapes), a comment, or a word; nothing else matters here
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z0-9_][A-Za-z0-9_-]*')
_BASE = re.compile(r"^\s*(?:extends|translates)\s+([A-Za-z0-9_/-]+)", re.MULTILINE)


@cache
def written(spec: str) -> tuple[str, ...]:
    """The reason of every ``assumed`` keyword in the spec's file, in file order."""
    tokens = _TOKEN.findall((specs_dir() / f"{spec}.bean").read_text(encoding="utf-8"))
    reasons = []
    for i, token in enumerate(tokens):
        if token == "assumed":
            reason = tokens[i + 1]
            assert reason.startswith('"'), f"{spec}: 'assumed' without its reason"
            reasons.append(re.sub(r"\\(.)", r"\1", reason[1:-1]))
    return tuple(reasons)


def bases(spec: str) -> list[str]:
    found = _BASE.search((specs_dir() / f"{spec}.bean").read_text(encoding="utf-8"))
    return [found.group(1)] + bases(found.group(1)) if found else []


def test_the_scanner_counts_clauses_not_words() -> None:
    # kannibohne's header comment and many reasons say "assumed"; only the keywords count
    text = (specs_dir() / "kannibohne.bean").read_text(encoding="utf-8")
    assert len(written("kannibohne")) < text.count("assumed")
    assert sum(len(written(s)) for s in list_specs()) > 100


@pytest.mark.parametrize("spec", list_specs())
def test_the_report_lists_every_assumed_clause_by_name_and_by_path(spec: str) -> None:
    report = consistency_report([spec])
    listed = Counter(a["spec"] for a in report["assumed"])
    for name in [spec] + bases(spec):
        assert listed[name] == len(written(name)), name
        assert sorted(a["reason"] for a in report["assumed"] if a["spec"] == name) == sorted(written(name))
    assert set(listed) <= {spec, *bases(spec)}
    path = specs_dir() / f"{spec}.bean"
    assert consistency_report([str(path)]) == report
    assert consistency_report([os.path.relpath(path)]) == report


def test_the_whole_report_holds_every_clause_of_every_spec_once() -> None:
    report = consistency_report()
    assert Counter(a["spec"] for a in report["assumed"]) == \
        Counter({s: len(written(s)) for s in list_specs() if written(s)})
    table = render_report(report).split("## Assumed values")[1]
    assert sum(line.startswith("| `") for line in table.splitlines()) == sum(len(written(s)) for s in list_specs())
    # the text cards' own assumptions, which the model keeps nowhere
    said = {(a["what"], a["states"]) for a in report["assumed"] if a["spec"] == "kannibohne"}
    assert ("card card-13, ability take-from-hand, effect", "move bean to own hand back") in said
    assert ("card card-01, plays as", "plays as red") in said


@pytest.mark.parametrize("spec", list_specs())
def test_the_rulebook_page_lists_every_assumption_of_its_spec(spec: str) -> None:
    page = render_reference(compile_spec(spec))
    section = page.split("\n## Assumptions\n")[1].split("\n## ")[0]
    items = [line for line in section.splitlines() if line.startswith("- ")]
    own, inherited = len(written(spec)), sum(len(written(b)) for b in bases(spec))
    assert own <= len(items) <= own + inherited
    if not inherited:
        assert len(items) == own
    for reason in written(spec):
        assert html.escape(reason, quote=False).replace("|", "&#124;") in section
