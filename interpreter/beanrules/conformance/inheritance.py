"""Running a spec's bound cases, and telling which inherited cases its changes touch.

An inherited case is run on the variant's model. If the rules it exercises (traced on the
base and on the variant, plus the rules its refusals name) include one the variant replaced,
removed or added, the case is touched by the variant: if it no longer passes it is *changed by
the variant*, reported with the rule and what now happens, not counted as a failure (if it
still passes, it passes, and the rules it shares with the change are kept with it). Every
other inherited case must pass as on its base.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..engine.trace import Trace, recording
from ..memo import remember
from . import runner
from .binding import Binding
from .cases import Case, CaseError
from .loader import compiled
from .runner import CaseResult, run_case

Status = Literal["passed", "failed", "error", "skipped", "changed"]


@dataclass
class Outcome:
    """One case as run on the spec being verified."""

    case_id: str
    file: str
    origin: Literal["own", "inherited"]
    status: Status
    result: CaseResult | None
    rules: frozenset[str] = frozenset()       # the rules the case exercised
    changes: list[str] = field(default_factory=list)  # what the variant changed that the case uses
    now: str = ""                             # what happens on the variant (changed cases)

    def to_json(self) -> dict[str, Any]:
        return {"case": self.case_id, "file": self.file, "origin": self.origin, "status": self.status,
                "rules": sorted(self.rules), "changed_by_variant": self.changes, "now": self.now}

    def brief(self) -> str:
        """One line for a changed case: which of its rules changed, and what happens now."""
        if self.result is None:  # no longer loads: the loader's messages, each name once
            names = list(dict.fromkeys(c.split(" (")[0] for c in self.changes))
        else:
            names = [c.split(":")[0] for c in self.changes]
        now = self.now
        if self.result is not None and self.result.step is not None:
            now = f"{self.result.status} at step {self.result.step} ({self.result.step_text[:50]})"
        return f"{self.case_id}: {', '.join(names)} — now: {now}"

    def explain(self) -> str:
        if self.status == "changed":
            return f"{self.case_id} ({self.file}): " + "; ".join(self.changes) + f" — now: {self.now}"
        return self.result.explain() if self.result else self.case_id


# (case, rule model) -> the case's result and trace; the key's objects are held in the value, so
# no id in a key can be another object's while the entry lasts.
_RUNS: dict[tuple[int, int], tuple[tuple[Case, Any], tuple[CaseResult, Trace]]] = {}


def run_traced(case: Case) -> tuple[CaseResult, Trace]:
    """Run one case, recording which rules the engine consulted; once per case and rule model.
    The loader makes a case once per version of its file and spec, and the model is the one
    the runner compiles the case's spec to (runner.compiled, once per version of the spec):
    with the engine's code, they decide all a run does. verify runs a spec's cases each time
    it is asked, and `--coverage`, the docs and the tests ask again for the same spec."""
    model = runner.compiled(case.spec)[0]
    key = (id(case), id(model))
    if key not in _RUNS:
        remember(_RUNS, key, ((case, model), _run_traced(case)), 4096)
    result, trace = _RUNS[key][1]
    # Copies: a caller may add to what it is handed without changing what the next one gets.
    return replace(result, mismatches=list(result.mismatches)), replace(trace, rules=set(trace.rules),
                                                                         beans=set(trace.beans))


def _run_traced(case: Case) -> tuple[CaseResult, Trace]:
    with recording() as trace:
        result = run_case(case)
    for step in case.steps:  # a refusal the case expects names its rule even if it never came
        rule = step.get("rule") if "refuse" in step else None
        trace.rules.update([rule] if isinstance(rule, str) else rule or [])
    rule = (case.refused_state or {}).get("rule")  # so does a start the case expects refused
    trace.rules.update([rule] if isinstance(rule, str) else rule or [])
    return result, trace


_BASE_RUNS: dict[tuple[str, str, str], tuple[CaseResult, Trace]] = {}


def _run_on_base(case: Case, base: str) -> tuple[CaseResult, Trace]:
    """The case run on the base it was written for (once per process: bases are shared)."""
    key = (case.file, case.id, base)
    if key not in _BASE_RUNS:
        _BASE_RUNS[key] = run_traced(replace(case, spec=base))
    return _BASE_RUNS[key]


def _value(item: dict[str, Any], keys: tuple[str, ...]) -> str:
    return json.dumps({k: item.get(k) for k in keys}, sort_keys=True)


def model_changes(base: dict[str, Any], model: dict[str, Any]) -> dict[str, str]:
    """What a variant changed against a base: "rule:ID" / "bean:ID" → in words."""
    out: dict[str, str] = {}
    for what, keys in (("rule", ("kind", "params", "phase")), ("bean", ("count", "beanometer", "plantable"))):
        old = {i["id"]: i for i in base[what + "s"]}
        new = {i["id"]: i for i in model[what + "s"]}
        for item_id in old.keys() | new.keys():
            a, b = old.get(item_id), new.get(item_id)
            if a is None:
                out[f"{what}:{item_id}"] = f"{what} '{item_id}' added: {b.get('text') or _value(b, keys)}"
            elif b is None:
                out[f"{what}:{item_id}"] = f"{what} '{item_id}' removed"
            elif _value(a, keys) != _value(b, keys):
                show = (lambda i: i.get("text")) if what == "rule" else (lambda i: _value(i, keys))
                out[f"{what}:{item_id}"] = f"{what} '{item_id}' replaced: {show(a)} → {show(b)}"
    return out


def _now(result: CaseResult) -> str:
    if result.status == "passed":
        return "still passes"
    first = result.message.splitlines()[0] if result.message else result.status
    step = f"step {result.step} ({result.step_text}): " if result.step is not None else ""
    return f"{result.status} at {step}{first}"


def run_binding(binding: Binding) -> list[Outcome]:
    """Every bound case run on the spec's model, inherited ones judged against their base."""
    outcomes: list[Outcome] = []
    for case in binding.own:
        result, trace = run_traced(case)
        outcomes.append(Outcome(case.id, case.file, "own", result.status, result, frozenset(trace.rules)))
    model, _, _ = compiled(binding.spec.key)
    changed_from: dict[str, dict[str, str]] = {}  # base key -> model_changes: one base, many cases
    for case in binding.inherited:
        result, trace = run_traced(case)
        base_id = binding.ancestor(case.target)
        rules, beans = set(trace.rules), set(trace.beans)
        changes: list[str] = []
        base_model = compiled(base_id.key)[0] if base_id else None
        if base_model is not None and model is not None:
            _, base_trace = _run_on_base(case, base_id.key)
            rules |= base_trace.rules
            beans |= base_trace.beans
            if base_id.key not in changed_from:
                changed_from[base_id.key] = model_changes(base_model, model)
            changed = changed_from[base_id.key]
            changes = [changed[k] for k in sorted(changed)
                       if (k.startswith("rule:") and k[5:] in rules) or (k.startswith("bean:") and k[5:] in beans)]
        # A case the variant's changes touch but that still passes holds for the variant too.
        status: Status = "changed" if changes and result.status != "passed" else result.status
        outcomes.append(Outcome(case.id, case.file, "inherited", status, result, frozenset(rules),
                                changes, _now(result) if changes else ""))
    for case_id, errors in binding.inherited_broken:
        # The case no longer fits the variant's model (a bean, phase or rule it names is gone).
        outcomes.append(Outcome(case_id, errors[0].file, "inherited", "changed", None, frozenset(),
                                [e.message for e in errors], "the case no longer fits the variant"))
    return outcomes


def broken_outcomes(errors: list[CaseError]) -> list[Outcome]:
    return [Outcome(e.case_id or "(file)", e.file, "own", "error",
                    CaseResult("?", e.case_id or e.file, e.file, "error", message=e.render()))
            for e in errors]
