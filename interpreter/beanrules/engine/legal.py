"""Enumerating legal actions, who may act, and whose decision the game waits for.

Trade proposals are combinatorial (any cards for any cards), so legal_actions lists the
one-card proposals only: each distinct card the player can give, as a gift or for one card of
each bean type (or each revealed card) of the partner. Larger proposals are legal to apply;
they are just not listed.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ..memo import per_object, remember
from .actions import Action, BuyField, CardRef, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose, Respond
from . import decisions, lasting, windows
from .abilities import front_lapses, keeps_open as ability_keeps_open, usable
from .buying import may_buy
from .draw_moves import keeps_open as draw_keeps_open, listed as draw_listed
from .proposal_space import NO_SPACE, Row, Space, counted, nth_by
from .interned import ROW as _ROW, end as _end, harvests as _harvests, interned as _interned
from .harvesting import harvestable, table_harvests
from .listers import ZonePlanting, plant_options as permitted_plants
from . import card_moves
from .ruleset import _SHARED_ATTR, Ruleset, zone_cards
from .state import State
from .deals import Deal
from .trade_guards import TradeGuards
from .trading import Remembered, accept_breaks, acceptable, guards_of, remembered
from .zones import plant_options


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


# The actions that recur are interned (engine/interned.py); answers and one-card proposals
# recur as well (the same proposal id is answered by one player in one of three ways; the same
# card is offered to the same partner for the same card turn after turn): interned like the
# rest, so a bot's listing builds none of them anew.
_BUYS: dict[str, BuyField] = {}
_RESPONDS: dict[tuple, Respond] = {}
_CARDS: dict[tuple, CardRef] = {}
_PROPOSALS: dict[tuple, Propose] = {}
_ASKS: dict[tuple, tuple[Propose, ...]] = {}  # one give's row of proposals (legal.proposals)


def _buy(player: str) -> BuyField:
    return _interned(_BUYS, 5_000, player, BuyField, player)


def _respond(player: str, verb: str, target: int) -> Respond:
    return _interned(_RESPONDS, 20_000, (player, verb, target), Respond, player, verb, target)


def _card(bean: str, zone: str) -> CardRef:
    return _interned(_CARDS, 5_000, (bean, zone), CardRef, bean, zone)


def _proposal(player: str, partner: str, bean: str, zone: str, want: str | None, where: str | None) -> Propose:
    """Propose(player, partner, (CardRef(bean, zone),), ()) or asking for one card (want, where)."""
    key = (player, partner, bean, zone, want, where)
    return _PROPOSALS.get(key) or _interned(
        _PROPOSALS, 50_000, key, lambda: Propose(player, partner, (_card(bean, zone),),
                                                 () if want is None or where is None else (_card(want, where),)))


def phase_actions(state: State, rs: Ruleset, player: int, trades: bool = True) -> list[Action]:
    """Every listed legal action of the player at seat `player` except harvests and buying a field."""
    out: list[Action] = []
    ph = rs.phases[rs.phase_index[state.phase]]
    active = player == state.active
    # the plants the phase's permits list (engine/listers.py), with the ends they let the player declare
    permitted_plants(out, state, rs, ph, player, front_lapses if rs.abilities else None)
    if ph.trade:
        if active:
            out.append(_end(state.players[player], "trading"))
        answers(state, rs, player, out)
        if trades:
            out.extend(proposals(state, rs, player))
    return out


def answers(state: State, rs: Ruleset, seat: int, out: list, known: Remembered | None = None) -> None:
    """The player's answers to the open proposals, appended to `out`: accept (where the cards
    are there to trade) or reject one made to them, withdraw their own. `known`: the game's
    trading.remembered, where the caller holds it. (A proposal names its players.)"""
    if not state.proposals:
        return
    known, player = known or remembered(rs), state.players[seat]
    for proposal in state.proposals:
        if proposal["to"] == player:
            known_ok = known(state, proposal, False)
            ok = acceptable(state, rs, proposal) if known_ok is None else known_ok
            target = proposal["id"]  # (the answers, interned: looked up before _respond builds one)
            if ok and not accept_breaks(state, rs, proposal):
                out.append(_RESPONDS.get((player, "accepts", target)) or _respond(player, "accepts", target))
            out.append(_RESPONDS.get((player, "rejects", target)) or _respond(player, "rejects", target))
        elif proposal["from"] == player:
            target = proposal["id"]
            out.append(_RESPONDS.get((player, "withdraws", target)) or _respond(player, "withdraws", target))


def tradeable_zones(rs: Ruleset) -> tuple[bool, bool]:
    """(offer cards, hand cards) may be traded: a rule allows it and none forbids it outright."""
    guards = guards_of(rs)
    return (False, False) if guards is None else (guards.tradeable("offer"), guards.tradeable("hand"))


Lister = Callable[[State, int], tuple[Row, ...]]
_LISTERS: dict = {}
_HAND, _OFFER = ("hand", None), ("offer", None)


def proposal_rows(state: State, rs: Ruleset, player: int) -> tuple[Row, ...]:
    """The rows of one-card proposals `player` may make now, judged by the trading rules
    (engine/trade_guards.py) compiled once per game (_lister)."""
    lister = proposal_lister(rs) if rs.phase(state.phase).trade is not None else None
    return lister(state, player) if lister is not None else ()


def proposal_lister(rs: Ruleset) -> Lister | None:
    """The game's lister of proposals, compiled once (None: nobody trades)."""
    guards = guards_of(rs)
    return None if guards is None else per_object(_LISTERS, guards, None, lambda: _lister(rs, guards))


