"""Card abilities in the fast mode: the engine's own listing and use (engine/abilities.py's
`uses`, `use`, `front_lapses`, `keeps_open`) on the kernel's state, whose players are its seats.

A use is an action (USE, seat, ability, choices, field): the index of the ability among the
rules' abilities, the choices in the order the effect asks for them (seats for players, field
numbers as text, NONE to pass) and the field number where the action names one, as the
engine's UseAbility holds them. What stays here is the kernel's side: those tuples, what of an
ability the kernel does not play (refused by name as the machine is made), and the adapters the
kernel's listing and generated loop call.
"""
from __future__ import annotations

from typing import Any

from ..core.categories import Node
from ..engine import abilities
from ..engine.abilities import others_decide
from ..engine.eventlog import UNRECORDED
from ..engine.legal import waits_only_for_abilities
from . import core
from .decisions import refused
from ..engine.state import State

USE = 8  # the action kind, after decisions.CHOOSE


class KAbility:
    """One of the rules' abilities as the kernel's tuples and generated loop read it: its card,
    the name a use gives (where its card has two), its phase and whether it is used on top of a
    field. Made only for an ability the kernel plays (KernelUnsupported otherwise)."""
    __slots__ = ("card", "named", "phase", "on_field")

    def __init__(self, spec: Any, named: bool):
        if spec.any_turn or spec.once_per is not None:
            raise core.KernelUnsupported(f"ability '{spec.ref.id}': used in any turn, or once per turn per "
                                         f"{spec.once_per or 'field'} as written")
        why = _refused(spec.run.node)
        if why is not None:
            raise core.KernelUnsupported(why)
        self.card = spec.card
        self.named = spec.name if named else None
        self.phase = spec.phase  # its phase's id, as the state keeps it
        self.on_field = spec.where == "field-top"  # used on top of a field (else played from the hand)


def _refused(node: Node) -> str | None:
    """An ability whose choice another player makes runs through the engine's walker, the
    decision waiting for them (kernel/decisions.refused); any other is one closure (core.refused)."""
    return refused(node) if others_decide(node) else core.refused(node)


def compile_abilities(specs: tuple) -> tuple[KAbility, ...]:
    return tuple(KAbility(s, sum(o.card == s.card for o in specs) > 1) for s in specs)


def usable(m: Any, g: State, seat: int, out: list[tuple]) -> None:
    """Every use open to `seat` now (abilities.uses), as the kernel's tuples."""
    out.extend((USE, seat, index, choices, field) for index, field, choices in abilities.uses(g, m.rs, seat))


def front_lapses(m: Any, g: State, seat: int) -> bool:
    """abilities.front_lapses on the kernel's state."""
    return abilities.front_lapses(g, m.rs, seat)


def waits_only(m: Any, g: State) -> bool:
    """legal.waits_only_for_abilities: nothing but such an ability keeps the phase open, so
    the active player ends it with 'ends phase'."""
    return waits_only_for_abilities(g, m.rs, m.listing, m.opens["ability_keeps_open"])


def apply(m: Any, g: State, action: tuple) -> None:
    """abilities.use: a listed use, carried out unrecorded."""
    _, seat, index, choices, field = action
    abilities.use(g, m.rs, index, seat, field, choices, UNRECORDED)
