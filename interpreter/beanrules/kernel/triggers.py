"""Steps that run by themselves when a card is harvested, revealed or drawn (engine/triggers.py):
a card's ability ``when harvested with N cards`` / ``when revealed``, or a rule's ``do … when a
card is harvested`` / ``… drawn``.

They are the engine's own: its harvester, its reveal and its draw (engine/harvesting.py,
engine/deck.py) fire them on the kernel's state, with ``player``, ``cards`` and ``field`` bound
for a harvest and ``card`` for each card turned up or drawn, and nothing an ability's effect does
triggers another (triggers.inside_ability, which engine/abilities.py's use enters in both modes). What the
kernel has not been held to the interpreter on is refused here by name, and the interpreter
plays those games: a step on another event (planted and given: the kernel plants and trades by
its own code, kernel/moves.py and kernel/fast.py, which fire nothing), a card that acts on
another player's action, a step that waits for a decision, or one that names more than its
event binds (a name a node inside binds, such as the field of a harvest a constraint laid down
for a while forbids, is that node's).
"""
from __future__ import annotations

import re

from ..core.node import Node, Scope
from . import core

# The names the engine binds for each event that the kernel plays.
_BOUND = {"harvested": {"player", "cards", "field"}, "revealed": {"player", "cards", "card"},
          "drawn": {"player", "cards", "card"}}


def check_triggers(triggers: dict | None) -> None:
    """KernelUnsupported where the kernel does not play one of the rules' triggers (engine
    Ruleset.triggers)."""
    for event, found in (triggers or {}).items():
        for trigger in found:
            where = f"rule '{trigger.ref.id}'"
            if trigger.watch is not None:
                raise core.KernelUnsupported(f"{where}: a card that acts on another player's action")
            if event not in _BOUND:
                raise core.KernelUnsupported(f"{where}: a step when a card is {event}")
            if trigger.decides:
                raise core.KernelUnsupported(f"{where}: a step on a card event that waits for a decision")
            nodes = [trigger.run.node] + ([trigger.condition.node] if trigger.condition is not None else [])
            for node in nodes:
                free = _free_names(node, _BOUND[event])
                if free:
                    raise core.KernelUnsupported(f"{where}: a step that names '{free[0]}'")
            why = core.refused(trigger.run.node)
            if why is not None:
                raise core.KernelUnsupported(f"{where}: {why}")


def _free_names(node: Node, bound: set[str]) -> list[str]:
    """The names `node` reads that neither the event (`bound`) nor a node around the reading
    binds, by the core's own scoping (Node.check: a constraint laid down for a while binds the
    field of the harvest it forbids; a choice its name, for the steps after it)."""
    problems = node.check(Scope({}, frozenset(bound)))
    return sorted({m.group(1) for p in problems if (m := _UNKNOWN.match(p.message))})


_UNKNOWN = re.compile(r"unknown name '([^']*)'")  # Scope.resolve's words for a bound name
