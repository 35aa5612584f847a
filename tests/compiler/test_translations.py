"""The Spanish and German rulebooks as translations of the classic spec."""
from __future__ import annotations

import pytest

from beanrules import compile_spec


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def test_spanish_rulebook_restates_classic_without_differences(classic: dict) -> None:
    es = compile_spec("translations/es")
    assert es["translates"] == "classic" and es["language"] == "es" and es["differences"] == []
    assert {b["id"]: b["names"]["es"] for b in es["beans"]}["stink"] == "frijoles apestosos"
    # the translation's model runs the original's rules, in the original's order
    assert [(r["id"], r["kind"], r["params"]) for r in es["rules"]] == \
           [(r["id"], r["kind"], r["params"]) for r in classic["rules"]]
    worded = {r["id"] for r in es["rules"] if "es" in r["says"]}
    # everything but what only the German refresher states
    unworded = {r["id"] for r in classic["rules"]} - worded
    assert unworded == {"no-field-buying", "coins-leave-game"}
    assert es["phases"][1]["titles"]["es"] == "Dar la vuelta e intercambiar cartas de frijoles"


def test_german_refresher_restates_what_it_states(classic: dict) -> None:
    de = compile_spec("translations/de")
    assert de["differences"] == []
    protection = next(r for r in de["rules"] if r["id"] == "protection")
    assert protection["says"]["de"].startswith("Ein Feld mit nur 1 Karte")
    assert any(c["source"] == "de" and c["where"] == "Leicht vergessen 1" for c in protection["provenance"]["citations"])
    # it gives no bean counts, and restating a bean by name alone changes no count
    blue = next(b for b in de["beans"] if b["id"] == "blue")
    assert blue["names"]["de"] == "Blaue Bohne" and blue["count"] == 20
    assert not any("de" in r["says"] for r in de["rules"] if r["id"] == "fields")
