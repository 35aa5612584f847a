"""Lasting requirements (the core's ``require``; the hand limit is one) over the kernel's state,
as engine/requirements.py keeps them.

The engine keeps a requirement in two ways, and the kernel in the same places: what a player
may do is tried against it (a draw by action, a permitted move, a card's ability: listed only
where the requirement still holds after it), and an automatic draw gives a player only as many
cards as the requirement lets the hand hold (`room`). An action the listing offers that breaks a
requirement would be refused by the engine; the kernel plays only listed actions, and refuses
(support.py) the rules under which a listed action could add a hand card untried (trades into
the hand).
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, conditions, places, quantities
from ..engine.evaluate import RULES
from ..engine.requirements import fitting
from . import core
from .state import KState

# A stand-in for a card about to enter a hand: requirements count cards, they do not read them.
INCOMING = -1


def hand_limit(req: Any) -> int | None:
    """The most cards a hand may hold, where the requirement says only that of every player's
    hand ("hand limit 4"); None for any other requirement."""
    who, cond = req.players.node, req.condition.node
    if not (isinstance(who, (actors.EachPlayer, actors.AllPlayers)) and isinstance(cond, conditions.Compare)
            and cond.op in ("<=", "<") and isinstance(cond.right, quantities.Number)):
        return None
    count = cond.left
    if not (isinstance(count, quantities.Count) and count.bean is None and isinstance(count.place, places.Zone)
            and count.place.zone == "hand" and count.place.owner == actors.Bound("player")):
        return None
    return cond.right.value - (1 if cond.op == "<" else 0)


class Requirements:
    """The requirements of one ruleset, compiled with the kernel's closures (a plain hand limit
    as one number: it is tested after every move of a card into a hand)."""
    __slots__ = ("checks", "direction", "most", "rs")

    def __init__(self, reqs: tuple, prims: core.Primitives):
        self.direction, self.rs = prims.direction, prims.rs
        limits = [hand_limit(r) for r in reqs]
        self.most = min(limits) if limits and None not in limits else None  # type: ignore[type-var]
        self.checks: tuple[tuple[Callable, Callable], ...] = tuple(
            (r.players.fn, r.condition.fn) for r in reqs)

    def broken(self, g: KState) -> bool:
        """requirements.broken is not None: some requirement does not hold now."""
        most = self.most
        if most is not None:
            for hand in g.hands:
                if len(hand) > most:
                    return True
            return False
        env = {"direction": self.direction, RULES: self.rs}
        for players, condition in self.checks:
            for seat in players(g, env):
                if not condition(g, {**env, "player": seat}):
                    return True
        return False

    def one_more_breaks(self, g: KState, seat: int) -> bool:
        """One more card in `seat`'s hand would break a requirement (tried and undone)."""
        hand = g.hands[seat]
        hand.append(INCOMING)
        try:
            return self.broken(g)
        finally:
            hand.pop()

    def room(self, g: KState, seat: int, wanted: int) -> int:
        """requirements.room: how many of `wanted` cards the hand may take, one after another."""
        if wanted <= 0:
            return wanted
        return fitting(g.hands[seat], wanted, lambda: self.broken(g), INCOMING)


def compile_requirements(rs: Any, prims: core.Primitives) -> Requirements | None:
    return Requirements(rs.requirements, prims) if rs.requirements else None
