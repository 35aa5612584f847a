"""Carrying out an action: each kind's check and change, compiled once per ruleset in two modes.

Checked (`checked=True`): every refusal the rules give is tested before anything changes
(IllegalAction, the state untouched), then the action is resolved (the card, the field, the
proposal it names) and carried out. Listed (`checked=False`): the action is one the game has
just listed for this very state (Game.listed) or built as a proposal for it (Game.proposals),
which the check can only say yes to, so the same function runs with its check switched off and
resolves the action as the check would. The mode is a constant bound when compiling, not a
second copy of the rules. Where resolving needs the check (a plant from the hand in a phase
that may plant both the front card and pending ones, a field of the table, a harvest named by
its bean) and for the kinds with nothing to save (moves, draws, abilities, answers to a
decision), both modes check. tests/engine/test_acting.py holds the listed mode to the checked
one on every bot-reached state of every shipped spec.
"""
from __future__ import annotations

from typing import Callable

from ..diagnostics import did_you_mean
from ..memo import per_object
from . import abilities, card_moves, decisions, draw_moves, lasting, triggers, windows, zones
from .actions import Action, BuyField, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose, Respond, \
    UseAbility
from .buying import buy_refusal, do_buy
from .errors import IllegalAction, game_over
from .eventlog import UNRECORDED
from .flow import end_phase, resume
from .harvesting import harvester, table_refusal
from .kinds import same_type
from .legal import legal_actions, waits_only_for_abilities
from .listers import harvest_refusal
from .planting import check_plant, pending_cards, pending_zones
from .ruleset import _PLAYER_ATTR, _SHARED_ATTR, Ruleset
from .state import State
from .trading import add_proposal, check_accept_cards, check_propose, check_respond, do_respond, guards_of, one_card
from . import transitions
from .transitions import Transitions

Move = Callable[[State, Action, list], None]  # (state, action, events): carry it out


_MOVERS: dict = {}


def movers(rs: Ruleset) -> tuple[Move, dict[type, Move]]:
    """How this ruleset carries out an action, compiled once: checked, and listed (by kind of
    action, each kind's move; an end of a phase goes on by the compiled transitions)."""
    return per_object(_MOVERS, rs, None, lambda: _movers(rs, transitions.of(rs)))


def _movers(rs: Ruleset, steps: Transitions) -> tuple[Move, dict[type, Move]]:
    checked = checked_move(rs, steps)
    listed = kinds(rs, steps, False)
    for kind in (MoveCard, DrawCard, Choose, UseAbility):  # nothing to save: checked in either mode
        listed[kind] = checked
    return checked, listed


def kinds(rs: Ruleset, steps: Transitions, checked: bool) -> dict[type, Move]:
    """The move of each kind of action whose check the listed mode switches off, in the mode
    `checked` says."""
    return {Plant: _plant(rs, checked), Harvest: _harvest(rs, checked), EndPhase: _end(rs, steps, checked),
            BuyField: _buy(rs, checked), Propose: _propose(rs, checked), Respond: _respond(rs, checked)}


def checked_move(rs: Ruleset, steps: Transitions) -> Move:
    """An action of any kind carried out under these rules, checked: what refuses an action of
    any kind, then its kind's check."""
    table = kinds(rs, steps, True)
    table.update({MoveCard: _move_card(rs), DrawCard: _draw(rs), Choose: _choose(rs, steps), UseAbility: _use(rs)})

    def move(state: State, action: Action, events: list) -> None:
        kind = type(action)
        _check_turn(state, rs, action, kind)
        found = table.get(kind)
        if found is None:
            raise TypeError(f"not an action: {action!r}")
        found(state, action, events)
    return move


def _check_turn(state: State, rs: Ruleset, action: Action, kind: type) -> None:
    """What refuses an action of any kind: a player the game does not have, a decision the game
    waits for that the action does not answer, a constraint in force that forbids it."""
    if action.player not in state.seat_of:
        raise IllegalAction(None, f"no player named {action.player}")
    if state.decision is not None and kind is not Choose and not windows.may_answer(state.decision, action):
        decision = state.decision  # only its answer moves the game on
        raise IllegalAction(rs.cite(decision["rule"]), f"the game waits for {decision['player']} to choose "
                                                       f"({', '.join(decision['options'])})")
    if (state.lasting or rs.standing) and kind is not Choose:  # constraints by condition (engine/lasting.py)
        refused = lasting.refusal(state, rs, action)
        if refused is not None:
            raise refused


def _known_bean(rs: Ruleset, bean: str | None) -> None:
    if bean is not None and bean not in rs.bean_counts:
        hint = did_you_mean(bean, rs.beans)
        raise IllegalAction(None, f"there is no bean '{bean}' in {rs.rulebook}" + (f"; {hint}" if hint else ""))


