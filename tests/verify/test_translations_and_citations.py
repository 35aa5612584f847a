"""A translation says what its original says; citations are found in their sources; a spec
records where its source says otherwise."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.checks.citations import review_citations
from beanrules.checks.diff import compare_models, render_text
from beanrules.checks.translation import review
from beanrules.checks.verdict import verify_spec
from beanrules.cli import main
from beanrules.paths import specs_dir
from beanrules.resolve.compiler import compile_with_warnings

SPANISH = (specs_dir() / "translations" / "es.bean").read_text(encoding="utf-8")
RULEBOOKS = Path(__file__).parents[3] / "shared" / "rulebooks"


def _spanish(tmp_path: Path, old: str, new: str) -> str:
    assert old in SPANISH
    path = tmp_path / "es.bean"
    path.write_text(SPANISH.replace(old, new, 1), encoding="utf-8")
    return str(path)


# Ten one-value edits, as the issue tried them: each is an error, and diff names it.
@pytest.mark.parametrize("old, new", [
    ("draw 3 to back of hand   § es", "draw 4 to back of hand   § es"),
    ("turn passes left   § es", "turn passes right   § es"),
    ('bean chili "frijoles de chile" 18', 'bean chili "frijoles de chile" 17'),
    ("beanometer 3 5 7 8", "beanometer 3 5 6 8"),
    ("game ends when deck runs out 3 times", "game ends when deck runs out 2 times"),
    ("reveal 2 to offer", "reveal 3 to offer"),
    ("deal 5 to each hand", "deal 6 to each hand"),
    ("plant 1 to 2 from front of hand", "plant 1 to 3 from front of hand"),
    ("more than 1   § es", "more than 2   § es"),
    ("hand cards score 0", "hand cards score 1"),
])
def test_a_restated_value_that_differs_is_an_error(tmp_path: Path, old: str, new: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    spec = _spanish(tmp_path, old, new)
    model, diagnostics = compile_with_warnings(spec)
    judged = review(spec, model, diagnostics)
    assert [d.severity for d in judged if d.code == "translation-differs"] == ["error"]
    assert main(["check", spec]) == 1
    assert "error: " in capsys.readouterr().out
    diff = compare_models(compile_spec("classic"), model)
    assert [d.what for d in diff.differences] == ["translation"]
    assert "a translation says what its original says" in render_text(diff)


def test_verify_fails_a_translation_that_differs(tmp_path: Path) -> None:
    result = verify_spec(_spanish(tmp_path, "reveal 2 to offer", "reveal 3 to offer"), games=0, seed=0)
    assert not result["ok"] and "translation-differs" in result["problems"]


def test_a_dropped_rule_is_a_warning_that_diff_shows(tmp_path: Path) -> None:
    protection = next(line for line in SPANISH.splitlines() if line.startswith("  rule protection:"))
    says = SPANISH.splitlines()[SPANISH.splitlines().index(protection) + 1]
    spec = _spanish(tmp_path, protection + "\n" + says + "\n", "")
    model, diagnostics = compile_with_warnings(spec)
    judged = review(spec, model, diagnostics)
    dropped = [d for d in judged if d.code == "translation-drops"]
    assert [d.severity for d in dropped] == ["warning"] and "'protection'" in dropped[0].message
    text = render_text(compare_models(compile_spec("classic"), model))
    assert "- translation rule protection not restated (a warning)" in text
    assert verify_spec(spec, games=0, seed=0)["ok"]  # a warning, not a failure


def test_the_shipped_translations_agree_and_drop_nothing() -> None:
    for name in ("translations/es", "translations/de"):
        model, diagnostics = compile_with_warnings(name)
        assert [d for d in review(name, model, diagnostics) if d.code.startswith("translation-")] == []


SOURCE = """The Rules

Setup
Deal five cards to each player. Keep them in order.

4 Easily forgotten
1. Protection
   A single bean may not be harvested while another field has more.
"""

SPEC = """rulebook cited "Cited"
  source t "The Rules" file "rules.txt" language en
players 3 to 5   § t "Setup" "Deal five cards … in order."
deal 5 to each hand   § t "Easily forgotten 1" "A single bean may not   be harvested"
  says en "Deal five cards to each player."
hand order is fixed   § t "Setup" "Keep them in any order."
turn passes left   § t "Turn order"
  says en "Deal six cards."
"""


def test_quotes_says_and_sections_are_found_in_the_source(tmp_path: Path) -> None:
    (tmp_path / "rules.txt").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "cited.bean").write_text(SPEC, encoding="utf-8")
    model = compile_spec(str(tmp_path / "cited.bean"))
    report = review_citations(model, tmp_path)
    assert report.checked == 9 and report.missed == 3
    found = {(d.code, d.span.line) for d in report.diagnostics}
    assert found == {("quote-not-found", 6), ("section-not-found", 7), ("quote-not-found", 8)}
    quote = next(d for d in report.diagnostics if d.span.line == 6)
    assert "Keep them in any order." in quote.message and 'nearest there: "Keep them in order."' in quote.message
    assert main(["check", str(tmp_path / "cited.bean"), "--sources", str(tmp_path)]) == 0  # warnings only


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks are not beside the checkout")
def test_every_shipped_citation_is_found_in_the_rulebooks() -> None:
    from beanrules import list_specs
    for name in list_specs():
        report = review_citations(compile_spec(name), RULEBOOKS)
        assert report.checked and not report.diagnostics, [d.message for d in report.diagnostics]


def test_citations_written_anywhere_reach_the_model() -> None:
    on = {c["on"] for c in compile_spec("classic")["citations"]}
    assert {"bean coffee name es", "phase plant", "rule turn-order but"} <= on
    step = {c["on"] for c in compile_spec("my-first/step-1")["citations"] if c["origin"] == "my-first/step-1"}
    assert "removal of rule zone-bank" in step


def test_but_and_departs_record_what_the_source_says_otherwise(tmp_path: Path) -> None:
    path = tmp_path / "v.bean"
    path.write_text('rulebook v "V"\n  extends classic\n  source h "House"\n'
                    'replace tie-break: ties are shared   § h "1"\n'
                    '  but § h "2" "the youngest wins ties"\n'
                    '  departs "the house rule says may; the spec says must"   § h "3"\n', encoding="utf-8")
    (tie,) = [r for r in compile_spec(str(path))["rules"] if r["id"] == "tie-break"]
    assert [(c["kind"], c["reason"], c["citations"][0]["where"]) for c in tie["contradictions"]] == \
           [("but", None, "2"), ("departs", "the house rule says may; the spec says must", "3")]
    path.write_text(path.read_text(encoding="utf-8").replace('but § h', 'but § x'), encoding="utf-8")
    with pytest.raises(SpecError, match="unknown source 'x'"):
        compile_spec(str(path))
