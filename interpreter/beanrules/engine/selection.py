"""Selections of cards and moving them: the core's ``cards`` (the top, front, back or all cards
of a zone), ``matches`` (a card of a type a place holds), ``move`` of such a selection (where
engine/effects.py, which moves cards an ability picked, leaves it) and a number bound by
``let``, compiled into closures like the rest of the evaluator (engine/semantics.py names them).

Zones are plain lists whose ends mean different things: the deck and a hand list their top
(front) card first; the discard pile, the offer and a field list it last (cards are laid on
top). One table says which, so every node reads "top" the same way.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities
from ..core.categories import Node
from ..desugar import STANDARD_ZONES
from .errors import UnsupportedRule
from .state import name_of
from .evaluate import BY_ITSELF, RULES, number, players_of, zone_of
from .kinds import type_of
from .meaning import Semantics, read, run
from .requirements import hand_room

# Zones whose list starts with the top (front) card; in all others the top card is the last.
_FIRST_IS_TOP = {"deck", "hand"}
_TOP_PICKS = {"top", "front"}
_BOTTOM_PICKS = {"bottom", "back"}

IndicesFn = Callable[[Any, dict], list[int]]
_ONE = quantities.Number(1)


def zone_name(place: Node) -> str:
    """The kind of zone a place is (a field bound by ``for-each`` is a field)."""
    if isinstance(place, places.Zone):
        return place.zone
    if isinstance(place, (actors.Bound, places.Field)):
        return "field"
    raise UnsupportedRule(f"the engine does not select cards in '{place.to_text()}' yet")


def end_index(zone: str, end: str | None, length: int) -> int:
    """Where a card laid at `end` of the zone goes in its list (None: the zone's usual end, its top)."""
    first_is_top = zone in _FIRST_IS_TOP
    if end is None:
        end = "back" if zone == "hand" else "top"
    at_first = (end in _TOP_PICKS) == first_is_top
    return 0 if at_first else length


def laid_end(rs: Any, zone: str, end: str | None) -> str | None:
    """The end a card is laid at in `zone`: the one the effect names; else, for a zone the rules
    declare `oldest first`, its bottom, so that the card laid first stays its top (the one that
    leaves first) and a row reads in the order laid; else None, the zone's usual end. Every
    declared zone lists its top card last, whatever its order: only where cards join differs."""
    if end is None and zone not in STANDARD_ZONES and rs is not None:
        found = rs.declared.zones.get(zone)
        if found is not None and found.order == "oldest-first":
            return "bottom"
    return end


def lays_by_order(zone: str, end: str | None) -> bool:
    """Whether where a card joins `zone` is the declared zone's order to say (known when compiling)."""
    return end is None and zone not in STANDARD_ZONES


def picked(zone: str, pick: str, count: int, length: int) -> list[int]:
    """The list indices of `count` cards picked at an end of a zone of `length` cards, the
    nearest to that end first (fewer where the zone holds fewer)."""
    count = min(count, length)
    if pick == "all":
        return list(range(length))
    if pick not in _TOP_PICKS | _BOTTOM_PICKS:
        raise UnsupportedRule(f"the engine picks no '{pick}' cards automatically yet")
    from_start = (pick in _TOP_PICKS) == (zone in _FIRST_IS_TOP)
    return list(range(count)) if from_start else list(range(length - 1, length - 1 - count, -1))


def cards(node: Node) -> tuple[Callable[[Any, dict], list[str]], str, IndicesFn]:
    """A selection as (the list it picks from, its zone name, the indices it picks)."""
    if not isinstance(node, places.CardsIn) or node.bean is not None:
        raise UnsupportedRule(f"the engine does not select '{node.to_text()}' yet")
    source, zone, pick = zone_of(node.place), zone_name(node.place), node.pick
    count = number(node.count) if node.count is not None else None

    def indices(state: Any, env: dict) -> list[int]:
        held = source(state, env)
        n = len(held) if count is None else count(state, env)
        return picked(zone, pick, n, len(held))
    return source, zone, indices


BeansFn = Callable[[Any, dict], list[str]]


def beans_of(node: Node) -> BeansFn:
    """The cards a selection names, as beans: a bound card (``card`` of a plant or an event, a
    card ``choose`` picked: a Held, engine/effect_env.py) is that one card, wherever it lies; a
    selection of a place, the cards it picks; the card a player must plant next, that card.
    ``matches`` and ``fits`` read cards this one way."""
    if isinstance(node, actors.Bound):
        name = node.name

        def bound(state: Any, env: dict) -> list[str]:
            held = env.get(name)
            return [held.bean] if held is not None else []
        return bound
    if isinstance(node, places.Due):  # the card a player must plant next (evaluate.due)
        return zone_of(node)
    source, _, indices = cards(node)
    return lambda state, env: [held[i] for held in (source(state, env),) for i in indices(state, env)]


def _types_in(node: Node) -> BeansFn:
    """The beans whose types `node` holds: every card of a place, or the cards a selection
    picks (the top card of a field)."""
    if isinstance(node, places.CardsIn) and isinstance(node.place, actors.Bound) and node.pick == "top" \
            and node.count == _ONE and node.bean is None:  # the top card of a field bound by name
        name = node.place.name
        return lambda state, env: env[name][-1:]
    if isinstance(node, places.CardsIn):
        return beans_of(node)
    return zone_of(node)


def matches(node: conditions.Matches) -> Callable[[Any, dict], bool]:
    """The selected cards are all of a type the place (or the selection) holds (none selected: false)."""
    chosen, among = beans_of(node.cards), _types_in(node.place)

    def test(state: Any, env: dict) -> bool:
        picked = chosen(state, env)
        if not picked:
            return False
        rs = env.get(RULES)
        if rs is not None and rs.plays_as:  # a card that plays as a bean matches that bean
            types = {type_of(rs, c) for c in among(state, env)}
            return all(type_of(rs, c) in types for c in picked)
        types = set(among(state, env))
        return all(c in types for c in picked)
    return test


def _owner(place: Node) -> Callable[[Any, dict], str | None]:
    """Whose zone a place is (None: a shared one), for the event that reports a move: a field
    bound by name is its owner's (NAME@, as for-each, choose and an event bind one; None for a
    field of the table)."""
    if isinstance(place, places.Zone) and place.owner is not None:
        who = players_of(place.owner)
        return lambda state, env: who(state, env)[0]
    if isinstance(place, actors.Bound):
        at = place.name + "@"
        return lambda state, env: env.get(at)
    return lambda state, env: None


def move(node: effects.Move) -> Callable[[Any, Any, dict, list], None]:
    """Move the selected cards, one by one from the nearest, to an end of another zone."""
    pick = node.cards.pick
    if pick != "all" and pick not in _TOP_PICKS | _BOTTOM_PICKS:  # refused now: by check, not mid-game
        raise UnsupportedRule(f"'{node.to_text()}' does not say which cards: say which end of "
                              f"{node.cards.place.to_text()} they come from (top, bottom, front, back) or "
                              "'all'; in a card's ability a player uses, 'choose NAME from …' first")
    source, from_zone, indices = cards(node.cards)
    target, to_zone, end = zone_of(node.to), zone_name(node.to), node.end
    from_owner, to_owner = _owner(node.cards.place), _owner(node.to)
    usual = "back" if to_zone == "hand" else "top"
    by_order = lays_by_order(to_zone, node.end)

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        held, dest = source(state, env), target(state, env)
        at = laid_end(rs, to_zone, end) if by_order else end
        chosen = indices(state, env)
        if to_zone == "hand" and rs is not None and rs.requirements and env.get(BY_ITSELF):
            # a step by itself lays no more than the hand may take
            chosen = chosen[:hand_room(state, rs, to_owner(state, env), len(chosen))]
        moved = [held[i] for i in chosen]
        for i in sorted(chosen, reverse=True):
            del held[i]
        for card in moved:
            dest.insert(end_index(to_zone, at, len(dest)), card)
        if moved:  # the shape of every "moved" event (docs/engine-contract.md, Events)
            events.append({"event": "moved", "cards": len(moved), "from_zone": from_zone,
                           "from": name_of(state, from_owner(state, env)), "to_zone": to_zone,
                           "to": name_of(state, to_owner(state, env)),
                           "end": at or usual})
    return run


# ------------------------------------------------------------------ the evaluator's nodes
def move_selected(node: effects.Move) -> Callable[[Any, Any, dict, list], None] | None:
    """A move of a selection of any bean type (None: another move, engine/semantics.py)."""
    if isinstance(node.cards, places.CardsIn) and node.cards.bean is None:
        return move(node)
    return None


def bound_number(node: actors.Bound) -> Callable[[Any, dict], int]:
    """A number bound by ``let``."""
    name = node.name
    return lambda state, env: env[name]


# What the nodes compiled or read here mean: their entries of the semantics table, kept beside
# their functions (engine/meaning.py; engine/semantics.py names this module in BESIDE). A bound
# name and a move, whose shapes this module shares with others, keep theirs in the table.
ENTRIES: dict[type[Node], Semantics] = {
    conditions.Matches: run(condition=matches),
    places.Field: read("engine.selection.zone_name", "engine.abilities"),
}
