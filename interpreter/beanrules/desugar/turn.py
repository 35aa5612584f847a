"""Rewrites of the steps of a turn and the planting rules: skip, plant, discard, reveal,
pull, draw, take from the discard, plant what is pending, leave cards for the opponent."""
from __future__ import annotations

from ..core.actors import ActivePlayer, Bound, EachPlayer, Opponent
from ..core.conditions import AllOf, AnyOf, Compare, Fits, InPhase, Matches, Not, SomeField
from typing import Any

from ..core.effects import Ask, Draw, EndPhase, Harvest, If, Let, Move, Plant, Repeat, Reveal, Sequence, SkipPhase
from ..core.places import Due
from ..core.quantities import Count, Number, PlantedThisPhase, Sum
from ..core.statements import Allow, Do, Forbid, HarvestTakes, Permit
from ..core.timing import AnyTime, AtEndOf, During, WhenDeckRunsOut
from .build import CARD, FIELD, PER_PLAYER, PLAYER, any_card, count, every, hand, num, phase_start, top, zone
from .registry import rewrite



def _during(rule) -> During:
    return During(rule["phase"], False)


@rewrite("skip-if-hand-empty", "skip when hand is empty", "At the start of phase step, if the number of cards in the active player's hand is 0: skip this phase.", phase=True)
def skip_if_hand_empty(rule):
    """The phase is skipped when it starts with the active player's hand empty."""
    empty = Compare(count(hand()), "=", Number(0))
    return (Do(phase_start(rule), empty, SkipPhase(None)),)


@rewrite("plant-from-hand", "plant 1 to 2 from front of hand", "During phase step, the active player must plant the front card of the player's hand (1 to 2 times).", phase=True)
def plant_from_hand(rule):
    """During the phase the active player must plant the front card of their hand at least
    `min` times and may up to `max` times."""
    p = rule["params"]
    action = Plant(PLAYER, top(hand(PLAYER), 1, "front"), None)
    return (Permit(ActivePlayer(), action, _during(rule), None, p["min"] > 0, Number(p["min"]),
                   Number(p["max"])),)


@rewrite("discard-from-hand", "may discard 1 from front of hand", "During phase step, the active player may move the front card of the player's hand to the discard pile (top) (at most once).", phase=True)
def discard_from_hand(rule):
    """During the phase the active player may put the front card of their hand (or any card
    of it, where the rule says "from hand") on the discard pile, up to `max` times."""
    cards = top(hand(PLAYER), 1, "front") if rule["params"]["from"] == "front" else any_card(hand(PLAYER))
    action = Move(cards, zone("discard"), "top")
    most = rule["params"]["max"]  # None: "any number", at will
    keep = None
    if rule["params"].get("keep_last"):  # not the last card while none was planted in the phase
        keep = AnyOf((Compare(PlantedThisPhase(), ">", Number(0)), Compare(count(hand(PLAYER)), ">", Number(1))))
    return (Permit(ActivePlayer(), action, _during(rule), keep, False, None,
                   Number(most) if most is not None else None),)


@rewrite("discard-pending", "may discard set-aside cards", "During phase step, the active player may move any card of the player's set-aside cards to the discard pile (top).", phase=True)
def discard_pending(rule):
    """During the phase the active player may lay any card of the zone onto the discard pile,
    one at a time, instead of planting it."""
    place = zone(rule["params"]["zone"], PLAYER if rule["params"]["zone"] in PER_PLAYER else None)
    return (Permit(ActivePlayer(), Move(any_card(place), zone("discard"), "top"), _during(rule), None, False,
                   None, None),)


@rewrite("reveal", "reveal 2 to offer", "At the start of phase step: turn the top 2 cards of the deck face up into the offer.", phase=True)
def reveal(rule):
    """At the start of the phase the top cards of the deck are turned face up into the offer."""
    return (Do(phase_start(rule), None, Reveal(top(zone("deck"), rule["params"]["count"]), zone("offer"))),)


def _pull() -> Repeat:
    """While the discard's top card matches a type in the offer, it joins the offer (at most
    as often as the discard has cards)."""
    discard_top = top(zone("discard"))
    return Repeat(Count(zone("discard"), None), Matches(discard_top, zone("offer")),
                  Move(discard_top, zone("offer"), None))


