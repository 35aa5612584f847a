"""Kannibohne read from its compiled model: what its spec marks as assumed where no source gives
it (issue 25: the conformance cases test play, not provenance)."""
from __future__ import annotations

import pytest

from beanrules import compile_spec


@pytest.fixture(scope="module")
def model() -> dict:
    return compile_spec("kannibohne")


def rule(model: dict, rule_id: str) -> dict:
    return next(r for r in model["rules"] if r["id"] == rule_id)


def test_every_text_cards_beanometer_is_assumed(model: dict) -> None:
    """No source gives a text card's beanometer (the card list is not public, FACTS.md), so each
    of the 19 says why it is assumed, as the spec's header promises."""
    cards = [b for b in model["beans"] if b["id"].startswith("card-")]
    assert len(cards) == 19
    assert [b["id"] for b in cards if not b["provenance"]["assumed"]] == []
    assert all("beanometer" in b["provenance"]["assumed"] for b in cards)


def test_the_scores_rule_does_not_claim_that_most_thalers_win(model: dict) -> None:
    """No sentence says most thalers win: the rule that makes the thalers the scores says it is
    assumed, and records the rulebook's own winner, whoever first has 25."""
    winner = rule(model, "winner")
    assert winner["provenance"]["assumed"]
    assert [c["quote"] for c in winner["contradictions"][0]["citations"]] == \
        ["The game ends and is won by whoever first has 25 points or more."]
