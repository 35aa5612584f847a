"""The interpreter's bots (engine/bots.py), written once, on the kernel's state: KSeat is
engine/seat.py's Seat in the kernel's words (integer seats, action tuples), so the
same bot makes the same choice from the same random stream, call for call, and a kernel game
is the interpreter's game."""
from __future__ import annotations

import random
from operator import attrgetter, itemgetter

from ..engine.bots import GreedyBot, RandomBot
from ..engine.errors import Stalled
from ..engine.kinds import auto_field, same_type, type_of
from ..engine.proposal_space import gift_positions
from ..engine.seat import READ_ZONES, Seat, Unseen
from ..engine.view import shows
from .abilities import USE
from .decisions import CHOOSE
from .lasting import forbidden
from .actions import BUY, DRAW, END, HARVEST, MOVE, PLANT, PROPOSE, RESPOND
from .machine import Machine
from .moves import legal, nth_proposal, proposal_space
from ..engine.state import State


def _where(m: Machine, g: State) -> dict:
    return {"phase": g.phase, "active": g.active, "turn": g.turn}


def _below(rng: random.Random):
    """rng.randrange(n) for n >= 1, without its argument checks: CPython's randrange(n) is
    exactly _randbelow(n), so the stream is the same."""
    below = getattr(rng, "_randbelow", None)
    return below if below is not None else rng.randrange


class KRandomBot(RandomBot):
    """engine.bots.RandomBot itself, deciding from the kernel's seat of its player. The
    generated loop (kernel/fast.py) draws from its `rng` as it does, through `below`."""

    _kseat: "KSeat | None" = None

    def __init__(self, seed: int | str = 0, trades: bool = True, max_proposals: int = 2):
        super().__init__(seed, trades, max_proposals)
        self.below = _below(self.rng)

    def choose(self, m: Machine, g: State, seat: int) -> tuple:  # type: ignore[override]
        kseat = self._kseat
        if kseat is None or kseat.g is not g or kseat.player != seat:
            kseat = self._kseat = KSeat(m, g, seat)
        return self.decide(kseat)