def _lister(rs: Ruleset, guards: TradeGuards) -> Lister:
    """The proposals each player may make, by the trading rules. Where the rules judge a deal by
    who makes it with whom, whose turn it is and its size (every rulebook: `guards.by_turn`),
    what a player may give a partner and ask of them is judged once per zone, and remembered
    per (player, active player, phase) for every partner of the players at the table; where
    they read the state besides (a house rule on hand sizes), judged once per zone in each
    state: no rule reads a card of the deal (trade_guards.compile_guards refuses one)."""
    unplantable = rs.unplantable
    beans = tuple(b for b in rs.beans if b not in unplantable)  # asked for where the answer waits
    memo: dict = {}

    def distinct(cards: list[str]) -> tuple[str, ...]:
        """Each bean once, in order, but those never planted (a loop costs less than a dict for
        the few cards of a hand or the offer)."""
        out: list[str] = []
        for card in cards:
            if card not in out and card not in unplantable:
                out.append(card)
        return tuple(out)

    def judged(state: State, player: int, partner: int) -> tuple[bool, ...]:
        """(gift, exchange, the player gives offer and hand cards, the partner offer and hand
        cards, an exchange for a hand card waits for the answer)."""
        both = frozenset((player, partner))
        made = [guards.deal_refusal(state, rs, d) is None and guards.size_refusal(state, rs, d) is None
                for d in (Deal(player, partner, (_HAND,), (), both), Deal(player, partner, (_HAND,), (_HAND,), both))]
        zones = [guards.may_give(state, rs, giver, taker, zone) for giver, taker in ((player, partner), (partner, player))
                 for zone in ("offer", "hand")]
        waits = all(guards.waits(state, rs, Deal(player, partner, (card,), (_HAND,), frozenset((player,)))) is not None
                    for card, ok in ((_OFFER, zones[0]), (_HAND, zones[1])) if ok)
        return (*made, *zones, waits)

    def partners(state: State, player: int) -> tuple[tuple, ...]:
        """The partners `player` may make a gift or an exchange with, in seat order, each with
        what judged() says of the zones: (partner's seat, their name, gives offer cards, gives
        hand cards, a gift, asks offer cards, asks hand cards, the ask waits for the answer)."""
        out, players = [], state.players
        for partner in range(len(players)):
            if partner != player:
                gift, swap, give_offer, give_hand, ask_offer, ask_hand, waits = judged(state, player, partner)
                if (give_offer or give_hand) and (gift or swap):
                    out.append((partner, players[partner], give_offer, give_hand, gift, ask_offer and swap,
                                ask_hand and swap, waits))
        return tuple(out)

    def rows(state: State, player: int) -> tuple[Row, ...]:
        key = (player, state.active, state.phase)  # what a by_turn judgement depends on, with who plays
        hit = memo.get(key)
        if hit is None or hit[0] != state.players:  # (a list compared to a list: games of other players)
            hit = remember(memo, key, (list(state.players), partners(state, player)), 1_000)
        return listed(state, player, hit[1])

    def listed(state: State, player: int, found: tuple[tuple, ...]) -> tuple[Row, ...]:
        """The rows of the cards at hand, by what partners() judged of their zones."""
        if not found:
            return ()
        out = []
        offer, hand = distinct(state.offer), distinct(state.hands[player])
        for partner, name, give_offer, give_hand, gift, ask_offer, ask_hand, waits in found:
            give = (offer if give_offer else ()) + (hand if give_hand else ())
            if give:  # (a row names the partner: the proposals it makes do)
                out.append((name, give, len(offer) if give_offer else 0, gift, offer if ask_offer else (),
                            (beans if waits else distinct(state.hands[partner])) if ask_hand else ()))
        return tuple(out)

    if guards.by_turn:
        return rows
    return lambda state, player: listed(state, player, partners(state, player))


