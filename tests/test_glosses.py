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


def test_a_quote_said_against_a_rule_needs_its_gloss_too(tmp_path: Path) -> None:
    path = tmp_path / "y.bean"
    path.write_text('rulebook y "Y"\n  extends classic\n  source h "Hausregeln" language de\n'
                    'replace deal: deal 7 to each hand   § h "1" "sieben" gloss "seven"\n'
                    '  but § h "2" "acht Karten"\n', encoding="utf-8")
    _, diagnostics = compile_with_warnings(str(path))
    assert [d.message for d in diagnostics if d.code == "missing-gloss"] == [
        "the de quote “acht Karten” has no English gloss"]


def test_a_spec_in_another_language_needs_its_glosses_too(tmp_path: Path) -> None:
    # the pages are in English whatever the spec's own language: a Spanish spec glosses too
    path = tmp_path / "z.bean"
    path.write_text('rulebook z "Z"\n  extends classic\n  language es\n'
                    '  source h "Reglas de la casa" language es\n'
                    'replace deal: deal 7 to each hand   § h "1" "siete cartas" gloss "seven cards"\n'
                    'replace hand-score: hand cards score 1   § h "2" "una moneda por carta"\n',
                    encoding="utf-8")
    _, diagnostics = compile_with_warnings(str(path))
    assert [(d.span.line, d.message) for d in diagnostics if d.code == "missing-gloss"] == [
        (6, "the es quote “una moneda por carta” has no English gloss")]


def test_every_quote_of_every_shipped_spec_is_glossed() -> None:
    from beanrules.resolve.compiler import list_specs
    for name in list_specs():
        _, diagnostics = compile_with_warnings(name)
        assert [d.message for d in diagnostics if d.code == "missing-gloss"] == [], name
