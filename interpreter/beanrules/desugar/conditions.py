"""Rewrites of the constraints by condition: "no player may ACTION while CONDITION" is a
``forbid`` of each action, "any player may harvest when CONDITION" a ``permit`` of harvesting at
any time; their conditions are core conditions over the acting player ("own")."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..core.actors import ActivePlayer, AnyPlayer, Bound
from ..core.conditions import AllOf, AnyOf, Compare, HoldsToken, InPhase, Not, TurnOf
from ..core.effects import Harvest, Move, Plant
from ..core.places import CardsIn, Zone
from ..core.quantities import Count, CounterValue, FieldsOf, Number, TypesIn
from ..core.statements import Forbid, Permit
from ..core.timing import AnyTime, During
from .build import CARD, FIELD, PER_PLAYER, PLAYER, owners
from .lasting import action
from .registry import rewrite

# In a rule, "own" is the player who acts; the other owners are read from that player.
_OWNERS = owners(PLAYER)


def _compared(left: Any) -> Callable[[dict[str, Any]], Compare]:
    """A test that compares a quantity, read from the test, with its number."""
    return lambda test: Compare(left(test), test["compare"], Number(test["value"]))


def _counted(place: dict[str, Any]):
    """The place a count reads: "this field" is the field the action is about (the one
    harvested, or planted onto); another place as a permission names it."""
    return Bound(place["bound"]) if place.get("bound") else _place(place)


# What each test of a condition means, over the player who acts, by the `test` the builder
# names it with (syntax/build.py's `rule_tests`: the grammar's alternatives of `rule_condition`,
# which the schema's `$defs/conditions` lists; a test holds the two to the same names). A new
# condition of a constraint is one alternative of the grammar and one entry here.
TESTS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "phase": lambda test: InPhase(test["name"]),
    "not-phase": lambda test: Not(InPhase(test["name"])),
    "own-turn": lambda test: TurnOf(PLAYER),
    "not-own-turn": lambda test: Not(TurnOf(PLAYER)),
    "holding": lambda test: HoldsToken(PLAYER, test["name"]),
    "fields": _compared(lambda test: FieldsOf(PLAYER)),
    "counter": _compared(lambda test: CounterValue(test["name"], PLAYER)),
    "count": _compared(lambda test: Count(_counted(test["place"]), None)),
    "types-in": _compared(lambda test: TypesIn(_counted(test["place"]))),
}


def condition(test: dict[str, Any]):
    """One condition of the sentence as a core condition."""
    return TESTS[test["test"]](test)


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


def _place(data: dict[str, Any]) -> Zone:
    """A place of a permission: "own" is the player who moves (a per-player zone named without
    an owner is theirs, a zone of the table nobody's)."""
    owner = _OWNERS[data["owner"]] if data["owner"] else (PLAYER if data["zone"] in PER_PLAYER else None)
    return Zone(data["zone"], owner)


@rewrite("permit-move", 'zone middle is a pile for the table, public   § r "p.2"\n'
         "active player may move 1 from the middle top to own hand, once per turn",
         "At any time, the active player may move the top card of the middle to the player's hand (at most once).")
def permit_move(rule):
    """A move of cards the active player (or any player) may make, at any time while every
    condition holds for them, at most once a turn where the rule says so: the engine plays it as a move of one card
    (engine/card_moves.py), the front or top card where the source names an end, else any card
    the player names."""
    p = rule["params"]
    source = p["from"]
    cards = CardsIn(_place(source), source["end"] or "any", Number(p["count"]), False, None)
    when, groups = _phase_of(p["conditions"])
    condition = _all(groups) if groups else None
    who = AnyPlayer() if p.get("who") == "any-player" else ActivePlayer()
    return (Permit(who, Move(cards, _place(p["to"]), p["to"]["end"]), when, condition, False, None,
                   Number(1) if p["once_per_turn"] else None),)


def _phase_of(groups: list[list[dict[str, Any]]] | None) -> tuple[Any, list[list[dict[str, Any]]] | None]:
    """"when it is phase X (and …)" is the permission's time, during that phase (which waits for
    the active player while the move is open, as for `may take top of discard`), the other tests
    its condition; at any time otherwise."""
    if groups and len(groups) == 1:
        phases = [t for t in groups[0] if t["test"] == "phase"]
        if len(phases) == 1:
            rest = [t for t in groups[0] if t is not phases[0]]
            return During(phases[0]["name"], False), [rest] if rest else None
    return AnyTime(), groups
