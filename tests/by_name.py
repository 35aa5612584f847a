"""A game state's per-player parts by the player's name, for tests that set up or read a
state directly (importable from every test folder: pytest puts `tests/` on the path for its
conftest).

Tests name players, as a user does; how the engine's `State` keys its per-player parts inside
is the engine's business (docs/architecture.md, "One state": seats inside, names at the
border). This module is the one place a test asks it, so when the state moves to seats, this
changes, not every test.
"""
from __future__ import annotations

from typing import Any

from beanrules.engine.state import State


def zone_of(state: State, key: str, player: str) -> Any:
    """`player`'s zone `key` (hands, fields, set_aside, coins): the state's own list, to read
    or to change in place."""
    return getattr(state, key)[player]


def put(state: State, key: str, player: str, value: Any) -> None:
    """Replace `player`'s zone `key` with `value`."""
    getattr(state, key)[player] = value


def by_player(state: State, key: str) -> dict[str, Any]:
    """Every player's zone `key`, by name, in seat order (the state's own lists)."""
    return {p: zone_of(state, key, p) for p in state.players}


def whose_turn(state: State) -> str:
    """The name of the player whose turn it is."""
    return state.active


def counter(state: State, name: str, player: str) -> int:
    """`player`'s value of the per-player counter `name`."""
    return state.counters[name][player]


def set_counter(state: State, name: str, player: str, value: int) -> None:
    state.counters[name][player] = value


def set_counters(state: State, counters: dict[str, dict[str, int]]) -> None:
    """Make `counters` (per-player ones, each a value by name) the state's counters."""
    state.counters = {name: dict(values) for name, values in counters.items()}


def set_holder(state: State, token: str, player: str | None) -> None:
    """Give `token` to `player` (None: nobody)."""
    state.tokens[token] = player


def fixed_winners(state: State) -> list[str] | None:
    """The winners the state fixed as the end came (None: the winner rule decides)."""
    return state.winners


def set_active(state: State, player: str) -> None:
    """Make it `player`'s turn (a test's set-up)."""
    state.active = player
