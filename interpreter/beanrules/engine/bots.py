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
from typing import Any, Callable, Iterator, Protocol

from .actions import Action
from .auctions import PASS
from .decisions import NO, NOTHING, YES
from .deck import INLINE_DRAW
from .game import Game
from .errors import Stalled
from .legal import waiters, where
from .seat import BUY, CHOOSE, DRAW, END, MOVE, PLANT, RESPOND, USE, Seat


def no_choice(seat: Seat) -> Stalled:
    """What a bot raises when asked to act with nothing legal to do (an engine or check gap)."""
    return seat.stalled(f"the game waits for {seat.named}, who has no legal action")  # type: ignore[return-value]


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
        actions = seat.actions()
        n = listed = len(actions)
        if self.trades:
            turn = seat.turn
            made = self._made[1] if self._made[0] == turn else 0
            # Uniform over all listed legal actions, proposals included, without building the
            # proposals that are not picked (there are hundreds: the seat builds one).
            if made < self.max_proposals:
                n += seat.count_proposals()
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
        return seat.proposal(k - listed)


# GreedyBot's lists of the listed actions, by kind (the others it does not tell apart).
_SORTED = {PLANT: 0, END: 1, RESPOND: 2, USE: 3, MOVE: 4, DRAW: 5, BUY: 6}


class GreedyBot(SeatedBot):
    """Plants where fields grow, harvests at a beanometer's top step (or when it must make
    room, the field that pays most), draws whenever a rule lets it draw by action, takes the
    discard pile's top card when it grows in a field
    and discards a card that fits no field (where rules permit; where they permit it at will,
    only when no field can be harvested to make room), gives away revealed and
    hand cards it cannot use, accepts
    trades whose cards fit its fields and cost it nothing it grows. Under a buy-field rule it
    buys one field beyond those dealt out: when a card must be planted and fits no field, or
    when every field grows and it has at least two coins more than the price.

    It reads its seat only in the seat's words (engine/seat.py), so the same bot plays the
    playout kernel's games on the kernel's seat (kernel/bots.py)."""

    name = "greedy"
    buy_margin: int | None = 2  # buy when every field grows and coins >= price + this (None: never)
    buy_when_stuck = True  # buy rather than harvest when a card must be planted and fits no field

    def __init__(self, seed: int | str = 0, trades: bool = True):
        self.rng = random.Random(seed)
        self.trades = trades
        self._asked: set[tuple[int, Any, str]] = set()  # (turn, partner, bean) gifts offered

    def decide(self, seat: Any) -> Any:
        legal = seat.actions()
        if not legal:
            raise no_choice(seat)
        if seat.deciding:
            return self._decide(seat, legal)
        fields, coins_for, planted = seat.fields, seat.coins_for, seat.planted
        # 1. Harvest a field that reached its beanometer's top step: it cannot pay more.
        for i in seat.harvestable(legal):
            field = fields[i]
            pays = coins_for(field)
            if len(field) > 1 and pays == seat.top_step(field[-1]) and pays > 0:
                return seat.harvest(i, legal)
        plants, ends, responses, uses, moves, draws, buys = kinds = [], [], [], [], [], [], []
        kind, by_kind = seat.kind, _SORTED
        for a in legal:  # the listed actions by kind, each in the listing's order
            k = by_kind.get(kind(a))
            if k is not None:
                kinds[k].append(a)
        # 2. Answer proposals made to this player.
        for response in responses:
            verb, target = seat.response(response)
            if verb == "accepts":
                return response if self._likes(seat, target) else seat.reject(target, responses)
        for response in responses:
            if seat.response(response)[0] == "rejects":
                return response
        # 2b. Rich and every field in use: one more field lets more beans grow.
        buy = self._buy(seat, buys)
        if buy is not None and self.buy_margin is not None and all(fields) and \
                seat.coin_count >= seat.buy_cost + self.buy_margin:
            return buy
        # 2c. Use a card's ability, the use that takes most (the longest choice sequence).
        if uses:
            return max(uses, key=seat.use_size)
        # 2d. Take a card that grows on one of its fields; discard one that would fit none.
        if moves:
            move = self._move(seat, moves)
            if move is not None:
                return move
        # 2e. Draw while a rule lets it be done by action: a card more to plant, never fewer.
        if draws:
            return draws[0]
        # 3. Plant where the bean already grows; into an empty field only when planting is
        #    required now (no phase end is offered), not for an optional second hand card.
        same = seat.same
        for a in plants:
            i, bean = planted(a)
            if fields[i] and same(fields[i][-1], bean):
                return a
        if plants and not ends:
            if all(fields[planted(a)[0]] for a in plants):  # mixed-fields: it must cover a field,
                return min(plants, key=lambda a: seat.run_length(fields[planted(a)[0]]))  # the shortest run
            return plants[0]
        # 4. Trading as the active player: give away cards that fit none of its fields.
        if self.trades and seat.active == seat.player and seat.trading:
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
            best = max(options, key=lambda i: (coins_for(fields[i]), -len(fields[i])))
            return seat.harvest(best, legal)
        return legal[self.rng.randrange(len(legal))]

    @staticmethod
    def _decide(seat: Any, legal: list) -> Any:
        """A decision: say yes (take the chance it offers), else take the first option rather
        than nothing; in an auction, bid what the lot is worth to its fields (below)."""
        kind, option = seat.kind, seat.option
        options = {option(a): a for a in legal if kind(a) == CHOOSE}
        if seat.bid is not None:
            return options[GreedyBot._bid(seat, seat.bid, [o for o in options if o != PASS])]
        if YES in options:
            return options[YES]
        return next((a for o, a in options.items() if o not in (NO, NOTHING)), legal[0])

    @staticmethod
    def _bid(seat: Any, bid: dict, bids: list[str]) -> str:
        """The lowest bid it may make, if the lot is worth that much: two coins for a card that
        grows in one of its fields, one for a card an empty field takes, else nothing."""
        card = bid["lot"][0]
        fields = seat.fields
        worth = 2 if any(f and seat.same(f[-1], card) for f in fields) else 1 if any(not f for f in fields) else 0
        affordable = [b for b in bids if int(b) <= worth]
        return affordable[0] if affordable else PASS

    @staticmethod
    def _move(seat: Any, moves: list) -> Any:
        fields, same = seat.fields, seat.same
        for action in moves:
            verb, bean, position = seat.moved(action)
            if bean is None:
                bean = seat.hand[(position or 1) - 1]
            fits = seat.auto_field(bean) is not None
            growing = any(f and same(f[-1], bean) for f in fields)
            # A card that fits no field is discarded where discards are few; where they are
            # unbounded, only when no field can be harvested to make room for it (else a bot
            # would discard for ever and never harvest).
            stuck = not fits and (seat.discards_bounded() or not seat.harvestable())
            if (verb == "takes" and growing) or (verb == "discards" and stuck):
                return action
        return None

    @staticmethod
    def _buy(seat: Any, buys: list) -> Any:
        """Buying a field, if legal and the player holds no more fields than were dealt out."""
        if not buys or seat.buy_cost is None or len(seat.fields) > seat.fields_dealt:
            return None
        return buys[0]

    @staticmethod
    def _fits(seat: Any, beans: list) -> bool:
        """All these beans, with the cards already waiting to be planted, fit the fields."""
        fields, same, type_of = seat.fields, seat.same, seat.type_of
        free = sum(1 for f in fields if not f)
        waiting = list(seat.set_aside)
        if seat.player == seat.active:
            waiting += seat.offer
        new = {type_of(b) for b in beans + waiting if not any(f and same(f[-1], b) for f in fields)}
        return len(new) <= free

    def _likes(self, seat: Any, target: Any) -> bool:
        """Accept a proposal whose cards fit the fields and that asks for nothing grown here."""
        type_of = seat.type_of
        grown = {type_of(f[-1]) for f in seat.fields if f}
        get, pay, named = seat.proposal_terms(target)
        return self._fits(seat, get) and not ({type_of(b) for b in pay} & grown) and named

    def _gift(self, seat: Any) -> Any:
        """A gift of a card that fits none of its fields, to the first partner not yet offered
        it this turn, among the gifts the rules list (a house rule, a constraint in force may
        forbid some, or all)."""
        player, turn = seat.player, seat.turn
        offer_ok, hand_ok = seat.tradeable
        cards = [("offer", b) for b in dict.fromkeys(seat.offer)] if offer_ok else []
        cards += [("hand", b) for b in dict.fromkeys(seat.hand[1:])] if hand_ok else []
        gifts = seat.gifts() if cards else None
        if not gifts:
            return None
        for zone, bean in cards:
            if seat.auto_field(bean) is not None or bean in seat.unplantable:
                continue
            for partner in seat.players:
                key = (turn, partner, f"{zone}:{bean}")
                if partner == player or key in self._asked:
                    continue
                gift = gifts.get((partner, zone, bean))
                if gift is None:
                    continue
                self._asked.add(key)
                if len(self._asked) > 200:
                    self._asked = {k for k in self._asked if k[0] == turn}
                return gift
        return None


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int | str = 0, trades: bool = True) -> Bot:
    if kind not in BOTS:
        raise ValueError(f"unknown bot '{kind}' (bots: {', '.join(BOTS)})")
    return BOTS[kind](seed=seed, trades=trades)


