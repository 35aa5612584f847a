"""The game waits for the owners of abilities used "in any turn" (engine/abilities.py).

An ability whose text says its owner may use it in any player's turn is listed for its owner
whenever they may act; but outside their own turn the game never waits for them, so without
more they would hardly ever get the chance. So, after an action that is not an answer to a
decision, each other player (not the one who acted, not the active player, who is waited for
anyway) holding such an ability they may use now is offered it, in turn order from the one
who acted: a decision (``state.decision``, plain JSON, so a waiting game saves and loads) whose
answers are that player's uses of those abilities (``Natalie uses owl``) or passing
(``Natalie chooses nothing``). Either answer offers the next such player; once none is left the
game goes on as the action left it (the phase may then be complete). An ability whose effect
itself waits for a decision ends the window: that decision is the game's next.

Rules without such abilities never open a window (Plan.windows is False), so their games are
played exactly as before.
"""
from __future__ import annotations

from typing import Any

from . import abilities
from .actions import Choose, UseAbility
from .decisions import WINDOW as MECHANISM  # the anchor of a window's decision


def opens(rs: Any) -> bool:
    """Whether these rules have an ability used in any turn (only then is a window opened)."""
    return any(spec.any_turn for spec in rs.abilities)


def is_window(decision: dict | None) -> bool:
    return decision is not None and decision.get("anchor", {}).get("mechanism") == MECHANISM


def uses(state: Any, rs: Any, player: int) -> list[UseAbility]:
    """The uses of abilities in any turn open to the player at seat `player` now."""
    return [use for use in abilities.usable(state, rs, player) if abilities.ability_of(rs, use).any_turn]


def offer(state: Any, rs: Any, actor: str, after: str | None = None) -> None:
    """Open (or go on with) the window: wait for the next player after `after`, in turn order up
    to the one who acted, who is not the active player and may use an ability in any turn now;
    none: no decision (the window is closed). (`actor`, `after`: by name, as the decision keeps them.)"""
    count, seat_of = len(state.players), state.seat_of
    at, acted = seat_of[actor if after is None else after], seat_of[actor]
    for k in range(1, count):
        seat = (at + rs.direction * k) % count
        if seat == acted:  # round the table: everyone was offered it
            return
        if seat == state.active:
            continue
        found = uses(state, rs, seat)
        if found:
            rule = abilities.ability_of(rs, found[0]).ref.id  # what a refusal while it waits cites
            state.decision = {"player": state.players[seat], "options": ["nothing"], "rule": rule, "actor": actor,
                              "anchor": {"mechanism": MECHANISM, "rule": rule}, "path": [], "names": {}}
            return


def answers(state: Any, rs: Any, player: int) -> list:
    """What the player at seat `player` may do while a window waits for them: their uses, or passing."""
    name = state.players[player]
    if state.decision["player"] != name:
        return []
    return [*uses(state, rs, player), Choose(name, "nothing")]


def answered(state: Any, rs: Any, action: Any, use: Any, events: list) -> None:
    """Carry out an answer to the window (`use`: carry out the checked use of an ability; None:
    the player passes), then offer the next player."""
    decision = state.decision
    state.decision = None
    if use is not None:
        use()
    else:
        events.append({"event": "chose", "player": action.player, "choice": "nothing", "rule": decision["rule"]})
    if state.decision is None and not state.over:  # (an ability that waits ends the window)
        offer(state, rs, decision["actor"], action.player)


def may_answer(decision: dict | None, action: Any) -> bool:
    """`action` answers the window waiting now: a use of an ability by the player it waits for."""
    return is_window(decision) and type(action) is UseAbility and action.player == decision["player"]