# -- planting ----------------------------------------------------------------------------------
def _plant(rs: Ruleset, checked: bool) -> Move:
    fires = bool(rs.triggers)
    tabled = bool(zones.fields_of_table(rs))  # a plant may name a field of the table

    def plant(state: State, action: Plant, events: list) -> None:
        zone, field = action.zone, action.field
        player, bean = state.seat_of[action.player], action.bean
        if checked or zone == "hand" or (tabled and type(field) is not int):
            _known_bean(rs, bean)
            move = check_plant(state, rs, action)
            player, bean, index, zone, front = move.player, move.bean, move.index, move.zone, move.front
            into = zones.field_list(state, player, index)
        else:  # listed: the front card of the hand (no zone: only planting from the hand lists
            # one) or a pending card of the zone it names, into the field the listing found open
            index = field - 1
            into = state.fields[player][index]
            front = zone is None
        if front:  # the front card of the hand counts as planted
            state.hands[player].pop(0)
            state.planted += 1
        else:  # a pending card leaves its zone wherever it lies (ruleset.zone_cards)
            attr = _PLAYER_ATTR.get(zone)
            (getattr(state, attr)[player] if attr else getattr(state, _SHARED_ATTR[zone])).remove(bean)
        into.append(bean)
        if events is not UNRECORDED:
            events.append({"event": "planted", "player": action.player, "bean": bean,
                           "field": index + 1 if type(index) is int else index, "from": zone or "hand"})
        if fires:  # a card's "when planted" step
            triggers.fire(state, rs, "planted", player, bean, events, zone=into, field=index)
    return plant


# -- harvesting --------------------------------------------------------------------------------
def _harvest(rs: Ruleset, checked: bool) -> Move:
    take = harvester(rs)  # (harvesting.do_harvest), which carries out a Harvest by field itself
    if not checked:  # listed: a field of the player's the harvest permits allow, or one of the
        # table a rule's permission opens (table_harvests): the harvester is the move itself
        return take

    def harvest(state: State, action: Harvest, events: list) -> None:
        field, player = action.field, state.seat_of[action.player]
        if isinstance(field, str):  # a field of the table (engine/zones.py)
            refusal = table_refusal(state, rs, player, field)
            if refusal:
                raise refusal
            take(state, action, events)
            return
        index = field - 1 if field is not None else _harvest_index(state, rs, action)
        refusal = harvest_refusal(state, rs, player, index)
        if refusal and (state.lasting or rs.standing):  # a harvest allowed by a condition
            refusal = lasting.harvest_refusal(state, rs, player, index, refusal)
        if refusal:
            raise refusal
        take(state, action if field is not None else Harvest(action.player, index + 1), events)
    return harvest


def _harvest_index(state: State, rs: Ruleset, action: Harvest) -> int:
    """The field a harvest by bean names (apply handles a harvest by field number)."""
    fields = state.fields[state.seat_of[action.player]]
    holding = [i for i, f in enumerate(fields) if f and same_type(rs, f[-1], action.bean)]
    _known_bean(rs, str(action.bean))
    if not holding:
        raise IllegalAction(rs.harvest.whole_ref, f"no field of {action.player} holds {action.bean}")
    if len(holding) > 1:
        raise IllegalAction(None, f"{action.player} has {action.bean} in fields "
                                  f"{', '.join(str(i + 1) for i in holding)}; say which")
    return holding[0]


# -- ending a phase, buying a field --------------------------------------------------------------
def _end(rs: Ruleset, steps: Transitions, checked: bool) -> Move:
    def end(state: State, action: EndPhase, events: list) -> None:
        if checked:
            _check_end(state, rs, action)
        end_phase(state, rs, events, steps)
    return end


