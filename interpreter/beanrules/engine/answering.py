"""The answers a player may give to the decision the game waits for (engine/decisions.py).

An answer is the deciding player's action, and Game.apply refuses an action that would break a
`require` (the hand limit: engine/requirements.py), so an answer that would is not listed
either, as an accept that would is not (trading.accept_breaks). Each answer is tried on a copy
of the state, with the rest of its effect and the phase's steps it lets run (flow.resume):
resisting the thaler takeover, say, takes a card from the holder's hand into the active
player's, which no draw cuts to the room left. This stands above engine/flow.py, which the
listing of engine/legal.py stands below.
"""
from __future__ import annotations

from . import windows
from .actions import Action
from .eventlog import UNRECORDED
from .flow import resume
from .legal import legal_actions
from .requirements import would_break
from .ruleset import Ruleset
from .state import State


def answers(state: State, rs: Ruleset, player: str) -> list[Action]:
    """legal_actions while a decision waits, without the answers Game.apply would refuse for
    a requirement. A window offering abilities (engine/windows.py) is left as it is: its uses
    are tried against requirements by engine/abilities.py, and passing takes no card."""
    out = legal_actions(state, rs, player)
    if not rs.requirements or not out or windows.is_window(state.decision):
        return out
    return [a for a in out if not would_break(state, rs, lambda trial, a=a: resume(trial, rs, a, UNRECORDED))]
