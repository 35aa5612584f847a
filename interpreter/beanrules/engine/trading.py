"""The trading protocol: proposals between players, accepted, rejected or withdrawn.

A proposal names cards, it does not move them: "only take the beans out of your hand once the
trade is agreed" (es, Fase 2). Cards are resolved against the hands again when the proposal is
accepted, and move to the receivers' set-aside zones (traded-to-set-aside) or, without that
rule, to the back of their hands. A card the proposer names by a position of its own hand is
that very card: the proposal follows it while other actions move the hand (follow, refollow).
"""
from __future__ import annotations

from typing import Any, Callable

from ..memo import per_object

from .actions import CardRef, Propose, Respond
from .deals import Card, Deal
from .errors import IllegalAction, RuleRef, game_over
from .eventlog import UNRECORDED
from .marked import follow as _follow_card
from .requirements import would_break
from .ruleset import Ruleset
from .state import State
from .trade_guards import TradeGuards
from . import triggers

Picked = list[tuple[str, int | str]]  # ("hand", index) or ("offer", bean)
Followed = list[tuple[dict, int, str]]  # (a proposal's card reference, the seat of the hand's owner, the card)


# ------------------------------------------------------------------ the rules of the game's trades
def guards_of(rs: Ruleset) -> TradeGuards | None:
    """The game's trading rules, compiled (engine/trade_guards.py): every phase that trades
    holds the same ones (None: nobody ever trades)."""
    return next((ph.trade for ph in rs.phases if ph.trade is not None), None)


def _permit(rs: Ruleset) -> RuleRef | None:
    guards = guards_of(rs)
    return guards.permit if guards is not None else None


def _zones(state: State, rs: Ruleset, guards: TradeGuards, owner: int, partner: int, refs: list[dict]) -> tuple[Card, ...]:
    """The zone and bean of each card reference. A reference without a zone names a card of the
    offer where `owner` may trade the offer's cards and one such bean is left there, else of the
    hand (the notation "Anna gives red to Natalie")."""
    offer_left = list(state.offer)
    out: list[Card] = []
    for ref in refs:
        zone, bean = ref.get("zone"), ref.get("bean")
        if zone is None:
            zone = "offer" if bean in offer_left and guards.may_give(state, rs, owner, partner, "offer") else "hand"
        if zone == "offer" and bean in offer_left:
            offer_left.remove(bean)
        out.append((zone, bean))
    return tuple(out)


def _pick(state: State, rs: Ruleset, guards: TradeGuards, seat: int, refs: list[dict], zones: tuple[Card, ...],
          present: bool) -> Picked:
    """Resolve card references of `owner`, in the zones the rules let them be traded from, to
    concrete cards. With present=False (cards the proposer asks for from a hand it cannot see)
    only what is public is checked: how many cards the hand holds. A card that is not there is
    refused citing the rule under which its zone's cards are traded."""
    hand, owner = state.hands[seat], state.players[seat]  # (the refusals name the owner)
    used: set[int] = set()
    offer_left = list(state.offer)
    picked: Picked = []
    for ref, (zone, bean) in zip(refs, zones):
        position = ref.get("position")
        if zone == "offer":
            if bean not in offer_left:
                raise IllegalAction(guards.allowing(zone), f"no {bean} among the revealed cards")
            offer_left.remove(bean)
            picked.append(("offer", bean))
        elif zone == "hand":
            if ref.get("gone"):
                raise IllegalAction(guards.allowing(zone), f"the {bean} {owner} named by its hand position has left the hand")
            if position is not None:
                # Positions count from 1 and stay within the hand (its size is public): 0 or a
                # negative number must never become hand[-1].
                if not isinstance(position, int) or isinstance(position, bool) or position < 1:
                    raise IllegalAction(guards.allowing(zone), f"hand positions count from 1, not {position!r}")
                if position > len(hand):
                    raise IllegalAction(guards.allowing(zone), f"{owner} has {len(hand)} hand card"
                                              f"{'s' if len(hand) != 1 else ''}, no position {position}")
                index = position - 1
                if present and bean is not None and hand[index] != bean:
                    raise IllegalAction(guards.allowing(zone), f"{owner} has no {bean or 'card'} at hand position {position}")
                if index in used:
                    raise IllegalAction(guards.allowing(zone), f"hand position {position} is named twice")
            elif bean is None:
                raise IllegalAction(guards.allowing(zone), "a hand card is named by its bean or its position")
            elif present:
                index = next((i for i, c in enumerate(hand) if c == bean and i not in used), -1)
                if index < 0:
                    raise IllegalAction(guards.allowing(zone), f"{owner} has no {'more ' if used else ''}{bean} in hand")
            else:
                picked.append(("hand", str(bean)))
                continue
            used.add(index)
            picked.append(("hand", index))
        else:  # a zone a rule lets players trade, whose cards the engine cannot hand over
            raise IllegalAction(guards.allowing(zone), f"only hand cards and revealed cards change hands, not {zone} cards")
    return picked


