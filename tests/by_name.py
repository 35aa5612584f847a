"""A game state's per-player parts by the player's name, for tests that set up or read a
state directly (importable from every test folder: pytest puts `tests/` on the path for its
conftest).

Tests name players, as a user does; the engine's `State` keeps its per-player parts by seat
(docs/architecture.md, "One state": seats inside, names at the border, `state.seat_of` between).
This module is the one place a test asks it, so a change of that keeping changes this, not
every test.
"""
from __future__ import annotations

from typing import Any

from beanrules.engine.state import State


def zone_of(state: State, key: str, player: str) -> Any:
    """`player`'s zone `key` (hands, fields, set_aside, coins): the state's own list, to read
    or to change in place."""
    return getattr(state, key)[state.seat_of[player]]


def put(state: State, key: str, player: str, value: Any) -> None:
    """Replace `player`'s zone `key` with `value`."""
    getattr(state, key)[state.seat_of[player]] = value


def by_player(state: State, key: str) -> dict[str, Any]:
    """Every player's zone `key`, by name, in seat order (the state's own lists)."""
    return {p: zone_of(state, key, p) for p in state.players}


def whose_turn(state: State) -> str:
    """The name of the player whose turn it is."""
    return state.players[state.active]


def counter(state: State, name: str, player: str) -> int:
    """`player`'s value of the per-player counter `name`."""
    return state.counters[name][state.seat_of[player]]


def set_counter(state: State, name: str, player: str, value: int) -> None:
    state.counters[name][state.seat_of[player]] = value


def set_counters(state: State, counters: dict[str, dict[str, int]]) -> None:
    """Make `counters` (per-player ones, each a value by name) the state's counters."""
    state.counters = {name: [values[p] for p in state.players] for name, values in counters.items()}


def set_holder(state: State, token: str, player: str | None) -> None:
    """Give `token` to `player` (None: nobody)."""
    state.tokens[token] = None if player is None else state.seat_of[player]


def fixed_winners(state: State) -> list[str] | None:
    """The winners the state fixed as the end came (None: the winner rule decides)."""
    return None if state.winners is None else [state.players[p] for p in state.winners]


def set_active(state: State, player: str) -> None:
    """Make it `player`'s turn (a test's set-up)."""
    state.active = state.seat_of[player]


def seat(state: State, player: str) -> int:
    """The seat of `player`: what the engine's own functions take for a player (they read the
    state by it), where a test calls them directly."""
    return state.seat_of[player]
