"""Steps that run by themselves when a card is harvested or revealed (engine/triggers.py): a
card's ability ``when harvested with N cards`` / ``when revealed``, or a rule's ``do … when a
card is harvested``.

They are the engine's own: its harvester and its reveal (engine/harvesting.py, engine/deck.py)
fire them on the kernel's state, with ``player``, ``cards`` and ``field`` bound for a harvest and
``card`` for each card turned up, and nothing an ability's effect does triggers another
(triggers.inside_ability, which kernel/abilities.py enters too). What the kernel has not been
held to the interpreter on is refused here by name, and the interpreter plays those games: a
step on another event (planted, drawn), a card that acts on another player's action, a step
that waits for a decision, or one that names more than its event binds.
"""
from __future__ import annotations

from ..core import actors
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
                for part in node.walk():
                    if isinstance(part, actors.Bound) and part.name not in _BOUND[event]:
                        raise core.KernelUnsupported(f"{where}: a step that names '{part.name}'")
            why = core.refused(trigger.run.node)
            if why is not None:
                raise core.KernelUnsupported(f"{where}: {why}")
