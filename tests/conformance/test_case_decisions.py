"""The expectations of what may happen next — `legal` (exact set, includes, excludes,
non_proposals, proposals) and `waiting_for` — pass when the engine agrees and fail, naming what
is missing and what is unexpected, when it does not. `phase`, `turn` and `active` are state keys
and fail like any other."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from beanrules.conformance import engine_problem, load_file, run_files
from beanrules.conformance.compare import compare_sets, excluded_present
from beanrules.conformance.decisions import is_proposal

from casefiles import case, write

needs_engine = pytest.mark.skipif(engine_problem() is not None, reason=str(engine_problem()))

# Anna must plant soy (field 1 holds chili, fields 2 and 3 are empty) and may harvest field 1.
PLANT = {"phase": "plant", "hands": {"Anna": ["soy", "red"]}, "fields": {"Anna": [["chili", "chili", "chili"]]}}
ANNA_MAY = ["Anna plants soy in 2", "Anna plants soy in 3", "Anna harvests 1"]
# Anna trades: two revealed cards, soy and red in hand; Natalie holds a chili.
TRADE = {"phase": "trade", "offer": ["soy", "blue"], "hands": {"Anna": ["soy", "red"], "Natalie": ["chili"]},
         "fields": {"Anna": [["chili", "chili", "chili"]]}}


def run(tmp_path: Path, expect: dict[str, Any], state: dict[str, Any] = PLANT, before: list | None = None):
    steps = list(before or []) + [{"expect": expect}]
    (result,) = run_files([write(tmp_path, case(id="decide", state=state, steps=steps))]).results
    return result


def test_sets_name_what_is_missing_and_unexpected() -> None:
    assert compare_sets("legal.Anna", ["a", "b"], ["b", "a"]) == []
    assert compare_sets("legal.Anna", ["a", "b"], ["b", "c"]) == [
        "legal.Anna: missing (expected, not there): a", "legal.Anna: unexpected (there, not expected): c"]
    assert compare_sets("x", ["a"], ["a", "c"], exact=False) == []
    assert excluded_present("x", ["a", "d"], ["a", "c"]) == ["x: excluded but there: a"]
    assert is_proposal("Anna offers offer soy to Natalie for hand red") and is_proposal("Anna gives soy to Greg")
    assert not is_proposal("Anna plants soy in 1") and not is_proposal("Anna accepts 1")


@needs_engine
def test_exact_legal_set_passes_in_any_order_and_any_spelling(tmp_path: Path) -> None:
    spelled = ["Anna harvests 1", "Anna plants hand soy in 3", "Anna plants soy in 2"]  # 'hand' is the default zone
    result = run(tmp_path, {"legal": {"Anna": spelled, "Natalie": [], "Greg": []}})
    assert result.status == "passed", result.explain()


@needs_engine
def test_exact_legal_set_fails_naming_missing_and_unexpected(tmp_path: Path) -> None:
    result = run(tmp_path, {"legal": {"Anna": ["Anna plants soy in 1", "Anna plants soy in 2", "Anna harvests 1"]}})
    assert result.status == "failed"
    assert "legal.Anna: missing (expected, not there): Anna plants soy in 1" in result.message
    assert "legal.Anna: unexpected (there, not expected): Anna plants soy in 3" in result.message
    assert result.message.startswith("what may happen differs from the expectation")


@needs_engine
def test_a_player_who_may_do_nothing(tmp_path: Path) -> None:
    result = run(tmp_path, {"legal": {"Anna": []}})
    assert result.status == "failed"
    assert "legal.Anna: unexpected (there, not expected): Anna harvests 1; Anna plants soy in 2; " \
           "Anna plants soy in 3" in result.message


@needs_engine
def test_includes_and_excludes(tmp_path: Path) -> None:
    good = run(tmp_path, {"legal": {"Anna": {"includes": ["Anna plants soy in 2"], "excludes": ["Anna plants soy in 1"]}}})
    assert good.status == "passed", good.explain()
    bad = run(tmp_path, {"legal": {"Anna": {"includes": ["Anna ends planting"], "excludes": ["Anna harvests 1"]}}})
    assert bad.status == "failed"
    assert "legal.Anna.includes: missing (expected, not there): Anna ends planting" in bad.message
    assert "legal.Anna.excludes: excluded but there: Anna harvests 1" in bad.message


@needs_engine
def test_non_proposals_pin_everything_but_the_proposals(tmp_path: Path) -> None:
    good = run(tmp_path, {"legal": {"Anna": {"non_proposals": ["Anna ends trading", "Anna harvests 1"],
                                             "proposals": 72},
                                    "Natalie": {"non_proposals": [], "proposals": 11}}}, state=TRADE)
    assert good.status == "passed", good.explain()
    bad = run(tmp_path, {"legal": {"Anna": {"non_proposals": ["Anna ends trading"], "proposals": 70}}}, state=TRADE)
    assert bad.status == "failed"
    assert "legal.Anna.non_proposals: unexpected (there, not expected): Anna harvests 1" in bad.message
    assert "legal.Anna.proposals: expected 70 listed proposals, actual 72" in bad.message


@needs_engine
def test_waiting_for_is_a_set(tmp_path: Path) -> None:
    offer = [{"do": "Anna offers soy to Natalie for chili"}]
    good = run(tmp_path, {"waiting_for": ["Anna", "Natalie"]}, state=TRADE, before=offer)
    assert good.status == "passed", good.explain()
    bad = run(tmp_path, {"waiting_for": ["Anna", "Greg"]}, state=TRADE, before=offer)
    assert bad.status == "failed"
    assert "waiting_for: missing (expected, not there): Greg" in bad.message
    assert "waiting_for: unexpected (there, not expected): Natalie" in bad.message


@needs_engine
def test_phase_turn_and_active_fail_like_state_keys(tmp_path: Path) -> None:
    result = run(tmp_path, {"phase": "trade", "turn": 2, "active": "Greg"})
    assert result.status == "failed"
    assert [m[0] for m in result.mismatches] == ["phase", "turn", "active"]
    assert result.message == "the state differs from the expectation"


@needs_engine
def test_state_and_decisions_fail_together(tmp_path: Path) -> None:
    result = run(tmp_path, {"phase": "trade", "waiting_for": ["Natalie"]})
    assert result.message.startswith("the state and what may happen differ from the expectation")
    assert result.mismatches == [("phase", "trade", "plant")]


@needs_engine
def test_a_line_the_engine_cannot_read_fails_the_case(tmp_path: Path) -> None:
    result = run(tmp_path, {"legal": {"Anna": ["Anna plants soy in in 2"]}})
    assert result.status == "failed"
    assert "legal.Anna: 'Anna plants soy in in 2' is not an action" in result.message


def messages(path: Path) -> list[str]:
    return [e.render() for e in load_file(path).all_errors]


def test_loader_checks_names_in_legal_and_waiting_for(tmp_path: Path) -> None:
    expect = {"legal": {"Bob": [], "Anna": ["Natalie harvests 1", "Anna plants stnk in 1"],
                        "Greg": {"includes": ["Greg harvests 1"], "excludes": ["Gerg harvests 1"]}},
              "waiting_for": ["Anna", "Bob"]}
    path = write(tmp_path, case(steps=[{"expect": expect}]))
    at = f"{path}: case 'chili-harvest' at steps[0].expect"
    assert messages(path) == [
        f"{at}.waiting_for: unknown player 'Bob'; players are Anna, Natalie, Greg",
        f"{at}.legal.Bob: unknown player 'Bob'; players are Anna, Natalie, Greg",
        f"{at}.legal.Anna[0]: 'Natalie harvests 1' is Natalie's action, listed among Anna's",
        f"{at}.legal.Anna[1]: unknown bean 'stnk' (did you mean 'stink'?)",
        f"{at}.legal.Greg.excludes[0]: unknown player 'Gerg' (did you mean 'Greg'?); players are Anna, Natalie, Greg",
    ]


def test_schema_rejects_unknown_parts_of_a_legal_set(tmp_path: Path) -> None:
    path = write(tmp_path, case(steps=[{"expect": {"legal": {"Anna": {"only": ["Anna harvests 1"]}}}}]))
    (message,) = messages(path)
    assert "steps[0].expect.legal.Anna" in message
    path = write(tmp_path, case(steps=[{"expect": {"waiting_for": "Anna"}}]))
    (message,) = messages(path)
    assert "steps[0].expect.waiting_for" in message and "is not of type 'array'" in message


@needs_engine
def test_count_of_legal_actions(tmp_path: Path) -> None:
    assert run(tmp_path, {"legal": {"Anna": {"count": 3}, "Greg": {"count": 0}}}).status == "passed"
    bad = run(tmp_path, {"legal": {"Anna": {"count": 2}}})
    assert bad.status == "failed"
    assert "legal.Anna.count: expected 2 legal actions, actual 3: Anna harvests 1; Anna plants soy in 2; " \
           "Anna plants soy in 3" in bad.message
