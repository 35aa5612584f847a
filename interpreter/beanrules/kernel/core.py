"""The kernel's adapter to the engine's closures: every effect the kernel plays is the engine's
own closure (engine/semantics.py's one table), run on the kernel's state without events.

The kernel's state is the engine's own State, its seats as its players (machine.new_game:
names only at the border, kernel/export.py), and an environment holds what the
engine's does (the ruleset as evaluate.RULES wherever the engine binds it). Taking cards off
the deck (engine/deck.py) keeps the end test where the kernel caches it (``g.ending``, written
as the deck runs out), and a harvest is the engine's harvester (engine/harvesting.py), so no
effect runs through a primitive of the kernel's own. What the kernel has not been checked
against is refused by name when it is built (`refused`): the caller then plays with the
interpreter, so the kernel never plays a rule it does not know.

Effect closures take the kernel state ``g`` and an environment of bound names (as the
evaluator's); they return "skip" when they skip the current phase.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, effects, places
from ..core.categories import Effect, Node
from ..engine.evaluate import PLAYER_ZONES, SHARED_PILES, compiled_effect, top_of_deck
from ..engine.eventlog import UNRECORDED
from ..engine.transitions import state_effect


class KernelUnsupported(Exception):
    """The kernel does not run this construct; the interpreter plays the game instead."""


Env = dict[str, Any]
Fn = Callable[..., Any]


class Primitives:
    """What the kernel's compilers read of the machine they compile for."""

    n: int  # players
    bean_names: tuple[str, ...]  # the rules' beans (cards are these strings, as the engine's)
    planting: Any  # planting.Planting: which fields take a card (the engine's planting judge)
    rs: Any  # the engine's Ruleset


# ------------------------------------------------------------------ what the kernel plays
# The effects the kernel plays: those whose every part the kernel has been held to the
# interpreter on (tests/kernel/). Another one (a counter added to, a payment, an auction) may
# change what the kernel's cached end test reads, or reach state the kernel does not keep.
_PLAYED = (effects.Let, effects.SkipPhase, effects.AddField, effects.PassToken, effects.Look,
           effects.Reverse, effects.Swap, effects.Reorder, effects.Refuse, effects.Shuffle, effects.Move,
           effects.Choose, effects.ForChosen, effects.Sequence, effects.If, effects.ForEach, effects.Repeat,
           effects.Draw, effects.Reveal)


def refused(node: Node) -> str | None:
    """What the kernel does not play in `node` (None: it plays all of it). A constraint laid
    down is played whole (what it names, the action it forbids or permits, is not run)."""
    if isinstance(node, effects.Lasting):
        return None
    if isinstance(node, Effect) and not _played(node):
        return f"the core effect '{node.NODE}' ({node.to_text()})"
    for child in node.children():
        why = refused(child)
        if why is not None:
            return why
    return None


def _played(node: Effect) -> bool:
    if isinstance(node, effects.Reveal):
        return top_of_deck(node.cards)
    if isinstance(node, effects.Draw):
        return node.end == "back" and not node.up_to
    if isinstance(node, effects.Harvest):  # a field bound by for-each (the game's harvest action is not an effect)
        return isinstance(node.field, actors.Bound)
    if isinstance(node, effects.Plant):  # a card an ability picked, on a field chosen now
        return isinstance(node.cards, actors.Bound) and node.onto is None
    if isinstance(node, effects.AtRandom):  # one card of a pile or of a player's own cards
        place = node.options.place if isinstance(node.options, places.CardsIn) else None
        return isinstance(place, places.Zone) and (place.zone in SHARED_PILES if place.owner is None
                                                   else place.zone in PLAYER_ZONES)
    return isinstance(node, _PLAYED)


def effect(node: Node, prims: Primitives) -> Fn:
    """The engine's closure of an effect (engine/semantics.py's entry), run on the kernel's
    state with the rules it reads and no events (KernelUnsupported: the kernel does not play it)."""
    why = refused(node)
    if why is not None:
        raise KernelUnsupported(why)
    rs = prims.rs
    # the effects most phase steps are (skip, turn cards up, the active player draws) as the
    # engine binds them to the state for these rules (transitions.state_effect)
    quick = state_effect(rs, node)
    if quick is not None:
        return lambda g, env: quick(g, UNRECORDED)
    run = compiled_effect(node).fn
    return lambda g, env: run(g, rs, env, UNRECORDED)