def _refuse_unplantable(state: State, rs: Ruleset, owner: int, refs: list[dict], zones: tuple[Card, ...],
                        present: bool) -> None:
    """A card never planted is never traded: whoever got it could never plant it."""
    hand = state.hands[owner]
    for ref, (zone, bean) in zip(refs, zones):
        position = ref.get("position")
        if not present and bean is None:
            continue
        if bean is None and zone == "hand" and isinstance(position, int) and 1 <= position <= len(hand):
            bean = hand[position - 1]
        if bean in rs.unplantable:
            raise IllegalAction(rs.rules.get(bean) or _permit(rs), f"{bean} is never planted, so it cannot be traded")


def _judged(state: State, rs: Ruleset, guards: TradeGuards, proposal: dict, present: bool) -> tuple[Picked, Picked]:
    """The proposal's cards judged by the trading rules, as the side acting now does its part
    with both sides' yes (a consent the answer gives is the proposal's wait, not a refusal),
    then found where the proposal names them."""
    src, dst = state.seat_of[proposal["from"]], state.seat_of[proposal["to"]]
    gives = _zones(state, rs, guards, src, dst, proposal["give"])
    takes = _zones(state, rs, guards, dst, src, proposal["take"])
    deal = Deal(src, dst, gives, takes, frozenset((src, dst)))
    accepted = guards.accepted(state, deal)
    if not accepted:
        refused = guards.deal_refusal(state, rs, deal)
        if refused is not None:
            raise IllegalAction(*refused)
    if rs.unplantable:
        _refuse_unplantable(state, rs, src, proposal["give"], gives, True)
        _refuse_unplantable(state, rs, dst, proposal["take"], takes, present)
    if not accepted:
        refused = guards.cards_refusal(state, rs, deal)
        if refused is not None:
            raise IllegalAction(*refused)
        guards.accept(state, deal)
    return (_pick(state, rs, guards, src, proposal["give"], gives, True),
            _pick(state, rs, guards, dst, proposal["take"], takes, present))


def _ref_json(state: State, owner: int, ref: CardRef, picked: tuple[str, int | str], known: bool) -> dict:
    """The stored form of a resolved reference. `known`: the owner's hand was looked at (the
    proposer's own cards), so a position keeps the bean that lies there too: the proposal names
    that very card, which leaves from its place when the proposal is accepted (of two equal
    beans, which one leaves decides the order of the rest), and whose position the proposal
    follows while other actions move the hand (follow). A position asked of the other player
    stays a position, resolved when that player accepts."""
    zone, what = picked
    if zone == "offer":
        return {"zone": "offer", "bean": what}
    if ref.position is not None and known:
        return {"zone": "hand", "bean": state.hands[owner][int(what)], "position": ref.position}
    if ref.position is not None:
        return {"zone": "hand", "bean": None, "position": ref.position}
    return {"zone": "hand", "bean": ref.bean}


def check_propose(state: State, rs: Ruleset, action: Propose) -> dict:
    """A checked proposal (the dict stored in state.proposals, id not yet assigned)."""
    player, to = action.player, action.to
    if state.over:
        raise game_over(rs)
    guards = rs.phase(state.phase).trade
    if guards is None:
        raise IllegalAction(_permit(rs), f"no trading in phase {state.phase}")
    if to not in state.seat_of or to == player:
        raise IllegalAction(None, f"no other player named {to}")
    if not action.give and not action.take:
        raise IllegalAction(guards.permit, "a proposal names at least one card")
    asked = {"from": player, "to": to, "give": [c.to_json() for c in action.give],
             "take": [c.to_json() for c in action.take]}
    give, take = _judged(state, rs, guards, asked, present=False)
    return {"id": 0, "from": player, "to": to,
            "give": [_ref_json(state, state.seat_of[player], r, p, True) for r, p in zip(action.give, give)],
            "take": [_ref_json(state, state.seat_of[to], r, p, False) for r, p in zip(action.take, take)]}


