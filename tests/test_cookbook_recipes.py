"""The cookbook's recipes (docs/cookbook/NAME.bean with its cases NAME.yaml) check clean, pass
their own cases and keep every invariant in bot games, as a spec does."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.conformance.runner import run_files

COOKBOOK = Path(__file__).parents[1] / "docs" / "cookbook"
RECIPES = sorted(COOKBOOK.glob("*.bean"))


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda p: p.stem)
def test_a_recipe_passes_its_cases_and_plays(recipe: Path) -> None:
    cases = recipe.with_suffix(".yaml")
    assert cases.exists(), f"{recipe.name} has no cases beside it"
    results = run_files([cases]).results
    assert results and all(r.status == "passed" for r in results), [r.explain() for r in results if r.status != "passed"]
    model = compile_spec(str(recipe))
    for players in (model["players"]["min"], model["players"]["max"]):
        assert playout(model, str(recipe), players, 0).ok
