"""The interpreter's hot path: per-phase closures compiled once per Ruleset.

The reference functions (legal.legal_actions, legal.next_to_act, flow.phase_complete) read
the ruleset's fields on every call and ask, on every call, about mechanisms most rulebooks do
not have (moves, abilities, a buyable field, the protection rule). A Plan decides all of that
once per phase, when a game is created: each phase gets a closure that lists its legal
actions, one that says whom the game waits for, and one that says whether the phase has
nothing left to do, with the rules' numbers bound as constants and the mechanisms the rules do
not have left out. They return exactly what the reference functions return, in the same
order, so a bot drawing from the listing plays the same games; tests/engine/test_hotpath.py
compares them at every step of many games of every shipped spec. Trading, moves and
abilities list through the reference functions (listing them is not the hot part).

A change to what the reference functions return must be made here too; a Ruleset field (a new
mechanism) this module does not know makes the Plan use the reference functions for that
ruleset, and trust no listed action (KNOWN_FIELDS), until it is added here.

Game.apply trusts an action the game has just listed (Game.legal_actions): trusted()
carries it out as the full check would resolve it, without the re-check, which can only say
yes to a listed action.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from .actions import BuyField, EndPhase, Harvest, Plant
from .buying import do_buy
from .harvesting import coins_for, do_harvest, fewest_harvested
from .legal import (_ENDS, _HARVESTS, _PLANTS, _ROW, _buy, _end, _harvests, _plant_options, _plants, legal_actions,
                    next_to_act)
from .planting import new_field_ok, plant_card
from .ruleset import _SHARED_ATTR, PendingStep, PhaseSpec, PlantStep, Ruleset
from .state import State

Lister = Callable[[State, str, bool], list]
Trusted = Callable[[State, Any, list], bool]

# The fields of the compiled rules the closures below were written for (each either read here
# or irrelevant to listing actions, whom the game waits for and phase completion). A field not
# named here that holds a value for a spec is a mechanism this module does not know.
KNOWN_FIELDS: dict[type, frozenset[str]] = {  # (names as one string: no constant looks like a rule kind)
    Ruleset: frozenset("""
        rulebook players rules beans bean_counts removed_beans payout fields fields_ref deal direction
        hand_order one_type make_room phases phase_index trade harvest_when harvest_except harvest_ref
        protection protection_ref payout_card whole_field on_deck_out ends exhaustion_limit
        exhaustion_ref finish_during finish_phases at_end score_terms winner_highest tie_breaks
        visibility buy_field fields_fixed one_field_per_type same_type_many mixed top_run auto_harvest
        only_paying manual_harvest coins_from_bank marks abilities triggers unplantable moves
        requirements protect_empty""".split()),
    PhaseSpec: frozenset("id index title ref plant entry trade pending exit".split()),
    PlantStep: frozenset("min max ref".split()),
    PendingStep: frozenset("who zone ref attr".split()),
}


def unknown_mechanism(rs: Ruleset) -> str | None:
    """The first field of the compiled rules this module does not know that holds a value."""
    parts: list[tuple[str, Any]] = [("the rules", rs)]
    for ph in rs.phases:
        parts += [(f"phase '{ph.id}'", ph), (f"phase '{ph.id}'", ph.plant)]
        parts += [(f"phase '{ph.id}'", step) for step in ph.pending]
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
        self.complete = complete  # state -> flow.phase_complete
        self.waiter = waiter  # state -> legal.next_to_act


class Plan:
    """Per-phase closures for one Ruleset (plan_for), and the trusted apply by action kind."""
    __slots__ = ("rs", "phases", "by_id", "trusted", "reference")

    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.reference = unknown_mechanism(rs)  # why the reference functions serve (None: they don't)
        make = _reference_plan if self.reference else _phase_plan
        self.phases = tuple(make(rs, ph) for ph in rs.phases)
        self.by_id = {ph.id: self.phases[ph.index] for ph in rs.phases}
        self.trusted: dict[type, Trusted] = {} if self.reference else _trusted(self, rs)


_PLANS: dict[int, Plan] = {}


def plan_for(rs: Ruleset) -> Plan:
    """The Plan of a ruleset, built once (rulesets are cached per model, so plans are too)."""
    plan = _PLANS.get(id(rs))
    if plan is None or plan.rs is not rs:
        if len(_PLANS) > 64:  # memory stays flat when many models pass through one process
            _PLANS.clear()
        plan = _PLANS[id(rs)] = Plan(rs)
    return plan


def _reference_plan(rs: Ruleset, ph: PhaseSpec) -> PhasePlan:
    from .flow import phase_complete
    return PhasePlan(lambda state, player, trades: legal_actions(state, rs, player, trades),
                     lambda state: phase_complete(state, rs, ph), lambda state: next_to_act(state, rs))


def _phase_plan(rs: Ruleset, ph: PhaseSpec) -> PhasePlan:
    return PhasePlan(_lister(rs, ph), _complete(rs, ph), _waiter(rs, ph))


# -- listing legal actions (legal.legal_actions) ---------------------------------------------
def _lister(rs: Ruleset, ph: PhaseSpec) -> Lister:
    """legal_actions for this phase: its plants and ends, buying a field and harvests, in that
    order (a phase that trades, or rules with moves or abilities: the reference function)."""
    if ph.trade or rs.moves or rs.abilities:
        return _general_lister(rs)
    harvests = _harvests_of(rs, ph)
    buy = rs.buy_field
    cost, most = (buy.cost, buy.max_fields) if buy is not None else (0, None)
    plant, pending = ph.plant, ph.pending
    pmin, pmax = (plant.min, plant.max) if plant is not None else (0, 0)
    one_type, mixed, same = rs.one_type is not None, rs.mixed is not None, new_field_ok(rs)
    unplantable = rs.unplantable
    # (everyone plants it, the State attribute holding it, per player?, zone): PendingStep.cards
    steps = tuple((step.who == "everyone", step.attr or _SHARED_ATTR[step.zone], step.attr is not None, step.zone)
                  for step in pending)

    def add_plants(out: list, player: str, fields: list, bean: str, zone: str | None) -> None:
        if same and not mixed:  # legal._plant_options where any field may start a type
            row = _PLANTS.get((player, bean, zone)) or _plants(player, bean, zone)
            for i, f in enumerate(fields):
                if not f or not one_type or f[-1] == bean:
                    out.append(row[i] if i < _ROW else Plant(player, bean, i + 1, zone))
        else:
            _plant_options(out, player, fields, bean, zone, one_type, mixed, same)

    def lister(state: State, player: str, trades: bool) -> list:
        out: list = []
        fields = state.fields[player]
        active = player == state.active
        if plant is not None and active:
            hand = state.hands[player]
            if hand and state.planted < pmax and hand[0] not in unplantable:
                add_plants(out, player, fields, hand[0], None)
            if state.planted >= pmin or not hand:
                out.append(_ENDS.get((player, "planting")) or _end(player, "planting"))
        for everyone, attr, own, zone in steps:
            if everyone or active:
                cards = getattr(state, attr)[player] if own else getattr(state, attr)
                if cards:
                    for bean in (list(dict.fromkeys(cards)) if len(cards) > 1 else cards):
                        if bean not in unplantable:
                            add_plants(out, player, fields, bean, zone)
        if buy is not None and len(state.coins[player]) >= cost and (most is None or len(fields) < most):
            out.append(_buy(player))
        if harvests is not None:
            harvests(state, player, fields, out)
        return out
    return lister


def _general_lister(rs: Ruleset) -> Lister:
    """Trading, permitted moves and abilities: the reference function lists them all (what they
    add, and in which order, is theirs to say; listing them is not the hot part)."""
    return lambda state, player, trades: legal_actions(state, rs, player, trades)


def _harvests_of(rs: Ruleset, ph: PhaseSpec) -> Callable[[State, str, list, list], None] | None:
    """harvesting.harvestable as harvest actions appended to a listing; None: no harvest by
    choice in this phase."""
    if not rs.manual_harvest or ph.id in rs.harvest_except:
        return None
    own_turn = rs.harvest_when == "own-turn"
    limit, empty = rs.protection, rs.protect_empty
    only_paying = rs.only_paying is not None

    def harvests(state: State, player: str, fields: list, out: list) -> None:
        if own_turn and player != state.active:
            return
        smallest = 1 if limit is None else fewest_harvested(fields, limit, empty)
        row = _HARVESTS.get(player) or _harvests(player)
        for i, f in enumerate(fields):
            if len(f) >= smallest and (not only_paying or coins_for(rs, f) >= 1):
                out.append(row[i] if i < _ROW else Harvest(player, i + 1))
    return harvests


# -- phase completion (flow.phase_complete) and whom the game waits for (legal.next_to_act) --
def _complete(rs: Ruleset, ph: PhaseSpec) -> Callable[[State], bool]:
    from .flow import phase_complete
    if rs.moves or rs.abilities:  # an optional move or a card on top keeps a phase open: the reference function asks
        return lambda state: phase_complete(state, rs, ph)
    plant, trade = ph.plant, ph.trade
    pmax = plant.max if plant is not None else 0
    shared = tuple(_SHARED_ATTR[step.zone] for step in ph.pending if step.attr is None)  # the offer
    own = tuple(step.attr for step in ph.pending if step.attr is not None and step.who == "active")
    everyone = tuple(step.attr for step in ph.pending if step.attr is not None and step.who != "active")

    def complete(state: State) -> bool:
        if state.lasting:  # a constraint laid down for a while may take a plant away
            return phase_complete(state, rs, ph)
        if plant is not None and state.planted < pmax and state.hands[state.active]:
            return False
        if state.decision is not None:
            return False
        if trade and (state.offer or any(state.hands.values())):
            return False
        for attr in shared:  # PendingStep.anyone_has, by the kind of zone
            if getattr(state, attr):
                return False
        for attr in own:
            if getattr(state, attr)[state.active]:
                return False
        for attr in everyone:
            if any(getattr(state, attr).values()):
                return False
        return True
    return complete


def _waiter(rs: Ruleset, ph: PhaseSpec) -> Callable[[State], Any]:
    if rs.moves or rs.abilities:
        return lambda state: next_to_act(state, rs)
    if ph.plant is not None or ph.trade:
        return lambda state: next_to_act(state, rs) if state.proposals else state.active
    if not ph.pending:
        return lambda state: next_to_act(state, rs)
    steps = tuple((step.attr or _SHARED_ATTR[step.zone], step.attr is not None) for step in ph.pending)

    def pending(state: State) -> Any:
        if not state.lasting:  # (a lasting constraint may take the active player's plant away)
            active = state.active
            for attr, own in steps:  # PendingStep.cards
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
    the active player may end; a listed purchase one may_buy() allowed."""
    from .flow import end_phase

    def plant(state: State, action: Plant, events: list) -> bool:
        zone = action.zone
        if zone == "hand":  # a pending hand card, or the front one where a phase plants both: checked
            return False
        # Only a plant-from-hand step lists a plant without a zone: the front card of the hand.
        front = zone is None
        index = action.field - 1
        plant_card(state, action.player, "hand" if front else zone, action.bean, index, front, events)
        if rs.triggers:  # a card's "when planted" step, as apply runs it
            from . import triggers
            triggers.fire(state, rs, "planted", action.player, action.bean, events,
                          zone=state.fields[action.player][index], field=index)
        return True

    def harvest(state: State, action: Harvest, events: list) -> bool:
        do_harvest(state, rs, action.player, action.field - 1, events)
        return True

    def end(state: State, action: EndPhase, events: list) -> bool:
        if action.what == "phase":  # listed by moves, for a phase that waits only for them
            return False
        end_phase(state, rs, events)
        return True

    def buy(state: State, action: BuyField, events: list) -> bool:
        do_buy(state, rs, action.player, events)
        return True
    return {Plant: plant, Harvest: harvest, EndPhase: end, BuyField: buy}
