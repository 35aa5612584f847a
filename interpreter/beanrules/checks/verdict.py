"""One spec verified: compiled (translations held to their original), played, its cases run on
the model compiled from the file given, its rules' coverage measured, and an honest verdict.

Problems that fail the verdict: errors (a translation that differs is one), a spec the engine
cannot play, failed games, failed cases (own, or inherited ones the variant did not change),
and no case run where a base has some. A spec that ran no cases at all, with no base that has
any, is verified with a warning that says so.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..diagnostics import SpecError


def verify_spec(name: str, games: int, seed: int, extra_cases: list[Path] = ()) -> dict[str, Any]:
    from ..engine.errors import UnsupportedRule
    from ..engine.compiler import compile_ruleset
    from ..resolve.compiler import compile_with_warnings
    from .invariants import invariant_playouts
    from .translation import review

    result: dict[str, Any] = {
        "compiled": False, "errors": [], "warnings": [], "playable": None, "games": 0, "games_failed": [],
        "games_by": None,
        "cases": {"own": 0, "inherited": 0, "changed": 0, "passed": 0, "failed": 0},
        "cases_failed": [], "cases_changed": [], "cases_changed_brief": [], "bases": [], "coverage": None,
        "problems": {}, "notes": {}, "ok": False}
    problems = result["problems"]
    try:
        model, diagnostics = compile_with_warnings(name)
    except SpecError as exc:
        result["errors"] = [d.render() for d in exc.errors]
        problems["compile-errors"] = f"{len(exc.errors)} error(s)"
        return result
    diagnostics = review(name, model, diagnostics)
    result["compiled"] = True
    result["errors"] = [d.render() for d in diagnostics if d.severity == "error"]
    result["warnings"] = [d.render() for d in diagnostics if d.severity == "warning"]
    differs = sum(d.code == "translation-differs" for d in diagnostics)
    if differs:
        problems["translation-differs"] = f"{differs} restated value(s) differ from {model['translates']}"
    try:
        compile_ruleset(model, model["players"]["min"])
        result["playable"] = True
    except UnsupportedRule as exc:
        result["playable"] = f"not playable: {exc}"
        problems["unplayable"] = result["playable"]
    if result["playable"] is True and games:
        report = invariant_playouts(model, model["rulebook"], games, seed)
        result["games"] = len(report.games)
        result["games_by"] = {"interpreter": report.count("interpreter"), "kernel": report.count("kernel"),
                              "interpreter_quick": report.count("interpreter-quick"),
                              "kernel_reason": report.kernel_reason}
        result["games_failed"] = [{"players": g.players, "seed": g.seed, "problems": g.problems}
                                  for g in report.failed]
        if report.failed:
            problems["games-failed"] = f"{len(report.failed)} of {len(report.games)} games broke an invariant"

    outcomes = _run_cases(name, result, extra_cases)
    exercised = set().union(*(o.rules for o in outcomes)) if outcomes else set()
    rules = [r["id"] for r in model["rules"] if r["kind"] != "note"]
    result["coverage"] = {"rules": len(rules), "exercised": sum(r in exercised for r in rules),
                          "uncovered": [r for r in rules if r not in exercised],
                          "by_rule": {r: sorted({o.case_id for o in outcomes if r in o.rules}) for r in rules}}
    result["ok"] = not problems and not result["errors"]
    if result["errors"] and not problems:
        problems["compile-errors"] = f"{len(result['errors'])} error(s)"
    return result


def _run_cases(name: str, result: dict[str, Any], extra_cases: list[Path]) -> list[Any]:
    """Run the spec's own and inherited cases on its model; count them into `result`."""
    from ..conformance.binding import bind
    from ..conformance.inheritance import broken_outcomes, run_binding

    binding = bind(name, list(extra_cases))
    if binding is None or result["playable"] is not True:
        return []
    outcomes = run_binding(binding) + broken_outcomes(binding.broken)
    result["bases"] = [a.name for a in binding.ancestors]
    cases, problems = result["cases"], result["problems"]
    for outcome in outcomes:
        cases[outcome.origin] += 1
        if outcome.status == "changed":
            cases["changed"] += 1
            result["cases_changed"].append(outcome.explain())
            result["cases_changed_brief"].append(outcome.brief())
        elif outcome.status == "passed":
            cases["passed"] += 1
        else:
            cases["failed"] += 1
            result["cases_failed"].append(outcome.explain())
    if cases["failed"]:
        problems["cases-failed"] = f"{cases['failed']} case(s) failed"
    if not outcomes:
        if binding.ancestors and _base_has_cases(binding, extra_cases):
            problems["no-cases-where-base-has-some"] = "ran no cases, though its base has some"
        else:
            result["notes"]["no-cases"] = "ran no conformance cases: nothing checks that it plays as its rulebook says"
    return outcomes


def _base_has_cases(binding: Any, extra_cases: list[Path]) -> bool:
    from ..conformance.binding import bind
    for ancestor in binding.ancestors:
        found = bind(ancestor.key, list(extra_cases))
        if found is not None and (found.own or found.inherited):
            return True
    return False
