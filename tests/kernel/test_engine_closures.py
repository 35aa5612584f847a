"""Variants the kernel once refused and now plays by calling the engine's compiled closure where
its own specialisation does not apply (issue #26: one engine, two modes). Each is played by both
engines on identical random streams, action by action, in games shown to reach the mechanism.

- A harvest guard that reads more than the fields and the phase (hot-chili.bean: "this field
  holds chili and it is not own turn"; narrow-hand-keeps.bean: "count of types in own hand < 2"):
  the engine's harvest judge by its closures (engine/harvest_guards.py), which the kernel's
  listing and its generated loop call where the judge is not one expression.
- A permission by condition always in force (`any player may harvest when …`: conformance/core/
  permissions.bean, plant-phase-harvest.bean, turn-not-trade-harvest.bean): the engine's
  lasting.constrain over the kernel's listing (kernel/lasting.py), as for a permission laid down
  for a while.
- A rule's own step when a card is drawn (docs/cookbook/hot-chili.bean): the engine's trigger,
  fired by the engine's draw on the kernel's state.
- A forbid by condition of another action than planting, harvesting or trading
  (tests/kernel/own-turn-buy.bean: "no player may buy a field while it is not own turn"): it
  stands among the constraints always in force, the engine's lasting.constrain over the
  kernel's listing.
- A rule's step when a card is harvested beside coins written down on a counter
  (tests/kernel/written-bumper.bean, on Kannibohne): both the engine's harvester's.
- A rule's step on a revealed card that lays down a constraint for a while (sunny.bean: "until
  end of phase trade of owner: owner may not harvest"), whose forbid names the field of the
  harvest it forbids: bound by the forbid, not by the event (kernel/triggers.py).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from beanrules import compile_spec
from beanrules.engine.actions import BuyField, Harvest
from beanrules.engine.lasting import forbidding
from beanrules.kernel import kernel_reason

from kernel_differential import compared, ends_and_seeds, sweep

ROOT = Path(__file__).parents[2]
VARIANTS = ROOT / "conformance" / "variants"


def _refused_a_field(game: Any) -> bool:
    """Some player's field with cards is refused by a harvest guard in the game's state."""
    state, rs = game.state, game.ruleset
    return any(f and rs.harvest_judge.refusing(state, rs, p, f, i) is not None
               for p in range(len(state.players)) for i, f in enumerate(state.fields[p]))


@pytest.mark.parametrize("variant", ["hot-chili.bean", "narrow-hand-keeps.bean"])
@pytest.mark.parametrize("players,seeds", ends_and_seeds([3, 5], 3, 6))
def test_a_harvest_guard_read_by_its_closures_plays_alike(variant, players, seeds):
    model = compile_spec(str(VARIANTS / variant))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    refused: list[bool] = []
    harvested: list[Any] = []

    def watch(game, action, events) -> None:
        refused.append(_refused_a_field(game))
        if type(action) is Harvest:
            harvested.append(action)
    compared(model, players, seeds, watch=watch)  # a difference fails inside
    assert any(refused) and harvested  # the guard refused a field with cards, and fields were harvested


@pytest.mark.parametrize("path,players", [
    ("conformance/core/permissions.bean", 2),
    ("conformance/variants/plant-phase-harvest.bean", 3),
    ("conformance/variants/turn-not-trade-harvest.bean", 5),
])
def test_a_permission_by_condition_always_in_force_plays_alike(path, players):
    # the variants remove classic's harvest at any time: every harvest by choice is the permission's
    model = compile_spec(str(ROOT / path))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    harvests = [a for a in compared(model, players, range(3)) if type(a) is Harvest]
    assert harvests


@pytest.mark.parametrize("players", [4, 6])  # (at 3 players every field is dealt)
def test_a_forbid_by_condition_of_buying_a_field_plays_alike(players):
    model = compile_spec(str(ROOT / "tests" / "kernel" / "own-turn-buy.bean"))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    kept: list[str] = []  # players who could pay for a field out of their turn, and were kept from it

    def watch(game, action, events) -> None:
        state, rs = game.state, game.ruleset
        buy = rs.permits[BuyField]
        for p, name in enumerate(state.players):
            if p != state.active and len(state.coins[p]) >= buy.cost and len(state.fields[p]) < buy.max_fields:
                refused = forbidding(state, rs, BuyField(name))
                assert refused is not None and refused.ref.id == "own-turn-buy"
                kept.append(name)
    compared(model, players, range(3), watch=watch)
    assert kept


@pytest.mark.parametrize("path,players,event,steps", [
    ("docs/cookbook/hot-chili.bean", 3, "drawn", {"hot-chili"}),
    ("conformance/variants/sunny.bean", 3, "revealed", {"sun", "rain"}),
    ("tests/kernel/written-bumper.bean", 2, "harvested", {"bumper-crop"}),
])
def test_a_rules_step_on_a_card_event_plays_alike(path, players, event, steps):
    model = compile_spec(str(ROOT / path))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    fired: set[str] = set()

    def watch(game, action, events) -> None:
        fired.update(e["ability"] for e in events if e["event"] == "ability" and e.get("on") == event)
    compared(model, players, range(3), watch=watch)
    assert steps <= fired  # the games compared ran each step


SWEPT = ["conformance/variants/hot-chili.bean", "conformance/variants/narrow-hand-keeps.bean",
         "conformance/core/permissions.bean", "conformance/variants/plant-phase-harvest.bean",
         "conformance/variants/turn-not-trade-harvest.bean", "docs/cookbook/hot-chili.bean",
         "conformance/variants/sunny.bean", "tests/kernel/own-turn-buy.bean",
         "tests/kernel/written-bumper.bean"]


@pytest.mark.kernel_sweep
@pytest.mark.parametrize("path", SWEPT)
def test_sweep(path):
    model = compile_spec(str(ROOT / path))
    for players in range(model["players"]["min"], model["players"]["max"] + 1):
        sweep(model, players, int(os.environ.get("BEANRULES_KERNEL_SEEDS", "40")))
