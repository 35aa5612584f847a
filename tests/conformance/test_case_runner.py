"""The runner and the CLI: how a failure is reported (step, expected against actual), that a
broken file does not stop the others, the starting-state rules of the format, the --json
shape and exit codes, and pytest's item names."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.cli import main
from beanrules.conformance import engine_problem, load_file, run_files
from beanrules.conformance.compare import compare, match_events
from beanrules.conformance.modelinfo import model_info
from beanrules.conformance.setup import card_total, starting_state

from casefiles import case, write

REPO = Path(__file__).resolve().parents[2]
needs_engine = pytest.mark.skipif(engine_problem() is not None, reason=str(engine_problem()))


def test_compare_counts_and_fragments() -> None:
    actual = {"coins": {"Anna": ["chili"], "Greg": []}, "fields": {"Anna": [["soy"], []]}, "over": False}
    assert compare({"coins": {"Anna": 1}}, actual) == []
    assert compare({"coins": {"Anna": 2}}, actual) == [("coins.Anna (count)", 2, "1: ['chili']")]
    assert compare({"fields": {"Anna": [["soy"], ["red"]]}}, actual) == [("fields.Anna[1]", ["red"], [])]
    assert compare({"over": 0}, actual) == [("over", 0, False)]   # a count never matches a flag
    assert compare({"auto": None, "over": False}, actual) == []   # null: the key is absent
    assert compare({"over": None}, actual) == [("over", None, False)]


def test_events_match_in_order_as_fragments() -> None:
    events = [{"event": "planted", "bean": "chili"}, {"event": "harvested", "coins": 1, "cards": 3}]
    assert match_events([{"event": "harvested", "coins": 1}], events) is None
    assert match_events([{"event": "harvested"}, {"event": "planted"}], events) is not None


def test_starting_state_keeps_card_totals(tmp_path: Path) -> None:
    model = compile_spec("classic")
    info = model_info("classic", model)
    state = {"deck": ["soy"], "rest": "discard", "discard": ["red"], "coins": {"Anna": 3},
             "fields": {"Greg": [["stink", "stink"]]}}
    (loaded,) = load_file(write(tmp_path, case(state=state))).cases
    full = starting_state(loaded, info)
    assert full["deck"] == ["soy"]                               # rest: discard leaves the deck as named
    assert full["discard"][-1] == "red"                         # named discard cards stay on top
    assert full["coins"]["Anna"] == ["blue", "blue", "blue"]    # counts take the most plentiful bean
    assert full["fields"]["Greg"] == [["stink", "stink"], [], []]
    expected = Counter({b["id"]: b["count"] for b in model["beans"]})
    assert card_total(full) == expected


@needs_engine
def test_failure_reports_step_expected_and_actual(tmp_path: Path) -> None:
    wrong = case(id="wrong-coins", steps=[{"do": "Anna harvests 1"}, {"expect": {"coins": {"Anna": 2}}}])
    (result,) = run_files([write(tmp_path, wrong)]).results
    assert result.status == "failed"
    assert (result.step, result.step_text) == (1, "expect: {'coins': {'Anna': 2}}")
    assert result.mismatches == [("coins.Anna (count)", 2, "1: ['chili']")]
    text = result.explain()
    assert "classic::wrong-coins" in text and "cites: Reglas del juego de Bohnanza, Ejemplo 5" in text


@needs_engine
def test_refusal_checks_the_rule_and_that_it_happened(tmp_path: Path) -> None:
    wrong_rule = case(id="wrong-rule", state={"phase": "plant", "hands": {"Anna": ["soy"]},
                                              "fields": {"Anna": [["chili"], ["red", "red"]]}},
                      steps=[{"refuse": "Anna harvests 1", "rule": "whole-field"}])
    allowed = case(id="allowed", steps=[{"refuse": "Anna harvests 1", "rule": "protection"}])
    first, second = run_files([write(tmp_path, wrong_rule, allowed)]).results
    assert first.mismatches == [("rule", "whole-field", "protection")]
    assert second.message == "expected a refusal by rule protection, but the action was allowed"


@needs_engine
def test_broken_file_does_not_stop_the_others(tmp_path: Path) -> None:
    bad = tmp_path / "a-bad.yaml"
    bad.write_text("spec: classic\n  cases: oops: [\n", encoding="utf-8")
    good = write(tmp_path, case(), name="b-good.yaml")
    results = run_files([bad, good]).results
    assert [(r.name, r.status) for r in results] == [("?::a-bad.yaml", "error"), ("classic::chili-harvest", "passed")]


@needs_engine
def test_cli_json_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, case(), name="good.yaml")
    assert main(["conformance", str(good), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rulebooks"] == {"classic": {"cases": 1, "passed": 1, "failed": 0}}
    failing = write(tmp_path, case(steps=[{"expect": {"over": True}}]), name="failing.yaml")
    assert main(["conformance", str(good), str(failing)]) == 1
    out = capsys.readouterr().out
    assert "classic::chili-harvest" in out and "over: expected True, actual False" in out
    assert "suite time:" in out


def test_cli_rulebook_filter_and_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, case(), name="good.yaml")
    assert main(["conformance", str(good), "--rulebook", "how-to-play", "--json"]) == 1  # nothing ran
    assert json.loads(capsys.readouterr().out)["rulebooks"] == {}
    assert main(["conformance", str(good), "--rulebook", "no-such-rulebook"]) == 2  # no such spec
    assert "unknown rulebook 'no-such-rulebook'" in capsys.readouterr().err
    assert main(["conformance", str(tmp_path / "missing.yaml")]) == 2


def test_pytest_names_each_case_spec_and_id(tmp_path: Path) -> None:
    # Items are named from the file alone; a case is checked against its spec's model when it
    # runs (pytest_plugin.py), so a case that does not load still fails, with the loader's words.
    (tmp_path / "conftest.py").write_text((REPO / "conformance" / "conftest.py").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    bad = case(id="unknown-bean", state={"phase": "plant", "hands": {"Anna": ["purple"]}})
    cases = write(tmp_path, case(), bad, spec=["classic", "translations/es"])
    listing = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-o", "addopts=", "-p", "no:cacheprovider",
         "-k", "chili-harvest or unknown-bean", "conformance/classic/spanish-examples.yaml", str(cases)],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    out = listing.stdout
    assert "PASSED conformance/classic/spanish-examples.yaml::classic::example-5-chili-harvest" in out
    for spec in ("classic", "translations/es"):  # (pytest leaves out the path of a file outside the repo)
        assert f"PASSED ::{spec}::chili-harvest" in out and f"FAILED ::{spec}::unknown-bean" in out
    assert "cases.yaml: case 'unknown-bean' at state.hands.Anna: unknown bean 'purple'" in out
    assert "4 passed" in out and "2 failed" in out  # example 5 on classic and on es; chili-harvest on both


def test_without_engine_cases_are_skipped_with_the_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from beanrules.conformance import runner
    monkeypatch.setattr(runner, "engine_problem", lambda: "the engine (beanrules.engine) is not available")
    (result,) = run_files([write(tmp_path, case())]).results
    assert (result.status, result.message) == ("skipped", "the engine (beanrules.engine) is not available")
    summary = run_files([write(tmp_path, case())]).summary()
    assert summary == {"classic": {"cases": 1, "passed": 0, "failed": 0, "skipped": 1}}


@needs_engine
def test_refusal_by_no_rule(tmp_path: Path) -> None:
    # An unknown partner is the engine contract's own refusal (rule None); the loader lets the
    # unknown name through only where the case expects that refusal.
    trading = {"phase": "trade", "hands": {"Anna": ["soy"]}}
    to_bob = case(id="to-bob", state=trading, steps=[{"refuse": "Anna gives soy to Bob", "rule": None}])
    typo = case(id="typo", state=trading, steps=[{"refuse": "Anna gives soy to Bob", "rule": "trade-with-active"}])
    allowed = case(id="allowed", steps=[{"refuse": "Anna plants soy in 2", "rule": None}])
    protected = case(id="protected", state={"phase": "plant", "hands": {"Anna": ["soy"]},
                                            "fields": {"Anna": [["chili"], ["red", "red"]]}},
                     steps=[{"refuse": "Anna harvests 1", "rule": None}])
    loaded = load_file(write(tmp_path, to_bob, typo, allowed, protected))
    assert [c.id for c in loaded.cases] == ["to-bob", "allowed", "protected"]
    assert "unknown player 'Bob'" in loaded.broken["typo"][0].render()
    results = {r.name: r for r in run_files([write(tmp_path, to_bob, allowed, protected)]).results}
    assert results["classic::to-bob"].status == "passed", results["classic::to-bob"].explain()
    assert results["classic::allowed"].message == (
        "expected a refusal by no rule (the engine contract's own refusal), but the action was allowed")
    assert results["classic::protected"].mismatches == [("rule", None, "protection")]


def test_coins_from_the_bank_come_off_its_top(tmp_path: Path) -> None:
    # my-first/basic pays coins from the bank (the beans out of play), topmost card first.
    model = compile_spec("my-first/basic")
    info = model_info("my-first/basic", model)
    first = case(players=["Heike", "Hayo", "Uwe"], state={"coins": {"Heike": 2, "Hayo": ["sword"]}},
                 steps=[{"expect": {"over": False}}], cite={"where": "Getting Ready to Play"})
    path = write(tmp_path, first, spec="my-first/basic", source="My First Bohnanza Rulebook")
    (loaded,) = load_file(path).cases
    full = starting_state(loaded, info)
    bank = [b["id"] for b in model["beans"] if b["id"] not in ("mean", "sour", "broad", "stink")
            for _ in range(b["count"])]
    assert full["coins"]["Heike"] == [bank[-1], bank[-2]]
    assert full["coins"]["Hayo"] == ["sword"]
    assert len(full["removed"]) == len(bank) - 3 and full["removed"].count("sword") == bank.count("sword") - 1
    assert card_total(full) == Counter({b["id"]: b["count"] for b in model["beans"]})
    wrong = case(players=["Heike", "Hayo", "Uwe"], state={"coins": {"Heike": ["sour"], "Hayo": 60}},
                 steps=[{"expect": {"over": False}}], cite={"where": "Getting Ready to Play"})
    errors = [e.render() for e in load_file(write(tmp_path, wrong, spec="my-first/basic",
                                                  source="My First Bohnanza Rulebook")).all_errors]
    assert any("coins come from the bank in my-first/basic: a coin card is a bean out of play, not sour" in e
               for e in errors)
    assert any("60 coins by count, but the bank holds only 59" in e for e in errors)
