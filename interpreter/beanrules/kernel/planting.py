"""Which fields take a card: the engine's planting judge (engine/permissions.py), asked on the
kernel's state.

The kernel reads none of the planting rules itself: its cards are the engine's bean strings
and its seats index the fields as a player's name does the engine's, so the judge's closures run
on the kernel's fields unchanged (issue "One semantics", one state: docs/architecture.md). A
guard's condition reads only the planting player's fields, by their top cards and their sizes
below a bound (`PlantJudge.sizes`; a spec whose guards read more is not the kernel's yet), so an
answer depends on the bean and that shape of the fields alone: the kernel remembers it by them,
under a key its generated loop builds inline (kernel/fast.py), and asks the judge once per shape.
"""
from __future__ import annotations

from typing import Any, Callable

from ..memo import remember
from .core import KernelUnsupported

Fields = list[list[str]]
# Answers kept (a game visits a few thousand shapes of fields), in a plain dict that fast.py
# reads inline, bounded as every cache is (memo.py: at the bound the oldest go).
_BOUND = 100_000


class OnlyFields:
    """The one part of a state a guard reads: the planting player's fields (those they have,
    or as they would be once one is harvested)."""
    __slots__ = ("fields",)

    def __init__(self, seat: int, fields: Fields):
        self.fields = {seat: fields}


class Planting:
    """`taking(fields, seat, bean)`: the indices of `fields` (those of `seat`, or fields as they
    would be) that take `bean`, in order; `takes`, the answers remembered by `key(fields, bean)`
    (fast.py reads them inline)."""

    def __init__(self, rs: Any):
        judge = rs.plant_judge
        self.judge = judge
        self.takes: dict[tuple, tuple[int, ...]] = {}
        if judge is None:  # no guard: every field takes every card
            self.sizes = 0
            self.taking: Callable[[Fields, int, str], tuple[int, ...]] = _every
            return
        if judge.sizes is None:
            raise KernelUnsupported("a planting guard that reads more than the player's fields")
        self.sizes = cap = judge.sizes
        ask, takes = judge.taking, self.takes

        def taking(fields: Fields, seat: int, bean: str) -> tuple[int, ...]:
            key = (bean, *[f[-1] if f else None for f in fields]) if cap == 1 \
                else (bean, *[(f[-1], min(len(f), cap)) if f else None for f in fields])
            found = takes.get(key)
            if found is None:
                found = remember(takes, key, ask(OnlyFields(seat, fields), rs, seat, bean), _BOUND)
            return found
        self.taking = taking

    def accepts(self, fields: Fields, seat: int, bean: str, index: int) -> bool:
        """Field `index` of these fields takes `bean` (planting.field_accepts)."""
        return index in self.taking(fields, seat, bean)


def _every(fields: Fields, seat: int, bean: str) -> tuple[int, ...]:
    return tuple(range(len(fields)))
