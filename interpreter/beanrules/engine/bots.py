"""Bots behind one interface, and the loop that lets them play a game.

A bot is asked only when the game waits for its player (Game.waiting_for); it then picks one
of that player's legal actions. Off-turn harvests (and purchases of a field, under a buy-field
rule) therefore happen when a bot is asked anyway (answering a proposal, planting in a
plant-pending phase).

A bot decides from its player's seat only (engine/seat.py): what Game.view(player) shows,
the rules and the engine's answers about legality, never the deck or another player's hand.
`choose(game, player)` hands the bot that seat; `decide(seat)` is the bot.
"""
from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, Protocol

from .actions import (Action, BuyField, CardRef, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose, Respond,
                      UseAbility)
from .decisions import NO, NOTHING, YES
from .deck import INLINE_DRAW
from .game import Game
from .harvesting import coins_for, run_length
from .kinds import same_type, type_of
from .errors import Stalled
from .legal import tradeable_zones, where
from .planting import auto_field
from .proposal_space import NO_PROPOSALS
from .seat import Seat


def no_choice(seat: Seat) -> Stalled:
    """What a bot raises when asked to act with nothing legal to do (an engine or check gap)."""
    return seat.stalled(f"the game waits for {seat.player}, who has no legal action")  # type: ignore[return-value]


class Bot(Protocol):
    name: str

    def choose(self, game: Game, player: str) -> Action: ...

    def decide(self, seat: Seat) -> Action: ...


class SeatedBot:
    """What every bot shares: asked by the game, it decides from the player's seat alone."""

    name = "bot"

    def choose(self, game: Game, player: str) -> Action:
        """The action this bot takes for `player` now, from that player's seat."""
        return self.decide(Seat.of(game, player))

    def decide(self, seat: Seat) -> Action:
        raise NotImplementedError


# Whether RandomBot may write its draw out (engine/deck.py: CPython's _randbelow).
_INLINE_DRAW = INLINE_DRAW


class RandomBot(SeatedBot):
    """Uniform over the listed legal actions, trading included. So that trading ends, a player
    makes at most `max_proposals` proposals per turn; after that only other actions count."""

    name = "random"

    def __init__(self, seed: int | str = 0, trades: bool = True, max_proposals: int = 2):
        self.rng = random.Random(seed)
        self.trades = trades
        self.max_proposals = max_proposals
        self._made: tuple[int, int] = (0, 0)  # (turn, proposals made in it)
        self._bits = self.rng.getrandbits if _INLINE_DRAW else None

    # A copy (copy.deepcopy, pickle) must draw from its own generator: a bound method copied
    # as it is would stay bound to a generator of its own, apart from the copy's `rng`, and the
    # copy would choose differently from the bot it was copied from.
    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_bits": self._bits is not None}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self._bits = self.rng.getrandbits if saved["_bits"] else None

    def decide(self, seat: Seat) -> Action:
        actions = seat.legal(False)
        n = listed = len(actions)
        if self.trades:
            turn = seat.turn
            made = self._made[1] if self._made[0] == turn else 0
            # Uniform over all listed legal actions, proposals included, without building the
            # proposals that are not picked (there are hundreds: Game.proposals builds one).
            proposals = seat.proposal_space() if made < self.max_proposals else NO_PROPOSALS
            n += proposals.count  # (len(proposals), without a call)
        if not n:
            raise no_choice(seat)
        # randrange(n) for n > 0 is _randbelow(n): the same draw, without randrange's checks,
        # written out where it is CPython's _randbelow_with_getrandbits (one call less)
        bits = self._bits
        if bits is None:
            k = self.rng._randbelow(n)
        else:
            width = n.bit_length()
            k = bits(width)
            while k >= n:
                k = bits(width)
        if k < listed:
            return actions[k]
        self._made = (turn, made + 1)
        return proposals[k - listed]


