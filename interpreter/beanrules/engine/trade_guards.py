"""Trading's rules, compiled by their conditions: what a `permit`, `forbid` and `allow` of
`trade` and a `belongs-to` say of a proposal, as generic guards (docs/core.md, "How a trade is
judged").

A statement's `trade` names a *deal* as one side does its part of it: ``player`` is the side that
acts now (proposes, or accepts), ``partner`` the other side, and the cards each gives are bound
for the condition as ``given`` (the player's) and ``taken`` (the partner's); ``agreed`` holds for
the players who have said yes (the proposer by proposing, the receiver by accepting). A side the
statement names (`any number of cards of ZONE`) speaks of each card of that zone the side gives;
a side it leaves out says nothing of the cards. So:

- a forbid that names no cards judges the deal as the acting side does its part: it refuses the
  proposal, or the answer, while its condition holds (every trade with the active player, a
  house rule on who may trade);
- a forbid or allow that names cards judges each card of the proposal as its giver would give
  it (a proposal names the partner's cards too: they are judged at once, not when the partner
  answers). A card is refused by a forbid naming it, by a `belongs-to` of its zone to another
  player, or for want of an allow that names it (trading is permitted, the cards that may be
  named are allowed): an allow is a permission, as a harvest's is, and lifts no forbid (no
  allow of trading covers a forbid's condition: docs/core.md, "How an allow meets a forbid");
- a forbid whose condition holds at the proposal and no longer once both sides have agreed is
  consent: the proposal waits for the answer that makes `agreed` true.

A side may also say how many cards it gives (`no cards`, `some cards`, `any number of cards`):
a gift, an exchange, any deal. engine/trading.py judges every proposal and answer by these guards
and legal.py lists proposals by them; where every rule reads only who trades with whom, whose
turn and which phase it is, who agreed and the deal's size (`by_turn`), a rule's answer for one
card of a zone holds for all, so the listing judges once per zone and the answers are remembered.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..core import actors, conditions, effects, places, statements as core, timing
from ..core.categories import Node
from ..memo import remember
from . import evaluate
from .deals import AGREED, SIZES, Card, Deal
from .effect_env import OWNER
from .errors import RuleRef, UnsupportedRule


def _env(deal: Deal, rs: Any, owner: str | None = None) -> dict:
    """The deal bound for a condition: who acts, the other side, the cards each gives, who agreed."""
    return {evaluate.RULES: rs, OWNER: deal.player if owner is None else owner, "player": deal.player, "partner": deal.partner,
            "given": [b for _, b in deal.gives], "taken": [b for _, b in deal.takes], AGREED: deal.agreed}


@dataclass(frozen=True)
class Guard:
    """One forbid or allow of trading: the rule, who it names on each side, the zone whose
    cards it names on each side (None: none), how many cards it says each side gives (None:
    it does not say), and its condition."""
    ref: RuleRef
    says: str  # the statement's words: what two guards compare by (their closures differ per compile)
    forbid: bool
    first: evaluate.PlayersFn = field(compare=False)
    second: evaluate.PlayersFn = field(compare=False)
    gives: str | None = None
    takes: str | None = None
    condition: evaluate.CondFn | None = field(default=None, compare=False)
    gives_size: str | None = None
    takes_size: str | None = None

    @property
    def sized(self) -> bool:
        return self.gives_size is not None or self.takes_size is not None

    def holds(self, state: Any, rs: Any, deal: Deal, owner: str | None = None) -> bool:
        if self.gives_size is not None and not SIZES[self.gives_size](len(deal.gives)):
            return False
        if self.takes_size is not None and not SIZES[self.takes_size](len(deal.takes)):
            return False
        env = _env(deal, rs, owner)
        return deal.player in self.first(state, env) and deal.partner in self.second(state, env) \
            and (self.condition is None or self.condition(state, env))

    def names_card(self, state: Any, rs: Any, deal: Deal, zone: str, giver: int) -> bool:
        """It names this card of `zone`, given by `giver`, and holds for that side of the deal."""
        if self.gives == zone and self.holds(state, rs, deal if deal.player == giver else deal.turned()):
            return True
        return self.takes == zone and self.holds(state, rs, deal if deal.player != giver else deal.turned())


_UNKNOWN = object()  # not remembered


@dataclass(frozen=True)
class Owner:
    """A `belongs-to`: the cards of `zone` are these players' to trade."""
    zone: str
    says: str
    ref: RuleRef
    players: evaluate.PlayersFn = field(compare=False)


