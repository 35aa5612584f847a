"""``move`` of a selection of cards (the top, front, back or all cards of a zone) over the
kernel's lists, without the engine's events.

The kernel's zones are lists in the engine's order (kernel/state.py), so the engine's own
selection (engine/selection.cards: the list and the indices it picks) runs on them unchanged,
and its pure functions say which list index is a zone's top (`end_index`): the two cannot
read "top" differently.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import effects
from ..engine.evaluate import zone_of
from ..engine.selection import cards, end_index, zone_name


def move(node: effects.Move, prims: Any) -> Callable[[Any, dict], None]:
    """Move the selected cards, one by one from the nearest, to an end of another zone."""
    if node.cards.pick not in ("top", "front", "bottom", "back", "all"):  # type: ignore[attr-defined]
        from .core import KernelUnsupported
        raise KernelUnsupported(f"the selection '{node.cards.to_text()}'")
    source, _, indices = cards(node.cards)
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
