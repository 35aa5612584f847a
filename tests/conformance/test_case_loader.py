"""The loader's error handling: every bad case file gets a message naming the file, the case
and the path in the case, and a broken case or file never hides the others."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from beanrules.cli import main
from beanrules.conformance import load_file
from casefiles import case, write

def messages(path: Path) -> list[str]:
    return [error.render() for error in load_file(path).all_errors]


def test_good_case_loads_with_file_defaults(tmp_path: Path) -> None:
    loaded = load_file(write(tmp_path, case()))
    assert loaded.all_errors == []
    (only,) = loaded.cases
    assert only.name == "classic::chili-harvest"
    assert only.citation == "Reglas del juego de Bohnanza, Ejemplo 5"
    assert only.start == "Anna"


def test_schema_violation_names_case_and_path(tmp_path: Path) -> None:
    bad = case()
    del bad["description"]
    bad["steps"] = [{"refuse": "Anna harvests 1"}]
    path = write(tmp_path, bad)
    assert messages(path) == [
        f"{path}: case 'chili-harvest': 'description' is a required property",
        f"{path}: case 'chili-harvest' at steps[0]: 'rule' is a required property",
    ]


def test_schema_violation_in_header_stops_only_this_file(tmp_path: Path) -> None:
    path = write(tmp_path, case(), spec=7)
    loaded = load_file(path)
    assert loaded.cases == []
    assert [e.render() for e in loaded.errors] == [f"{path} at spec: 7 is not of type 'string'"]


def test_unknown_bean_in_state_and_action_with_suggestion(tmp_path: Path) -> None:
    bad = case(state={"hands": {"Anna": ["stnk"]}}, steps=[{"do": "Anna plants chilli in 1"}])
    path = write(tmp_path, bad)
    assert messages(path) == [
        # the engine refuses the start, naming the zone (conformance/startstate.py)
        f"{path}: case 'chili-harvest' at state.hands.Anna: unknown bean 'stnk' (did you mean 'stink'?)",
        f"{path}: case 'chili-harvest' at steps[0].do: unknown bean 'chilli' (did you mean 'chili'?)",
    ]


def test_bean_out_of_play_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, case(state={"deck": ["coffee"]}, steps=[{"expect": {"deck": 1}}]))
    (message,) = messages(path)
    assert message.startswith(f"{path}: case 'chili-harvest' at state.deck[0]: bean 'coffee' is not in play in classic")


def test_unknown_player_in_action_state_and_expectation(tmp_path: Path) -> None:
    bad = case(state={"active": "Nathalie"},
               steps=[{"do": "Bob harvests 1"}, {"expect": {"coins": {"Gregg": 1}}}])
    path = write(tmp_path, bad)
    players = "players are Anna, Natalie, Greg"
    assert messages(path) == [
        f"{path}: case 'chili-harvest' at state.active: unknown player 'Nathalie' (did you mean 'Natalie'?); {players}",
        f"{path}: case 'chili-harvest' at steps[0].do: unknown player 'Bob'; {players}",
        f"{path}: case 'chili-harvest' at steps[1].expect.coins.Gregg: unknown player 'Gregg' (did you mean 'Greg'?); {players}",
    ]


def test_unknown_action_verb(tmp_path: Path) -> None:
    path = write(tmp_path, case(steps=[{"do": "Anna plant chili in 1"}]))
    (message,) = messages(path)
    assert message.startswith(f"{path}: case 'chili-harvest' at steps[0].do: unknown action 'plant' (did you mean 'plants'?)")


def test_unknown_rule_in_refuse(tmp_path: Path) -> None:
    path = write(tmp_path, case(steps=[{"refuse": "Anna harvests 1", "rule": "protecton"}]))
    assert messages(path) == [
        f"{path}: case 'chili-harvest' at steps[0].rule: unknown rule 'protecton' (did you mean 'protection'?) in classic"]


def test_impossible_state_more_stink_than_exist(tmp_path: Path) -> None:
    state = {"fields": {"Anna": [["stink"] * 10], "Greg": [["stink"] * 5]}, "discard": ["stink", "stink"]}
    path = write(tmp_path, case(state=state, steps=[{"expect": {"over": False}}]))
    assert messages(path) == [
        f"{path}: case 'chili-harvest' at state: more cards than the game has: 17 stink cards, but the game has 16"]


def test_impossible_state_fields_and_mixed_field(tmp_path: Path) -> None:
    state = {"fields": {"Anna": [["chili", "soy"], [], []]}}
    path = write(tmp_path, case(players=["Anna", "Natalie", "Greg", "Lena"], state=state,
                                steps=[{"expect": {"over": False}}]))
    assert messages(path) == [
        f"{path}: case 'chili-harvest' at state.fields.Anna: Anna has 3 fields; with 4 players the rules give 2",
        f"{path}: case 'chili-harvest' at state.fields.Anna[0]: field 1 holds chili, soy: one field grows one bean type",
    ]


def test_player_count_outside_the_rulebook(tmp_path: Path) -> None:
    path = write(tmp_path, case(players=["Anna", "Natalie"]))
    assert messages(path) == [f"{path}: case 'chili-harvest' at players: classic is played by 3 to 5 players, not 2"]


def test_broken_case_does_not_stop_the_others(tmp_path: Path) -> None:
    broken = case(id="broken", steps=[{"do": "Bob harvests 1"}])
    loaded = load_file(write(tmp_path, broken, case(id="fine")))
    assert [c.id for c in loaded.cases] == ["fine"]
    assert list(loaded.broken) == ["broken"]


def test_duplicate_case_id(tmp_path: Path) -> None:
    path = write(tmp_path, case(), case())
    loaded = load_file(path)
    assert [c.index for c in loaded.cases] == [0]
    assert [e.render() for e in loaded.all_errors] == [
        f"{path}: case 'chili-harvest' at id: duplicate case id (also cases[0])"]


def test_not_yaml(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("spec: classic\ncases: [\n  - id: x\n", encoding="utf-8")
    (message,) = messages(path)
    assert message.startswith(f"{path}: not valid YAML: line 3, column 3:")


def test_yaml_tags_are_not_executed(tmp_path: Path) -> None:
    # safe_load refuses python tags instead of running them
    path = tmp_path / "evil.yaml"
    path.write_text("spec: !!python/object/apply:os.system ['true']\ncases: []\n", encoding="utf-8")
    (message,) = messages(path)
    assert "not valid YAML" in message and "python/object/apply" in message


def test_unknown_spec(tmp_path: Path) -> None:
    path = write(tmp_path, case(spec="no-such-rulebook"))
    (message,) = messages(path)
    assert message.startswith(f"{path}: case 'chili-harvest' at spec: ")
    assert "no-such-rulebook" in message


def test_dealt_game_takes_no_state_and_no_other_start(tmp_path: Path) -> None:
    path = write(tmp_path, case(dealt=True, start="Greg"))
    assert messages(path) == [
        f"{path}: case 'chili-harvest' at state: a dealt game starts from the engine's setup; give either dealt or state",
        f"{path}: case 'chili-harvest' at start: a dealt game starts with the first player (Anna); reorder the players instead",
    ]


def test_a_file_may_run_its_cases_on_several_specs(tmp_path: Path) -> None:
    loaded = load_file(write(tmp_path, case(), case(id="only-classic", spec="classic"),
                             spec=["classic", "translations/es"]))
    assert loaded.all_errors == []
    assert [c.name for c in loaded.cases] == ["classic::chili-harvest", "translations/es::chili-harvest",
                                              "classic::only-classic"]


def test_an_unknown_spec_in_a_list_is_named(tmp_path: Path) -> None:
    [error] = load_file(write(tmp_path, case(), spec=["classic", "translations/xx"])).all_errors
    assert "unknown rulebook 'translations/xx'" in error.render() and "chili-harvest" in error.render()


def test_beans_in_play_and_fields_follow_the_player_count(tmp_path: Path) -> None:
    # how-to-play removes cocoa with 3 players only, and lets a player buy up to 3 fields
    three = case(id="three", players=["Anna", "Natalie", "Greg"], state={"hands": {"Anna": ["cocoa"]}},
                 steps=[{"expect": {"over": False}}])
    four = case(id="four", players=["Anna", "Natalie", "Greg", "Lena"],
                state={"hands": {"Anna": ["cocoa"]}, "fields": {"Anna": [[], [], []]}},
                steps=[{"expect": {"over": False}}])
    path = write(tmp_path, three, four, spec="how-to-play", source="How To Play Bohnanza")
    [error] = load_file(path).all_errors
    assert error.case_id == "three" and "bean 'cocoa' is not in play in how-to-play" in error.render()
    assert [c.id for c in load_file(path).cases] == ["four"]


# Shapes the schema refuses, which the loader once read before it knew their shape: `beanrules
# conformance` ended with "internal error" (an empty `cases:` item: "argument of type 'NoneType'
# is not iterable"; a spec that is a list or a bool: "'list' object has no attribute
# 'endswith'", "argument of type 'bool' is not iterable"). Each must be a located error, and
# the file's good cases still load.
SHAPES = {
    "an empty item in cases": ("cases:\n-\n", "case 'cases[0]': None is not of type 'object'"),
    "a case that is a bool": ("cases:\n- true\n", "case 'cases[0]': True is not of type 'object'"),
    "a case that is a number": ("cases:\n- 7\n", "case 'cases[0]': 7 is not of type 'object'"),
    "a case's spec that is a list": ("cases:\n- {id: own-spec, spec: [classic]}\n",
                                     "case 'own-spec' at spec: ['classic'] is not of type 'string'"),
    "a case's spec that is a bool": ("cases:\n- {id: own-spec, spec: true}\n",
                                     "case 'own-spec' at spec: True is not of type 'string'"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_case_of_another_shape_is_a_located_error(tmp_path: Path, shape: str, capsys) -> None:
    good = write(tmp_path, case()).read_text(encoding="utf-8")
    written, expected = SHAPES[shape]
    path = tmp_path / "shape.yaml"
    path.write_text(good.replace("cases:\n", written, 1), encoding="utf-8")
    loaded = load_file(path)
    assert [c.id for c in loaded.cases] == ["chili-harvest"]
    assert f"{path}: {expected}" in messages(path)
    assert main(["conformance", str(path)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.out + out.err and expected in out.out + out.err


@pytest.mark.parametrize("spec, expected", [([["classic"]], "at spec: [['classic']] is not of type 'string'"),
                                            (True, "at spec: True is not of type 'string'")])
def test_a_file_spec_of_another_shape_is_a_located_error(tmp_path: Path, spec: Any, expected: str, capsys) -> None:
    path = write(tmp_path, case(), spec=spec)
    assert messages(path) == [f"{path} {expected}"]
    assert main(["conformance", str(path)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.out + out.err and expected in out.out + out.err