def check_propose_cards(state: State, rs: Ruleset, proposal: dict) -> tuple[Picked, Picked]:
    """The cards a proposal (from, to, give, take) names, judged as check_propose judges them."""
    guards = rs.phase(state.phase).trade
    if guards is None:
        raise IllegalAction(_permit(rs), f"no trading in phase {state.phase}")
    return _judged(state, rs, guards, proposal, present=False)


def waits(state: State, rs: Ruleset, proposal: dict) -> bool:
    """The proposal waits for its receiver's answer: a rule forbids it until they agree."""
    return _consent(state, rs, proposal) is not None


def _consent(state: State, rs: Ruleset, proposal: dict) -> Any:
    guards = rs.phase(state.phase).trade or guards_of(rs)
    if guards is None:
        return None
    gives = tuple((r.get("zone") or "hand", r.get("bean")) for r in proposal["give"])
    takes = tuple((r.get("zone") or "hand", r.get("bean")) for r in proposal["take"])
    return guards.proposal_waits(state, rs, state.seat_of[proposal["from"]], state.seat_of[proposal["to"]], gives, takes)


def one_card(by: object, to: object, give: Card, take: Card | None) -> dict:
    """A listed proposal as the state keeps it (check_propose's shape): one card given, at most
    one asked for, each by zone and bean; `by`, `to`: its players (names, or seats in the fast
    mode); its id is add_proposal's."""
    return {"id": 0, "from": by, "to": to, "give": [{"zone": give[0], "bean": give[1]}],
            "take": [] if take is None else [{"zone": take[0], "bean": take[1]}]}


def add_proposal(state: State, rs: Ruleset, proposal: dict, events: list, waiting: bool | None = None) -> None:
    """Store the proposal where it waits for its receiver's answer, else make the trade now
    (`waiting`: whether it waits, where the caller knows already; None: asked here)."""
    proposal["id"] = state.next_proposal
    state.next_proposal += 1
    if events is not UNRECORDED:
        events.append({"event": "proposed", "proposal": proposal["id"], "from": proposal["from"],
                       "to": proposal["to"], "give": [dict(r) for r in proposal["give"]],
                       "take": [dict(r) for r in proposal["take"]]})
    if waits(state, rs, proposal) if waiting is None else waiting:
        state.proposals.append(proposal)
    else:
        execute(state, rs, proposal, *check_accept_cards(state, rs, proposal), events)


def find_proposal(state: State, rs: Ruleset, action: Respond) -> dict:
    """The open proposal a response names (by id, by the other player, or the only one)."""
    mine = "from" if action.verb == "withdraws" else "to"
    other = "to" if mine == "from" else "from"
    candidates = [p for p in state.proposals if p[mine] == action.player]
    if isinstance(action.target, int):
        named = [p for p in state.proposals if p["id"] == action.target]
        candidates = [p for p in named if p[mine] == action.player]
        if named and not candidates:
            _wrong_side(state, rs, action, named[0])
    elif isinstance(action.target, str):
        candidates = [p for p in candidates if p[other] == action.target]
    if not candidates:
        # Answering one's own proposal is asking for the other player's consent in their place.
        own = [p for p in state.proposals if p[other] == action.player
               and (action.target is None or action.target == p[mine])]
        if own:
            _wrong_side(state, rs, action, own[0])
        raise IllegalAction(None, f"no open proposal for {action.player} to {action.verb[:-1]}")
    if len(candidates) > 1:
        ids = ", ".join(str(p["id"]) for p in candidates)
        raise IllegalAction(None, f"several open proposals ({ids}); say which one")
    return candidates[0]


def _wrong_side(state: State, rs: Ruleset, action: Respond, proposal: dict) -> None:
    if action.verb == "withdraws":
        raise IllegalAction(None, f"{action.player} received proposal {proposal['id']}; "
                                  f"only {proposal['from']} can withdraw it (reject it instead)")
    consent = _consent(state, rs, proposal)
    raise IllegalAction(consent.ref if consent is not None else _permit(rs),
                        f"proposal {proposal['id']} is {proposal['to']}'s to accept or reject, not {action.player}'s")


def check_accept_cards(state: State, rs: Ruleset, proposal: dict) -> tuple[Picked, Picked]:
    """The cards an accept of the proposal moves, judged as the receiver does its part."""
    cards = remembered(rs)(state, proposal)
    if cards:
        return cards
    guards = rs.phase(state.phase).trade or guards_of(rs)
    if guards is None:
        raise IllegalAction(None, "nobody trades")
    turned = {"from": proposal["to"], "to": proposal["from"], "give": proposal["take"], "take": proposal["give"]}
    take, give = _judged(state, rs, guards, turned, present=True)
    return give, take