@dataclass(frozen=True)
class TradeGuards:
    """A game's trading rules, compiled."""
    phases: frozenset[str]  # where a permit lets players trade
    permit: RuleRef | None
    forbids: tuple[Guard, ...]
    allows: tuple[Guard, ...]
    owners: tuple[Owner, ...]  # a zone's cards belong to these players
    # Every rule judges a deal by who makes it with whom, whose turn and which phase it is, who
    # has agreed and the deal's size, and a card by its zone: the rules' answer for one card of
    # a zone holds for every card of it, so a listing may judge once per zone (legal._lister).
    # Otherwise the rules read the state besides (hand sizes, the start player), but still of a
    # deal only who makes it with whom, who has agreed and its size (compile_guards refuses
    # any other rule): the answer for one card of a zone holds for every card of it in the same
    # state, so a listing judges once per zone, anew in each state.
    by_turn: bool = False
    # Where received cards go: the place of a step on the traded event that moves exactly that
    # event's cards, which is part of the trade (docs/core.md, "A step that is part of an
    # action"); None: to the back of the receiver's hand.
    received: evaluate.ZoneFn | None = field(default=None, compare=False)
    received_front: bool = False
    received_says: str | None = None  # the placing step's words (what guards compare by)
    received_zone: str | None = "hand"  # the zone they go to, by name (None: a place that is no zone)
    # by_turn: the answers, remembered by what they depend on (`_key`): deals found acceptable,
    # and which forbid makes a proposal wait (a refusal is worked out anew, for its message)
    accepted_deals: dict = field(default_factory=dict, compare=False, repr=False, hash=False)
    _waits: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    @staticmethod
    def _key(state: Any, deal: Deal) -> tuple:
        """What a by_turn answer depends on (who has agreed is the same in every deal one memo sees)."""
        return (deal.player, deal.partner, tuple(z for z, _ in deal.gives), tuple(z for z, _ in deal.takes),
                state.active, state.phase)

    def accepted(self, state: Any, deal: Deal) -> bool:
        """The rules accepted a deal like this one before (by_turn: they judge it the same now)."""
        return self.by_turn and self._key(state, deal) in self.accepted_deals

    def accept(self, state: Any, deal: Deal) -> None:
        """Remember that the rules accept this deal (where by_turn lets them be remembered)."""
        if self.by_turn:
            remember(self.accepted_deals, self._key(state, deal), True, 4_096)

    def receive(self, state: Any, rs: Any, player: int, cards: list) -> list:
        """Put the cards `player` receives where the rules say (the hand without a rule)."""
        if self.received is None:
            place = state.hands[player]
        else:
            place = self.received(state, {evaluate.RULES: rs, OWNER: player, "player": player})
        if self.received_front:
            place[:0] = cards
        else:
            place.extend(cards)
        return place

    def refusal(self, state: Any, rs: Any, deal: Deal) -> tuple[RuleRef | None, str] | None:
        """The rule that refuses the acting side's part of the deal (with both sides' yes), and why."""
        if state.phase not in self.phases:
            return self.permit, f"no trading in phase {state.phase}"
        return self.deal_refusal(state, rs, deal) or self.cards_refusal(state, rs, deal)

    def deal_refusal(self, state: Any, rs: Any, deal: Deal) -> tuple[RuleRef | None, str] | None:
        """A forbid that names no cards and holds for the deal (who trades with whom, when)."""
        for guard in self.forbids:
            if guard.gives is None and guard.takes is None and guard.holds(state, rs, deal):
                return guard.ref, f"{state.players[deal.player]} may not trade with {state.players[deal.partner]}: " \
                                  f"{guard.says}"
        return None

    def cards_refusal(self, state: Any, rs: Any, deal: Deal) -> tuple[RuleRef | None, str] | None:
        """A card of the deal its giver may not trade, or a size of deal no allow lets be made."""
        for cards, giver in ((deal.gives, deal.player), (deal.takes, deal.partner)):
            for zone, bean in cards:
                why = self._card_refusal(state, rs, deal, zone, bean, giver)
                if why is not None:
                    return why
        return self.size_refusal(state, rs, deal)

    def acceptable(self, state: Any, rs: Any, deal: Deal) -> bool:
        """No rule refuses the acting side's part of the deal (with both sides' yes): the
        judgement of an answer, remembered where by_turn lets it be."""
        if self.accepted(state, deal):
            return True
        if self.deal_refusal(state, rs, deal) is not None or self.cards_refusal(state, rs, deal) is not None:
            return False
        self.accept(state, deal)
        return True

    def size_refusal(self, state: Any, rs: Any, deal: Deal) -> tuple[RuleRef | None, str] | None:
        """Where allows say how many cards for how many may be traded, a deal that fits none."""
        sized = [a for a in self.allows if a.sized]
        if sized and not any(a.holds(state, rs, deal) for a in sized):
            return sized[0].ref, f"{state.players[deal.player]} may not trade {len(deal.gives)} cards for " \
                                 f"{len(deal.takes)}"
        return None

    def tradeable(self, zone: str) -> bool:
        """Some rule allows trading cards of `zone`, and none forbids it whatever the deal (a
        player's hint of what to offer: each proposal is judged in full)."""
        return any(zone in (a.gives, a.takes) for a in self.allows) and not any(
            zone in (f.gives, f.takes) and f.condition is None and not f.sized for f in self.forbids)

    def may_give(self, state: Any, rs: Any, giver: int, receiver: int, zone: str) -> bool:
        """`giver` may trade cards of `zone` to `receiver` now (judged with both sides' yes)."""
        deal = Deal(giver, receiver, ((zone, None),), (), frozenset((giver, receiver)))
        return self._card_refusal(state, rs, deal, zone, None, giver) is None

    def allowing(self, zone: str) -> RuleRef | None:
        """The rule under which cards of `zone` are traded (the first allow naming it, else the
        permit): what a proposal naming a card that is not there breaks."""
        return next((a.ref for a in self.allows if zone in (a.gives, a.takes)), self.permit)

    def _card_refusal(self, state: Any, rs: Any, deal: Deal, zone: str, bean: str | None,
                      giver: int) -> tuple[RuleRef | None, str] | None:
        for guard in self.forbids:
            if guard.gives != zone and guard.takes != zone:
                continue
            if guard.names_card(state, rs, deal, zone, giver):
                return guard.ref, f"{bean} of {zone} may not be traded: {guard.says}"
        env = _env(deal, rs)
        for owner in self.owners:
            if owner.zone == zone and giver not in owner.players(state, env):
                return owner.ref, f"the cards of {zone} are not {state.players[giver]}'s to trade"
        if any(a.names_card(state, rs, deal, zone, giver) for a in self.allows):
            return None
        return self.allowing(zone), f"{state.players[giver]} may not trade {zone} cards"

    def waits(self, state: Any, rs: Any, deal: Deal) -> Guard | None:
        """The forbid that holds while only the proposer has said yes and not once the partner
        has: the proposal waits for the partner's answer (None: it is carried out at once)."""
        if not self.by_turn:
            return self._waiting(state, rs, deal)
        key = self._key(state, deal)
        return self._waits[key] if key in self._waits else self._remember_wait(state, rs, deal, key)

    def proposal_waits(self, state: Any, rs: Any, player: int, partner: int, gives: tuple[Card, ...],
                       takes: tuple[Card, ...]) -> Guard | None:
        """waits() for `player`'s proposal of these cards, the deal built only where no memory answers."""
        if self.by_turn:
            key = (player, partner, tuple(z for z, _ in gives), tuple(z for z, _ in takes), state.active, state.phase)
            if key in self._waits:
                return self._waits[key]
        return self.waits(state, rs, Deal(player, partner, gives, takes, frozenset((player,))))

    def one_card_waits(self, state: Any, rs: Any, player: int, partner: int, give: Card, take: Card | None) -> bool:
        """proposal_waits() of a proposal of one card for at most one (a listed proposal), by its
        memory without building the deal, where by_turn lets it."""
        if self.by_turn:
            hit = self._waits.get((player, partner, (give[0],), (take[0],) if take else (), state.active, state.phase),
                                  _UNKNOWN)
            if hit is not _UNKNOWN:
                return hit is not None
        return self.proposal_waits(state, rs, player, partner, (give,), (take,) if take else ()) is not None

    def _remember_wait(self, state: Any, rs: Any, deal: Deal, key: tuple) -> Guard | None:
        if key not in self._waits:
            remember(self._waits, key, self._waiting(state, rs, deal), 4_096)
        return self._waits[key]

    def _waiting(self, state: Any, rs: Any, deal: Deal) -> Guard | None:
        asked, both = deal, Deal(deal.player, deal.partner, deal.gives, deal.takes,
                                 deal.agreed | {deal.player, deal.partner})
        for guard in self.forbids:
            if guard.gives is None and guard.takes is None:
                if guard.holds(state, rs, asked) and not guard.holds(state, rs, both):
                    return guard
                continue
            for cards, giver in ((deal.gives, deal.player), (deal.takes, deal.partner)):
                if any(guard.names_card(state, rs, asked, z, giver) and not guard.names_card(state, rs, both, z, giver)
                       for z, _ in cards):
                    return guard
        return None


