"""The core effects text cards use on hands and piles (engine/hand_effects.py, and the moves of
the top or front cards of a pile in engine/effects.py), over the kernel's lists:

- moving the top or front N cards of a place (off the deck one at a time, as a draw takes
  them, so the deck may run out and be reshuffled on the way);
- the topmost card of each bean type of a place, moved as one selection;
- a choice by the card's owner of one card of a hand, with a condition on it.

(``look``, ``reorder``, ``reverse``, ``swap``, ``shuffle`` and ``refuse`` run as the engine's
own closures on the kernel's state: kernel/core.py.)

A choice among cards is fed the card's name (a string, as the engine's feed takes it), so a
listed use is the engine's UseAbility choice for choice (kernel/export.py passes strings
through). A use the engine refuses while it runs is a dead end here (core.dead).
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import effects, places
from ..core.categories import Node
from ..engine.effect_env import Held, feed_of
from ..engine.evaluate import BY_ITSELF
from ..engine.kinds import type_of
from ..engine.selection import zone_name
from ..engine import evaluate
from . import core
from .selection import carry
from .state import KState

# Zones whose list starts with the top (front) card (engine/hand_effects.py keeps the same table).
_FIRST_IS_TOP = {"deck", "hand"}
Fn = Callable[..., Any]


def selected(cards: places.CardsIn, prims: Any) -> Fn:
    """hand_effects._selected: (the list, the indices of the top / front N or all cards, nearest first)."""
    source, zone = evaluate.zone_of(cards.place), zone_name(cards.place)
    count = evaluate.number(cards.count) if cards.count is not None else None
    if cards.pick not in ("top", "front", "all"):
        raise core.KernelUnsupported(f"the selection '{cards.to_text()}' in a look or reorder")
    first = zone in _FIRST_IS_TOP

    def indices(g: KState, env: dict) -> tuple[list[int], list[int]]:
        held = source(g, env)
        n = len(held) if count is None or cards.pick == "all" else min(count(g, env), len(held))
        return held, (list(range(n)) if first else list(range(len(held) - 1, len(held) - 1 - n, -1)))
    return indices


def move_ends(node: effects.Move, prims: Any) -> Fn:
    """effects.move's move_ends: the top or front N cards of a place, in their order, to an end
    of another (all of them at the front, or after its last card)."""
    cards = node.cards
    source, count, to = evaluate.zone_of(cards.place), evaluate.number(cards.count), evaluate.zone_of(node.to)
    front = node.end in ("front", "bottom")
    deck = isinstance(cards.place, places.Zone) and cards.place.zone == "deck"
    from_front = cards.pick == "front" or deck
    up_to, take_top = cards.up_to, prims.take_top

    def run(g: KState, env: dict) -> None:
        zone, n = source(g, env), count(g, env)
        # a player's use is refused when the pile holds too few cards; a step that runs by
        # itself takes the cards there are (evaluate.BY_ITSELF, as the engine's move_ends)
        whole = not up_to and not env.get(BY_ITSELF)
        if deck:  # off the deck as a draw takes cards: it may run out (and be reshuffled)
            if not zone and whole and n:
                raise core.dead()
            taken = [c for c in (take_top(g) for _ in range(n)) if c is not None]
        else:
            taken = (zone[:n] if from_front else zone[len(zone) - n:]) if n else []
            if len(taken) < n and whole:
                raise core.dead()
            if from_front:
                del zone[:len(taken)]
            else:
                del zone[len(zone) - len(taken):]
        dest = to(g, env)
        if front:
            dest[:0] = taken
        else:
            dest.extend(taken)
    return run


def each_type(node: effects.Move, prims: Any) -> Fn:
    """hand_effects.each_type: the topmost card of each bean type (a card counting as its type)."""
    cards = node.cards
    source, from_zone = evaluate.zone_of(cards.place), zone_name(cards.place)  # type: ignore[attr-defined]
    target, to_zone, end = evaluate.zone_of(node.to), zone_name(node.to), node.end
    first, rs = from_zone in _FIRST_IS_TOP, prims.rs

    def run(g: KState, env: dict) -> None:
        held, dest = source(g, env), target(g, env)
        chosen, seen = [], set()
        for i in (range(len(held)) if first else range(len(held) - 1, -1, -1)):
            k = type_of(rs, held[i])
            if k not in seen:
                seen.add(k)
                chosen.append(i)
        carry(held, chosen, dest, to_zone, end)
    return run


def choose_card(node: effects.Choose, prims: Any) -> Fn | None:
    """hand_effects.choose_card: the owner picks one card of a player's hand (any position,
    one option per bean, where a condition holds of it), bound as a card held in that hand."""
    from ..engine import hand_effects
    if hand_effects.choose_card(node) is None:  # not the engine's either (another player's: a decision)
        return None
    hand_of = evaluate.players_of(node.options.place.owner)  # type: ignore[union-attr]
    where = evaluate.condition(node.where) if node.where is not None else None
    name, must = node.name, node.must

    def run(g: KState, env: dict) -> None:
        seat = hand_of(g, env)[0]
        hand = g.hands[seat]
        found = [c for c in dict.fromkeys(hand) if where is None or where(g, {**env, name: [c]})]
        picked = feed_of(env).take(name, found, must)
        env[name] = Held(picked, hand, "the hand", True, "hand", seat) if picked is not None else None
    return run


def effect(node: Node, prims: Any) -> Fn | None:
    """The kernel closure of one of these effects (None: not one of them)."""
    if isinstance(node, effects.Move) and isinstance(node.cards, places.CardsIn):
        cards = node.cards
        if cards.pick == "each-type":
            return each_type(node, prims)
        if cards.pick in ("front", "top") and cards.count is not None:
            return move_ends(node, prims)
        return None
    if isinstance(node, effects.Choose):
        return choose_card(node, prims)
    return None

