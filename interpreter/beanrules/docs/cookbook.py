"""The cookbook (docs/cookbook/): house rules, each a spec ``NAME.bean`` with its conformance
cases ``NAME.yaml`` beside it. Every pair in the folder is a recipe, found by its files: a
recipe is added by adding its two files, with no list to edit.

A recipe's cases must show its own rules acting: run on the rulebook the recipe extends (its
base, without the recipe's rules), each of them must fail. :func:`on_base` runs them so; the
tests hold every recipe to it and the recipe's page shows what happens without the rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..conformance import Case, CaseResult, load_file, run_case
from ..conformance.loader import compiled
from .stories import _event as told


@dataclass(frozen=True)
class Recipe:
    name: str
    spec: Path    # NAME.bean
    cases: Path   # NAME.yaml, beside it

    @property
    def base(self) -> str:
        """The rulebook the recipe extends (its model's ``extends``)."""
        model, _, error = compiled(str(self.spec))
        if model is None or not model.get("extends"):
            raise ValueError(f"{self.spec}: a recipe must compile and extend a rulebook ({error or 'no extends'})")
        return model["extends"]


def recipes(folder: Path) -> list[Recipe]:
    """Every recipe of the folder, by name: each ``.bean`` file with a ``.yaml`` file of its name."""
    return [Recipe(spec.stem, spec, spec.with_suffix(".yaml"))
            for spec in sorted(folder.glob("*.bean")) if spec.with_suffix(".yaml").is_file()]


def unpaired(folder: Path) -> list[Path]:
    """The spec and case files of the folder that lack their other half (each is a mistake)."""
    return sorted(p for p in [*folder.glob("*.bean"), *folder.glob("*.yaml")]
                  if not p.with_suffix(".yaml" if p.suffix == ".bean" else ".bean").is_file())


@dataclass(frozen=True)
class BaseRun:
    """One case of a recipe run on the recipe's base: ``passed`` means the case does not need
    the recipe's rules (a case that shows nothing of the recipe)."""

    case_id: str
    passed: bool
    why: str      # what goes otherwise on the base: the failing step, or why the case does not load there


def on_base(recipe: Recipe) -> list[BaseRun]:
    """Each case of the recipe, as written, run on the recipe's base instead of the recipe."""
    return list(_on_base(recipe.cases, recipe.spec, recipe.base))


@cache
def _on_base(cases: Path, spec: Path, base: str) -> tuple[BaseRun, ...]:
    written = load_file(cases)
    loaded = load_file(cases, {key: base for key in {*written.specs, str(spec.resolve())}})
    runs = [_run(case, run_case(case)) for case in loaded.cases]
    # A case that names what the base does not have (the recipe's card, rule or counter) does
    # not even load there: the loader says what is missing.
    runs += [BaseRun(case_id, False, "it names what is not there: " + "; ".join(dict.fromkeys(e.message for e in errors)))
             for case_id, errors in loaded.broken.items()]
    order = {case.id: i for i, case in enumerate(written.cases)}
    return tuple(sorted(runs, key=lambda run: order.get(run.case_id, len(order))))


def _run(case: Case, result: CaseResult) -> BaseRun:
    if result.status == "passed":
        return BaseRun(case.id, True, "")
    if result.step is None:
        return BaseRun(case.id, False, result.message.splitlines()[0] if result.message else result.status)
    step = case.steps[result.step]
    # numbered from 1, as the case's story numbers its steps
    if "events" in step:
        expected = "; ".join(told(event) for event in step["events"])
        return BaseRun(case.id, False, f"at step {result.step + 1}, what it expects does not happen ({expected})")
    if "refuse" in step and not result.mismatches:
        return BaseRun(case.id, False, f"at step {result.step + 1}, “{step['refuse']}” is not refused as it expects")
    said = "; ".join(f"{path} is {actual!r}, not {expected!r}" for path, expected, actual in result.mismatches[:2])
    first = result.message.splitlines()[0] if result.message else result.status
    return BaseRun(case.id, False, f"at step {result.step + 1}, {said or first}")