# ------------------------------------------------------------------ compiling
def _size(cards: Node | None) -> str | None:
    """How many cards a side of a trade gives, where it says so and names no zone."""
    return cards.amount if isinstance(cards, places.TradedAmount) else None


def _side(cards: Node | None, owner: Node, statement: Node, ref: RuleRef) -> str | None:
    """The zone whose cards a side of a trade names (None: the side names none)."""
    if cards is None or isinstance(cards, places.TradedAmount):
        return None
    if isinstance(cards, places.CardsIn) and cards.pick == "any" and cards.count is None and cards.bean is None \
            and not cards.up_to and isinstance(cards.place, places.Zone) and cards.place.owner in (None, owner):
        return cards.place.zone
    raise UnsupportedRule(f"rule '{ref.id}': '{statement.to_text()}': a trade names any number of cards of a zone "
                          "of the side that gives them, or how many cards (no cards, some cards, any number of cards)",
                          ref.id)


def guard(statement: core.Forbid | core.Allow, ref: RuleRef) -> Guard:
    action = statement.action
    assert isinstance(action, effects.Trade)
    return Guard(ref, statement.to_text(), isinstance(statement, core.Forbid), evaluate.players_of(action.first),
                 evaluate.players_of(action.second), _side(action.gives, action.first, statement, ref),
                 _side(action.takes, action.second, statement, ref),
                 evaluate.condition(statement.condition) if statement.condition is not None else None,
                 _size(action.gives), _size(action.takes))


