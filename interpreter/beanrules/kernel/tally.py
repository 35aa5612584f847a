"""Counters and the target that ends the game (engine/declared.py, engine/marks.py, engine/tally.py) over the
kernel's state: a number per player (a list by seat) or for the table in ``g.counters``; a
harvest whose coins are written down pays onto the harvesting player's counter and lays every
harvested card on the discard pile, in field order; an end that reads more than the deck (a
counter, a player's coin cards) is tested after every action and ends the game as soon as it
holds; the winners a ``won-by`` statement names are fixed as the end comes, before the final
harvest, in ``g.winners``.

A harvest whose coins are written down is the engine's harvester (tally.pay). The end test is
cached in ``g.ending`` (machine.py reads it where the engine asks deck.ending); where the end
reads counters or coins it is refreshed after every harvest that writes coins down (the engine's
harvester keeps it in the state, as the deck does as it runs out) and after every action
(`reached`), the only places they change in the games the kernel plays (it plays no effect that
adds to a counter: core.py refuses it). What the rules read of counters the engine's closures read
(engine/marks.py), on the kernel's lists by seat.
"""
from __future__ import annotations

from typing import Any, Callable

from . import core
from ..engine.state import State


class Tally:
    """What the rules say about counters, coins written down and who first reaches a target."""
    __slots__ = ("counter", "won_by", "name", "target_ends")

    def __init__(self, rs: Any, prims: core.Primitives):
        self.target_ends = bool(rs.target_ends)
        self.counter: str | None = rs.harvest.pays_into  # paid into by harvests
        self.won_by: Callable | None = None
        self.name = "p"
        if rs.won_by is not None:
            self.won_by, self.name = rs.won_by.condition.fn, rs.won_by.name

    def reached(self, m: Any, g: State) -> bool:
        """flow.reached_target after an action: an end by a target holds now, so the game ends
        (True); an end by the deck alone waits for the flow, as the engine's does."""
        g.ending = m.is_ending(g)
        if not (g.ending and m.target_reached(g)):
            return False
        g.decision = None
        m.finish(g)
        return True

    def decide(self, g: State) -> None:
        """tally.decide as the end comes: whoever the won-by statement names wins."""
        if self.won_by is None:
            return
        name = self.name
        won = [p for p in range(len(g.players)) if self.won_by(g, {name: p})]
        if won:
            g.winners = won


def compile_tally(rs: Any, prims: core.Primitives) -> Tally | None:
    """None where the rules have no counter, no tally and no end beyond the deck."""
    if rs.harvest.pays_into is None and rs.won_by is None and not (rs.declared.counters or rs.target_ends):
        return None
    return Tally(rs, prims)

