"""The interpreter's bots (engine/bots.py) over the kernel's action tuples: the same choice from
the same random stream, call for call, so a kernel game is the interpreter's game."""
from __future__ import annotations

import random

from ..engine.errors import Stalled
from ..engine.decisions import NO, NOTHING, YES
from .abilities import USE
from .card_moves import MOVE
from .decisions import CHOOSE
from .kinds import same, types
from .lasting import forbidden
from .draw_moves import DRAW
from .machine import BUY, END, HARVEST, PLANT, PROPOSE, RESPOND, Machine
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
        count, space = (0, ()) if made >= self.max_proposals or not m.phases[g.phase].trade or g.decision \
            else proposal_space(m, g, seat)
        kept = None
        if count and g.lasting:  # as Game.proposals: while a constraint lasts, those it leaves listed
            kept = [p for p in (nth_proposal(seat, space, i) for i in range(count)) if not forbidden(m, g, p)]
            count = len(kept)
        if not actions and not count:
            raise Stalled(f"the game waits for seat {seat + 1}, who has no legal action", _where(m, g))
        pick = self.below(len(actions) + count)
        if pick < len(actions):
            return actions[pick]
        self._made = (turn, made + 1)
        return kept[pick - len(actions)] if kept is not None else nth_proposal(seat, space, pick - len(actions))