@rewrite("pull-matching", "pull matching beans from discard, reveal 1 more if none", "At the start of phase step: let before be the number of cards in the offer; then up to the number of cards in the discard pile times while the top card of the discard pile is of a type in the offer: move the top card of the discard pile to the offer; then if the number of cards in the offer is before: turn the top card of the deck face up into the offer; then up to the number of cards in the discard pile times while the top card of the discard pile is of a type in the offer: move the top card of the discard pile to the offer.", phase=True)
def pull_matching(rule):
    """At the start of the phase, cards from the top of the discard pile that match a type in
    the offer join it; if none did, more cards are turned up and the check is repeated."""
    p = rule["params"]
    more, first = p["reveal_more_if_none"], p.get("reveal")
    steps: list[Any] = [Let("before", count(zone("offer")))]
    if first:  # turned up in this step: none came from the discard if the offer grew by just these
        steps.append(Reveal(top(zone("deck"), first), zone("offer")))
    steps.append(_pull())
    if more:
        again: Any = Sequence((Reveal(top(zone("deck"), more), zone("offer")), _pull()))
        if rule["params"].get("more_optional"):  # the active player decides whether to turn up more
            again = Ask(ActivePlayer(), f"turn up {more} more", again, None)
        before = Sum((Bound("before"), Number(first))) if first else Bound("before")
        steps.append(If(Compare(count(zone("offer")), "=", before), again, None))
    out: tuple[Any, ...] = (Do(phase_start(rule), None, Sequence(tuple(steps))),)
    if p.get("before_reshuffle"):  # the deck ran out in this phase: pull first, then reshuffle
        out += (Do(WhenDeckRunsOut(), InPhase(rule["phase"]), _pull()),)
    return out


@rewrite("draw", "draw 3 to back of hand, 4 with 5 players", "At the start of phase step: the active player draws 4 with 5 players or 3 otherwise cards to the back of the hand.", phase=True)
def draw(rule):
    """At the start of the phase the active player (or each player in turn) draws cards to
    the back of the hand, one after another."""
    p = rule["params"]
    who = ActivePlayer() if p["who"] == "active" else EachPlayer()
    return (Do(phase_start(rule), None, Draw(num(p["count"]), who, "back", False)),)


@rewrite("draw-one-at-a-time", "active player draws 2 to back of hand, one at a time", "During phase step, the active player must draw 1 card to the back of the hand (exactly twice).", phase=True)
def draw_one_at_a_time(rule):
    """During the phase the active player draws cards to the back of the hand as actions, one
    card each, up to `count` times a turn: owed as far as the rules let the hand take them, or
    (``optional``) as the player likes. Between draws the player may do whatever else the phase
    allows; the player ends the phase (engine/draw_moves.py)."""
    p = rule["params"]
    action = Draw(Number(1), PLAYER, "back", False)
    most = Number(p["count"])
    if p.get("optional"):
        return (Permit(ActivePlayer(), action, _during(rule), None, False, None, most),)
    return (Permit(ActivePlayer(), action, _during(rule), None, True, most, most),)


@rewrite("take-discard-top", "may take top of discard", "During phase step, the active player may move the top card of the discard pile to the player's hand (back) (at most once).", phase=True)
def take_discard_top(rule):
    """During the phase the active player may take the top card of the discard pile to the
    back of their hand, once."""
    action = Move(top(zone("discard")), hand(PLAYER), "back")
    return (Permit(ActivePlayer(), action, _during(rule), None, False, None, Number(1)),)


@rewrite("plant-pending", "everyone plants set-aside cards in any order", "During phase step, each player in turn, starting with the active player must plant any card of the player's set-aside cards (exactly the number of cards in the player's set-aside cards times).", phase=True)
def plant_pending(rule):
    """During the phase each player concerned must plant every card of the zone, in any order."""
    p = rule["params"]
    who = EachPlayer() if p["who"] == "everyone" else ActivePlayer()
    place = zone(p["zone"], PLAYER if p["zone"] in PER_PLAYER else None)
    if p.get("optional"):  # "may plant": any number of them, the rest stays where it is
        return (Permit(who, Plant(PLAYER, any_card(place), None), _during(rule), None, False,
                       None, Count(place, None)),)
    return (Permit(who, Plant(PLAYER, any_card(place), None), _during(rule), None, True,
                   Count(place, None), Count(place, None)),)


@rewrite("leave-for-opponent", "unplanted offer cards go to opponent", "At the end of phase step: move all cards of the offer to the opponent's set-aside cards.", phase=True)
def leave_for_opponent(rule):
    """At the end of the phase the cards left in the offer are laid out for the opponent."""
    return (Do(AtEndOf(rule["phase"]), None, Move(every(zone("offer")), zone("set-aside", Opponent()), None)),)


