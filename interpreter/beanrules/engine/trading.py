"""The trading protocol: proposals between players, accepted, rejected or withdrawn.

A proposal names cards, it does not move them: "only take the beans out of your hand once the
trade is agreed" (es, Fase 2). Cards are resolved against the hands again when the proposal is
accepted, and move to the receivers' set-aside zones (traded-to-set-aside) or, without that
rule, to the back of their hands. A card the proposer names by a position of its own hand is
that very card: the proposal follows it while other actions move the hand (follow, refollow).
"""
from __future__ import annotations

from .actions import CardRef, Propose, Respond
from .errors import IllegalAction, game_over
from .eventlog import UNRECORDED
from .marked import follow as _follow_card
from .requirements import would_break
from .ruleset import Ruleset
from .state import State

Picked = list[tuple[str, int | str]]  # ("hand", index) or ("offer", bean)
Followed = list[tuple[dict, str, str]]  # (a proposal's card reference, the hand's owner, the card)


def _pick(state: State, rs: Ruleset, owner: str, refs: list[dict], present: bool) -> Picked:
    """Resolve card references of `owner` to concrete cards. With present=False (cards the
    proposer asks for from a hand it cannot see) only the zone rules are checked."""
    tr = rs.trade
    hand = state.hands[owner]
    used: set[int] = set()
    offer_left = list(state.offer)
    picked: Picked = []
    for ref in refs:
        zone, bean, position = ref.get("zone"), ref.get("bean"), ref.get("position")
        if zone is None:
            zone = "offer" if owner == state.active and tr.offer and "offer" not in tr.untradeable \
                and bean in offer_left else "hand"
        if zone in tr.untradeable:  # also for a zone resolved above: the refusal legal_actions expects
            raise IllegalAction(tr.untradeable[zone], f"cards in {zone} cannot be traded")
        if rs.unplantable and (present or bean is not None):  # whoever got it could never plant it
            _refuse_unplantable(state, rs, zone, bean, position, hand)
        if zone == "offer":
            if owner != state.active:
                raise IllegalAction(tr.offer_owner or tr.offer or tr.trade,
                                    f"the revealed cards belong to the active player ({state.active})")
            if tr.offer is None:
                raise IllegalAction(tr.trade, "revealed cards cannot be traded")
            if bean not in offer_left:
                raise IllegalAction(tr.offer, f"no {bean} among the revealed cards")
            offer_left.remove(bean)
            picked.append(("offer", bean))
        elif zone == "hand":
            if tr.hand is None:
                raise IllegalAction(tr.trade, "hand cards cannot be traded")
            if ref.get("gone"):
                raise IllegalAction(tr.hand, f"the {bean} {owner} named by its hand position has left the hand")
            if position is not None:
                # Positions count from 1 and stay within the hand (its size is public): 0 or a
                # negative number must never become hand[-1].
                if not isinstance(position, int) or isinstance(position, bool) or position < 1:
                    raise IllegalAction(tr.hand, f"hand positions count from 1, not {position!r}")
                if position > len(hand):
                    raise IllegalAction(tr.hand, f"{owner} has {len(hand)} hand card"
                                                 f"{'s' if len(hand) != 1 else ''}, no position {position}")
                index = position - 1
                if present and bean is not None and hand[index] != bean:
                    raise IllegalAction(tr.hand, f"{owner} has no {bean or 'card'} at hand position {position}")
                if index in used:
                    raise IllegalAction(tr.hand, f"hand position {position} is named twice")
            elif bean is None:
                raise IllegalAction(tr.hand, "a hand card is named by its bean or its position")
            elif present:
                index = next((i for i, c in enumerate(hand) if c == bean and i not in used), -1)
                if index < 0:
                    raise IllegalAction(tr.hand, f"{owner} has no {'more ' if used else ''}{bean} in hand")
            else:
                picked.append(("hand", str(bean)))
                continue
            used.add(index)
            picked.append(("hand", index))
        else:
            raise IllegalAction(tr.trade, f"only hand cards and revealed cards are traded, not {zone} cards")
    return picked


def _refuse_unplantable(state: State, rs: Ruleset, zone: str, bean: str | None, position: int | None,
                        hand: list[str]) -> None:
    if bean is None and zone == "hand" and isinstance(position, int) and 1 <= position <= len(hand):
        bean = hand[position - 1]
    if bean in rs.unplantable:
        raise IllegalAction(rs.rules.get(bean) or rs.trade.trade,
                            f"{bean} is never planted, so it cannot be traded")