def _check_end(state: State, rs: Ruleset, action: EndPhase) -> None:
    if state.over:
        raise game_over(rs)
    ph = rs.phase(state.phase)
    player, active = state.seat_of[action.player], state.players[state.active]
    if DrawCard in rs.permits and action.what == "phase":  # not while a draw is owed (engine/draw_moves.py)
        refused = draw_moves.end_refusal(state, rs, player)
        if refused is not None:
            raise refused
    front, every = ph.listers.front, ph.listers.every
    if front is not None and action.what in ("phase", "planting"):
        if player != state.active:
            raise IllegalAction(front.ref, f"only the active player ({active}) ends planting")
        if state.planted < front.least and state.hands[player] \
                and not lasting.waived(state, rs, player, legal_actions(state, rs, player)) \
                and not (rs.abilities and abilities.front_lapses(state, rs, player)):
            raise IllegalAction(front.ref, f"{action.player} must plant at least {front.least} "
                                           f"card{'s' if front.least > 1 else ''} from hand first")
        return
    if ph.trade and action.what in ("phase", "trading"):
        if player != state.active:
            raise IllegalAction(ph.ender or ph.trade.permit, f"only the active player ({active}) ends trading")
        return
    if action.what == "phase" and ((MoveCard in rs.permits and card_moves.waits_only_for_moves(state, ph))
                                   or (rs.abilities and waits_only_for_abilities(state, rs))):
        if player != state.active:
            raise IllegalAction(None, f"only the active player ({active}) ends phase {ph.id}")
        return
    if every and action.what == "phase":
        for step in every:
            if step.optional:
                continue
            owed = [p for p in range(len(state.players)) if (step.who == "everyone" or p == state.active)
                    and step.zone in pending_zones(ph, state, p) and pending_cards(state, step.zone, p)]
            if owed:
                raise IllegalAction(step.ref, f"{', '.join(state.players[p] for p in owed)} must still plant their {step.zone} cards")
        if player == state.active and any(s.optional and s.anyone_has(state) for s in every):
            return  # "may plant": whatever is left stays (and is dealt with as the phase ends)
    if DrawCard in rs.permits and action.what == "phase" and draw_moves.rule_now(state, rs) is not None:
        return  # the player gives up drawing (end_refusal found nothing owed)
    raise IllegalAction(None, f"{action.player} cannot end {action.what} in phase {ph.id}")


def _buy(rs: Ruleset, checked: bool) -> Move:
    def buy(state: State, action: BuyField, events: list) -> None:
        if checked:
            refusal = buy_refusal(state, rs, state.seat_of[action.player])
            if refusal:
                raise refusal
        do_buy(state, rs, state.seat_of[action.player], events)
    return buy


# -- trading -----------------------------------------------------------------------------------
def _propose(rs: Ruleset, checked: bool) -> Move:
    guards = guards_of(rs)  # the trading rules (every phase that trades holds them)

    def propose(state: State, action: Propose, events: list) -> None:
        if checked or guards is None:
            for ref in action.give + action.take:
                _known_bean(rs, ref.bean)
            add_proposal(state, rs, check_propose(state, rs, action), events)
            return
        # listed: one card named by zone and bean, asking for at most one (legal.proposals), stored
        # as check_propose stores it
        take = action.take
        gift, asked = action.give[0], take[0] if take else None
        give_card, take_card = (gift.zone, gift.bean), (asked.zone, asked.bean) if asked is not None else None
        seat_of = state.seat_of
        waits = guards.one_card_waits(state, rs, seat_of[action.player], seat_of[action.to], give_card, take_card)
        add_proposal(state, rs, one_card(action.player, action.to, give_card, take_card), events, waits)
    return propose


def _respond(rs: Ruleset, checked: bool) -> Move:
    def respond(state: State, action: Respond, events: list) -> None:
        proposal = None
        if not checked:  # listed: an open proposal of the player's side, by its id
            target = action.target
            for open_one in state.proposals:
                if open_one["id"] == target:
                    proposal = open_one
                    break
        if proposal is None:
            proposal, cards = check_respond(state, rs, action)
        else:  # an acceptance moves the cards the check resolves (listed only where they are there)
            cards = check_accept_cards(state, rs, proposal) if action.verb == "accepts" else None
        do_respond(state, rs, action, proposal, cards, events)
    return respond


# -- the kinds both modes check ------------------------------------------------------------------
def _move_card(rs: Ruleset) -> Move:
    def move(state: State, action: MoveCard, events: list) -> None:
        rule, index = card_moves.check(state, rs, action)
        card_moves.do(state, rs, action, rule, index, events)
    return move


def _draw(rs: Ruleset) -> Move:
    def draw(state: State, action: DrawCard, events: list) -> None:
        rule = draw_moves.check(state, rs, action)
        draw_moves.do(state, rs, action, rule, events)
    return draw


def _choose(rs: Ruleset, steps: Transitions) -> Move:
    def choose(state: State, action: Choose, events: list) -> None:
        refusal = decisions.refusal(state, rs, action)
        if refusal:
            raise refusal
        if windows.is_window(state.decision):  # passing on the abilities it offers
            windows.answered(state, rs, action, None, events)
        else:
            resume(state, rs, action, events, steps)
    return choose


def _use(rs: Ruleset) -> Move:
    def use(state: State, action: UseAbility, events: list) -> None:
        spec, field = abilities.check_use(state, rs, action)
        if windows.may_answer(state.decision, action):  # used in the window offered to its owner
            windows.answered(state, rs, action, lambda: abilities.do_use(state, rs, action, spec, field, events), events)
        else:
            abilities.do_use(state, rs, action, spec, field, events)
    return use
