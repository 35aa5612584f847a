"""Lasting constraints on the state: the core's ``require`` (for each of some players, a
condition holds at all times; the hand limit is one).

The engine keeps a requirement in two ways, as rulebooks do: an action that would break it is
refused, citing the rule, and leaves the state as it was (Game.apply tries it and restores the
state); an automatic step that hands out cards (a draw) gives a player only as many as the
requirement lets them hold, and the rest stay where they were.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core import actors, conditions, places, quantities, statements as core
from . import evaluate
from .errors import ImpossibleState, RuleRef
from .state import State

# A stand-in for a card about to be drawn: requirements count cards, they do not read them.
_INCOMING = ""


@dataclass(frozen=True)
class Requirement:
    players: evaluate.Compiled  # the actor: whom the condition is about, bound as ``player``
    condition: evaluate.Compiled
    ref: RuleRef
    holds: Callable[[Any, Any], bool]  # (state, rules): it holds for every one of its players


def runs(statement: Any) -> bool:
    return isinstance(statement, core.Require)


def compile_requirements(program: list, refs: dict[str, RuleRef]) -> tuple[Requirement, ...]:
    return tuple(_compiled(s, refs[rule["id"]]) for rule, s in program if runs(s))


def _compiled(statement: Any, ref: RuleRef) -> Requirement:
    players = evaluate.Compiled(statement.player, evaluate.players_of(statement.player))
    condition = evaluate.compiled_condition(statement.condition)
    return Requirement(players, condition, ref, _count_holds(statement) or _holds(statement, players, condition))


def _holds(statement: Any, players: evaluate.Compiled, condition: evaluate.Compiled) -> Callable[[Any, Any], bool]:
    """Any condition: the compiled one, asked for each of the players in turn."""
    who, test = players.fn, condition.fn
    if isinstance(statement.player, (actors.EachPlayer, actors.AllPlayers)):
        # whether it holds for all asks no order of the players: the seats as they are (each
        # player's turn order would be built anew on every test, and a hand limit is tested
        # after every card into a hand)
        def holds(state: Any, rs: Any) -> bool:
            env = {"direction": rs.direction, evaluate.RULES: rs}
            for player in range(len(state.players)):
                env["player"] = player  # (one env for all: a condition keeps none)
                if not test(state, env):
                    return False
            return True
    else:
        def holds(state: Any, rs: Any) -> bool:
            env = {"direction": rs.direction, evaluate.RULES: rs}
            for player in who(state, env):
                env["player"] = player
                if not test(state, env):
                    return False
            return True
    return holds


def _count_holds(statement: Any) -> Callable[[Any, Any], bool] | None:
    """Every player's count of one of their own zones compared with a number (a hand limit):
    the zone's attribute, the comparison and the number bound once, so that a test reads the
    players' zones and nothing else: no env, no closure per node. A requirement is tested after
    every card into a hand, and in a playout on every move the player might make. None: another
    shape, which _holds runs. It means what `condition` compiled does, for each player."""
    cond = statement.condition
    if not (isinstance(statement.player, (actors.EachPlayer, actors.AllPlayers))
            and isinstance(cond, conditions.Compare) and isinstance(cond.right, quantities.Number)
            and isinstance(cond.left, quantities.Count) and cond.left.bean is None):
        return None
    zone = cond.left.place
    if not (isinstance(zone, places.Zone) and zone.zone in evaluate.PLAYER_ZONES
            and isinstance(zone.owner, actors.Bound) and zone.owner.name == "player"):
        return None
    attr, test, bound = evaluate.PLAYER_ZONES[zone.zone], evaluate.COMPARISONS[cond.op], cond.right.value

    def holds(state: Any, rs: Any) -> bool:
        zones = getattr(state, attr)
        for player in range(len(state.players)):
            if not test(len(zones[player]), bound):
                return False
        return True
    return holds


def breaking(state: Any, rs: Any) -> tuple[Requirement, Any] | None:
    """The first requirement the state breaks and the first player, in turn order, it breaks
    it for (None: all hold)."""
    for req in rs.requirements:
        env = {"direction": rs.direction, evaluate.RULES: rs}
        for player in req.players.fn(state, env):
            if not req.condition.fn(state, {**env, "player": player}):
                return req, player
    return None


def broken(state: Any, rs: Any) -> Requirement | None:
    """The first requirement the state breaks (None: all hold). Any state whose hands the
    players index by seat: the engine's or the kernel's, which asks this too."""
    for req in rs.requirements:
        if not req.holds(state, rs):
            return req
    return None


def breaks_held(before: Any, after: Any, rs: Any) -> Requirement | None:
    """The requirement `after` breaks that held in `before` (a card's ability tried on a copy:
    a use is refused only for a requirement it breaks, not for one already broken)."""
    if not rs.requirements:
        return None
    found = broken(after, rs)
    return found if found is not None and broken(before, rs) is None else None


def one_more_breaks(state: Any, rs: Any, player: Any) -> Requirement | None:
    """The requirement (the hand limit) one more card in `player`'s hand would break, tried
    with a stand-in card and taken out again (a draw by action asks this before it is listed)."""
    if not rs.requirements:
        return None
    hand = state.hands[player]
    hand.append(_INCOMING)
    try:
        return broken(state, rs)
    finally:
        hand.pop()


def check_start(state: Any, rs: Any) -> None:
    """Refuse a state given from outside (a partial state, state JSON) that breaks a requirement:
    it holds at all times, so no game reaches such a state. This is also what lets a draw count
    only its own hand's room (`room` asks whether any requirement breaks): in a state a game
    reaches, no other hand is past the limit."""
    found = breaking(state, rs) if rs.requirements else None
    if found is not None:
        req, player = found
        raise ImpossibleState(None, f"the state breaks '{req.ref.text}' [{req.ref.id}] for {state.players[player]}, "
                                    "a rule that holds at all times")


def room(state: Any, rs: Any, player: Any, wanted: int) -> int:
    """How many of `wanted` cards `player` may take into the hand, one after another, while
    every requirement keeps holding (all of them where there is no requirement)."""
    if not rs.requirements or wanted <= 0:
        return wanted
    hand, allowed = state.hands[player], 0
    try:  # each card tried with a stand-in, all taken out again
        while allowed < wanted:
            hand.append(_INCOMING)
            if broken(state, rs) is not None:
                break
            allowed += 1
    finally:
        del hand[len(hand) - (allowed + (1 if allowed < wanted else 0)):]
    return allowed


def hand_room(state: Any, rs: Any, player: int | None, wanted: int) -> int:
    """How many of `wanted` cards a step that runs by itself lays into `player`'s hand: as
    many as the rules that hold at all times let it take (a draw takes as many, evaluate.draw)."""
    return wanted if player is None else room(state, rs, player, wanted)


def newly_broken(state: Any, rs: Any, saved: dict) -> Requirement | None:
    """The requirement the state breaks that the saved state (before an action) kept."""
    found = broken(state, rs)
    if found is None:
        return None
    return None if broken(State(**saved), rs) is not None else found


def _copy(value: Any) -> Any:
    """A copy of lists and dicts of plain values, as deep as they nest (the state's shapes)."""
    if type(value) is list:
        return [_copy(v) for v in value] if value and type(value[0]) in (list, dict) else list(value)
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    return value


# The state's zones of one level of cards (per player or shared), copied as plain lists: a
# playout under a requirement snapshots the state on every action, so this is its hot path.
_FLAT = ("deck", "discard", "offer", "removed", "players")
_PER_PLAYER = ("hands", "set_aside", "coins")
# copied above, or never changed in a game (the name -> seat table)
_KEPT = frozenset(_FLAT + _PER_PLAYER + ("fields", "seat_of"))


def snapshot(state: Any) -> dict:
    """What restore() needs to undo an action that broke a requirement: every field, copied."""
    saved = {name: getattr(state, name) for name in type(state).__slots__}
    for name in _FLAT:
        saved[name] = list(saved[name])
    for name in _PER_PLAYER:
        saved[name] = [list(c) for c in saved[name]]
    saved["fields"] = [[list(f) for f in fs] for fs in state.fields]
    for name, value in saved.items():  # anything else (proposals, counters): copied as deep as it nests
        if name not in _KEPT and type(value) in (list, dict):
            saved[name] = _copy(value)
    return saved


def restore(state: Any, saved: dict) -> None:
    for name, value in saved.items():
        setattr(state, name, value)


def would_break(state: Any, rs: Any, change: Any) -> bool:
    """Whether `change`, made to a copy of the state, breaks a requirement that holds now (what
    Game.apply refuses an action for): so that an action listed as legal is one apply takes.
    The state itself is not touched."""
    trial = State(**snapshot(state))
    change(trial)
    return broken(trial, rs) is not None and broken(state, rs) is None
