"""Conformance cases as documentation: per rulebook, every case with its citation, the rules it
names, and whether the engine passed it when the site was built.

The rules a case exercises are computed, not hand-written: the engine's trace of what it
consulted while the case ran (refusals, payouts, phase steps, the end; see engine/trace.py),
plus the rule of each refusal the case expects.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..conformance import Case, CaseResult, discover, load_file
from ..conformance.inheritance import run_traced
from ..conformance.loader import compiled
from ..paths import conformance_dir
from ..wording import plural
from .links import up


@dataclass(frozen=True)
class DocumentedCase:
    case: Case
    result: CaseResult
    rules: tuple[str, ...]  # rule ids the case exercised (traced), in the model's order


@cache
def documented_cases(root: Path | None = None) -> dict[str, list[DocumentedCase]]:
    """Every loadable case under the conformance folder, run once, grouped by spec name. A case
    file of a test spec beside it (a ``.bean`` path, no shipped rulebook) is a test only: the
    site shows cases under the shipped rulebooks they exercise."""
    specs = dict.fromkeys(case.spec for path in discover([root or conformance_dir()])
                          for case in load_file(path).cases if not case.spec.endswith(".bean"))
    return {spec: documented_cases_of(spec, root) for spec in specs}


@cache
def documented_cases_of(spec: str, root: Path | None = None) -> list[DocumentedCase]:
    """``documented_cases()[spec]``, running only the cases written for that spec (the other
    specs' cases are not even built): a page of one rulebook needs no other rulebook's runs."""
    return [_documented(case) for path in discover([root or conformance_dir()])
            for case in load_file(path, {spec: spec}).cases]


def _documented(case: Case) -> DocumentedCase:
    """A case run traced, with the rules it exercised in the model's order."""
    result, trace = run_traced(case)
    model = compiled(case.spec)[0]
    order = [r["id"] for r in model["rules"]] if model else sorted(trace.rules)
    return DocumentedCase(case, result, tuple(r for r in order if r in trace.rules))


def cases_by_rule(cases: list[DocumentedCase]) -> dict[str, list[DocumentedCase]]:
    out: dict[str, list[DocumentedCase]] = {}
    for documented in cases:
        for rule_id in documented.rules:
            out.setdefault(rule_id, []).append(documented)
    return out


_MARK = {"passed": "passed", "failed": "**failed**", "error": "**error**", "skipped": "skipped"}


def render_cases(spec: str, cases: list[DocumentedCase]) -> str:
    passed = sum(d.result.status == "passed" for d in cases)
    out = [f"# Conformance: `{spec}`", "",
           f"{plural(len(cases), 'case')} from the rulebook's own examples and rules; {passed} passed when this "
           f"page was built. Each case is a test (`pytest` item `{spec}::<id>`) and cites the passage "
           f"it encodes; see [the case format]({up(spec)}conformance.md).", ""]
    files: dict[str, list[DocumentedCase]] = {}
    for documented in cases:
        files.setdefault(documented.case.file, []).append(documented)
    for file, members in files.items():
        out += [f"## `{Path(file).name}`", "", "| case | cites | what it shows | rules | result |",
                "|---|---|---|---|---|"]
        for d in members:
            rules = ", ".join(f"[`{r}`]({up(spec)}rulebooks/{spec}.md#rule-{r})" for r in d.rules) or "–"
            quote = f": “{d.case.quote}”" if d.case.quote else ""
            out.append(f"| <span id=\"{d.case.id}\"></span>`{d.case.id}` | {d.case.citation}{quote} | "
                       f"{d.case.description} | {rules} | {_MARK[d.result.status]} |".replace("\n", " "))
        out.append("")
    return "\n".join(out) + "\n"
