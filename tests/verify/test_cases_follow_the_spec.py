"""verify and conformance run the cases on the model compiled from the spec they are given:
an edited copy fails what the edit breaks, a variant inherits its base's cases, and a case
file may name a spec by a path relative to itself."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules.checks.verdict import verify_spec
from beanrules.cli import main
from beanrules.conformance.binding import bind
from beanrules.paths import specs_dir

CLASSIC = (specs_dir() / "classic.bean").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def classic_cases() -> int:
    """How many of the shipped suite's cases are written for classic (counted when a test
    needs it, not while pytest collects: every xdist worker collects every file)."""
    return len(bind("classic").own)


def _failed_ids(result: dict) -> set[str]:
    return {line.split("::")[1].split()[0] for line in result["cases_failed"]}


def test_an_edited_copy_of_classic_fails_the_cases_its_edit_breaks(tmp_path: Path, classic_cases: int) -> None:
    mine = tmp_path / "classic.bean"
    mine.write_text(CLASSIC.replace("draw 3 to back of hand", "draw 2 to back of hand"), encoding="utf-8")
    result = verify_spec(str(mine), games=0, seed=0)
    assert not result["ok"] and "cases-failed" in result["problems"]
    failed = _failed_ids(result)
    assert "phase-4-draw-three-then-left" in failed
    # the rest of the classic cases still ran on the copy and passed
    assert result["cases"]["own"] == classic_cases > 90
    assert result["cases"]["passed"] == classic_cases - len(failed) > 60


def test_the_shipped_classic_passes_the_same_cases(classic_cases: int) -> None:
    result = verify_spec("classic", games=0, seed=0)
    assert result["ok"] and result["cases"]["own"] == result["cases"]["passed"] == classic_cases


def test_a_truncated_copy_is_not_verified(tmp_path: Path) -> None:
    mine = tmp_path / "classic.bean"
    mine.write_text(CLASSIC[:CLASSIC.index("phase plant")], encoding="utf-8")
    result = verify_spec(str(mine), games=0, seed=0)
    assert not result["ok"] and "compile-errors" in result["problems"]  # what checks, plays: no turn
    assert any("has no phase" in error for error in result["errors"])


VARIANT = """rulebook big-fields "Bohnanza with three fields for everyone"
  extends classic
  source house "House rules"
setup
  replace fields: fields 3   § house "1"
"""

CASES = """spec: big-fields.bean
source: House rules
cases:
  - id: four-players-get-three-fields
    cite: {where: "1"}
    description: With four players each starts with three fields.
    players: [Anna, Natalie, Greg, Lena]
    dealt: true
    steps:
      - expect: {fields: {Anna: [[], [], []], Lena: [[], [], []]}}
"""


def test_a_variant_runs_its_own_cases_by_path_and_inherits_classics(tmp_path: Path, classic_cases: int) -> None:
    (tmp_path / "big-fields.bean").write_text(VARIANT, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(CASES, encoding="utf-8")
    result = verify_spec(str(tmp_path / "big-fields.bean"), games=0, seed=0)
    cases = result["cases"]
    assert cases["own"] == 1 and cases["inherited"] == classic_cases
    assert result["bases"] == ["classic"]
    changed = "\n".join(result["cases_changed"])
    # the dealt five-player setup expects two fields: the replaced fields rule changed it
    assert "setup-deal-five-players" in changed and "rule 'fields' replaced: fields 3 with 3 players, " \
        "2 with 4 to 5 players → fields 3" in changed and "now: failed" in changed
    assert cases["changed"] >= 1 and not result["cases_failed"], result["cases_failed"]
    assert cases["passed"] == classic_cases + 1 - cases["changed"]
    assert result["ok"]


def test_conformance_spec_runs_on_the_file_and_refuses_an_unknown_rulebook(
        tmp_path: Path, classic_cases: int, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "big-fields.bean").write_text(VARIANT, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(CASES, encoding="utf-8")
    # Both runs in this process, through the command's main() (it shares the parsed case files).
    code = main(["conformance", "--spec", str(tmp_path / "big-fields.bean"), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    report = json.loads(out)
    passed = sum(row["passed"] for row in report["rulebooks"].values())
    assert passed + len(report["changed_by_variant"]) == classic_cases + 1 and passed > 60
    assert any("setup-deal-five-players" in line for line in report["changed_by_variant"])
    assert main(["conformance", "--rulebook", "nope"]) == 2
    assert "unknown rulebook 'nope'" in capsys.readouterr().err


NO_PROTECTION = """rulebook no-protection "Bohnanza without the protection rule"
  extends classic
  source house "House rules"
harvesting
  remove rule protection   § house "1"
"""


def test_a_variant_that_changes_what_is_legal_changes_the_cases_that_list_it(tmp_path: Path) -> None:
    """A case that only asserts the legal actions exercises the rules that decide them: without
    the protection rule a lone bean may be harvested, and the inherited cases listing harvests
    are changed by the variant, not failed."""
    (tmp_path / "no-protection.bean").write_text(NO_PROTECTION, encoding="utf-8")
    result = verify_spec(str(tmp_path / "no-protection.bean"), games=0, seed=0)
    assert not result["cases_failed"], result["cases_failed"]
    changed = "\n".join(result["cases_changed"])
    # expects the legal actions only, and lists one harvest fewer than the variant allows
    assert "reshuffle-during-the-draw-and-the-next-turn (conformance/classic/playthroughs.yaml): " \
        "rule 'protection' removed" in changed
    assert "now: failed at step 0" in changed
    assert result["ok"]


def test_an_added_rules_step_that_acts_in_an_inherited_case_changes_it() -> None:
    """A variant that adds a rule's own step (short-piles: a plant takes the discard pile's top
    card) changes every inherited case in which the step acts: the trace names the rule from its
    'ability' event, so those cases are changed by the variant, not failures (issue 27)."""
    path = Path(__file__).parents[2] / "conformance" / "variants" / "short-piles.bean"
    result = verify_spec(str(path), games=0, seed=0)
    assert not result["cases_failed"], result["cases_failed"]
    changed = "\n".join(result["cases_changed"])
    assert "rule 'scavenge' added" in changed
    assert result["ok"]
