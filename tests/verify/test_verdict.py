"""verify's verdict is honest: each kind of problem fails the spec or is marked, and the summary
line counts the specs each one hit."""
from __future__ import annotations

import json
import re
from pathlib import Path

from beanrules.checks.verdict import verify_spec
from beanrules.cli import main
from beanrules.paths import specs_dir

CLASSIC = (specs_dir() / "classic.bean").read_text(encoding="utf-8")


def test_a_spec_that_runs_no_cases_is_marked(tmp_path: Path) -> None:
    other = tmp_path / "other.bean"
    other.write_text(CLASSIC.replace('rulebook classic "Bohnanza"', 'rulebook other "Another game"'), encoding="utf-8")
    result = verify_spec(str(other), games=0, seed=0)
    assert result["ok"] and result["cases"]["own"] == result["cases"]["inherited"] == 0
    assert "ran no conformance cases" in result["notes"]["no-cases"]


def test_a_variant_of_a_spec_beside_it_inherits_that_specs_cases(tmp_path: Path) -> None:
    (tmp_path / "base.bean").write_text(
        CLASSIC.replace('rulebook classic "Bohnanza"', 'rulebook base "A base"'), encoding="utf-8")
    (tmp_path / "cases.yaml").write_text(
        "spec: base.bean\nsource: Reglas\ncases:\n  - id: three-fields\n    cite: {where: Preparar}\n"
        "    description: three fields with three players\n    players: [Anna, Natalie, Greg]\n"
        "    dealt: true\n    steps:\n      - expect: {fields: {Anna: [[], [], []]}}\n", encoding="utf-8")
    (tmp_path / "v.bean").write_text(
        'rulebook v "V"\n  extends base\n  source h "House"\nreplace tie-break: ties are shared   § h "1"\n',
        encoding="utf-8")
    result = verify_spec(str(tmp_path / "v.bean"), games=0, seed=0)
    assert result["bases"] == ["base"] and result["cases"]["own"] == 0
    assert result["cases"]["inherited"] == result["cases"]["passed"] == 1 and result["ok"]


def test_the_summary_counts_each_problem(tmp_path: Path, capsys) -> None:
    short = tmp_path / "short.bean"
    short.write_text(CLASSIC[:CLASSIC.index("phase plant")], encoding="utf-8")
    drawn = tmp_path / "classic.bean"
    drawn.write_text(CLASSIC.replace("draw 3 to back of hand", "draw 2 to back of hand"), encoding="utf-8")
    other = tmp_path / "other.bean"
    other.write_text(CLASSIC.replace('rulebook classic "Bohnanza"', 'rulebook other "Another"'), encoding="utf-8")
    assert main(["verify", str(short), str(drawn), str(other), "--games", "0"]) == 1
    out = capsys.readouterr().out
    assert "1 of 3 specs verified; failed: 1 with compile errors, 1 with failed cases; 1 ran no cases" in out
    assert "ok*" in out and f"FAIL  {short}: " in out and f"FAIL  {drawn}: " in out
    assert main(["verify", str(other), "--games", "0", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["no-cases"] == 1 and summary["verified"] == 1


def test_coverage_lists_the_rules_no_case_exercises(capsys) -> None:
    assert main(["verify", "classic", "--games", "0", "--coverage"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    exercised, rules = map(int, re.search(r"\[classic\] coverage: (\d+) of (\d+) rules exercised by a case", out).groups())
    assert rules == 50 and exercised > 40
    assert ("no case exercises: " in out) == (exercised < rules)
    assert main(["verify", "classic", "--cases", "no/such/folder"]) == 2


def test_an_inherited_case_a_hand_limit_or_a_permission_of_a_phase_changes_is_changed_not_failed() -> None:
    """The hand limit (a requirement, checked after every action and limiting every draw) and a
    permission during phase 4 (which keeps the phase waiting) change inherited cases that never
    name them: those are changed by the variant, not failures (they used to fail verify)."""
    result = verify_spec(str(Path(__file__).parents[2] / "conformance" / "variants" / "hand-limit-and-take.bean"),
                         games=0, seed=0)
    assert result["cases"]["failed"] == 0 and result["ok"], result["cases_failed"]
    changed = "\n".join(result["cases_changed"])
    assert "rule-9-draw-three-with-full-hand" in changed and "rule 'hand-limit' added" in changed
    assert "phase-4-draw-three-then-left" in changed and "rule 'take-discard-top' added" in changed
