"""Which fields take a card: the engine's planting judge (engine/permissions.py), asked on the
kernel's state.

The kernel reads none of the planting rules itself. A guard's condition, compiled by the
engine's evaluator, reads only the planting player's fields, by their top cards and their sizes
below a bound (`PlantJudge.sizes`; a spec whose guards read more is not the kernel's,
kernel/support.py). So an answer depends on the bean and that shape of the fields alone, and
the kernel remembers it by them, in its own terms (bean numbers); the judge itself is asked once
per shape, on the fields as the engine holds them (bean names). This translation is the one cost
of two representations, and it goes with them (issue "One semantics", one state:
docs/architecture.md).
"""
from __future__ import annotations

from typing import Any, Callable

from .core import KernelUnsupported

Fields = list[list[int]]
_BOUND = 100_000  # answers kept (a game visits a few thousand shapes of fields)


class _Named:
    """The one part of a state a guard reads: the planting player's fields, by bean name."""
    __slots__ = ("fields",)

    def __init__(self, seat: int, fields: list[list[str]]):
        self.fields = {seat: fields}


class Planting:
    """`taking(fields, seat, bean)`: the indices of `fields` (those of `seat`, or fields as they
    would be) that take `bean`, in order; `takes`, the answers remembered by `key(fields, bean)`
    (fast.py reads them inline)."""

    def __init__(self, rs: Any, bean_names: tuple[str, ...]):
        judge = rs.plant_judge
        self.judge = judge
        self.takes: dict[tuple, tuple[int, ...]] = {}
        if judge is None:  # no guard: every field takes every card
            self.sizes = 0
            self.taking: Callable[[Fields, int, int], tuple[int, ...]] = _every
            return
        if judge.sizes is None:
            raise KernelUnsupported("a planting guard that reads more than the player's fields")
        self.sizes = cap = judge.sizes
        ask, names, takes = judge.taking, bean_names, self.takes

        def taking(fields: Fields, seat: int, bean: int) -> tuple[int, ...]:
            key = (bean, *[f[-1] if f else None for f in fields]) if cap == 1 \
                else (bean, *[(f[-1], min(len(f), cap)) if f else None for f in fields])
            found = takes.get(key)
            if found is None:
                if len(takes) >= _BOUND:
                    takes.clear()
                named = [[names[b] for b in f] for f in fields]
                found = takes[key] = ask(_Named(seat, named), rs, seat, names[bean])
            return found
        self.taking = taking

    def accepts(self, fields: Fields, seat: int, bean: int, index: int) -> bool:
        """Field `index` of these fields takes `bean` (planting.field_accepts)."""
        return index in self.taking(fields, seat, bean)


def _every(fields: Fields, seat: int, bean: int) -> tuple[int, ...]:
    return tuple(range(len(fields)))
