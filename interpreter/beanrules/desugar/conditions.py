"""The one reading of a condition, wherever it is written (an ``if`` or ``only if`` of a card's
ability, a step's ``, if``, a constraint or permission by condition), and the rewrites of the
constraints by condition: "no player may ACTION while CONDITION" is a ``forbid`` of each action,
"any player may harvest when CONDITION" a ``permit`` of harvesting at any time; their conditions
are read over the acting player ("own")."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..core.actors import ActivePlayer, AnyPlayer, Bound
from ..core.categories import Actor, Cond
from ..core.conditions import AllOf, AnyOf, Compare, HoldsToken, InPhase, MayHarvest, Not, TurnOf
from ..core.effects import Harvest, Move, Plant
from ..core.places import CardsIn, Zone
from ..core.quantities import Count, CounterValue, FieldsOf, Number, PlantedThisPhase, TypesIn
from ..core.statements import Forbid, Permit
from ..core.timing import AnyTime, During
from .build import CARD, FIELD, PER_PLAYER, PLAYER, owners, place
from .lasting import action
from .registry import rewrite

Test = dict[str, Any]


def _compared(left: Callable[[Test, Actor], Any]) -> Callable[[Test, Actor], Cond]:
    """A test that compares a quantity, read from the test, with its number."""
    return lambda test, own: Compare(left(test, own), test["compare"], Number(test["value"]))


def _whose(test: Test, own: Actor) -> Actor | None:
    """The player a test's owner word names (none: the table, for a counter)."""
    return owners(own)[test["owner"]] if test.get("owner") else None


# What each test of a condition means, by the `test` the builder names it with (syntax/build.py's
# `condition_tests`: the grammar's alternatives of `condition` and the joins `all` and `any`, which
# the schema's `$defs/condition` lists; a test holds the three to the same names). One table for
# every place a condition is written: `own` is whom the sentence speaks for, the card's owner in an
# ability or a step (desugar/cards.py), the player who acts in a rule by condition (below). A new
# test is one alternative of the grammar and one entry here.
TESTS: dict[str, Callable[[Test, Actor], Cond]] = {
    "all": lambda test, own: AllOf(tuple(condition(t, own) for t in test["of"])),
    "any": lambda test, own: AnyOf(tuple(condition(t, own) for t in test["of"])),
    "phase": lambda test, own: InPhase(test["name"]),
    "not-phase": lambda test, own: Not(InPhase(test["name"])),
    "own-turn": lambda test, own: TurnOf(own),
    "not-own-turn": lambda test, own: Not(TurnOf(own)),
    "holding": lambda test, own: HoldsToken(own, test["name"]),
    "fields": _compared(lambda test, own: FieldsOf(own)),
    "counter": _compared(lambda test, own: CounterValue(test["name"], _whose(test, own))),
    "count": _compared(lambda test, own: Count(place(test["place"], own), None)),
    "types-in": _compared(lambda test, own: TypesIn(place(test["place"], own))),
    "empty": lambda test, own: Compare(Count(place(test["place"], own), None), "=", Number(0)),
    "holds": lambda test, own: Compare(Count(place(test["place"], own), test["name"]), ">", Number(0)),
    # the cards a harvest took (a step on a harvest binds them: the event's "cards")
    "harvested": _compared(lambda test, own: Count(Bound("cards"), None)),
    "planted": _compared(lambda test, own: PlantedThisPhase()),
    "harvestable": lambda test, own: MayHarvest(_whose(test, own)),
}


def condition(test: Test, own: Actor = PLAYER) -> Cond:
    """A condition of the rule model as a core condition, read over `own` (the player who acts,
    unless the sentence speaks for a card's owner)."""
    return TESTS[test["test"]](test, own)


@rewrite("forbid-while", "no player may harvest while it is phase trade",
         "No player may harvest the field while it is phase trade.")
def forbid_while(rule):
    """Each action named is forbidden to whoever acts while every condition holds."""
    p = rule["params"]
    return tuple(Forbid(_onto_field(action(a, PLAYER)), condition(p["condition"])) for a in p["actions"])


def _onto_field(act):
    """A plant is judged with the field it goes onto ("this field" in the condition), as a
    harvest with the field it takes."""
    return replace(act, onto=FIELD) if isinstance(act, Plant) else act


@rewrite("permit-harvest", "any player may harvest when it is own turn and count of own hand < 4",
         "At any time, if it is the turn of the player and the number of cards in the player's hand "
         "is less than 4, any player may harvest the field.")
def permit_harvest(rule):
    """Any player may harvest, at any time, while every condition holds for them."""
    return (Permit(AnyPlayer(), Harvest(PLAYER, FIELD, False), AnyTime(), condition(rule["params"]["condition"]),
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
    test = condition(p["condition"]) if p["condition"] else None
    return (Permit(who, action, AnyTime(), test, False, None, None),)


def _place(data: dict[str, Any]) -> Zone:
    """A place of a permission: "own" is the player who moves (a per-player zone named without
    an owner is theirs, a zone of the table nobody's)."""
    owner = owners(PLAYER)[data["owner"]] if data["owner"] else (PLAYER if data["zone"] in PER_PLAYER else None)
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
    when, rest = _phase_of(p["condition"])
    who = AnyPlayer() if p.get("who") == "any-player" else ActivePlayer()
    return (Permit(who, Move(cards, _place(p["to"]), p["to"]["end"]), when, condition(rest) if rest else None,
                   False, None, Number(1) if p["once_per_turn"] else None),)


def _phase_of(test: Test | None) -> tuple[Any, Test | None]:
    """"when it is phase X (and …)" is the permission's time, during that phase (which waits for
    the active player while the move is open, as for `may take top of discard`), the other tests
    its condition; at any time otherwise."""
    tests = (test["of"] if test["test"] == "all" else [test]) if test else []
    phases = [t for t in tests if t["test"] == "phase"]
    if len(phases) == 1:
        rest = [t for t in tests if t is not phases[0]]
        others = None if not rest else rest[0] if len(rest) == 1 else {"test": "all", "of": rest}
        return During(phases[0]["name"], False), others
    return AnyTime(), test
