"""Actions that recur, interned: one row of fields per (player, bean, zone).

Actions are immutable values, so the few that recur (plant this bean in field k, harvest field
k, end the phase) are built once and handed out again: building them anew on every call
dominated the cost of listing legal actions in bot playouts. The listers of planting and
harvesting (engine/listers.py) and the listings of engine/legal.py share
these rows, so every listing hands out the same objects.
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

from ..memo import remember
from .actions import EndPhase, Harvest, Plant

ROW = 12  # fields per row; more fields than this fall back to building the action
PLANTS: dict[tuple, tuple[Plant, ...]] = {}
HARVESTS: dict[str, tuple[Harvest, ...]] = {}
ENDS: dict[tuple, EndPhase] = {}
_T = TypeVar("_T")


def interned(cache: dict[Any, _T], limit: int, key: Any, build: Callable[..., _T], *args: Any) -> _T:
    """The value kept for `key`, built by build(*args) the first time. Bounded as memo.py
    says (player names may differ between games): past `limit` entries the oldest goes."""
    value = cache.get(key)
    if value is None:
        value = remember(cache, key, build(*args), limit)
    return value


def plants(player: str, bean: str, zone: str | None = None) -> tuple[Plant, ...]:
    """Plant(player, bean, k, zone) for the fields k = 1 to ROW."""
    return interned(PLANTS, 20_000, (player, bean, zone),
                    lambda: tuple(Plant(player, bean, k, zone) for k in range(1, ROW + 1)))


def harvests(player: str) -> tuple[Harvest, ...]:
    """Harvest(player, k) for the fields k = 1 to ROW."""
    return interned(HARVESTS, 5_000, player, lambda: tuple(Harvest(player, k) for k in range(1, ROW + 1)))


def end(player: str, what: str) -> EndPhase:
    return interned(ENDS, 10_000, (player, what), EndPhase, player, what)
