"""Refusal cases (conformance/refusals.py): a case that plays nothing and expects `check` to
refuse its spec with an error code at a line, and, where it names players, the engine to refuse
a game of them. Each way such a case can fail is reported, and the schema keeps the two kinds
of case apart."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.conformance import load_file, run_case

from casefiles import write

REPO = Path(__file__).resolve().parents[2]
OPPONENT = (REPO / "conformance" / "variants" / "refused-opponent-of-three.bean").read_text(encoding="utf-8")
LINE = 1 + OPPONENT.splitlines().index(next(l for l in OPPONENT.splitlines() if "ability pick" in l))


def refusal(**changes: object) -> dict:
    return {"id": "refused", "cite": {"where": "Special cards"}, "description": "Refused.",
            "spec": "spec.bean", "refused": {"error": "not-playable", "line": LINE}, **changes}


def run_one(tmp_path: Path, spec_text: str, **changes: object):
    (tmp_path / "spec.bean").write_text(spec_text, encoding="utf-8")
    loaded = load_file(write(tmp_path, refusal(**changes)))
    assert not loaded.all_errors, loaded.all_errors
    [case] = loaded.cases
    return run_case(case)


def test_a_spec_check_refuses_passes(tmp_path: Path) -> None:
    assert run_one(tmp_path, OPPONENT, players=["Anna", "Natalie", "Greg"]).status == "passed"


def test_another_line_or_error_fails_naming_what_check_said(tmp_path: Path) -> None:
    result = run_one(tmp_path, OPPONENT, refused={"error": "not-playable", "line": LINE + 1})
    assert result.status == "failed"
    assert f"not with not-playable at line {LINE + 1}" in result.message
    assert f"not-playable at spec.bean:{LINE}" in result.message
    assert run_one(tmp_path, OPPONENT, refused={"error": "no-phase", "line": LINE}).status == "failed"


def test_a_spec_check_accepts_fails(tmp_path: Path) -> None:
    accepted = "\n".join(l for l in OPPONENT.splitlines() if "opponent hand" not in l) + "\n"
    result = run_one(tmp_path, accepted)
    assert result.status == "failed"
    assert result.message.startswith("check accepted the spec")


def test_the_engine_must_refuse_too_where_players_are_named(tmp_path: Path) -> None:
    """A hand limit below the deal is `check`'s own refusal (resolve/playable.py); the engine,
    handed the model anyway, deals and starts, so a case that asks the engine fails."""
    text = ("rulebook low \"Classic with a low hand limit\"\n  extends classic\n"
            "  source lang \"The beanrules rules language (docs/language.md)\"\n\n"
            "hand limit 3   § lang \"Setup\"\n")
    (tmp_path / "spec.bean").write_text(text, encoding="utf-8")
    loaded = load_file(write(tmp_path, refusal(refused={"error": "limit-below-deal", "line": 5})))
    assert run_case(loaded.cases[0]).status == "passed", run_case(loaded.cases[0]).message
    loaded = load_file(write(tmp_path, refusal(refused={"error": "limit-below-deal", "line": 5},
                                               players=["Anna", "Natalie", "Greg"])))
    result = run_case(loaded.cases[0])
    assert result.status == "failed"
    assert "the engine started a game of 3 players; expected UnsupportedRule" in result.message


@pytest.mark.parametrize("extra", [{"steps": [{"do": "Anna harvests 1"}]}, {"state": {}},
                                   {"refused": {"error": "not-playable"}}])
def test_the_schema_keeps_refusals_apart_from_played_cases(tmp_path: Path, extra: dict) -> None:
    (tmp_path / "spec.bean").write_text(OPPONENT, encoding="utf-8")
    loaded = load_file(write(tmp_path, refusal(**extra)))
    assert not loaded.cases and loaded.broken
