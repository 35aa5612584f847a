"""The interpreter's hot path: per-phase closures compiled once per Ruleset.

The reference functions (legal.legal_actions, legal.next_to_act) read the ruleset's fields on
every call and ask, on every call, about mechanisms most rulebooks do not have (moves,
abilities, a buyable field). A Plan decides all of that once per phase,
when a game is created: each phase gets a closure that lists its legal actions and one that
says whom the game waits for, with the rules' numbers bound as constants and the mechanisms the
rules do not have left out. Whether the phase has nothing left to do is one closure for both
paths, compiled from the phase's statements (engine/obligations.py), so it has no copy here.
They return exactly what the reference functions return, in the same
order, so a bot drawing from the listing plays the same games; tests/engine/test_hotpath.py
compares them at every step of many games of every shipped spec. A trade phase lists its
answers here too; the one-card proposals are a space counted off the state and built one at a
time (Plan.proposals, Game.proposals). Moves and abilities list through the reference
functions. The Plan also holds the phase transitions compiled for the ruleset
(engine/transitions.py) and, for comparison, the reference ones.

A change to what the reference functions return must be made here too; a Ruleset field (a new
mechanism) this module does not know makes the Plan use the reference functions for that
ruleset, and trust no listed action (KNOWN_FIELDS), until it is added here.

Game.apply trusts an action the game has just listed (Game.legal_actions) or a proposal it has
just built (Game.proposals): _trusted() carries it out as the full check would resolve it,
without the re-check, which can only say yes to a listed action.
"""
from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any, Callable

from ..memo import remember
from .actions import BuyField, EndPhase, Harvest, Plant, Propose, Respond
from .errors import IllegalAction
from .flow import end_phase, reference_steps
from .obligations import completions
from .buying import do_buy
from .harvest_rule import top_card
from .harvesting import do_harvest
from .legal import compiled_listing, legal_actions, listed_in_full, next_to_act, nth_proposal, proposal_lister
from .planting import plant_card
from .ruleset import _PLAYER_ATTR, _SHARED_ATTR, PhaseSpec, Ruleset
from .proposal_space import NO_SPACE, Space
from .state import State
from .trading import add_proposal, check_accept_cards, do_respond, execute, guards_of
from . import listers, transitions, triggers, windows
from .eventlog import UNRECORDED

Lister = Callable[[State, str, bool], list]
Trusted = Callable[[State, Any, list], bool]

# The fields of the compiled rules the closures below were written for (each either read here
# or irrelevant to listing actions, whom the game waits for and phase completion). A field not
# named here that holds a value for a spec is a mechanism this module does not know.
KNOWN_FIELDS: dict[type, frozenset[str]] = {  # (names as one string: no constant looks like a rule kind)
    Ruleset: frozenset("""
        rulebook players rules beans bean_counts removed_beans payout fields fields_ref deal direction
        phases phase_index
        harvest on_deck_out ends exhaustion_limit
        exhaustion_ref finish_during finish_phases at_end score_terms winner_highest tie_breaks
        visibility buy_field guards at_any_time
        marks abilities triggers unplantable moves
        requirements plant_guards plant_judge harvest_guards harvest_judge""".split()),
    PhaseSpec: frozenset("id index title ref entry trade listers exit ender".split()),
    listers.PhaseListers: frozenset("front every harvests refusal harvesting room".split()),
    listers.FrontPlanting: frozenset("least most ref lister".split()),
    listers.ZonePlanting: frozenset("who zone ref lister attr".split()),
}


def unknown_mechanism(rs: Ruleset) -> str | None:
    """The first field of the compiled rules this module does not know that holds a value."""
    parts: list[tuple[str, Any]] = [("the rules", rs)]
    for ph in rs.phases:
        parts += [(f"phase '{ph.id}'", ph), (f"phase '{ph.id}'", ph.listers), (f"phase '{ph.id}'", ph.listers.front)]
        parts += [(f"phase '{ph.id}'", step) for step in ph.listers.every]
    for where, obj in parts:
        if obj is None:
            continue
        known = KNOWN_FIELDS.get(type(obj))
        if known is None:
            return f"{where}: {type(obj).__name__}"
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.name not in known and value not in (None, False, (), {}, frozenset(), 0, ""):
                return f"{where}: {f.name}"
    return None


class PhasePlan:
    """The closures of one phase (all three for a state that is not over and has no decision
    waiting)."""
    __slots__ = ("lister", "complete", "waiter")

    def __init__(self, lister: Lister, complete: Callable[[State], bool], waiter: Callable[[State], Any]):
        self.lister = lister  # (state, player, trades) -> legal.legal_actions
        self.complete = complete  # state -> obligations.completion: the phase has nothing left to do
        self.waiter = waiter  # state -> legal.next_to_act