# What a rule may read for its answer to hold for every card of a zone, in every deal of a size
# between the same players at the same turn and phase (TradeGuards.by_turn).
_BY_TURN = (conditions.TurnOf, conditions.InPhase, conditions.AllOf, conditions.AnyOf, conditions.Not,
            conditions.Agreed, conditions.Always, actors.ActivePlayer, actors.AnyPlayer, actors.EachPlayer,
            actors.AllPlayers, actors.Opponent, actors.OtherPlayers)


def _read(statement: Node) -> list[Node] | None:
    """Every node of what a trade rule or `belongs-to` reads of a deal and the state (None: a
    size and a zone together, where one card's answer may depend on the others)."""
    action = statement.action if not isinstance(statement, core.BelongsTo) else None
    nodes = [statement.owner] if action is None else \
        [action.first, action.second] + ([statement.condition] if statement.condition is not None else [])
    if action is not None and any(isinstance(side, places.TradedAmount) for side in (action.gives, action.takes)) \
            and any(isinstance(side, places.CardsIn) for side in (action.gives, action.takes)):
        return None
    return [n for node in nodes for n in node.walk()]


def _sides(node: Node) -> bool:
    """A name the deal binds other than its cards: the side acting and its partner."""
    return isinstance(node, actors.Bound) and node.name in ("player", "partner")


def _by_turn(statement: Node) -> bool:
    read = _read(statement)
    return read is not None and all(isinstance(n, _BY_TURN) or _sides(n) for n in read)


def _by_zone(statement: Node) -> bool:
    """The rule reads no card of the deal (`given`, `taken`): a name bound is only a side."""
    read = _read(statement)
    return read is not None and all(_sides(n) or not isinstance(n, actors.Bound) for n in read)