def proposals(state: State, rs: Ruleset, player: int) -> list[Propose]:
    """The listed one-card proposals: every give with every ask of every partner (the order
    nth_proposal counts). Built from interned rows: listing them anew each time a player is
    asked cost more than the rest of a trading listing."""
    out: list[Propose] = []
    name = state.players[player]
    for partner, give, from_offer, gift, offer, hand in proposal_rows(state, rs, player):
        for g, bean in enumerate(give):
            out.extend(_asks(name, partner, bean, "offer" if g < from_offer else "hand", gift, offer, hand))
    return out


def _asks(player: str, partner: str, bean: str, zone: str, gift: bool, offer: tuple, hand: tuple) -> tuple[Propose, ...]:
    """One give of `player` to `partner`: as a gift, then for each offered bean, then for each
    hand bean (interned per row, as the plants are)."""
    key = (player, partner, bean, zone, gift, offer, hand)
    row = _ASKS.get(key)
    if row is None:
        row = _interned(_ASKS, 5_000, key, lambda: ((_proposal(player, partner, bean, zone, None, None),) if gift else ())
                        + tuple(_proposal(player, partner, bean, zone, b, "offer") for b in offer)
                        + tuple(_proposal(player, partner, bean, zone, b, "hand") for b in hand))
    return row


_SPACES: dict = {}


def proposal_space(rs: Ruleset) -> Callable[[State, str], Space]:
    """The one-card proposals, compiled once per ruleset, for a phase that trades: (state,
    player) -> how many are listed, what builds the n-th of them when asked for (nth_proposal:
    there are far more proposals than other actions, and a bot picks one, Game.proposals), and
    the rows they were counted from (the gifts among them: Proposals.gifts)."""
    def compiled() -> Callable[[State, str], Space]:
        lister = proposal_lister(rs)
        if lister is None:
            return lambda state, player: NO_SPACE

        def space(state: State, player: int) -> Space:
            rows = lister(state, player)
            count = counted(rows)
            return (count, partial(nth_proposal, state.players[player], rows), rows) if count else NO_SPACE
        return space
    return per_object(_SPACES, rs, None, compiled)


# nth_proposal(player, rows, n): the n-th proposal of proposals() without building the others.
nth_proposal: Callable[[str, tuple[Row, ...], int], Propose] = nth_by(_proposal)


def legal_actions(state: State, rs: Ruleset, player: int, trades: bool = True) -> list[Action]:
    """What the player at seat `player` may do now: by the phase's listing (listings: compiled
    where the rules add nothing to what its permits list), else, while a decision waits, a
    constraint is laid down for a while or the game is over, listed in full."""
    if not (state.lasting or state.over or state.decision is not None):
        return listings(rs)[state.phase](state, player, trades)
    return listed_in_full(state, rs, player, trades)


def listed_in_full(state: State, rs: Ruleset, player: int, trades: bool = True) -> list[Action]:
    """legal_actions, asking about every mechanism the rules may have on every call."""
    if state.over:
        return []
    # while a decision waits, only its answers are legal (Game.listed leaves out, by
    # engine/answering.py, those a requirement refuses: that needs engine/flow.py, above this)
    if state.decision is not None:
        if windows.is_window(state.decision):  # the uses of abilities in any turn it offers, or passing
            return windows.answers(state, rs, player)
        return decisions.options(state, player)
    out = phase_actions(state, rs, player, trades)
    if MoveCard in rs.permits:  # permitted moves of one card (discard, take the discard's top)
        out.extend(a for a in card_moves.options(state, rs, player) if a not in out)
    # Buying a field: any time, off-turn too, like harvesting under harvest-any-time.
    name = state.players[player]  # (the actions listed name their player)
    if BuyField in rs.permits and may_buy(state, rs, player):
        out.append(_buy(name))
    if rs.abilities:  # using a card's ability, with each choice it offers
        out.extend(usable(state, rs, player))
        if player == state.active and not any(type(a) is EndPhase for a in out) \
                and waits_only_for_abilities(state, rs):
            out.append(_end(name, "phase"))  # the phase waits only for a card's ability
    if DrawCard in rs.permits:  # drawing one card by action, and when the phase may end (engine/draw_moves.py)
        out = draw_listed(state, rs, player, out)
    # Harvests: the fields the harvest permits (engine/listers.py) allow, as (cached) actions.
    fields = harvestable(state, rs, player)
    if fields:
        row = _harvests(name)
        out.extend(row[i] if i < _ROW else Harvest(name, i + 1) for i in fields)
    if rs.zone_rules:  # plants into, and harvests of, a field of the table (engine/zones.py)
        out.extend(plant_options(state, rs, player, plantable(state, rs, player)))
        out.extend(table_harvests(state, rs, player))
    if state.lasting or rs.standing:  # constraints by condition (engine/lasting.py)
        return lasting.constrain(state, rs, player, out)
    return out