class Plan:
    """Per-phase closures for one Ruleset (plan_for), the phase transitions (`steps`), and the
    trusted apply by action kind. Plan(rs, reference="why"): the reference functions serve
    everything and nothing is trusted (the tests compare the two)."""
    __slots__ = ("rs", "phases", "by_id", "trusted", "reference", "steps", "reference_steps", "proposals", "settles", "windows")

    def __init__(self, rs: Ruleset, reference: str | None = None):
        self.rs = rs
        # why the reference functions serve (None: they don't)
        self.reference = reference or unknown_mechanism(rs)
        make = _reference_plan if self.reference else _phase_plan
        complete = completions(rs)  # one closure per phase for both paths (engine/obligations.py)
        self.phases = tuple(make(rs, ph, complete[ph.index]) for ph in rs.phases)
        self.by_id = {ph.id: self.phases[ph.index] for ph in rs.phases}
        self.reference_steps = reference_steps(rs)  # flow's own functions
        self.steps = self.reference_steps if self.reference else \
            transitions.compiled(rs, tuple(p.complete for p in self.phases))
        self.trusted: dict[type, Trusted] = {} if self.reference else _trusted(self, rs)
        # (state, player) -> (how many one-card proposals are listed, what builds the n-th)
        self.proposals: Callable[[State, str], Space] = \
_proposal_space(rs)
        # whether something follows every action (Game.apply): harvests the rules make, a target reached
        self.settles = bool(rs.at_any_time) or rs.marks is not None
        # whether an action may open a window for abilities used in any turn (engine/windows.py)
        self.windows = windows.opens(rs)


_PLANS: dict[int, Plan] = {}


def plan_for(rs: Ruleset) -> Plan:
    """The Plan of a ruleset, built once (rulesets are cached per model, so plans are too)."""
    plan = _PLANS.get(id(rs))
    if plan is None or plan.rs is not rs:
        plan = remember(_PLANS, id(rs), Plan(rs))  # bounded, the oldest goes (memo.py)
    return plan


def _reference_plan(rs: Ruleset, ph: PhaseSpec, complete: Callable[[State], bool]) -> PhasePlan:
    return PhasePlan(lambda state, player, trades: listed_in_full(state, rs, player, trades),
                     complete, lambda state: next_to_act(state, rs))


def _phase_plan(rs: Ruleset, ph: PhaseSpec, complete: Callable[[State], bool]) -> PhasePlan:
    return PhasePlan(_lister(rs, ph), complete, _waiter(rs, ph))


# -- listing legal actions (legal.legal_actions) ---------------------------------------------
def _lister(rs: Ruleset, ph: PhaseSpec) -> Lister:
    """legal_actions for this phase: the listing compiled for it (legal.compiled_listing), or,
    for rules with moves or abilities, the reference function."""
    listing = compiled_listing(rs, ph)
    return listing if listing is not None else (lambda state, player, trades: legal_actions(state, rs, player, trades))


# -- the one-card proposals (legal.proposal_count, legal.nth_proposal), built one at a time --

def _proposal_space(rs: Ruleset) -> Callable[[State, str], Space]:
    """legal.proposal_count and nth_proposal: the number of listed proposals, and the n-th of
    them, built only when asked for (a bot that may propose mostly does: there are far more
    proposals than other actions)."""
    lister = proposal_lister(rs)
    if lister is None:
        return lambda state, player: NO_SPACE

    def space(state: State, player: str) -> Space:
        rows = lister(state, player)
        count = sum(len(give) * (gift + len(offer) + len(hand)) for _, give, _, gift, offer, hand in rows)
        return (count, partial(nth_proposal, player, rows)) if count else NO_SPACE
    return space


def _distinct(cards: list[str]) -> list[str]:
    """legal._distinct (each bean once, in order) for the few cards of a hand or the offer,
    where a loop costs less than building a dict."""
    out: list[str] = []
    for card in cards:
        if card not in out:
            out.append(card)
    return out


# -- whom the game waits for (legal.next_to_act) ---------------------------------------------
def _waiter(rs: Ruleset, ph: PhaseSpec) -> Callable[[State], Any]:
    if rs.moves or rs.abilities:
        return lambda state: next_to_act(state, rs)
    if ph.trade:  # legal.waiting_for: the receivers of open proposals first, in their order
        return lambda state: state.proposals[0]["to"] if state.proposals else state.active
    if ph.listers.front is not None:
        return lambda state: state.active
    if not ph.listers.every:
        return lambda state: next_to_act(state, rs)
    steps = tuple((step.attr or _SHARED_ATTR[step.zone], step.attr is not None) for step in ph.listers.every)

    def pending(state: State) -> Any:
        if not state.lasting:  # (a lasting constraint may take the active player's plant away)
            active = state.active
            for attr, own in steps:  # ZonePlanting.cards
                if getattr(state, attr)[active] if own else getattr(state, attr):
                    return active
        return next_to_act(state, rs)
    return pending