_EVENT_CARDS = places.CardsIn(actors.Bound("cards"), "all", None, False, None)


def placement(statement: Node) -> bool:
    """A step on the traded event that moves exactly the traded cards and nothing else: where
    received cards go, as part of the trade (not a trigger after it)."""
    return isinstance(statement, core.Do) and isinstance(statement.when, timing.When) \
        and statement.when.event == "traded" and statement.when.bean is None and statement.when.cards is None \
        and statement.condition is None and isinstance(statement.effect, effects.Move) \
        and statement.effect.cards == _EVENT_CARDS


def is_trade_rule(statement: Node) -> bool:
    return isinstance(statement, (core.Permit, core.Forbid, core.Allow)) and isinstance(statement.action, effects.Trade)


def permits_trading(statement: Node) -> bool:
    """A permit of trading during a phase: the phase trades (TradeGuards.phases)."""
    return isinstance(statement, core.Permit) and isinstance(statement.action, effects.Trade) \
        and isinstance(statement.when, timing.During) and bool(statement.when.phase)


_PLAIN = effects.Trade(actors.Bound("player"), actors.Bound("partner"), None, None)


def _plain_permit(statement: core.Permit, ref: RuleRef) -> str:
    """The phase a permit of trading lets every player trade in, under the forbids and allows:
    the one shape of it the guards play (what a side may give, with whom and when, is theirs)."""
    if not permits_trading(statement) or statement.action != _PLAIN or not isinstance(statement.player, actors.AnyPlayer) \
            or statement.condition is not None:
        raise UnsupportedRule(f"rule '{ref.id}': '{statement.to_text()}': a permit of trading lets any player trade "
                              "cards with the partner during a phase; who may trade what, and when, is said by "
                              "forbids and allows of trading", ref.id)
    return statement.when.phase


def compile_guards(statements: Iterable[tuple[RuleRef, Node]]) -> TradeGuards:
    """The trading rules among `statements` (each with its rule), in rule order."""
    phases: set[str] = set()
    permit: RuleRef | None = None
    forbids, allows, owners = [], [], []
    by_turn, received, front, placing, into = True, None, False, None, "hand"
    for ref, s in statements:
        if placement(s):  # a later rule replaces an earlier one
            received, front, placing = evaluate.zone_of(s.effect.to), s.effect.end in ("front", "bottom"), s.to_text()
            into = s.effect.to.zone if isinstance(s.effect.to, places.Zone) else None
            continue
        if is_trade_rule(s) and not isinstance(s, core.Permit) or isinstance(s, core.BelongsTo):
            if not _by_zone(s):  # one card's answer would depend on the others, or on a name no deal binds
                raise UnsupportedRule(f"rule '{ref.id}': '{s.to_text()}': a rule on trading speaks of the "
                                      "sides of a trade (the player, the partner) and the state, not of "
                                      "what else it names, and of a number of cards or their zones, not both",
                                      ref.id)
            by_turn = by_turn and _by_turn(s)
        if isinstance(s, core.BelongsTo):
            if not isinstance(s.place, places.Zone):
                raise UnsupportedRule(f"rule '{ref.id}': '{s.to_text()}': only a zone's cards belong to a player",
                                      ref.id)
            owners.append(Owner(s.place.zone, s.to_text(), ref, evaluate.players_of(s.owner)))
        elif isinstance(s, core.Permit) and isinstance(s.action, effects.Trade):
            phases.add(_plain_permit(s, ref))
            permit = permit or ref
        elif isinstance(s, (core.Forbid, core.Allow)) and isinstance(s.action, effects.Trade):
            (forbids if isinstance(s, core.Forbid) else allows).append(guard(s, ref))
    return TradeGuards(frozenset(phases), permit, tuple(forbids), tuple(allows), tuple(owners), by_turn,
                       received, front, placing, into)


def judges(statement: Node) -> bool:
    """The trade guards judge this statement (compile_guards reads it)."""
    return is_trade_rule(statement) or isinstance(statement, core.BelongsTo) or placement(statement)


def trade_rules(statements: Iterable[tuple[RuleRef, Node]]) -> Iterator[tuple[RuleRef, Node]]:
    """The statements compile_guards reads."""
    return ((ref, s) for ref, s in statements if judges(s))
