"""The kernel's decisions: who acts next, their legal actions (in the interpreter's order, so a
bot's random draw picks the same action), and applying one without re-checking it.

Mirrors engine/legal.py (listing), planting.py, harvesting.py, buying.py and trading.py
(applying). Listed actions are legal by construction, which is why apply checks nothing.
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.answering import unbreaking
from ..engine.card_moves import keeps_open as move_keeps_open, make_listed, movable, waits_only_for_moves
from ..engine.draw_moves import OWED, GIVES_UP, draw, keeps_open as draw_keeps_open, rule_now, say
from ..engine.eventlog import UNRECORDED
from ..engine.legal import stuck
from ..engine.proposal_space import counted, nth_by
from ..engine.eventlog import UNRECORDED
from ..engine.trading import acceptable, add_proposal, check_accept_cards, one_card
from . import abilities, decisions, lasting
from .abilities import USE
from .decisions import CHOOSE
from .actions import BUY, DRAW, END, HARVEST, MOVE, PLANT, PROPOSE, RESPOND, action_of
from ..engine.state import State


def _distinct(cards: list[int]) -> list[int]:
    return list(dict.fromkeys(cards)) if len(cards) > 1 else cards


def zone_list(g: State, zone: str, seat: int) -> list[int]:
    if zone == "offer":
        return g.offer
    return (g.hands if zone == "hand" else g.set_aside)[seat]


def next_to_act(m: Any, g: State) -> int | None:
    """legal.next_to_act: the first player the game waits for."""
    if g.over:
        return None
    if g.decision is not None:
        return g.decision["player"]
    ph = m.phase_of[g.phase]
    active = g.active
    if ph.trade:
        return g.proposals[0]["to"] if g.proposals else active
    if ph.plant_max is not None:
        return active
    holders = set()
    for everyone, zone in ph.pending:
        if zone_list(g, zone, active):
            if not (g.lasting or m.standing):
                return active
            holders.add(active)  # unless a constraint took the plant away (below)
    if m.draws and draw_keeps_open(g, m.rs):  # a draw the active player may still make (the engine's test)
        return active
    # whoever else holds cards a step says everyone plants, in turn order from the active player
    for everyone, zone in ph.pending:
        if everyone and zone != "offer":
            lists = g.hands if zone == "hand" else g.set_aside
            holders.update(p for p in range(m.n) if lists[p])
    if holders and (g.lasting or m.standing):  # a plant a constraint took away waits for nobody (legal.waiting_for)
        holders = {p for p in holders if not all(
            stuck(g, m.rs, p, zone, m.listing) or not zone_list(g, zone, p) for everyone, zone in ph.pending
            if p == active or (everyone and zone != "offer"))}
    if not holders:  # a phase that waits only for an optional move of the active player
        if m.moves and move_keeps_open(g, m.rs):  # (the engine's test)
            return active
        return active if g.phase in m.open_phases and abilities.waits_only(m, g) else None
    n, step = m.n, m.direction
    return next(s for s in ((active + step * k) % n for k in range(n)) if s in holders)


def legal(m: Any, g: State, seat: int) -> list[tuple]:
    """legal.legal_actions(state, rs, player, trades=False), as action tuples."""
    if g.over:
        return []
    if g.decision is not None:  # while a decision waits, only its answers are legal
        return _answers(m, g, seat)
    out: list[tuple] = []
    ph = m.phase_of[g.phase]
    active = seat == g.active
    fields = g.fields[seat]
    if ph.plant_max is not None and active:
        hand = g.hands[seat]
        if hand and g.planted < ph.plant_max and hand[0] not in m.unplantable:
            bean = hand[0]
            out.extend((PLANT, seat, i, bean, None) for i in m.planting.taking(fields, seat, bean))
        if g.planted >= ph.plant_min or not hand or (m.abilities and abilities.front_lapses(m, g, seat)):
            out.append((END, seat, "planting"))
    for j, (everyone, zone) in enumerate(ph.pending):
        if everyone or active:
            cards = zone_list(g, zone, seat)
            for bean in _distinct(cards):
                if bean not in m.unplantable:
                    out.extend((PLANT, seat, i, bean, zone) for i in m.planting.taking(fields, seat, bean))
            if cards and active and ph.optional[j]:  # "may plant": the player says when done
                out.append((END, seat, "phase"))
    if ph.trade:
        if active:
            out.append((END, seat, "trading"))
        for proposal in g.proposals:
            pid, dst = proposal["id"], proposal["to"]
            if dst == seat:  # legal.answers: the engine's judgement, remembered where the rules let it be
                ok = m.accept_cards(g, proposal, False)
                if ok or ok is None and acceptable(g, m.rs, proposal):
                    out.append((RESPOND, seat, "accepts", pid))
                out.append((RESPOND, seat, "rejects", pid))
            elif proposal["from"] == seat:
                out.append((RESPOND, seat, "withdraws", pid))
    if m.moves:
        move_options(m, g, seat, out)
    if m.buy_cost is not None and len(g.coins[seat]) >= m.buy_cost and \
            (m.buy_max is None or len(fields) < m.buy_max):
        out.append((BUY, seat))
    if m.abilities:  # using a card's ability, with each choice it offers
        abilities.usable(m, g, seat, out)
        if m.open_phases and active and not any(a[0] == END for a in out) and abilities.waits_only(m, g):
            out.append((END, seat, "phase"))  # the phase waits only for a card's ability on a field
    if m.draws:  # drawing one card by action, and when the phase may end (engine/draw_moves.py)
        out = draw_options(m, g, seat, out)
    if m.phase_of[g.phase].harvests is not None:  # a harvest permit applies in this phase (engine/listers.py)
        out.extend((HARVEST, seat, i) for i in m.harvestable(g, seat))
    if g.lasting or m.standing:  # constraints by condition, for a while or always (kernel/lasting.py)
        return lasting.constrain(m, g, seat, out)
    return out


def move_options(m: Any, g: State, seat: int, out: list[tuple]) -> list[tuple]:
    """The permitted moves of one card `seat` may make now (the engine's card_moves.movable, as
    action tuples), appended to `out` (which holds the phase's other actions) where not listed
    yet, as legal.legal_actions does, and the end of a phase that waits only for such moves."""
    rs, added = m.rs, False
    for rule in m.moves:
        for bean, position in movable(g, rs, rule, seat):
            action = (MOVE, seat, rule.verb, bean, position, rule.zone)
            if action not in out:
                out.append(action)
                added = True
    if added and waits_only_for_moves(g, rs.phase(g.phase)):
        end = (END, seat, "phase")
        if end not in out:
            out.append(end)
    return out


def draw_options(m: Any, g: State, seat: int, out: list[tuple]) -> list[tuple]:
    """draw_moves.listed as action tuples: the engine's say (draw_moves.say) on what drawing adds."""
    said = say(g, m.rs, seat)
    if not said:
        return out
    out.append((DRAW, seat))
    if said == OWED:  # the phase's end is not the player's yet
        return [a for a in out if not (a[0] == END and a[2] == "phase")]
    if said == GIVES_UP and not any(a[0] == END for a in out):
        out.append((END, seat, "phase"))  # giving up the right to draw
    return out


# -- trading (engine/trading.py, legal.proposals): the engine's guards and lister on this state --
def proposal_space(m: Any, g: State, seat: int) -> tuple[int, tuple]:
    """How many one-card proposals legal.proposals lists, and the rows to pick the n-th from:
    the engine's own rows (legal.proposal_lister), listed on the kernel's state."""
    rows = m.proposal_rows(g, seat)  # type: ignore[misc]  (a trading phase: the game trades)
    return counted(rows), rows


def _proposal(seat: int, partner: int, bean: str, zone: str, asked: str | None, where: str | None) -> tuple:
    return (PROPOSE, seat, partner, (zone, bean), None if where is None else (where, asked))


# nth_proposal(seat, rows, k): the k-th proposal of the rows, in legal.nth_proposal's order
# (the engine's own walk, proposal_space.nth_by), as an action tuple.
nth_proposal: Callable[[int, tuple, int], tuple] = nth_by(_proposal)


def propose(m: Any, g: State, seat: int, partner: int, give: tuple, take: tuple | None) -> None:
    """A listed proposal made: the engine's (acting._propose's listed path), seats for names."""
    waits = m.guards.one_card_waits(g, m.rs, seat, partner, give, take)  # type: ignore[union-attr]
    add_proposal(g, m.rs, one_card(seat, partner, give, take), UNRECORDED, waits)


def respond(m: Any, g: State, seat: int, verb: str, pid: int) -> None:
    """A listed answer: the engine's (acting._respond's listed path): an accept moves the cards
    the engine's check resolves (remembered as the answer was listed)."""
    for proposal in g.proposals:
        if proposal["id"] == pid:
            break
    if verb == "accepts":
        cards = m.accept_cards(g, proposal) or check_accept_cards(g, m.rs, proposal)
        m.trade(g, proposal, cards[0], cards[1], UNRECORDED)
    else:
        g.proposals.remove(proposal)


def _answers(m: Any, g: State, seat: int) -> list[tuple]:
    """The decision's answers, without those that would break a requirement that holds now:
    engine/answering.py's rule itself, each answer tried on a copy with the kernel's apply."""
    return unbreaking(g, m.rs, decisions.options(g, seat), lambda option: _tried(m, g, option))


def _tried(m: Any, g: State, action: tuple) -> State:
    trial = g.copy()
    apply(m, trial, action)
    return trial


# -- applying a listed action ------------------------------------------------------------------
def apply(m: Any, g: State, action: tuple) -> None:
    """Play a listed action, then the automatic harvests and the phases that need no decision."""
    kind, seat = action[0], action[1]
    if kind == PLANT:
        _, _, index, bean, zone = action
        if zone is None:
            g.hands[seat].pop(0)
            g.planted += 1
        else:
            zone_list(g, zone, seat).remove(bean)
        g.fields[seat][index].append(bean)
    elif kind == HARVEST:
        m.harvest(g, seat, action[2])
    elif kind == END:
        m.end_phase(g)
    elif kind == BUY:
        coins = g.coins[seat]
        cost = m.buy_cost
        if cost:
            g.discard.extend(coins[-cost:])
            del coins[-cost:]
        g.fields[seat].append([])
    elif kind == USE:
        abilities.apply(m, g, action)
    elif kind == CHOOSE:
        m.resume(g, action[2])
    elif kind == MOVE:  # the engine's move of a listed card
        make_listed(g, m.rs, seat, action[2], action[5], action[3], action[4])
    elif kind == DRAW:
        draw(g, m.rs, rule_now(g, m.rs), seat, UNRECORDED)  # type: ignore[arg-type]  (listed: there is one)
    elif kind == PROPOSE:
        propose(m, g, seat, action[2], action[3], action[4])
    elif kind == RESPOND:
        respond(m, g, seat, action[2], action[3])
    if not g.over:
        if m.auto:
            m.run_any_time(g)
        if not (m.target_ends and m.tally.reached(m, g)):  # type: ignore[union-attr]  (an end by a target)
            m.settle(g)
    if g.lasting:  # (also when the game just ended: nothing lasts past it)
        lasting.expire(m, g)
