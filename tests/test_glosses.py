"""A quote in another language carries its English gloss; check warns where one is missing and
the rulebook pages show it beside the quote."""
from __future__ import annotations

from pathlib import Path

from beanrules import compile_spec
from beanrules.docs.reference import render_reference
from beanrules.resolve.compiler import compile_with_warnings

SPEC = '''rulebook x "X"
  extends classic
  source h "Hausregeln" language de
replace deal: deal 7 to each hand   § h "1" "sieben Karten für jeden" gloss "seven cards each"
replace hand-score: hand cards score 1   § h "2" "eine Münze pro Karte"
'''


def test_gloss_reaches_the_model_and_a_missing_one_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "x.bean"
    path.write_text(SPEC, encoding="utf-8")
    model, diagnostics = compile_with_warnings(str(path))
    deal = next(r for r in model["rules"] if r["kind"] == "deal")
    assert deal["provenance"]["citations"] == [
        {"source": "h", "where": "1", "quote": "sieben Karten für jeden", "gloss": "seven cards each"}]
    warnings = [d for d in diagnostics if d.code == "missing-gloss"]
    assert [(d.span.line, d.message) for d in warnings] == [
        (5, "the de quote “eine Münze pro Karte” has no English gloss")]
    page = render_reference(model)
    assert "“sieben Karten für jeden” <span class=\"gloss\">(“seven cards each”)</span>" in page
    assert "“eine Münze pro Karte” <span class=\"gloss\">(no English gloss in the spec)</span>" in page


def test_every_quote_of_the_classic_spec_is_glossed() -> None:
    _, diagnostics = compile_with_warnings("classic")
    assert [d for d in diagnostics if d.code == "missing-gloss"] == []
    model = compile_spec("classic")
    quoted = [c for r in model["rules"] for c in r["provenance"]["citations"] if c["quote"]]
    assert len(quoted) >= 40 and all(c.get("gloss") for c in quoted)
