"""The answers a player may give to the decision the game waits for (engine/decisions.py).

An answer is the deciding player's action, and Game.apply refuses an action that would break a
`require` (the hand limit: engine/requirements.py), so an answer that would is not listed
either, as an accept that would is not (trading.accept_breaks). Each answer is tried on a copy
of the state, with the rest of its effect and the phase's steps it lets run (flow.resume):
resisting the thaler takeover, say, takes a card from the holder's hand into the active
player's, which no draw cuts to the room left. This stands above engine/flow.py, which the
listing of engine/legal.py stands below.

The rule itself is `unbreaking`, which takes the state, the options and how to try one: the
kernel lists its answers through it too (kernel/moves.py), trying each with its own apply on
its own state, which the engine's requirements read unchanged (seats index its hands).
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

from . import windows
from .actions import Action
from .eventlog import UNRECORDED
from .flow import resume
from .legal import legal_actions
from .requirements import broken, snapshot
from .ruleset import Ruleset
from .state import State

Answer = TypeVar("Answer")


def answers(state: State, rs: Ruleset, player: int) -> list[Action]:
    """legal_actions while a decision waits, without the answers Game.apply would refuse for
    a requirement. A window offering abilities (engine/windows.py) is left as it is: its uses
    are tried against requirements by engine/abilities.py, and passing takes no card."""
    out = legal_actions(state, rs, player)
    if windows.is_window(state.decision):
        return out
    return unbreaking(state, rs, out, lambda a: _resumed(state, rs, a))


def unbreaking(state: Any, rs: Ruleset, options: list[Answer], tried: Callable[[Answer], Any]) -> list[Answer]:
    """The options that break no requirement holding now, each asked of `tried(option)`: the
    state after it, on a copy, with what it lets run after it (the state itself untouched).
    While a requirement is already broken, no option is held to it (requirements.would_break)."""
    if not rs.requirements or not options or broken(state, rs) is not None:
        return options
    return [a for a in options if broken(tried(a), rs) is None]


def _resumed(state: State, rs: Ruleset, answer: Action) -> State:
    trial = State(**snapshot(state))
    resume(trial, rs, answer, UNRECORDED)
    return trial