def _ref_json(state: State, owner: str, ref: CardRef, picked: tuple[str, int | str], known: bool) -> dict:
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
    tr = rs.trade
    player, to = action.player, action.to
    if state.over:
        raise game_over(rs)
    if not rs.phase(state.phase).trade:
        raise IllegalAction(tr.trade, f"no trading in phase {state.phase}")
    if to not in state.hands or to == player:
        raise IllegalAction(None, f"no other player named {to}")
    if tr.partners_active and state.active not in (player, to):
        raise IllegalAction(tr.partners_active, f"every trade is with the active player ({state.active})")
    if not action.give and not action.take:
        raise IllegalAction(tr.trade, "a proposal names at least one card")
    give_refs = [c.to_json() for c in action.give]
    take_refs = [c.to_json() for c in action.take]
    give = _pick(state, rs, player, give_refs, present=True)
    take = _pick(state, rs, to, take_refs, present=False)
    return {"id": 0, "from": player, "to": to,
            "give": [_ref_json(state, player, r, p, True) for r, p in zip(action.give, give)],
            "take": [_ref_json(state, to, r, p, False) for r, p in zip(action.take, take)]}


def needs_consent(rs: Ruleset, proposal: dict) -> bool:
    return bool(rs.trade.gift_consent if not proposal["take"] else rs.trade.consent)


def add_proposal(state: State, rs: Ruleset, proposal: dict, events: list) -> None:
    proposal["id"] = state.next_proposal
    state.next_proposal += 1
    if events is not UNRECORDED:
        events.append({"event": "proposed", "proposal": proposal["id"], "from": proposal["from"],
                       "to": proposal["to"], "give": [dict(r) for r in proposal["give"]],
                       "take": [dict(r) for r in proposal["take"]]})
    if needs_consent(rs, proposal):
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
            _wrong_side(rs, action, named[0])
    elif isinstance(action.target, str):
        candidates = [p for p in candidates if p[other] == action.target]
    if not candidates:
        # Answering one's own proposal is asking for the other player's consent in their place.
        own = [p for p in state.proposals if p[other] == action.player
               and (action.target is None or action.target == p[mine])]
        if own:
            _wrong_side(rs, action, own[0])
        raise IllegalAction(None, f"no open proposal for {action.player} to {action.verb[:-1]}")
    if len(candidates) > 1:
        ids = ", ".join(str(p["id"]) for p in candidates)
        raise IllegalAction(None, f"several open proposals ({ids}); say which one")
    return candidates[0]


def _wrong_side(rs: Ruleset, action: Respond, proposal: dict) -> None:
    if action.verb == "withdraws":
        raise IllegalAction(None, f"{action.player} received proposal {proposal['id']}; "
                                  f"only {proposal['from']} can withdraw it (reject it instead)")
    consent = (rs.trade.gift_consent if not proposal["take"] else rs.trade.consent) or rs.trade.consent
    raise IllegalAction(consent, f"proposal {proposal['id']} is {proposal['to']}'s to accept or reject, "
                                 f"not {action.player}'s")


def check_accept_cards(state: State, rs: Ruleset, proposal: dict) -> tuple[Picked, Picked]:
    give = _pick(state, rs, proposal["from"], proposal["give"], present=True)
    take = _pick(state, rs, proposal["to"], proposal["take"], present=True)
    return give, take


def accept_breaks(state: State, rs: Ruleset, proposal: dict, cards: tuple[Picked, Picked] | None = None) -> bool:
    """Whether accepting the proposal would break a requirement that holds now (the hand limit,
    where received cards go to the hand): Game.apply refuses such an accept, so the listings of
    legal actions (legal.answers, the hot path's) leave it out."""
    if not rs.requirements or rs.trade.to_set_aside:
        return False
    give, take = cards or check_accept_cards(state, rs, proposal)
    return would_break(state, rs, lambda trial: execute(trial, rs, proposal, give, take, UNRECORDED))


def _take(state: State, owner: str, picked: Picked) -> list[str]:
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


def execute(state: State, rs: Ruleset, proposal: dict, give: Picked, take: Picked, events: list) -> None:
    src, dst = proposal["from"], proposal["to"]
    given = _take(state, src, give)
    taken = _take(state, dst, take)
    zone = state.set_aside if rs.trade.to_set_aside else state.hands
    zone[dst].extend(given)
    zone[src].extend(taken)
    if proposal in state.proposals:
        state.proposals.remove(proposal)
    if events is not UNRECORDED:
        events.append({"event": "traded", "proposal": proposal["id"], "from": src, "to": dst,
                       "gave": given, "got": taken})


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
    cards: dict[tuple[str, int], str] = {}  # one object for a card that several proposals name
    for proposal in state.proposals:
        owner = proposal["from"]
        hand = state.hands[owner]
        for ref in proposal["give"]:
            position, bean = ref.get("position"), ref.get("bean")
            if bean is not None and type(position) is int and 1 <= position <= len(hand) \
                    and hand[position - 1] == bean:
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