class KGreedyBot:
    """engine.bots.GreedyBot over the kernel's action tuples: the same rules of thumb, in the
    same order, the same tie-breaks, and its random draw only where the interpreter's draws."""

    buy_margin: int | None = 2
    buy_when_stuck = True

    def __init__(self, seed: int | str = 0, trades: bool = True):
        self.rng = random.Random(seed)
        self.trades = trades
        self._asked: set[tuple[int, int, str]] = set()

    def choose(self, m: Machine, g: KState, seat: int) -> tuple:
        legal_now = legal(m, g, seat)
        if not legal_now:
            raise Stalled(f"the game waits for seat {seat + 1}, who has no legal action", _where(m, g))
        if g.decision is not None:
            return self._decide(legal_now)
        fields = g.fields[seat]
        coins_for = m.coins_for
        # 1. A field at its beanometer's top step.
        for i in self._harvestable(m, g, seat, legal_now):
            field = fields[i]
            pays = coins_for(field)
            if len(field) > 1 and pays == max(m.payout[field[-1]]) and pays > 0:
                return (HARVEST, seat, i)
        plants = [a for a in legal_now if a[0] == PLANT]
        ends = [a for a in legal_now if a[0] == END]
        responses = [a for a in legal_now if a[0] == RESPOND]
        # 2. Proposals made to this player.
        for response in responses:
            if response[2] == "accepts":
                proposal = next(p for p in g.proposals if p[0] == response[3])
                return response if self._likes(m, g, seat, proposal) else (RESPOND, seat, "rejects", response[3])
        for response in responses:
            if response[2] == "rejects":
                return response
        # 2b. Rich and every field in use.
        buy = self._buy(m, g, seat, legal_now)
        if buy is not None and self.buy_margin is not None and all(fields) and \
                len(g.coins[seat]) >= m.buy_cost + self.buy_margin:  # type: ignore[operator]
            return buy
        # 2c. Use a card's ability, the use that takes most (the longest choice sequence).
        uses = [a for a in legal_now if a[0] == USE]
        if uses:
            return max(uses, key=lambda a: len(a[3]))
        # 2d. Take a card that grows on one of its fields; discard one that would fit none.
        if m.moves:
            move = self._move(m, g, seat, legal_now)
            if move is not None:
                return move
        # 2e. Draw while a rule lets it be done by action.
        draw = next((a for a in legal_now if a[0] == DRAW), None) if m.draws else None
        if draw is not None:
            return draw
        # 3. Where the bean grows; an empty field only when planting is required now.
        growing = [a for a in plants if fields[a[2]] and same(m, fields[a[2]][-1], a[3])]
        if growing:
            return growing[0]
        if plants and not ends:
            if all(fields[a[2]] for a in plants):
                return min(plants, key=lambda a: m.run_length(fields[a[2]]))
            return plants[0]
        # 4. Trading as the active player: give away what fits no field.
        if self.trades and g.active == seat and m.phases[g.phase].trade:
            gift = self._gift(m, g, seat)
            if gift is not None:
                return gift
        if ends:
            return ends[0]
        # 5. Stuck: buy a field, else harvest what pays most.
        if buy is not None and self.buy_when_stuck:
            return buy
        options = self._harvestable(m, g, seat, legal_now)
        if options:
            best = max(options, key=lambda i: (coins_for(fields[i]), -len(fields[i])))
            return (HARVEST, seat, best)
        return legal_now[self.rng.randrange(len(legal_now))]

    @staticmethod
    def _harvestable(m: Machine, g: KState, seat: int, legal_now: list[tuple]) -> list[int]:
        """bots._harvestable: the fast path, unless a constraint lasts; then the listed harvests."""
        if not g.lasting:
            return m.harvestable(g, seat)
        return [a[2] for a in legal_now if a[0] == HARVEST]

    @staticmethod
    def _decide(legal_now: list[tuple]) -> tuple:
        """GreedyBot._decide: yes, else the first option that is not a no or nothing."""
        options = {a[2]: a for a in legal_now if a[0] == CHOOSE}
        if YES in options:
            return options[YES]
        return next((a for o, a in options.items() if o not in (NO, NOTHING)), legal_now[0])

    @staticmethod
    def _move(m: Machine, g: KState, seat: int, legal_now: list[tuple]) -> tuple | None:
        fields = g.fields[seat]
        for action in legal_now:
            if action[0] != MOVE:
                continue
            _, _, verb, bean, position = action
            if bean is None:
                bean = g.hands[seat][(position or 1) - 1]
            fits = _auto_field(fields, bean, m.kind) is not None
            growing = any(f and same(m, f[-1], bean) for f in fields)
            few = all(r.most is not None for r in m.moves
                      if r.verb == "discards" and (r.phase is None or r.phase == g.phase))
            stuck = not fits and (few or not m.harvestable(g, seat))
            if (verb == "takes" and growing) or (verb == "discards" and stuck):
                return action
        return None

    @staticmethod
    def _buy(m: Machine, g: KState, seat: int, legal_now: list[tuple]) -> tuple | None:
        if m.buy_cost is None or len(g.fields[seat]) > m.fields_at_start:
            return None
        return next((a for a in legal_now if a[0] == BUY), None)

    @staticmethod
    def _fits(m: Machine, g: KState, seat: int, beans: list[int]) -> bool:
        fields = g.fields[seat]
        free = sum(1 for f in fields if not f)
        waiting = list(g.set_aside[seat])
        if seat == g.active:
            waiting += g.offer
        new = set(types(m, [b for b in beans + waiting if not any(f and same(m, f[-1], b) for f in fields)]))
        return len(new) <= free

    def _likes(self, m: Machine, g: KState, seat: int, proposal: list) -> bool:
        grown = set(types(m, [f[-1] for f in g.fields[seat] if f]))
        give, take = proposal[3], proposal[4]
        pay = [] if take is None else [take[1]]
        return self._fits(m, g, seat, [give[1]]) and not (set(types(m, pay)) & grown)

    def _gift(self, m: Machine, g: KState, seat: int) -> tuple | None:
        fields = g.fields[seat]
        cards = [("offer", b) for b in dict.fromkeys(g.offer)] if m.offer_ok else []
        cards += [("hand", b) for b in dict.fromkeys(g.hands[seat][1:])] if m.hand_ok else []
        for zone, bean in cards:
            if _auto_field(fields, bean, m.kind) is not None or bean in m.unplantable:
                continue
            for partner in range(g.n):
                key = (g.turn, partner, f"{zone}:{bean}")
                if partner == seat or key in self._asked:
                    continue
                gift = (PROPOSE, seat, partner, (zone, bean), None)
                if g.lasting and forbidden(m, g, gift):  # as engine/bots.py: trading taken away for a while
                    continue
                self._asked.add(key)
                if len(self._asked) > 200:
                    self._asked = {k for k in self._asked if k[0] == g.turn}
                return gift
        return None


def _auto_field(fields: list[list[int]], bean: int, kind: tuple[int, ...] | None = None) -> int | None:
    """planting.auto_field: the field topped by `bean` (or a card of its type), else the first empty one."""
    empty = None
    for i, f in enumerate(fields):
        if f:
            if f[-1] == bean or (kind is not None and kind[f[-1]] == kind[bean]):
                return i
        elif empty is None:
            empty = i
    return empty


KERNEL_BOTS = {"random": KRandomBot, "greedy": KGreedyBot}
