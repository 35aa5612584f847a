"""The cookbook (docs/cookbook/): every recipe found there, without a list, checks clean, needs
its own rules for each of its cases, and plays to its end with random and greedy bots at every
player count it allows, every invariant checked (in the test command random bots at its fewest
players and greedy ones at its most, the rest under `pytest -m sweep`). Its cases themselves run
as conformance items (docs/cookbook/conftest.py); the site's pages are built from the same functions."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.docs.acting import find_moment
from beanrules.docs.cookbook import Recipe, on_base, recipes, unpaired
from beanrules.docs.recipe_page import recipe_pages
from beanrules.resolve.compiler import compile_with_warnings

COOKBOOK = Path(__file__).resolve().parents[2] / "docs" / "cookbook"
RECIPES = recipes(COOKBOOK)
BY_NAME = {r.name: r for r in RECIPES}


def test_every_spec_has_its_cases_and_every_case_file_its_spec():
    assert unpaired(COOKBOOK) == []
    assert len(RECIPES) >= 9


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.name)
def test_the_recipe_checks_clean_and_extends_a_rulebook(recipe: Recipe):
    model, warnings = compile_with_warnings(str(recipe.spec))
    assert warnings == []
    assert model["extends"] == recipe.base


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.name)
def test_every_case_fails_on_the_base_without_the_recipe(recipe: Recipe):
    runs = on_base(recipe)
    assert runs, "a recipe has cases"
    passing = [run.case_id for run in runs if run.passed]
    assert passing == [], f"these cases pass on {recipe.base} too, so they show nothing of the recipe: {passing}"


def _games(recipe: Recipe, at_the_ends: bool) -> None:
    """Bot games of the recipe, every invariant checked: random bots at its fewest players and
    greedy ones at its most (at_the_ends), or every other pair of player count and bots."""
    model = compile_spec(str(recipe.spec))
    low, high = model["players"]["min"], model["players"]["max"]
    ends = {(low, "random"), (high, "greedy")}
    for players in range(low, high + 1):
        for bots in ("random", "greedy"):
            if ((players, bots) in ends) == at_the_ends:
                result = playout(model, str(recipe.spec), players, seed=1, bots=(bots,))
                assert result.ok, (players, bots, result.problems)


# Two games a recipe in the test command (each bot at one end of the player counts); the other
# counts and bots, four games a recipe and two thirds of the file's CPU, under `pytest -m sweep`.
@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.name)
def test_bot_games_end_at_the_fewest_and_most_players(recipe: Recipe):
    _games(recipe, at_the_ends=True)


@pytest.mark.sweep
@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.name)
def test_bot_games_end_at_every_player_count(recipe: Recipe):
    _games(recipe, at_the_ends=False)


def _copy(recipe: Recipe, folder: Path, name: str) -> Recipe:
    shutil.copy(recipe.spec, folder / f"{name}.bean")
    text = recipe.cases.read_text(encoding="utf-8").replace(recipe.spec.name, f"{name}.bean")
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return Recipe(name, folder / f"{name}.bean", folder / f"{name}.yaml")


def test_a_pair_put_into_the_folder_is_a_recipe_and_gets_a_page(tmp_path: Path):
    _copy(BY_NAME["patient-farmer"], tmp_path, "my-rule")
    (tmp_path / "lonely.bean").write_text("", encoding="utf-8")
    found = recipes(tmp_path)
    assert [r.name for r in found] == ["my-rule"]
    assert unpaired(tmp_path) == [tmp_path / "lonely.bean"]
    index, pages = recipe_pages(found)
    assert "[Classic where small fields stay](my-rule.md) | constraints by condition: forbid while |" in index
    assert "2 of 2 fail on `classic`" in index
    page = pages["my-rule"]
    assert "no player may harvest while count of this field < 3" in page  # the spec
    assert "- `patience`: " in page  # its core
    assert "### `a-field-of-two-stays-a-field-of-three-may-be-harvested`" in page  # a case
    assert "may not: Anna harvests 1" in page  # the moment of a game where the rule acts


def test_a_case_that_does_not_need_the_rule_is_found(tmp_path: Path):
    recipe = _copy(BY_NAME["hand-limit"], tmp_path, "loose")
    text = recipe.cases.read_text(encoding="utf-8")
    # the case of a hand far below the limit: it passes on classic just as well
    text = text.replace("hands: {Anna: [soy, soy, soy, soy, soy, soy], Natalie",
                        "hands: {Anna: [soy], Natalie").replace(
        "hands: {Anna: [soy, soy, soy, soy, soy, soy, red]}", "hands: {Anna: [soy, red, green, chili]}")
    text = text.replace("offer: [green, chili]", "offer: [garden, blue]")
    recipe.cases.write_text(text, encoding="utf-8")
    runs = {run.case_id: run for run in on_base(recipe)}
    assert runs["a-draw-stops-at-seven-cards"].passed
    assert not runs["a-full-hand-draws-nothing-the-next-hand-draws-three"].passed


def test_the_moment_a_rule_acts_is_found_and_told():
    moment = find_moment(compile_spec(str(BY_NAME["garden-party"].spec)), compile_spec("classic"))
    assert moment is not None and "garden-party" in moment.here and "turned over" in moment.here
    hidden = find_moment(compile_spec(str(BY_NAME["face-down-discard"].spec)), compile_spec("classic"))
    assert hidden is not None and "on top" in hidden.here and "discard pile" in hidden.base


def test_a_story_says_what_a_player_sees_in_words():
    from beanrules.docs.stories import _state
    said = _state({"seen": {"Natalie": {"hands": {"Anna": ["red", "soy"], "Greg": 1},
                                        "discard": {"count": 3, "top": "soy"}, "deck": 2}},
                   "hands": {"Anna": 10}, "over": True})
    assert said == ("Natalie sees Anna's hand: red, soy; Greg's hand: 1 card; the discard pile: 3 cards, "
                    "soy on top; the deck: 2 cards; Anna holds 10 cards; the game is over")


def test_a_case_that_does_not_load_is_shown_with_why(tmp_path: Path):
    recipe = _copy(BY_NAME["quick-game"], tmp_path, "broken")
    text = recipe.cases.read_text(encoding="utf-8").replace("hands: {Anna: [], Natalie: [blue]",
                                                           "hands: {Anna: [], Natalie: [bleu]")
    recipe.cases.write_text(text, encoding="utf-8")
    index, pages = recipe_pages([recipe])
    assert "1 of 2 passed" in index
    assert "### `the-first-time-the-deck-runs-out-ends-the-game`\n\n**Does not load:**" in pages["broken"]
    assert "unknown bean 'bleu'" in pages["broken"]


def test_a_story_says_some_legal_actions_as_some():
    from beanrules.docs.stories import _state
    said = _state({"legal": {"Anna": {"includes": ["Anna harvests 2"], "excludes": ["Anna harvests 1"]}}})
    assert said == "Anna may “Anna harvests 2”, and may not “Anna harvests 1”"
    assert _state({"legal": {"Anna": ["Anna rejects 1"]}}) == "Anna may now only do “Anna rejects 1”"