# ------------------------------------------------------------------ the listing, compiled per phase
PhaseListing = Callable[[State, int, bool], list]  # (state, player, trades) -> the legal actions
_LISTINGS: dict = {}


def listings(rs: Ruleset) -> dict[str, PhaseListing]:
    """The listing of every phase, by id, compiled once per ruleset: compiled_listing, or, where
    the rules add what it leaves out, listed_in_full bound to the rules (for a state with no
    decision waiting, no constraint laid down for a while, and the game not over)."""
    def full(state: State, player: int, trades: bool) -> list:
        return listed_in_full(state, rs, player, trades)
    return per_object(_LISTINGS, rs, None, lambda: {ph.id: compiled_listing(rs, ph) or full for ph in rs.phases})


def compiled_listing(rs: Ruleset, ph: Any) -> PhaseListing | None:
    """listed_in_full for phase `ph`, specialised when the rules compile: its plants and ends
    (the phase's listers), its answers to proposals and its proposals where it trades, buying
    a field where a rule sells one (its cost and limit bound), its harvests where a harvest
    permit applies in it, in that order, each action looked up among the interned ones once per
    listing. None where the rules add what the full listing asks about on every call (permitted
    moves, card abilities, draws by action, fields of the table, constraints by condition); a
    constraint laid down for a while (state.lasting) is listed in full as well (legal_actions)."""
    if MoveCard in rs.permits or rs.abilities or DrawCard in rs.permits or rs.zone_rules or rs.standing:
        return None
    buy = rs.permits.get(BuyField)
    cost, most = (buy.cost, buy.max_fields) if buy is not None else (0, None)
    trade = ph.trade
    permitted = ph.listers  # the phase's plant and harvest permits, compiled (engine/listers.py)
    plant_listers = tuple(p.lister for p in ((permitted.front,) if permitted.front is not None else ()) + permitted.every)
    harvests = permitted.harvests if permitted.harvesting else None  # no harvest permit: no harvest asked about
    known = remembered(rs)  # (the answers: trading.remembered)
    # The interned actions each player's listing hands out (_end, _buy, _harvests), looked up
    # once per listing rather than one by one: (end planting, end trading, buy, harvests)
    mine_of: dict[str, tuple] = {}

    def own(player: str) -> tuple:  # bounded as memo.py says: player names may differ between games
        return remember(mine_of, player, (_end(player, "planting"), _end(player, "trading"), _buy(player),
                                          _harvests(player)), 1_000)

    def listing(state: State, player: int, trades: bool) -> list:
        out: list = []
        name = state.players[player]
        mine = mine_of.get(name) or own(name)
        for plants in plant_listers:
            plants(out, state, rs, player, None)  # (no card abilities: those are listed in full)
        if trade:
            if player == state.active:
                out.append(mine[1])
            if state.proposals:
                answers(state, rs, player, out, known)
            if trades:
                out.extend(proposals(state, rs, player))
        if buy is not None and len(state.coins[player]) >= cost and (most is None or len(state.fields[player]) < most):
            out.append(mine[2])
        if harvests is not None:
            row = mine[3]
            for i in harvests(state, rs, player):
                out.append(row[i] if i < _ROW else Harvest(name, i + 1))
        return out
    return listing


