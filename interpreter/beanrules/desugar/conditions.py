"""Rewrites of the constraints by condition: "no player may ACTION while CONDITION" is a
``forbid`` of each action, "any player may harvest when CONDITION" a ``permit`` of harvesting at
any time; their conditions are core conditions over the acting player ("own")."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.actors import ActivePlayer, AnyPlayer, Bound, Opponent, OtherPlayers
from ..core.conditions import AllOf, AnyOf, Compare, HoldsToken, InPhase, Not, TurnOf
from ..core.effects import Harvest, Plant
from ..core.places import Zone
from ..core.quantities import Count, CounterValue, FieldsOf, Number
from ..core.statements import Forbid, Permit
from ..core.timing import AnyTime
from .build import CARD, FIELD, PLAYER
from .lasting import action
from .registry import rewrite

# In a rule, "own" is the player who acts; the other owners are read from that player.
_OWNERS = {"own": PLAYER, "opponent": Opponent(), "each-opponent": OtherPlayers(),
           "active-player": ActivePlayer(), "chosen": Bound("chosen"),
           "partner": Bound("partner")}  # the other side of a trade (engine/trade_guards.py)
_PER_PLAYER = {"hand", "set-aside", "coins", "field", "score"}


def condition(test: dict[str, Any]):
    """One condition of the sentence as a core condition."""
    kind = test["test"]
    if kind in ("phase", "not-phase"):
        found = InPhase(test["name"])
        return found if kind == "phase" else Not(found)
    if kind in ("own-turn", "not-own-turn"):
        return TurnOf(PLAYER) if kind == "own-turn" else Not(TurnOf(PLAYER))
    if kind == "holding":
        return HoldsToken(PLAYER, test["name"])
    if kind == "fields":
        left: Any = FieldsOf(PLAYER)
    elif kind == "counter":
        left = CounterValue(test["name"], PLAYER)
    else:
        place = test["place"]
        if place.get("bound"):  # "this field": the field the action is about (the one harvested)
            left = Count(Bound(place["bound"]), None)
        else:
            owner = _OWNERS[place["owner"]] if place["owner"] else (PLAYER if place["zone"] in _PER_PLAYER else None)
            left = Count(Zone(place["zone"], owner), None)
    return Compare(left, test["compare"], Number(test["value"]))


def _all(groups: list[list[dict[str, Any]]]):
    """Alternatives of conjunctions ("A and B or C") as one core condition."""
    alternatives = []
    for tests in groups:
        found = tuple(condition(t) for t in tests)
        alternatives.append(found[0] if len(found) == 1 else AllOf(found))
    return alternatives[0] if len(alternatives) == 1 else AnyOf(tuple(alternatives))


@rewrite("forbid-while", "no player may harvest while it is phase trade",
         "No player may harvest the field while it is phase trade.")
def forbid_while(rule):
    """Each action named is forbidden to whoever acts while every condition holds."""
    p = rule["params"]
    return tuple(Forbid(_onto_field(action(a, PLAYER)), _all(p["conditions"])) for a in p["actions"])


def _onto_field(act):
    """A plant is judged with the field it goes onto ("this field" in the condition), as a
    harvest with the field it takes."""
    return replace(act, onto=FIELD) if isinstance(act, Plant) else act


@rewrite("permit-harvest", "any player may harvest when it is own turn and count of own hand < 4",
         "At any time, if it is the turn of the player and the number of cards in the player's hand "
         "is less than 4, any player may harvest the field.")
def permit_harvest(rule):
    """Any player may harvest, at any time, while every condition holds for them."""
    return (Permit(AnyPlayer(), Harvest(PLAYER, FIELD, False), AnyTime(), _all(rule["params"]["conditions"]),
                   False, None, None),)


@rewrite("permit-zone", 'zone middle is a field for the table, public   § r "p.2"\n'
         "any player may plant into middle when it is phase plant-traded",
         "At any time, if it is phase plant-traded, any player may plant the card on the middle.")
def permit_zone(rule):
    """Who may plant into, or harvest, a field the spec declares for the table: a permission,
    at any time, while every condition holds for the player who acts (none: always)."""
    p = rule["params"]
    who = AnyPlayer() if p["who"] == "any-player" else ActivePlayer()
    field = Zone(p["zone"], None)
    action = Plant(PLAYER, CARD, field) if p["action"] == "plant" else Harvest(PLAYER, field, False)
    condition = _all(p["conditions"]) if p["conditions"] else None
    return (Permit(who, action, AnyTime(), condition, False, None, None),)