Remembered = Callable[..., "tuple[Picked, Picked] | bool | None"]
_REMEMBERED: dict = {}


def remembered(rs: Ruleset) -> Remembered:
    """The game's _remembered, compiled once (memo.per_object)."""
    return per_object(_REMEMBERED, rs, None, lambda: _compile_remembered(rs))


def _compile_remembered(rs: Ruleset) -> Remembered:
    """The cards an accept of a proposal moves, where the rules' answer is remembered for a
    proposal of one card each way named by zone and bean (by_turn: the common case of a
    listing): False when a card is not there (or never planted); None: not such a proposal,
    or not remembered (check_accept_cards says, and remembers). Both modes answer by it: the
    interpreter's listing (legal.answers) and the kernel's (kernel/moves.py)."""
    guards, unplantable = guards_of(rs), rs.unplantable
    if guards is None or not guards.by_turn:
        return lambda state, proposal, picks=True: None
    known = guards.accepted_deals

    def cards(state: State, proposal: dict, picks: bool = True) -> tuple[Picked, Picked] | bool | None:
        """(picks=False: True where the accept would be made, without resolving the cards.)"""
        # Written for speed: the kernel's listing asks it for every answer it lists. A card that
        # is not there is False before the memory is asked (the full check refuses it too); the
        # phase is part of the remembered answer, whose full check judges any phase alike.
        try:
            (g,) = proposal["give"]
            take = proposal["take"]
            if take:
                (t,) = take
        except ValueError:  # more than one card a side
            return None
        if len(g) != 2:
            return None  # named by position (or gone)
        gz, gb = g["zone"], g["bean"]
        seat_of = state.seat_of
        by = seat_of[proposal["from"]]
        if gz == "hand":
            gheld = state.hands[by]
        elif gz == "offer":
            gheld = state.offer
        else:
            return None  # a zone whose cards another check finds
        if gb not in gheld:
            return False
        to = seat_of[proposal["to"]]
        if not take:
            if (to, by, (), (gz,), state.active, state.phase) not in known:
                return None
            if unplantable and gb in unplantable:
                return False
            if not picks:
                return True
            return [("offer", gb)] if gz == "offer" else [("hand", gheld.index(gb))], []
        if len(t) != 2:
            return None
        tz, tb = t["zone"], t["bean"]
        if tz == "hand":
            theld = state.hands[to]
        elif tz == "offer" and gz == "hand":
            theld = state.offer
        else:
            return None
        if tb not in theld:
            return False
        if (to, by, (tz,), (gz,), state.active, state.phase) not in known:
            return None
        if unplantable and (gb in unplantable or tb in unplantable):
            return False
        if not picks:
            return True
        return ([("offer", gb)] if gz == "offer" else [("hand", gheld.index(gb))],
                [("offer", tb)] if tz == "offer" else [("hand", theld.index(tb))])
    return cards


def acceptable(state: State, rs: Ruleset, proposal: dict) -> bool:
    """check_accept_cards would let the receiver accept the proposal now."""
    cards = remembered(rs)(state, proposal, False)
    if cards is not None:
        return cards is not False
    try:
        check_accept_cards(state, rs, proposal)
    except IllegalAction:
        return False
    return True


def accept_breaks(state: State, rs: Ruleset, proposal: dict, cards: tuple[Picked, Picked] | None = None) -> bool:
    """Whether accepting the proposal would break a requirement that holds now (the hand limit,
    where received cards go to the hand): Game.apply refuses such an accept, so the listings of
    legal actions (legal.answers) leave it out."""
    if not rs.requirements:
        return False
    give, take = cards or check_accept_cards(state, rs, proposal)
    return would_break(state, rs, lambda trial: execute(trial, rs, proposal, give, take, UNRECORDED))


def _take(state: State, owner: int, picked: Picked) -> list[str]:
    if len(picked) == 1:  # one card (every listed proposal's): taken from where it lies
        zone, what = picked[0]
        if zone == "offer":
            state.offer.remove(what)
            return [str(what)]
        return [state.hands[owner].pop(what)]  # type: ignore[call-overload]
    cards: list[str] = []
    indices = {what for zone, what in picked if zone == "hand"}
    hand = state.hands[owner]
    by_index = {i: hand[i] for i in indices}
    for zone, what in picked:
        if zone == "offer":
            state.offer.remove(what)
            cards.append(str(what))
        else:
            cards.append(by_index[what])
    if indices:  # remove picked cards, keeping the others in their order (hand-order)
        state.hands[owner] = [c for i, c in enumerate(hand) if i not in indices]
    return cards