def plantable(state: State, rs: Ruleset, player: int) -> list[tuple[str, str | None]]:
    """The cards `player` may plant now, whatever field takes them, as (bean, zone): the front
    card of the hand in a planting step (zone None), each bean of a zone the phase empties."""
    out: list[tuple[str, str | None]] = []
    ph = rs.phases[rs.phase_index[state.phase]]
    active = player == state.active
    hand = state.hands[player]
    front = ph.listers.front
    if front is not None and active and hand and state.planted < front.most:
        out.append((hand[0], None))
    for step in ph.listers.every:
        if step.who == "everyone" or active:
            out.extend((bean, step.zone) for bean in _distinct(step.cards(state, player)))
    return [(bean, zone) for bean, zone in out if bean not in rs.unplantable]


def next_to_act(state: State, rs: Ruleset) -> str | None:
    """The first of waiting_for(), by name, quickly: the bot loop asks this before every action
    (while no decision waits: the phase's compiled_waiter, which answers a seat)."""
    if state.over:
        return None
    if state.decision is not None:
        return state.decision["player"]
    seat = waiters(rs)[state.phase](state)
    return None if seat is None else state.players[seat]


Waiter = Callable[[State], "int | None"]  # a state not over, with no decision waiting -> next_to_act's seat
_WAITERS: dict = {}


def waiters(rs: Ruleset) -> dict[str, Waiter]:
    """compiled_waiter of every phase, by id, compiled once per ruleset."""
    return per_object(_WAITERS, rs, None, lambda: {ph.id: compiled_waiter(rs, ph) for ph in rs.phases})


def compiled_waiter(rs: Ruleset, ph: Any) -> Waiter:
    """Whom the game waits for first in phase `ph` (waiting_for's first, without building the
    list), compiled once per phase with what the rules lack left out. In order: the active
    player where they plant from the hand or trade and no proposal is open; the active player
    while they hold cards a pending step plants (no constraint in force: one may take the plant
    away); the active player while a move, a draw or an ability keeps the phase open, where the
    rules have one; else waiting_for's first. A phase that plants from the hand waits for the
    active player alone whatever else holds (waiting_for says so), and one that trades, with
    nothing else to keep it open, for the receiver of the first open proposal."""
    front, trade = ph.listers.front, ph.trade
    if front is not None and not trade:
        return _the_active
    keeps: list[Callable[[State], bool]] = []  # what keeps the phase open for the active player
    if MoveCard in rs.permits:
        keeps.append(lambda state: card_moves.waits_only_for_moves(state, ph) and card_moves.keeps_open(state, rs))
    if DrawCard in rs.permits:
        keeps.append(lambda state: draw_keeps_open(state, rs))
    if rs.abilities:
        keeps.append(lambda state: waits_only_for_abilities(state, rs))
    if trade and not keeps:
        return lambda state: state.seat_of[state.proposals[0]["to"]] if state.proposals else state.active
    leads = front is not None or bool(trade)
    # the zone each pending step plants, as the state holds it: (attribute, one per player)
    pending = () if trade or rs.standing else \
        tuple((step.attr or _SHARED_ATTR[step.zone], step.attr is not None) for step in ph.listers.every)

    def waiter(state: State) -> int | None:
        if leads and not state.proposals:
            return state.active
        if pending and not state.lasting:  # turn order from the active player
            active = state.active
            for attr, own in pending:  # ZonePlanting.cards
                if getattr(state, attr)[active] if own else getattr(state, attr):
                    return active
        for keeps_open in keeps:
            if keeps_open(state):
                return state.active
        waiting = waiting_for(state, rs)
        return waiting[0] if waiting else None
    return waiter


def _the_active(state: State) -> int:
    return state.active


