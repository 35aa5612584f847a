"""A card's ability naming a phase, bean or zone the rule model does not have, in a model that
never went through `check` (written by hand, or by another tool): one judgement
(engine/refusals.py, unknown_names) that `check` reports at the ability and the engine raises
as the game is created, naming the card, the ability, the file and line, in check's words.

Before, handed such a model, the engine started the game and then stopped it mid-way with a
Python error (an unknown zone: TypeError, `state.zones` is None; a lasting constraint's unknown
phase: KeyError) or played on with an ability that could never act (an unknown phase of its
timing); and `check` missed the names of a lasting constraint's phase and of a choice's bean."""
from __future__ import annotations

import copy
import json
from typing import Callable

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, UnsupportedRule
from beanrules.engine.refusals import where_ability
from beanrules.resolve.playable import check_playable

from checkplay_helpers import failed_run


@pytest.fixture(scope="module")
def kannibohne() -> dict:
    """Kannibohne's model as a file holds it (its cards' abilities name phases, beans, zones)."""
    return json.loads(json.dumps(compile_spec("kannibohne")))


def _ability(model: dict, card: str) -> dict:
    return next(b for b in model["beans"] if b["id"] == card)["abilities"][0]


def _timing_phase(model: dict) -> None:  # 'in phase plant' of the ability's timing
    next(t for t in _ability(model, "card-01")["triggers"] if t.get("phase"))["phase"] = "plantx"


def _moved_from(model: dict) -> None:  # 'move one of each type from discard to deck'
    _ability(model, "card-01")["effects"][0]["from"]["zone"] = "attic"


def _tested_place(model: dict) -> None:  # 'only if count of own hand < 4 or …'
    _ability(model, "card-07")["effects"][0]["condition"]["of"][0]["place"]["zone"] = "attic"


def _chosen_bean(model: dict) -> None:  # '… chooses a stink bean'
    _ability(model, "card-17")["effects"][1]["is"] = "stinky"


def _lasting_phase(model: dict) -> None:  # 'in the opponent's next phase prelude, they may not harvest'
    _ability(model, "card-11")["effects"][0]["phase"] = "preludex"


CASES = [  # (what is renamed, the card, the name, its kind)
    (_timing_phase, "card-01", "plantx", "phase"),
    (_moved_from, "card-01", "attic", "zone"),
    (_tested_place, "card-07", "attic", "zone"),
    (_chosen_bean, "card-17", "stinky", "bean"),
    (_lasting_phase, "card-11", "preludex", "phase"),
]


def _hand_made(base: dict, rename: Callable[[dict], None]) -> dict:
    model = copy.deepcopy(base)
    rename(model)
    return model


@pytest.mark.parametrize("rename, card, name, kind", CASES, ids=[c[0].__name__.strip("_") for c in CASES])
def test_the_engine_refuses_an_ability_naming_what_the_model_has_not_at_the_start(
        kannibohne: dict, rename: Callable[[dict], None], card: str, name: str, kind: str) -> None:
    model = _hand_made(kannibohne, rename)
    bean = next(b for b in model["beans"] if b["id"] == card)
    says = f"names {kind} '{name}', which the rulebook does not have"
    with pytest.raises(UnsupportedRule) as refused:
        Game(model, 2, seed=0)
    assert str(refused.value) == f"{where_ability(bean, 0)} {says}" and refused.value.card == card
    line = bean["abilities"][0]["span"]["line"]
    assert f"of card '{card}' (specs/kannibohne.bean, line {line}) " in str(refused.value)
    # check says it at the ability, in the engine's words
    [error] = [d for d in check_playable(model, None) if d.code.startswith("unknown-")]
    assert (error.code, error.message) == (f"unknown-{kind}", f"the ability of card '{card}' {says}")
    assert error.span is not None and error.span.line == line


def test_a_near_miss_is_named_in_checks_hint(kannibohne: dict) -> None:
    [error] = [d for d in check_playable(_hand_made(kannibohne, _timing_phase), None) if d.code == "unknown-phase"]
    assert error.suggestion == "did you mean 'plant'?"


def test_the_shipped_specs_abilities_name_only_what_their_models_have(kannibohne: dict) -> None:
    for spec in ("kannibohne", "anniversary/magpie", "anniversary/field-beans"):
        model = compile_spec(spec)
        assert not [d for d in check_playable(model, None) if d.code.startswith("unknown-")]
        Game(model, model["players"]["min"], seed=0)


@pytest.mark.parametrize("command", [["play", "hand-made", "--players", "2"], ["verify", "hand-made", "--games", "1"]])
def test_play_and_verify_refuse_it_naming_the_ability(kannibohne: dict, monkeypatch, capsys,
                                                       command: list[str]) -> None:
    """`beanrules play` and `verify`, given such a model in place of a compiled spec (as a tool
    that makes its own models would), fail with the engine's refusal: no traceback, no game."""
    said = failed_run(monkeypatch, capsys, "hand-made", _hand_made(kannibohne, _lasting_phase), command)
    assert "of card 'card-11' (specs/kannibohne.bean, line " in said
    assert "names phase 'preludex', which the rulebook does not have" in said
    assert "Traceback" not in said
