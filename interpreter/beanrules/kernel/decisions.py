"""Decisions inside effects (``choose`` a player or a card, ``ask`` yes or no, another player
planting for a card's owner) in the fast mode: the engine's own walker (engine/decisions.py)
on the kernel's state, whose players are its seats, so a waiting decision is the engine's key
for key, seats for names (kernel/export.py names them). This module keeps the kernel's side:
the action that answers (CHOOSE, seat, option), its listing, and what of a waiting effect the
kernel does not play, refused by name.
"""
from __future__ import annotations

from ..core import effects
from ..core.categories import Node
from ..engine.decisions import DECIDERS, deciding, waits
from ..engine.hand_effects import PlantFor
from ..engine.state import State
from . import core

CHOOSE = 7  # the action kind, after actions.MOVE


def refused(node: Node) -> str | None:
    """What the kernel does not play in an effect that may wait (None: it plays all of it): its
    parts without a decision as core.refused judges them, and of the effects that wait by
    themselves only another player's plant (engine/hand_effects.py's PlantFor; an auction is
    the interpreter's)."""
    if not waits(node):
        return core.refused(node)
    if deciding(node):
        if not isinstance(DECIDERS[type(node)], PlantFor):
            return f"the effect '{node.to_text()}' that waits for a decision"
        return None
    for child in node.children():
        if isinstance(child, effects.Effect):
            why = refused(child)
            if why is not None:
                return why
    return None


def options(g: State, seat: int) -> list[tuple]:
    """The answers `seat` may give now (engine/decisions.options, as the kernel's tuples)."""
    decision = g.decision
    if decision is None or decision["player"] != seat:
        return []
    return [(CHOOSE, seat, option) for option in decision["options"]]