# -- the trusted apply ------------------------------------------------------------------------
def _trusted(plan: Plan, rs: Ruleset) -> dict[type, Trusted]:
    """Carry out an action just listed for this state as the full check would resolve it, and
    return True; False sends it to the full check. The check can only say yes to what was
    listed: a listed plant is the front card of the hand (no zone, in a phase that plants from
    the hand) or a pending card of the zone it names, into a field the listing found open; a
    listed harvest is a field harvestable() allowed; a listed end of planting or trading is one
    the active player may end; a listed purchase one may_buy() allowed; a listed proposal
    gives one card the player holds (and asks for at most one) of a partner the rules allow
    (legal.proposal_space); a listed answer names an open proposal of the player's side
    (an acceptance only where its cards are there to trade)."""
    steps = plan.steps

    def plant(state: State, action: Plant, events: list) -> bool:
        zone = action.zone
        if zone == "hand":  # a pending hand card, or the front one where a phase plants both: checked
            return False
        # Only a plant-from-hand step lists a plant without a zone: the front card of the hand.
        index = action.field - 1
        if events is not UNRECORDED:
            plant_card(state, action.player, zone or "hand", action.bean, index, zone is None, events)
        elif zone is None:  # planting.plant_card, for the front card
            state.hands[action.player].pop(0)
            state.planted += 1
            state.fields[action.player][index].append(action.bean)
        else:  # planting.plant_card, for a pending card: the shared pile (the offer) or the player's own
            attr = _SHARED_ATTR.get(zone)
            (getattr(state, attr) if attr else getattr(state, _PLAYER_ATTR[zone])[action.player]).remove(action.bean)
            state.fields[action.player][index].append(action.bean)
        if rs.triggers:  # a card's "when planted" step, as apply runs it
            triggers.fire(state, rs, "planted", action.player, action.bean, events,
                          zone=state.fields[action.player][index], field=index)
        return True

    def end(state: State, action: EndPhase, events: list) -> bool:
        if action.what == "phase":  # listed by moves, for a phase that waits only for them
            return False
        end_phase(state, rs, events, steps)
        return True

    def buy(state: State, action: BuyField, events: list) -> bool:
        do_buy(state, rs, action.player, events)
        return True

    trades = guards_of(rs)  # the trading rules (every phase that trades holds them)

    def propose(state: State, action: Propose, events: list) -> bool:
        # trading.check_propose's proposal, as it stores one-card references
        give, take = action.give[0], action.take  # listed proposals name one card, and ask for at most one
        proposal = {"id": state.next_proposal, "from": action.player, "to": action.to,
                    "give": [{"zone": give.zone, "bean": give.bean}],
                    "take": [{"zone": take[0].zone, "bean": take[0].bean}] if take else []}
        if events is UNRECORDED and trades.one_card_waits(state, rs, action.player, action.to, (give.zone, give.bean),
                                                          (take[0].zone, take[0].bean) if take else None):
            # trading.add_proposal: it waits
            state.next_proposal += 1
            state.proposals.append(proposal)
        else:
            add_proposal(state, rs, proposal, events)
        return True

    def respond(state: State, action: Respond, events: list) -> bool:
        target = action.target
        for proposal in state.proposals:  # trading.find_proposal, by the id the listing named
            if proposal["id"] == target:
                if action.verb == "accepts":  # the cards it moves, resolved as the check resolves them
                    execute(state, rs, proposal, *check_accept_cards(state, rs, proposal), events)
                else:
                    do_respond(state, rs, action, proposal, None, events)
                return True
        return False
    return {Plant: plant, Harvest: _harvest(rs), EndPhase: end, BuyField: buy, Propose: propose,
            Respond: respond}


def _harvest(rs: Ruleset) -> Trusted:
    """A listed harvest (harvesting.do_harvest); where a harvest takes the whole field, its top
    card pays and the coins are cards of the field (most rules), written out here."""
    if not rs.harvest.plain or rs.harvest.paying is not top_card or rs.plays_as or rs.triggers \
            or (rs.tally is not None and rs.tally.counter is not None):
        def harvest(state: State, action: Harvest, events: list) -> bool:
            do_harvest(state, rs, action.player, action.field - 1, events)
            return True
        return harvest
    payout = rs.payout

    def whole_field(state: State, action: Harvest, events: list) -> bool:
        player, index = action.player, action.field - 1
        field = state.fields[player][index]
        size, bean = len(field), field[-1]
        table = payout[bean]
        coins = table[size if size < len(table) else len(table) - 1]
        if events is not UNRECORDED:
            events.append({"event": "harvested", "player": player, "field": index + 1, "bean": bean,
                           "cards": size, "coins": coins})
        if coins:  # the top cards become coins, the others go to the discard pile
            state.coins[player].extend(field[size - coins:])
        state.discard.extend(field[:size - coins])
        field.clear()
        return True
    return whole_field