def turns(game: Game, bots: dict[str, Bot], max_actions: int = 100_000) -> Iterator[tuple[str, Action]]:
    """The bots' game one action at a time: yields the player the game waits for and the
    action their bot chose, which the caller applies (Game.apply) before asking for the next;
    play_out applies each at once, and a caller that looks at every action (the invariant
    checks, the docs' moments) does so around its own apply. Raises Stalled (naming the state)
    when the game waits for nobody, or for a player with no legal action, or does not end
    within `max_actions`."""
    count = 0
    state, rs = game.state, game.ruleset
    waiter = waiters(rs)  # legal.next_to_act while no decision waits: each phase's compiled closure
    # Each bot decides from its player's seat (one per player: a seat reads the live state); a
    # driver that is no bot (a test's wrapper that watches the game) is asked by choose.
    deciders = {p: (bot.decide if hasattr(bot, "decide") else (lambda _, bot=bot, p=p: bot.choose(game, p)),
                    Seat.of(game, p)) for p, bot in bots.items()}
    while not state.over:
        decision = state.decision
        if decision is not None:
            player = decision["player"]
        else:  # (a seat: the game's border names it)
            seat = waiter[state.phase](state)
            player = None if seat is None else state.players[seat]
        if player is None:
            raise Stalled("the game waits for nobody, yet it is not over", where(state, rs))
        decide, seat = deciders[player]
        yield player, decide(seat)
        count += 1
        if count >= max_actions and not state.over:
            raise Stalled(f"the game did not end within {max_actions} actions", where(state, rs))


def play_out(game: Game, bots: dict[str, Bot], max_actions: int = 100_000, keep_events: bool = True) -> int:
    """Let bots play until the game is over (turns); returns the number of actions applied.
    keep_events=False: the same game, faster, without the events a record needs (Game.apply)."""
    count = 0
    apply = game.apply
    for _, action in turns(game, bots, max_actions):
        apply(action, keep_events)
        count += 1
    return count
