"""The consistency report finds, from the specs as written, the contradictions within and
between the rulebooks, each with both citations."""
from __future__ import annotations

import json
from pathlib import Path

from beanrules.checks.report import consistency_report, render_report
from beanrules.cli import main
from beanrules.paths import specs_dir


def test_the_report_finds_what_the_rulebooks_say_against_each_other() -> None:
    report = consistency_report()
    within = {(c["rulebook"], c["what"], c["kind"]): c for c in report["within"]}
    assert len(within) == len(report["within"])  # the Spanish turn rule once, though es restates it
    turn = within[("Reglas del juego de Bohnanza", "rule turn-order", "but")]
    assert any("Fase 4" in c and "izquierda" in c for c in turn["states_cites"])
    assert any("Como se Juega" in c and "hacia la derecha" in c for c in turn["against_cites"])
    assert ("How To Play Bohnanza", "rule finish-turn-at-end", "departs") in within
    assert ("My First Bohnanza Rulebook", "rule no-field-buying", "but") in within
    between = {t["governs"]: t for t in report["between"]}
    # buying a field pairs by what it governs across three rulebooks, whatever the rule ids
    buying = {e["spec"]: e for e in between["buying a field"]["rulebooks"]}
    assert set(buying) == {"classic", "how-to-play", "kannibohne", "my-first/basic", "my-first/step-3"}
    assert buying["classic"]["rules"] == ["no-field-buying"] and buying["how-to-play"]["rules"] == ["buy-third-field"]
    assert any("Leicht vergessen 13" in c for c in buying["classic"]["cites"])
    assert {e["spec"] for e in between["breaking a tie"]["rulebooks"]} >= {"classic", "how-to-play", "my-first/basic"}
    assert "whose beanometer pays" in between and "the direction turns pass" in between
    assert all(not t["differs"] and not t["dropped"] for t in report["translations"])
    assumed = {(a["spec"], a["what"]) for a in report["assumed"]}
    assert {("classic", "rule zone-removed"), ("how-to-play", "rule zone-coins"),
            ("my-first/basic", "rule finish-turn-at-end"), ("my-first/basic", "bean mean")} <= assumed
    text = render_report(report)
    assert "### Buying a field" in text and "hacia la derecha" in text


def test_the_report_shows_a_translation_that_differs(tmp_path: Path, capsys) -> None:
    spanish = (specs_dir() / "translations" / "es.bean").read_text(encoding="utf-8")
    (tmp_path / "es.bean").write_text(spanish.replace("reveal 2 to offer", "reveal 3 to offer"), encoding="utf-8")
    assert main(["verify", str(tmp_path / "es.bean"), "--report", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (translation,) = report["translations"]
    assert translation["differs"] == [{"what": "rule reveal", "field": "params", "original": {"count": 2, "to": "offer"},
                                       "translation": {"count": 3, "to": "offer"}}]