def waiting_for(state: State, rs: Ruleset) -> list[int]:
    """The seats of the players whose decision the game needs to move on, most urgent first:
    receivers of open proposals, then the active player (planting, trading), or everyone with
    cards to plant in a plant-pending phase (in turn order from the active player)."""
    if state.over:
        return []
    if state.decision is not None:  # a step waits for this player's decision
        return [state.seat_of[state.decision["player"]]]
    ph = rs.phases[rs.phase_index[state.phase]]
    active = state.active
    if ph.trade and state.proposals:
        out: list[int] = []
        for proposal in state.proposals:
            to = state.seat_of[proposal["to"]]
            if to not in out:
                out.append(to)
        if active not in out:
            out.append(active)
        return out
    if ph.listers.front is not None or ph.trade:
        return [active]
    # A plant-pending phase: whoever still holds cards to plant, in turn order from the active
    # player. A shared zone (the offer) is the active player's to plant.
    holders: set[int] = set()
    for step in ph.listers.every:
        if step.attr is None or step.who == "active":
            if step.cards(state, active):
                holders.add(active)
        else:
            for player, cards in enumerate(getattr(state, step.attr)):
                if cards:
                    holders.add(player)
    if holders and (state.lasting or rs.standing):  # a plant a constraint took away waits for nobody
        holders = {p for p in holders if not all(
            stuck(state, rs, p, step.zone) or not step.cards(state, p) for step in ph.listers.every
            if p == active or (step.who == "everyone" and step.attr is not None))}
    if not holders and DrawCard in rs.permits and draw_keeps_open(state, rs):
        return [active]  # a draw the active player may still make (engine/draw_moves.py)
    if not holders and MoveCard in rs.permits and card_moves.keeps_open(state, rs):
        return [active]  # a phase that waits only for an optional move of the active player
    if not holders and rs.abilities and waits_only_for_abilities(state, rs):
        return [active]  # or for a card's ability the active player may still use
    if len(holders) < 2:
        return list(holders)
    n, step_by = len(state.players), rs.direction
    return [p for p in ((active + step_by * k) % n for k in range(n)) if p in holders]


def where(state: State, rs: Ruleset) -> dict:
    """The place in the game a stall report names: phase, active player, turn, whom it waits for."""
    players = state.players
    return {"phase": state.phase, "active": players[state.active], "turn": state.turn,
            "waiting_for": [players[p] for p in waiting_for(state, rs)]}


# ------------------------------------------------------------------ a required plant that lapses
# A lasting forbid (engine/lasting.py) can take away every plant a player must make, and every
# harvest that could make room for one: then the requirement lapses, so the game never waits
# for a player who cannot act. Whether it lapsed asks what the player may do now, so it lives
# here, beside legal_actions.
# (state, rs, player) -> what `player` may do now: legal_actions, or the playout kernel's listing
# on its own state (its plants and harvests as the engine's actions: kernel/lasting.py)
Listing = Callable[[Any, Ruleset, Any], list]


def stuck(state: State, rs: Ruleset, player: int, zone: str, listing: Listing | None = None) -> bool:
    """`player` must plant the cards of `zone` and cannot, for now: a lasting forbid takes
    every such plant away, or no field takes them and it takes away every harvest that could
    make room. The requirement lapses; the cards stay where they are. `listing`: what the
    player may do (None: legal_actions)."""
    cards = zone_cards(state, zone, player)
    if not lasting.constrained(state, rs) or not cards:
        return False
    if all(lasting.unplantable(state, rs, player, bean, zone) for bean in set(cards)):
        return True
    listed = (legal_actions if listing is None else listing)(state, rs, player)
    return not any((type(a) is Plant and lasting.plant_zone(state, rs, a) == zone) or type(a) is Harvest
                   for a in listed)


def step_waits(state: State, rs: Ruleset, step: ZonePlanting, listing: Listing | None = None) -> bool:
    """A plant-pending step still has cards someone must (and can) plant (`listing`: as stuck's)."""
    return step.anyone_has(state) and not ((state.lasting or rs.standing) and _lapsed(state, rs, step, listing))


def _lapsed(state: State, rs: Ruleset, step: ZonePlanting, listing: Listing | None) -> bool:
    """Every player who must still plant the step's cards cannot, for now."""
    who = [state.active] if step.who == "active" or step.attr is None else range(len(state.players))
    return all(stuck(state, rs, p, step.zone, listing) or not step.cards(state, p) for p in who)


def waits_only_for_abilities(state: State, rs: Ruleset, listing: Listing | None = None,
                             keeps_open: Callable[[Any, Ruleset], bool] = ability_keeps_open) -> bool:
    """Nothing but an ability on top of a field (abilities.keeps_open) keeps the phase open:
    the active player ends it with 'ends phase' (a planting or trading step has its own end).
    `listing` (as stuck's) and `keeps_open`: the playout kernel's, on its own state."""
    global _asking
    ph = rs.phase(state.phase)
    if ph.listers.front is not None or ph.trade or _asking:
        return False  # (asked again while a lasting constraint lists what is left: no ability ends a plant)
    _asking = True
    try:
        # a plant a lasting constraint took away waits for nobody
        return not any(step_waits(state, rs, step, listing) for step in ph.listers.every) and keeps_open(state, rs)
    finally:
        _asking = False


_asking = False  # waits_only_for_abilities is running (stuck lists legal actions, which ask it)