class KSeat:
    """engine.seat.Seat over the kernel's state: one player's seat, in the kernel's words
    (integer seats, action tuples, 0-based fields). It has the Seat's accessors and
    words that engine/bots.py's bots read, each reading only what Game.view shows (its own
    zones, the public ones, the rules) or asking the kernel about legality; so the bots,
    written once, play the kernel's games as they play the interpreter's."""

    __slots__ = ("m", "g", "player", "named", "_space", "_kept", "_unseen")
    kind = itemgetter(0)

    def __init__(self, m: Machine, g: State, seat: int):
        self.m, self.g, self.player = m, g, seat
        self.named = f"seat {seat + 1}"
        self._space: tuple = ()  # the proposals count_proposals counted
        self._kept: list[tuple] | None = None  # or those a constraint in force leaves
        self._unseen = frozenset(zone for zone, own in READ_ZONES if not shows(m.rs, zone, own))

    # the public state and the player's own zones
    players = property(lambda self: range(self.m.n))
    turn = property(attrgetter("g.turn"))
    active = property(attrgetter("g.active"))
    deciding = property(lambda self: self.g.decision is not None)
    bid = None  # the kernel plays no auction (kernel/support.py declines the node)
    lasting = property(lambda self: bool(self.g.lasting))
    offer = property(lambda self: self._shown("offer", self.g.offer))
    hand = property(lambda self: self._shown("hand", self.g.hands[self.player]))
    fields = property(lambda self: self._shown("field", self.g.fields[self.player]))
    set_aside = property(lambda self: self._shown("set-aside", self.g.set_aside[self.player]))
    coin_count = property(lambda self: len(self.g.coins[self.player]))

    def _shown(self, zone: str, cards: list) -> list:
        if zone in self._unseen:
            raise Unseen(f"{self.named} may not see the cards of the {zone} (its zone rule)")
        return cards

    # legality
    def actions(self) -> list[tuple]:
        """The legal actions but proposals (the kernel lists those apart: count_proposals)."""
        return legal(self.m, self.g, self.player)

    def count_proposals(self) -> int:
        """How many one-card proposals the interpreter lists (counted, not built); while a
        constraint lasts, those it leaves listed."""
        m, g, seat = self.m, self.g, self.player
        if not m.phase_of[g.phase].trade or g.decision:
            return 0
        count, self._space = proposal_space(m, g, seat)
        if count and g.lasting:
            kept = self._kept = [p for p in (nth_proposal(seat, self._space, i) for i in range(count))
                                 if not forbidden(m, g, p)]
            return len(kept)
        self._kept = None
        return count

    def proposal(self, n: int) -> tuple:
        """The n-th of the proposals count_proposals counted."""
        kept = self._kept
        return kept[n] if kept is not None else nth_proposal(self.player, self._space, n)

    def gifts(self) -> dict[tuple[int, str, str], tuple]:
        """The gifts (one card for nothing) the interpreter lists now, by (partner, zone, bean);
        while a constraint lasts, those it leaves listed."""
        m, g, seat = self.m, self.g, self.player
        if not m.phase_of[g.phase].trade or g.decision:
            return {}
        rows = m.proposal_rows(g, seat)  # type: ignore[misc]
        gifts = (nth_proposal(seat, rows, n) for n in gift_positions(rows))
        return {(a[2], *a[3]): a for a in gifts if not (g.lasting and forbidden(m, g, a))}

    def harvestable(self, legal_now: list[tuple] | None = None) -> list[int]:
        """engine/seat.py's: the listed harvests where a constraint (for a while, or by condition
        always in force) may change what is legal."""
        if legal_now is None or not (self.g.lasting or self.m.standing):
            return self.m.harvestable(self.g, self.player)
        return [a[2] for a in legal_now if a[0] == HARVEST]

    def stalled(self, message: str) -> Exception:
        return Stalled(message, _where(self.m, self.g))

    # the rules
    trading = property(lambda self: self.m.phase_of[self.g.phase].trade)
    unplantable = property(attrgetter("m.unplantable"))
    tradeable = property(attrgetter("m.tradeable"))
    buy_cost = property(attrgetter("m.buy_cost"))
    fields_dealt = property(attrgetter("m.fields_at_start"))

    def same(self, a: str, b: str) -> bool:
        return same_type(self.m.rs, a, b)

    def type_of(self, bean: str) -> str:
        return type_of(self.m.rs, bean)

    def coins_for(self, field: list[int]) -> int:
        return self.m.coins_for(field)

    def run_length(self, field: list[int]) -> int:
        return self.m.run_length(field)

    def top_step(self, bean: int) -> int:
        return max(self.m.payout[bean])

    def auto_field(self, bean: int) -> int | None:
        return auto_field(self.m.rs, self.g.fields[self.player], bean)

    def discards_bounded(self) -> bool:
        phase = self.g.phase
        return all(r.most is not None for r in self.m.moves if r.verb == "discards" and (r.phase is None or r.phase == phase))

    # actions
    planted = staticmethod(lambda a: (a[2], a[3]))
    response = staticmethod(lambda a: (a[2], a[3]))
    use_size = staticmethod(lambda a: len(a[3]))
    moved = staticmethod(lambda a: (a[2], a[3], a[4]))
    option = staticmethod(itemgetter(2))

    def harvest(self, index: int, legal_now: list[tuple]) -> tuple:
        return (HARVEST, self.player, index)

    def reject(self, target: int, responses: list[tuple]) -> tuple:
        return (RESPOND, self.player, "rejects", target)

    # an open proposal's terms: the engine seat's own reading (the proposals are the engine's)
    _state = property(attrgetter("g"))
    proposal_terms = Seat.proposal_terms


class KGreedyBot(GreedyBot):
    """engine.bots.GreedyBot itself, deciding from the kernel's seat of its player."""

    _kseat: KSeat | None = None

    def choose(self, m: Machine, g: State, seat: int) -> tuple:  # type: ignore[override]
        kseat = self._kseat
        if kseat is None or kseat.g is not g or kseat.player != seat:
            kseat = self._kseat = KSeat(m, g, seat)
        return self.decide(kseat)


# The kinds of action are numbered as engine/seat.py numbers them, so that one bot reads both
# seats (tests/kernel/test_one_set_of_bots.py).
KERNEL_BOTS = {"random": KRandomBot, "greedy": KGreedyBot}
