"""The core's card selections over the kernel's lists: ``cards`` (the top, front, back or all
cards of a zone), ``matches`` and ``move``, as engine/selection.py runs them.

The kernel's zones are lists in the engine's order (kernel/state.py), so the engine's own
pure functions say which list index is a zone's top (`picked`, `end_index`): the two cannot
read "top" differently.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import conditions, effects, places
from ..core.categories import Node
from ..engine.kinds import type_of
from ..engine.selection import end_index, picked, zone_name


def _unsupported(node: Node, what: str) -> Exception:
    from .core import KernelUnsupported
    return KernelUnsupported(f"the core {what} '{node.NODE}' ({node.to_text()})")


def cards(node: Node, prims: Any) -> tuple[Callable[[Any, dict], list[int]], Callable[[Any, dict], list[int]]]:
    """A selection as (the list it picks from, the indices it picks)."""
    from .core import number, zone_of
    if not isinstance(node, places.CardsIn) or node.bean is not None or node.pick not in \
            ("top", "front", "bottom", "back", "all"):
        raise _unsupported(node, "selection")
    source, zone, pick = zone_of(node.place), zone_name(node.place), node.pick
    count = number(node.count, prims) if node.count is not None else None

    def indices(g: Any, env: dict) -> list[int]:
        held = source(g, env)
        n = len(held) if count is None else count(g, env)
        return picked(zone, pick, n, len(held))
    return source, indices


def matches(node: conditions.Matches, prims: Any) -> Callable[[Any, dict], bool]:
    """The selected cards are all of a type the place holds (none selected: false)."""
    from .core import zone_of
    source, indices = cards(node.cards, prims)
    place = zone_of(node.place)

    rs = prims.rs
    if rs.plays_as:  # a card that plays as a bean matches that bean (engine/kinds.py)
        def test_kinds(g: Any, env: dict) -> bool:
            held, chosen = source(g, env), indices(g, env)
            types = {type_of(rs, c) for c in place(g, env)}
            return bool(chosen) and all(type_of(rs, held[i]) in types for i in chosen)
        return test_kinds

    def test(g: Any, env: dict) -> bool:
        held, chosen = source(g, env), indices(g, env)
        types = set(place(g, env))
        return bool(chosen) and all(held[i] in types for i in chosen)
    return test


def move(node: effects.Move, prims: Any) -> Callable[[Any, dict], None]:
    """Move the selected cards, one by one from the nearest, to an end of another zone."""
    from .core import zone_of
    source, indices = cards(node.cards, prims)
    target, to_zone, end = zone_of(node.to), zone_name(node.to), node.end

    def run(g: Any, env: dict) -> None:
        carry(source(g, env), indices(g, env), target(g, env), to_zone, end)
    return run


def carry(held: list[int], chosen: list[int], dest: list[int], to_zone: str, end: str | None) -> None:
    """Take the cards at `chosen` (nearest first) out of `held` and lay them one by one at `end`
    of `dest` (engine/selection.py's move, and hand_effects.each_type)."""
    moved = [held[i] for i in chosen]
    for i in sorted(chosen, reverse=True):
        del held[i]
    for card in moved:
        dest.insert(end_index(to_zone, end, len(dest)), card)
