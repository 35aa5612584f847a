"""Steps that run by themselves when a card is harvested or revealed (engine/triggers.py): a
card's ability ``when harvested with N cards`` / ``when revealed``, or a rule's ``do … when a
card is harvested``, compiled with the kernel's core closures.

The kernel runs them where the engine does: right after a harvest (Machine.harvest), for the
harvesting player, with ``player``, ``cards`` and ``field`` bound; after the cards of a reveal
are turned up, for each of them, with ``card`` bound to that card where it lies (the offer).
Nothing a trigger's own effect (or a card's ability) does triggers another (the engine's
inside_ability). A step on another event (planted, drawn) is refused by name, and the
interpreter plays those games.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors
from ..engine.effect_env import OWNER, Held
from ..engine.evaluate import BY_ITSELF, RULES
from . import core
from .state import KState

# The names the engine binds for each event that the kernel binds too.
_BOUND = {"harvested": {"player", "cards", "field"}, "revealed": {"player", "cards", "card"}}


class KTrigger:
    __slots__ = ("event", "bean", "cards", "condition", "run")

    def __init__(self, event: str, bean: str | None, cards: int | None, condition: Callable | None, run: Callable):
        self.event, self.bean, self.cards, self.condition, self.run = event, bean, cards, condition, run


def compile_triggers(triggers: dict, prims: core.Primitives) -> tuple[KTrigger, ...]:
    """The triggers of the rules (engine Ruleset.triggers), or KernelUnsupported."""
    out = []
    for event, found in triggers.items():
        for trigger in found:
            where = f"rule '{trigger.ref.id}'"
            if trigger.watch is not None:
                raise core.KernelUnsupported(f"{where}: a card that acts on another player's action")
            if event not in _BOUND:
                raise core.KernelUnsupported(f"{where}: a step when a card is {event}")
            nodes = [trigger.run.node] + ([trigger.condition.node] if trigger.condition is not None else [])
            for node in nodes:
                for part in node.walk():
                    if isinstance(part, actors.Bound) and part.name not in _BOUND[event]:
                        raise core.KernelUnsupported(f"{where}: a step that names '{part.name}'")
            condition = trigger.condition.fn if trigger.condition is not None else None
            out.append(KTrigger(event, trigger.bean, trigger.cards,
                                condition, core.effect(trigger.run.node, prims)))
    return tuple(out)


class Firing:
    """Runs the triggers; while one runs (or a card's ability), what it causes triggers nothing."""

    def __init__(self, triggers: tuple[KTrigger, ...], rs: Any):
        self.triggers, self.rs = triggers, rs  # the rules, bound as the engine binds them
        self.depth = 0

    def on(self, event: str) -> bool:
        return any(t.event == event for t in self.triggers)

    def harvested(self, g: KState, seat: int, bean: int, cards: int, index: int) -> None:
        self._fire(g, "harvested", bean, cards, lambda: {RULES: self.rs, BY_ITSELF: True, OWNER: seat, "player": seat,
                                                         "cards": cards, "field": g.fields[seat][index],
                                                         "field#": index})

    def revealed(self, g: KState, seat: int, bean: int, zone: list[int]) -> None:
        self._fire(g, "revealed", bean, None, lambda: {RULES: self.rs, BY_ITSELF: True, OWNER: seat, "player": seat,
                                                       "cards": None, "card": Held(bean, zone, "the offer", False, "offer")})

    def _fire(self, g: KState, event: str, bean: int, cards: int | None, bind: Callable[[], dict]) -> None:
        if self.depth or g.over:
            return
        for trigger in self.triggers:
            if trigger.event != event or (trigger.bean is not None and trigger.bean != bean) or \
                    (trigger.cards is not None and trigger.cards != cards):
                continue
            env: dict[str, Any] = bind()
            if trigger.condition is not None and not trigger.condition(g, env):
                continue
            self.depth += 1
            try:
                trigger.run(g, env)
            finally:
                self.depth -= 1