Trade = Callable[[State, dict, Picked, Picked, list], None]
_TRADERS: dict = {}


def trader(rs: Ruleset) -> Trade:
    """The game's execute, compiled once (memo.per_object): trade(state, proposal, give, take,
    events). Both modes make a trade by it (the kernel binds it: kernel/machine.py)."""
    return per_object(_TRADERS, rs, None, lambda: _compile_trade(rs))


def _compile_trade(rs: Ruleset) -> Trade:
    guards, triggered = guards_of(rs), bool(rs.triggers)
    receive = guards.receive if guards is not None else None

    def trade(state: State, proposal: dict, give: Picked, take: Picked, events: list) -> None:
        """The cards change hands: taken from where they lie, given where the rules put them."""
        seat_of = state.seat_of
        src, dst = seat_of[proposal["from"]], seat_of[proposal["to"]]
        given = _take(state, src, give)
        taken = _take(state, dst, take)
        if receive is None:  # (no rule lets anyone trade: no proposal was made under one)
            state.hands[dst].extend(given)
            state.hands[src].extend(taken)
        else:  # received cards go where the rules' step on the trade puts them, as part of it
            receive(state, rs, dst, given)
            receive(state, rs, src, taken)
        proposals = state.proposals
        if proposal in proposals:
            proposals.remove(proposal)
        if events is not UNRECORDED:
            events.append({"event": "traded", "proposal": proposal["id"], "from": proposal["from"],
                           "to": proposal["to"], "gave": given, "got": taken})
        if triggered:  # a rule's step when a player trades: for each side that gave cards, the proposer first
            for player, cards in ((src, given), (dst, taken)):
                if cards:
                    triggers.fire(state, rs, "given", player, None, events, cards=list(cards))
    return trade


def execute(state: State, rs: Ruleset, proposal: dict, give: Picked, take: Picked, events: list) -> None:
    trader(rs)(state, proposal, give, take, events)


def check_respond(state: State, rs: Ruleset, action: Respond) -> tuple[dict, tuple[Picked, Picked] | None]:
    if state.over:
        raise game_over(rs)
    proposal = find_proposal(state, rs, action)
    if action.verb == "accepts":
        return proposal, check_accept_cards(state, rs, proposal)
    return proposal, None


def do_respond(state: State, rs: Ruleset, action: Respond, proposal: dict,
               cards: tuple[Picked, Picked] | None, events: list) -> None:
    if cards is not None:
        execute(state, rs, proposal, cards[0], cards[1], events)
    else:
        state.proposals.remove(proposal)
        if events is not UNRECORDED:
            events.append({"event": "rejected" if action.verb == "rejects" else "withdrawn",
                           "proposal": proposal["id"], "by": action.player})


def follow(state: State) -> Followed:
    """Before an action: the cards open proposals name by a position of the proposer's own hand,
    each made an object no other card is (engine/marked.py), so that refollow finds where each
    went, whatever moved it (another trade, a card played from in front of it)."""
    out: Followed = []
    cards: dict[tuple[int, int], str] = {}  # one object for a card that several proposals name
    for proposal in state.proposals:
        owner = hand = None  # (looked up for a card named by its position only: most name none)
        for ref in proposal["give"]:
            position, bean = ref.get("position"), ref.get("bean")
            if bean is None or type(position) is not int:
                continue
            if hand is None:
                owner = state.seat_of[proposal["from"]]
                hand = state.hands[owner]
            if 1 <= position <= len(hand) and hand[position - 1] == bean:
                card = cards.get((owner, position))
                if card is None:
                    card = cards[owner, position] = _follow_card(state, owner, position - 1)
                out.append((ref, owner, card))
    return out


def refollow(state: State, followed: Followed) -> None:
    """After the action: each followed card's position now, or, where it has left its owner's
    hand, the mark that the proposal can no longer be accepted (`gone`)."""
    for ref, owner, card in followed:
        index = next((i for i, held in enumerate(state.hands[owner]) if held is card), None)
        if index is None:
            ref.pop("position", None)
            ref["gone"] = True
        else:
            ref["position"] = index + 1


def lapse_proposals(state: State, events: list) -> None:
    if events is not UNRECORDED:
        for proposal in state.proposals:
            events.append({"event": "lapsed", "proposal": proposal["id"]})
    state.proposals.clear()
