"""Steps that run by themselves when a card is harvested (engine/triggers.py): a card's ability
``when harvested with N cards`` or a rule's ``do … when a card is harvested``, compiled with
the kernel's core closures.

The kernel runs them where the engine does, right after the harvest (Machine.harvest), for
the harvesting player, with ``player``, ``cards`` and ``field`` bound as the engine binds them;
nothing a trigger's own effect does triggers another (the engine's inside_ability). A step
on another event (planted, revealed, drawn) or one that names the card itself is refused by
name, and the interpreter plays those games.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors
from ..engine.effects import OWNER
from . import core
from .state import KState

# The names the engine binds for a harvest's trigger that the kernel binds too.
_BOUND = {"player", "cards", "field"}


class KTrigger:
    __slots__ = ("bean", "cards", "condition", "run")

    def __init__(self, bean: int | None, cards: int | None, condition: Callable | None, run: Callable):
        self.bean, self.cards, self.condition, self.run = bean, cards, condition, run


def compile_triggers(triggers: dict, bean_number: dict[str, int], prims: core.Primitives) -> tuple[KTrigger, ...]:
    """The harvest triggers of the rules (engine Ruleset.triggers), or KernelUnsupported."""
    out = []
    for event, found in triggers.items():
        for trigger in found:
            where = f"rule '{trigger.ref.id}'"
            if event != "harvested":
                raise core.KernelUnsupported(f"{where}: a step when a card is {event}")
            nodes = [trigger.run.node] + ([trigger.condition.node] if trigger.condition is not None else [])
            for node in nodes:
                for part in node.walk():
                    if isinstance(part, actors.Bound) and part.name not in _BOUND:
                        raise core.KernelUnsupported(f"{where}: a step that names '{part.name}'")
            condition = core.condition(trigger.condition.node, prims) if trigger.condition is not None else None
            out.append(KTrigger(None if trigger.bean is None else bean_number[trigger.bean], trigger.cards,
                                condition, core.effect(trigger.run.node, prims)))
    return tuple(out)


class Firing:
    """Runs the harvest triggers; while one runs, the harvests it causes trigger nothing."""

    def __init__(self, triggers: tuple[KTrigger, ...]):
        self.triggers = triggers
        self.depth = 0

    def harvested(self, g: KState, seat: int, bean: int, cards: int, index: int) -> None:
        if self.depth or g.over:
            return
        for trigger in self.triggers:
            if (trigger.bean is not None and trigger.bean != bean) or \
                    (trigger.cards is not None and trigger.cards != cards):
                continue
            env: dict[str, Any] = {OWNER: seat, "player": seat, "cards": cards,
                                   "field": g.fields[seat][index], "field#": index}
            if trigger.condition is not None and not trigger.condition(g, env):
                continue
            self.depth += 1
            try:
                trigger.run(g, env)
            finally:
                self.depth -= 1
