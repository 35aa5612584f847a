"""The interpreter's bots (engine/bots.py) over the kernel's action tuples: the same choice from
the same random stream, call for call, so a kernel game is the interpreter's game."""
from __future__ import annotations

import random

from ..engine.errors import Stalled
from .machine import Machine
from .moves import legal, nth_proposal, proposal_space
from .state import KState


def _where(m: Machine, g: KState) -> dict:
    return {"phase": m.phase_ids[g.phase], "active": g.active, "turn": g.turn}


def _below(rng: random.Random):
    """rng.randrange(n) for n >= 1, without its argument checks: CPython's randrange(n) is
    exactly _randbelow(n), so the stream is the same."""
    below = getattr(rng, "_randbelow", None)
    return below if below is not None else rng.randrange


class KRandomBot:
    """engine.bots.RandomBot: uniform over the listed actions, proposals counted, not built."""

    def __init__(self, seed: int | str = 0, trades: bool = True, max_proposals: int = 2):
        self.rng = random.Random(seed)
        self.below = _below(self.rng)
        self.trades = trades
        self.max_proposals = max_proposals
        self._made = (0, 0)

    def choose(self, m: Machine, g: KState, seat: int) -> tuple:
        actions = legal(m, g, seat)
        if not self.trades:
            if not actions:
                raise Stalled(f"the game waits for seat {seat + 1}, who has no legal action", _where(m, g))
            return actions[self.below(len(actions))]
        turn = g.turn
        made = self._made[1] if self._made[0] == turn else 0
        count, space = (0, ()) if made >= self.max_proposals or not m.phases[g.phase].trade \
            else proposal_space(m, g, seat)
        if not actions and not count:
            raise Stalled(f"the game waits for seat {seat + 1}, who has no legal action", _where(m, g))
        pick = self.below(len(actions) + count)
        if pick < len(actions):
            return actions[pick]
        self._made = (turn, made + 1)
        return nth_proposal(seat, space, pick - len(actions))


KERNEL_BOTS = {"random": KRandomBot}