@rewrite("trade-end", "active player ends trading", "During phase step, the active player may end this phase.", phase=True)
def trade_end(rule):
    """The active player ends the phase when they choose."""
    return (Permit(ActivePlayer(), EndPhase(None), _during(rule), None, False, None, None),)


@rewrite("declared-end", "ends when active player declares it finished", "During phase step, the active player must end this phase (exactly once).", phase=True)
def declared_end(rule):
    """The phase ends when the active player ends it: it does not end by itself while they may
    still harvest (a harvest alone keeps no other phase open)."""
    return (Permit(ActivePlayer(), EndPhase(None), _during(rule), None, True, Number(1), Number(1)),)


# ------------------------------------------------------------------ planting rules
# A field is judged by its top card: the card planted last, the type a mixed field grows now.
def _tops(field) -> Matches:
    """The card is of the type of the top card of `field`."""
    return Matches(CARD, top(field))


def _new_field_for_growing_type() -> AllOf:
    """The field is empty while another field of the player grows the card's type."""
    return AllOf((Compare(count(FIELD), "=", Number(0)), SomeField("other", PLAYER, _tops(Bound("other")))))


def _one_field_per_type() -> Forbid:
    """A type grows in one field only: no new field for a type another field grows (an
    ``allow`` whose condition covers it lifts it where a rulebook lets a type grow in two fields)."""
    return Forbid(Plant(PLAYER, CARD, FIELD), _new_field_for_growing_type())


def _other_type() -> tuple:
    """The field holds cards and the card is not of the type of its top card."""
    return (Compare(count(FIELD), ">", Number(0)), Not(_tops(FIELD)))


def _one_type() -> Forbid:
    return Forbid(Plant(PLAYER, CARD, FIELD), AllOf(_other_type()))


@rewrite("one-type-per-field", "one bean type per field", "No player may plant the card on the field while the number of cards in the field is more than 0 and not (the card is of the type of the top card of the field). No player may plant the card on the field while the number of cards in the field is 0 and for some field other of the player: the card is of the type of the top card of other.")
def one_type_per_field(rule):
    """A card may not be planted on a field topped by another bean type, nor start a new field
    while another field of the player grows its type (unless a rule allows it)."""
    return (_one_type(), _one_field_per_type())


@rewrite("same-type-many-fields", "the same type may grow in two fields", "A player may plant the card on the field if the number of cards in the field is 0 and for some field other of the player: the card is of the type of the top card of other.")
def same_type_many_fields(rule):
    """A card may start a new field although another field already grows its type: the allow's
    condition is the one-field-per-type forbid's, so it lifts that forbid."""
    return (Allow(Plant(PLAYER, CARD, FIELD), _new_field_for_growing_type()),)


@rewrite("harvest-to-make-room", "must harvest to make room", "At any time, if not (for some field free of the player: the card the player must plant next may be planted on free), each player in turn, starting with the active player must harvest the field (at most once).")
def harvest_to_make_room(rule):
    """A player who must plant a card that fits no field must first harvest a field."""
    no_room = Not(SomeField("free", PLAYER, Fits(Due(PLAYER), Bound("free"))))
    return (Permit(EachPlayer(), Harvest(PLAYER, FIELD, False), AnyTime(), no_room, True, None, Number(1)),)


@rewrite("mixed-fields", "a new type may cover a field", "No player may plant the card on the field while the number of cards in the field is more than 0 and not (the card is of the type of the top card of the field). A player may plant the card on the field if the number of cards in the field is more than 0, not (the card is of the type of the top card of the field) and not (for some field free of the player: the number of cards in free is 0 or the card is of the type of the top card of free). A harvest takes only the top run of one bean type. No player may plant the card on the field while the number of cards in the field is 0 and for some field other of the player: the card is of the type of the top card of other.")
def mixed_fields(rule):
    """A card goes onto a field topped by its type or an empty one; where no field is either,
    it may cover any field (the allow's condition covers the one-type forbid's, so it lifts it
    there); a harvest then takes only the top run of one type. A type still grows in one field
    only, unless a rule allows it."""
    room = SomeField("free", PLAYER, AnyOf((Compare(count(Bound("free")), "=", Number(0)), _tops(Bound("free")))))
    return (_one_type(), Allow(Plant(PLAYER, CARD, FIELD), AllOf((*_other_type(), Not(room)))),
            HarvestTakes("top-run"), _one_field_per_type())
