"""beanrules diff: two rulebooks compared rule by rule by their stable ids."""
from __future__ import annotations

import json
from pathlib import Path

from beanrules import compile_spec
from beanrules.checks.diff import compare_models, render_text
from beanrules.cli import main

VARIANT = '''rulebook variant "A variant"
  extends classic
  source v "Variant notes"
replace tie-break: ties are shared   § v "p.1"
remove rule no-field-buying   § v "p.1"
hand limit 7   § v "p.2"
replace bean cocoa "Cocoa bean" 5 beanometer 2 3 4 5   § v "p.3"
add phase preliminary "Tidy up" before plant   § v "p.4"
  may take top of discard   § v "p.4"
'''


def variant(tmp_path: Path) -> str:
    path = tmp_path / "variant.bean"
    path.write_text(VARIANT, encoding="utf-8")
    return str(path)


def test_translations_agree_with_classic() -> None:
    for translation in ("translations/es", "translations/de"):
        result = compare_models(compile_spec("classic"), compile_spec(translation))
        assert result.identical, render_text(result)
        assert result.same == {"rules": 50, "beans": 11, "phases": 4}


def test_variant_differences_are_each_named(tmp_path: Path) -> None:
    # a draft variant (hand limits are not playable yet): diff compares what is written
    result = compare_models(compile_spec("classic"), compile_spec(variant(tmp_path), playable=False))
    found = {(d.what, d.id, d.change) for d in result.differences}
    assert found == {("rule", "tie-break", "changed"), ("rule", "no-field-buying", "only-a"),
                     ("rule", "hand-limit", "only-b"), ("rule", "take-discard-top", "only-b"),
                     ("bean", "cocoa", "changed"), ("turn", "phases", "changed")}
    tie = next(d for d in result.differences if d.id == "tie-break")
    assert tie.a["kind"] == "tie-farthest-seat" and tie.b["kind"] == "tie-shared"
    assert tie.where_a == "specs/classic.bean:128" and tie.where_b.endswith("variant.bean:4")
    assert "Reglas del juego de Bohnanza, Fin del juego" in tie.cites_a
    text = render_text(result)
    assert "~ rule tie-break: kind: 'tie-farthest-seat' → 'tie-shared'" in text
    assert "- rule no-field-buying (only in classic)" in text
    assert "+ rule hand-limit (only in variant): hand limit 7" in text


def test_wording_alone_is_no_difference(tmp_path: Path) -> None:
    path = tmp_path / "reworded.bean"
    path.write_text('rulebook reworded "R"\n  extends classic\n'
                    'replace hand-order: hand order is fixed   § es "Preparar"\n'
                    '  says es "No ordenes tu mano."\n', encoding="utf-8")
    assert compare_models(compile_spec("classic"), compile_spec(str(path))).identical


def test_cli_exit_codes_and_json(tmp_path: Path, capsys) -> None:
    # In this process, through the command's main() (it shares the compiled specs).
    assert main(["diff", "classic", "translations/es"]) == 0
    assert "no differences" in capsys.readouterr().out
    assert main(["diff", "classic", variant(tmp_path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["identical"] is False and len(report["differences"]) == 6
    assert main(["diff", "classic", "clasic"]) == 1
    assert "did you mean 'classic'?" in capsys.readouterr().err


def test_kannibohne_against_classic_names_each_difference_with_both_citations(capsys) -> None:
    """Harvest timing, the single-card rule, the draw, the end, the hand limit and how the score
    is kept: each a difference citing where classic and Kannibohne state it. Rules that answer
    one question under two ids (when to harvest, when the game ends) are paired by what they
    govern."""
    result = compare_models(compile_spec("classic"), compile_spec("kannibohne"))
    by_id = {d.id: d for d in result.differences if d.what == "rule"}
    both = {"harvest-any-time / harvest-own-turn": ("harvest-any-time", "harvest-own-turn"),
            "protection": ("protection", "protection"), "draw": ("draw", "draw-one-at-a-time"),
            "end-on-exhaustion / end-on-target": ("end-on-exhaustion", "end-on-target"),
            "coin-source": ("coin-source", "coin-source"), "winner": ("winner", "winner")}
    for rule_id, (kind_a, kind_b) in both.items():
        d = by_id[rule_id]
        assert d.change == "changed" and d.cites_a and d.cites_b, rule_id
        assert (d.a["kind"], d.b["kind"]) == (kind_a, kind_b)
    assert by_id["protection"].b["params"]["or_empty"] is True
    assert by_id["draw"].a["params"]["count"] == 3 and by_id["draw"].b["params"]["count"] == 2
    assert by_id["coin-source"].b["params"] == {"from": "points", "rest_to_discard": True, "counter": "thalers"}
    limit = by_id["hand-limit"]
    assert limit.change == "only-b" and limit.cites_b == ("Kannibohne Rulebook, Maximum of four hand cards",)
    assert "harvest-any-time" not in by_id and "end-on-target" not in by_id  # paired, not listed twice
    # the same fixed fields and two fields of a type, under classic's ids, are no difference
    assert "no-field-buying" not in by_id and "same-type-in-two-fields" not in by_id
    from beanrules.cli import main
    assert main(["diff", "classic", "kannibohne"]) == 1
    text = capsys.readouterr().out
    assert "~ rule harvest-any-time / harvest-own-turn" in text
    assert "    kannibohne: specs/kannibohne.bean" in text and "Kannibohne Rulebook, The Bean Fields" in text
    assert "kannibohne says: The game ends as soon as a player has 25 thalers, and that player wins." in text