class GreedyBot(SeatedBot):
    """Plants where fields grow, harvests at a beanometer's top step (or when it must make
    room, the field that pays most), draws whenever a rule lets it draw by action, takes the
    discard pile's top card when it grows in a field
    and discards a card that fits no field (where rules permit; where they permit it at will,
    only when no field can be harvested to make room), gives away revealed and
    hand cards it cannot use, accepts
    trades whose cards fit its fields and cost it nothing it grows. Under a buy-field rule it
    buys one field beyond those dealt out: when a card must be planted and fits no field, or
    when every field grows and it has at least two coins more than the price."""

    name = "greedy"
    buy_margin: int | None = 2  # buy when every field grows and coins >= price + this (None: never)
    buy_when_stuck = True  # buy rather than harvest when a card must be planted and fits no field

    def __init__(self, seed: int | str = 0, trades: bool = True):
        self.rng = random.Random(seed)
        self.trades = trades
        self._asked: set[tuple[int, str, str]] = set()  # (turn, partner, bean) gifts offered

    def decide(self, seat: Seat) -> Action:
        rs, player = seat.rules, seat.player
        legal = seat.legal(False)
        if not legal:
            raise no_choice(seat)
        if seat.deciding:
            return self._decide(legal)
        fields = seat.fields
        # 1. Harvest a field that reached its beanometer's top step: it cannot pay more.
        for i in seat.harvestable(legal):
            field = fields[i]
            table = rs.payout[field[-1]]
            if len(field) > 1 and coins_for(rs, field) == max(table) and coins_for(rs, field) > 0:
                return _listed(legal, Harvest(player, i + 1))
        plants = [a for a in legal if type(a) is Plant]
        ends = [a for a in legal if type(a) is EndPhase]
        responses = [a for a in legal if type(a) is Respond]
        # 2. Answer proposals made to this player.
        for response in responses:
            if response.verb == "accepts":
                proposal = next(p for p in seat.proposals if p["id"] == response.target)
                return response if self._likes(seat, proposal) else \
                    _listed(responses, Respond(player, "rejects", response.target))
        if any(r.verb == "rejects" for r in responses):
            return next(r for r in responses if r.verb == "rejects")
        # 2b. Rich and every field in use: one more field lets more beans grow.
        buy = self._buy(seat, legal)
        if buy is not None and self.buy_margin is not None and all(fields) and \
                seat.coin_count >= rs.buy_field.cost + self.buy_margin:  # type: ignore[union-attr]
            return buy
        # 2c. Use a card's ability, the use that takes most (the longest choice sequence).
        uses = [a for a in legal if type(a) is UseAbility]
        if uses:
            return max(uses, key=lambda a: len(a.choices))
        # 2d. Take a card that grows on one of its fields; discard one that would fit none.
        move = self._move(seat, legal)
        if move is not None:
            return move
        # 2e. Draw while a rule lets it be done by action: a card more to plant, never fewer.
        draw = next((a for a in legal if type(a) is DrawCard), None)
        if draw is not None:
            return draw
        # 3. Plant where the bean already grows; into an empty field only when planting is
        #    required now (no phase end is offered), not for an optional second hand card.
        growing = [a for a in plants if fields[a.field - 1] and same_type(rs, fields[a.field - 1][-1], a.bean)]
        if growing:
            return growing[0]
        if plants and not ends:
            if all(fields[a.field - 1] for a in plants):  # mixed-fields: it must cover a field,
                return min(plants, key=lambda a: run_length(rs, fields[a.field - 1]))  # the shortest run
            return plants[0]
        # 4. Trading as the active player: give away cards that fit none of its fields.
        if self.trades and seat.active == player and rs.phase(seat.phase).trade:
            gift = self._gift(seat)
            if gift is not None:
                return gift
        if ends:
            return ends[0]
        # 5. A card must be planted and none fits: buy a field if it can (keeping every
        #    field growing), else harvest the field that pays most (ties: the one with fewest
        #    cards, losing least growth).
        if buy is not None and self.buy_when_stuck:
            return buy
        options = seat.harvestable(legal)
        if options:
            best = max(options, key=lambda i: (coins_for(rs, fields[i]), -len(fields[i])))
            return _listed(legal, Harvest(player, best + 1))
        return legal[self.rng.randrange(len(legal))]

    @staticmethod
    def _decide(legal: list[Action]) -> Action:
        """A decision: say yes (take the chance it offers), else take the first option rather
        than nothing."""
        options = {a.option: a for a in legal if isinstance(a, Choose)}
        if YES in options:
            return options[YES]
        return next((a for o, a in options.items() if o not in (NO, NOTHING)), legal[0])

    @staticmethod
    def _move(seat: Seat, legal: list[Action]) -> MoveCard | None:
        rs, fields = seat.rules, seat.fields
        for action in legal:
            if type(action) is not MoveCard:
                continue
            bean = action.bean if action.bean is not None else seat.hand[(action.position or 1) - 1]
            fits = auto_field(rs, fields, bean) is not None
            growing = any(f and same_type(rs, f[-1], bean) for f in fields)
            # A card that fits no field is discarded where discards are few; where they are
            # unbounded, only when no field can be harvested to make room for it (else a bot
            # would discard for ever and never harvest).
            phase = seat.phase
            few = all(r.most is not None for r in rs.moves if r.verb == "discards" and r.phase in (None, phase))
            stuck = not fits and (few or not seat.harvestable())
            if (action.verb == "takes" and growing) or (action.verb == "discards" and stuck):
                return action
        return None

    @staticmethod
    def _buy(seat: Seat, legal: list[Action]) -> BuyField | None:
        """Buying a field, if legal and the player holds no more fields than were dealt out."""
        if seat.rules.buy_field is None or len(seat.fields) > seat.rules.fields:
            return None
        return next((a for a in legal if type(a) is BuyField), None)

    def _fits(self, seat: Seat, beans: list[str]) -> bool:
        """All these beans, with the cards already waiting to be planted, fit the fields."""
        fields = seat.fields
        free = sum(1 for f in fields if not f)
        waiting = list(seat.set_aside)
        if seat.player == seat.active:
            waiting += seat.offer
        rs = seat.rules
        new = {type_of(rs, b) for b in beans + waiting if not any(f and same_type(rs, f[-1], b) for f in fields)}
        return len(new) <= free

    def _likes(self, seat: Seat, proposal: dict) -> bool:
        rs = seat.rules
        grown = {type_of(rs, f[-1]) for f in seat.fields if f}
        get = [r["bean"] for r in proposal["give"]]
        pay = [r["bean"] for r in proposal["take"] if r.get("bean")]
        return self._fits(seat, get) and not ({type_of(rs, b) for b in pay} & grown) and \
            all(r.get("bean") for r in proposal["take"])

    def _gift(self, seat: Seat) -> Propose | None:
        rs, player, turn = seat.rules, seat.player, seat.turn
        fields = seat.fields
        offer_ok, hand_ok = tradeable_zones(rs)
        cards = [("offer", b) for b in dict.fromkeys(seat.offer)] if offer_ok else []
        cards += [("hand", b) for b in dict.fromkeys(seat.hand[1:])] if hand_ok else []
        for zone, bean in cards:
            if auto_field(rs, fields, bean) is not None or bean in rs.unplantable:
                continue
            for partner in seat.players:
                key = (turn, partner, f"{zone}:{bean}")
                if partner == player or key in self._asked:
                    continue
                gift = Propose(player, partner, (CardRef(bean, zone),), ())
                # a constraint laid down for a while may take trading away (engine/lasting.py)
                if seat.forbidden(gift):
                    continue
                self._asked.add(key)
                if len(self._asked) > 200:
                    self._asked = {k for k in self._asked if k[0] == turn}
                return gift
        return None


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def _listed(legal: list[Action], action: Action) -> Action:
    """The listed action equal to `action` (the very object: Game.apply carries out an action
    it has just listed without the full re-check), else `action` itself, checked in full."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return action


def make_bot(kind: str, seed: int | str = 0, trades: bool = True) -> Bot:
    if kind not in BOTS:
        raise ValueError(f"unknown bot '{kind}' (bots: {', '.join(BOTS)})")
    return BOTS[kind](seed=seed, trades=trades)


def play_out(game: Game, bots: dict[str, Bot], max_actions: int = 100_000, keep_events: bool = True) -> int:
    """Let bots play until the game is over; returns the number of actions applied. Raises
    Stalled (naming the state) when the game waits for nobody, or for a player with no legal
    action, or does not end within `max_actions`. keep_events=False: the same game, faster,
    without the events a record needs (Game.apply)."""
    count = 0
    state, rs, apply = game.state, game.ruleset, game.apply
    phases = game.plan.by_id  # legal.next_to_act, as each phase's closure (engine/hotpath.py)
    # Each bot decides from its player's seat (one per player: a seat reads the live state); a
    # driver that is no bot (a test's wrapper that watches the game) is asked by choose.
    deciders = {p: partial(bot.decide, Seat.of(game, p)) if hasattr(bot, "decide") else partial(bot.choose, game, p)
                for p, bot in bots.items()}
    while not state.over:
        decision = state.decision
        player = decision["player"] if decision is not None else phases[state.phase].waiter(state)
        if player is None:
            raise Stalled("the game waits for nobody, yet it is not over", where(state, rs))
        apply(deciders[player](), keep_events)
        count += 1
        if count >= max_actions and not state.over:
            raise Stalled(f"the game did not end within {max_actions} actions", where(state, rs))
    return count
