"""The older English edition ("How To Play Bohnanza"), read from its compiled model."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.checks.diff import compare_models


@pytest.fixture(scope="module")
def model() -> dict:
    return compile_spec("how-to-play")


def rule(model: dict, rule_id: str) -> dict:
    return next(r for r in model["rules"] if r["id"] == rule_id)


def for_players(value, n: int):
    if isinstance(value, dict) and "by_players" in value:
        cases = value["by_players"]
        named = [c for c in cases if isinstance(c["players"], list) and c["players"][0] <= n <= c["players"][1]]
        return (named or [c for c in cases if c["players"] == "otherwise"])[0]["value"]
    return value


def test_two_to_seven_players_and_154_cards(model: dict) -> None:
    assert model["players"] == {"min": 2, "max": 7}
    assert sum(b["count"] for b in model["beans"]) == 154


def test_variations_by_player_count(model: dict) -> None:
    removed = rule(model, "remove-beans")["params"]["beans"]["by_players"]

    def removed_with(n: int) -> list[str]:  # no case: nothing removed
        return next((c["value"] for c in removed if c["players"][0] <= n <= c["players"][1]), [])

    assert [removed_with(n) for n in range(2, 8)] == \
        [[], ["cocoa"], ["coffee"], ["coffee"], ["cocoa", "garden"], ["cocoa", "garden"]]
    assert [for_players(rule(model, "fields")["params"]["count"], n) for n in range(2, 8)] == [2, 3, 2, 2, 2, 2]
    assert [for_players(rule(model, "draw")["params"]["count"], n) for n in range(2, 8)] == [3, 3, 3, 3, 4, 4]
    assert for_players(rule(model, "deal")["params"]["count"], 6) == {"by_seat": [3, 4, 5, 6]}
    assert for_players(rule(model, "deal")["params"]["count"], 4) == 5
    assert [for_players(rule(model, "end-on-exhaustion")["params"]["count"], n) for n in (3, 4)] == [2, 3]
    buy = rule(model, "buy-third-field")["params"]
    assert [for_players(buy["cost"], n) for n in (2, 5, 6, 7)] == [3, 3, 2, 2] and buy["max_fields"] == 3


def test_what_this_edition_says_differently_from_classic(model: dict) -> None:
    result = compare_models(compile_spec("classic"), model)
    changed = {part for d in result.differences for part in d.id.split(" / ")}  # paired ids: both differ
    assert {"tie-break", "payout", "players", "fields", "draw", "deal", "end-on-exhaustion",
            "start-player", "buy-third-field", "remove-beans", "no-field-buying"} <= changed
    # fixed fields against a field to buy: one question, answered under two ids, side by side
    assert "no-field-buying / buy-third-field" in {d.id for d in result.differences}
    assert rule(model, "tie-break")["kind"] == "tie-most-hand-cards"
    assert rule(model, "payout")["params"] == {"card": "bottom"}
    # silent where classic speaks: no rule is invented to match
    assert "coins-leave-game" not in {r["id"] for r in model["rules"]}


def test_every_assumption_says_why(model: dict) -> None:
    assumed = {r["id"] for r in model["rules"] if r["provenance"]["assumed"]}
    assert {"remove-beans", "turn-order", "trade-any-number", "active-ends-trade"} <= assumed
    assert all(len(r["provenance"]["assumed"]) > 20 for r in model["rules"] if r["provenance"]["assumed"])
