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

engine/trading.py still decides by the readings (Ruleset.trade); tests/engine/test_trade_guards.py
holds these guards to them on every state bots reach.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from ..core import effects, places, statements as core, timing
from ..core.categories import Node
from . import evaluate
from .deals import AGREED, SIZES, Deal
from .effect_env import OWNER
from .errors import RuleRef, UnsupportedRule


def _env(deal: Deal, rs: Any, owner: str | None = None) -> dict:
    """The deal bound for a condition: who acts, the other side, the cards each gives, who agreed."""
    return {evaluate.RULES: rs, OWNER: owner or deal.player, "player": deal.player, "partner": deal.partner,
            "given": [b for _, b in deal.gives], "taken": [b for _, b in deal.takes], AGREED: deal.agreed}


@dataclass(frozen=True)
class Guard:
    """One forbid or allow of trading: the rule, who it names on each side, the zone whose
    cards it names on each side (None: none), how many cards it says each side gives (None:
    it does not say), and its condition."""
    ref: RuleRef
    says: str
    forbid: bool
    first: evaluate.PlayersFn
    second: evaluate.PlayersFn
    gives: str | None
    takes: str | None
    condition: evaluate.CondFn | None
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

    def names_card(self, state: Any, rs: Any, deal: Deal, zone: str, giver: str) -> bool:
        """It names this card of `zone`, given by `giver`, and holds for that side of the deal."""
        if self.gives == zone and self.holds(state, rs, deal if deal.player == giver else deal.turned()):
            return True
        return self.takes == zone and self.holds(state, rs, deal if deal.player != giver else deal.turned())


@dataclass(frozen=True)
class TradeGuards:
    """A game's trading rules, compiled."""
    phases: frozenset[str]  # where a permit lets players trade
    permit: RuleRef | None
    forbids: tuple[Guard, ...]
    allows: tuple[Guard, ...]
    owners: tuple[tuple[str, evaluate.PlayersFn, RuleRef], ...]  # a zone's cards belong to these players

    def refusal(self, state: Any, rs: Any, deal: Deal) -> tuple[RuleRef | None, str] | None:
        """The rule that refuses the acting side's part of the deal (with both sides' yes), and why."""
        if state.phase not in self.phases:
            return self.permit, f"no trading in phase {state.phase}"
        for guard in self.forbids:
            if guard.gives is None and guard.takes is None and guard.holds(state, rs, deal):
                return guard.ref, f"{deal.player} may not trade with {deal.partner}: {guard.says}"
        for cards, giver in ((deal.gives, deal.player), (deal.takes, deal.partner)):
            for zone, bean in cards:
                why = self._card_refusal(state, rs, deal, zone, bean, giver)
                if why is not None:
                    return why
        sized = [a for a in self.allows if a.sized]  # the sizes of deal the rules allow, where they say
        if sized and not any(a.holds(state, rs, deal) for a in sized):
            return sized[0].ref, f"{deal.player} may not trade {len(deal.gives)} cards for {len(deal.takes)}"
        return None

    def _card_refusal(self, state: Any, rs: Any, deal: Deal, zone: str, bean: str | None,
                      giver: str) -> tuple[RuleRef | None, str] | None:
        for guard in self.forbids:
            if guard.gives != zone and guard.takes != zone:
                continue
            if guard.names_card(state, rs, deal, zone, giver):
                return guard.ref, f"{bean} of {zone} may not be traded: {guard.says}"
        env = _env(deal, rs)
        for owned, owner, ref in self.owners:
            if owned == zone and giver not in owner(state, env):
                return ref, f"the cards of {zone} are not {giver}'s to trade"
        if any(a.names_card(state, rs, deal, zone, giver) for a in self.allows):
            return None
        failed = next((a.ref for a in self.allows if zone in (a.gives, a.takes)), None)
        return failed or self.permit, f"{giver} may not trade {zone} cards"

    def waits(self, state: Any, rs: Any, deal: Deal) -> Guard | None:
        """The forbid that holds while only the proposer has said yes and not once the partner
        has: the proposal waits for the partner's answer (None: it is carried out at once)."""
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


def _side(cards: Node | None, owner: Node, statement: Node) -> str | None:
    """The zone whose cards a side of a trade names (None: the side names none)."""
    if cards is None or isinstance(cards, places.TradedAmount):
        return None
    if isinstance(cards, places.CardsIn) and cards.pick == "any" and cards.count is None and cards.bean is None \
            and not cards.up_to and isinstance(cards.place, places.Zone) and cards.place.owner in (None, owner):
        return cards.place.zone
    raise UnsupportedRule(f"'{statement.to_text()}': a trade names any number of cards of a zone of the side "
                          "that gives them, or how many cards (no cards, some cards, any number of cards)")


def guard(statement: core.Forbid | core.Allow, ref: RuleRef) -> Guard:
    action = statement.action
    assert isinstance(action, effects.Trade)
    return Guard(ref, statement.to_text(), isinstance(statement, core.Forbid), evaluate.players_of(action.first),
                 evaluate.players_of(action.second), _side(action.gives, action.first, statement),
                 _side(action.takes, action.second, statement),
                 evaluate.condition(statement.condition) if statement.condition is not None else None,
                 _size(action.gives), _size(action.takes))


def is_trade_rule(statement: Node) -> bool:
    return isinstance(statement, (core.Permit, core.Forbid, core.Allow)) and isinstance(statement.action, effects.Trade)


def compile_guards(statements: Iterable[tuple[RuleRef, Node]]) -> TradeGuards:
    """The trading rules among `statements` (each with its rule), in rule order."""
    phases: set[str] = set()
    permit: RuleRef | None = None
    forbids, allows, owners = [], [], []
    for ref, s in statements:
        if isinstance(s, core.BelongsTo) and isinstance(s.place, places.Zone):
            owners.append((s.place.zone, evaluate.players_of(s.owner), ref))
        elif isinstance(s, core.Permit) and isinstance(s.action, effects.Trade):
            if isinstance(s.when, timing.During) and s.when.phase:
                phases.add(s.when.phase)
                permit = permit or ref
        elif isinstance(s, (core.Forbid, core.Allow)) and isinstance(s.action, effects.Trade):
            (forbids if isinstance(s, core.Forbid) else allows).append(guard(s, ref))
    return TradeGuards(frozenset(phases), permit, tuple(forbids), tuple(allows), tuple(owners))


def trade_rules(statements: Iterable[tuple[RuleRef, Node]]) -> Iterator[tuple[RuleRef, Node]]:
    """The statements compile_guards reads."""
    return ((ref, s) for ref, s in statements if is_trade_rule(s) or isinstance(s, core.BelongsTo))
