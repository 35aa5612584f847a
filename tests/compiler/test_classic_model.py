"""Facts the rulebooks state, read from the compiled classic rule model (public API only)."""
from __future__ import annotations

import pytest

from beanrules import compile_spec


@pytest.fixture(scope="module")
def model() -> dict:
    return compile_spec("classic")


def rule(model: dict, rule_id: str) -> dict:
    return next(r for r in model["rules"] if r["id"] == rule_id)


def bean(model: dict, bean_id: str) -> dict:
    return next(b for b in model["beans"] if b["id"] == bean_id)


def for_players(value, n: int):
    if isinstance(value, dict) and "by_players" in value:
        return next(c["value"] for c in value["by_players"] if c["players"][0] <= n <= c["players"][1])
    return value


def test_stink_beanometer_is_3_5_7_8(model: dict) -> None:
    # "Por 3 o 4 frijoles apestosos, ganas una moneda de oro … 8 o más … cuatro"
    assert bean(model, "stink")["beanometer"] == [
        {"cards": 3, "coins": 1}, {"cards": 5, "coins": 2}, {"cards": 7, "coins": 3}, {"cards": 8, "coins": 4}]
    assert any(c["where"] == "Cosecha de frijoles" for c in bean(model, "stink")["provenance"]["citations"])


def test_all_eleven_bean_types_with_their_counts(model: dict) -> None:
    counts = {b["id"]: b["count"] for b in model["beans"]}
    assert counts == {"coffee": 24, "wax": 22, "blue": 20, "chili": 18, "stink": 16, "green": 14,
                      "soy": 12, "black-eyed": 10, "red": 8, "garden": 6, "cocoa": 4}


def test_garden_beanometer_skips_one_and_four_coins(model: dict) -> None:
    assert bean(model, "garden")["beanometer"] == [{"cards": 2, "coins": 2}, {"cards": 3, "coins": 3}]


def test_104_cards_in_play_with_eight_types(model: dict) -> None:
    used = for_players(rule(model, "use-beans")["params"]["beans"], 4)
    assert len(used) == 8 and "coffee" not in used and "cocoa" not in used and "wax" not in used
    assert sum(bean(model, b)["count"] for b in used) == 104


def test_three_fields_with_three_players_two_otherwise(model: dict) -> None:
    count = rule(model, "fields")["params"]["count"]
    assert [for_players(count, n) for n in (3, 4, 5)] == [3, 2, 2]


def test_players_three_to_five(model: dict) -> None:
    assert model["players"] == {"min": 3, "max": 5}


def test_bean_names_in_three_languages(model: dict) -> None:
    assert bean(model, "stink")["names"] == {"en": "Stink bean", "es": "frijoles apestosos", "de": "Saubohne"}


def test_tie_break_by_seat_distance_cites_both_rulebooks(model: dict) -> None:
    tie = rule(model, "tie-break")
    assert tie["kind"] == "tie-farthest-seat"
    assert tie["params"] == {"by": "seat-distance-from-start", "direction": "clockwise"}
    sources = {(c["source"], c["where"]) for c in tie["provenance"]["citations"]}
    assert ("es", "Fin del juego") in sources and ("de", "Leicht vergessen 12") in sources


def test_turn_structure_is_four_phases_in_order(model: dict) -> None:
    assert [p["id"] for p in model["phases"]] == ["plant", "trade", "plant-traded", "draw"]
    plant = model["phases"][0]
    assert rule(model, "plant-from-hand")["params"] == {"from": "front", "min": 1, "max": 2}
    assert "plant-from-hand" in plant["rules"]
    assert rule(model, "draw")["params"]["count"] == 3 and rule(model, "draw")["phase"] == "draw"
    assert rule(model, "reveal")["params"]["count"] == 2


def test_game_ends_at_third_exhaustion_finishing_phases_two_and_three(model: dict) -> None:
    assert rule(model, "end-on-exhaustion")["params"]["count"] == 3
    assert rule(model, "finish-turn-at-end")["params"] == {"during": "trade", "finish": ["trade", "plant-traded"]}


def test_named_trading_rules_exist_with_citations(model: dict) -> None:
    for rule_id in ("trade-with-active", "gift-needs-consent", "no-trading-received", "no-trading-fields",
                    "traded-cards-set-aside", "trade-hand-any-position", "trade-offer-cards",
                    "hand-order", "protection", "coins-leave-game", "harvest-any-time"):
        assert rule(model, rule_id)["provenance"]["citations"], rule_id


def test_hand_cards_count_nothing_and_all_fields_are_harvested(model: dict) -> None:
    assert rule(model, "hand-score")["params"] == {"per_card": 0}
    assert rule(model, "final-harvest")["kind"] == "final-harvest"


def test_every_assumption_gives_a_reason(model: dict) -> None:
    assumed = [r for r in model["rules"] if r["provenance"]["assumed"]]
    assert {r["id"] for r in assumed} == {"zone-hand", "zone-coins", "zone-removed"}
    assert all(len(r["provenance"]["assumed"]) > 20 for r in assumed)


def test_rule_ids_are_unique_and_spans_point_into_the_spec(model: dict) -> None:
    ids = [r["id"] for r in model["rules"]]
    assert len(ids) == len(set(ids))
    protection = rule(model, "protection")
    assert protection["span"]["file"].endswith("classic.bean") and protection["span"]["line"] > 1
    assert protection["text"].startswith("protect single bean")


def test_turn_direction_contradiction_is_recorded_not_hidden(model: dict) -> None:
    assert rule(model, "turn-order")["params"] == {"direction": "left"}
    (but,) = rule(model, "turn-order")["contradictions"]
    assert but["kind"] == "but" and "hacia la derecha" in but["citations"][0]["quote"]
    assert but["citations"][0]["where"] == "Como se Juega"
