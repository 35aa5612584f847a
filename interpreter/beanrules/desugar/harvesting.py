"""Rewrites of the harvesting sentences: when players may harvest, what a harvest takes and
pays, the protection rule, automatic harvests, reshuffling and coins."""
from __future__ import annotations

from ..core.actors import ActivePlayer, AllPlayers, AnyPlayer, Bound
from ..core.conditions import AllOf, AnyOf, Compare, InPhase, Not, SomeField
from ..core.effects import ForEach, Harvest, Move, Repeat, Shuffle
from ..core.quantities import FieldValue, Number
from ..core.statements import CoinSource, DeclareCounter, Do, Forbid, HarvestTakes, PayInto, Payout, Permit
from ..core.timing import AnyTime, During, When, WhenDeckRunsOut
from .build import FIELD, PLAYER, count, every, zone
from .registry import rewrite


def _harvest(only_paying: bool = False) -> Harvest:
    return Harvest(PLAYER, FIELD, only_paying)


@rewrite("harvest-any-time", "harvest at any time", "At any time, any player may harvest the field.")
def harvest_any_time(rule):
    """Any player may harvest one of their fields at any time, also in others' turns."""
    return (Permit(AnyPlayer(), _harvest(), AnyTime(), None, False, None, None),)


@rewrite("harvest-own-turn", "harvest on own turn only except in phase trade", "During the turn, if not (it is phase trade), the active player may harvest the field.")
def harvest_own_turn(rule):
    """Only the active player may harvest, in any phase of their turn but the ones named."""
    phases = rule["params"]["except_phases"]
    outside = Not(AnyOf(tuple(InPhase(p) for p in phases))) if phases else None
    return (Permit(ActivePlayer(), _harvest(), During(None, False), outside, False, None, None),)


@rewrite("whole-field", "harvest whole field", "A harvest takes the whole field.")
def whole_field(rule):
    """A harvest takes the whole field, never a part of it."""
    return (HarvestTakes("whole"),)


@rewrite("payout", "pay by beanometer of top card", "A field pays by the beanometer of its top card.")
def payout(rule):
    """A field pays by the beanometer of its top (or bottom) card."""
    return (Payout(rule["params"]["card"]),)


@rewrite("coin-source", "coins from harvested cards, rest to discard", "Coins come from cards of the harvest, turned over; the rest of the harvest goes to the discard pile.")
def coin_source(rule):
    """Where the coins of a harvest come from, and where the rest of the harvest goes. Coins
    written down are a counter per player that every harvest adds its coins to."""
    p = rule["params"]
    source = CoinSource(p["from"], zone("discard") if p["rest_to_discard"] else None)
    if p["from"] != "points":
        return (source,)
    counter = p.get("counter", "points")
    return (DeclareCounter(counter, True, 0), source, PayInto(counter))


@rewrite("protection", "protect single bean while another field has more than 1", "No player may harvest the field while the number of cards in the field is 1 and for some field other of the player: the number of cards in other is more than 1.")
def protection(rule):
    """A field of one card may not be harvested while another field of the same player
    holds more than the given number of cards."""
    limit = rule["params"]["while_other_field_has_more_than"]
    bigger = Compare(count(Bound("other")), ">", Number(limit))
    if rule["params"].get("or_empty"):  # an empty field would take the card: no need to harvest
        bigger = AnyOf((bigger, Compare(count(Bound("other")), "=", Number(0))))
    other = SomeField("other", PLAYER, bigger)
    return (Forbid(_harvest(), AllOf((Compare(count(FIELD), "=", Number(1)), other))),)


@rewrite("auto-harvest", "harvest as soon as beanometer pays", "At any time: for each player among each player in seat order: for each field among the player's fields: up to the number of cards in the field times while what the field pays by the beanometer is more than 0: the player harvests the field if it pays.")
def auto_harvest(rule):
    """As soon as a field pays, it is harvested, whoever's turn it is: a step at any time,
    which the engine runs after every action and every automatic step, over every player's
    fields in seat order, each harvested again while what it shows pays (a harvest under
    mixed fields may uncover a paying run)."""
    pays = Compare(FieldValue(FIELD), ">", Number(0))
    harvest = Repeat(count(FIELD), pays, _harvest(only_paying=True))
    return (Do(AnyTime(), None, ForEach("player", AllPlayers(), ForEach("field", zone("field", PLAYER), harvest))),)


@rewrite("harvest-only-paying", "harvest only when beanometer pays", "No player may harvest the field while what the field pays by the beanometer is 0.")
def harvest_only_paying(rule):
    """A field that would pay nothing may not be harvested."""
    return (Forbid(_harvest(), Compare(FieldValue(FIELD), "=", Number(0))),)


@rewrite("reshuffle", "reshuffle discard when deck is empty", "When the deck runs out: shuffle the discard pile into the deck.")
def reshuffle(rule):
    """When the deck runs out, the discard pile is shuffled into a new deck."""
    return (Do(WhenDeckRunsOut(), None, Shuffle(zone("discard"), zone("deck"))),)


@rewrite("coins-out-of-play", "coins never return to the deck", "No player may move all cards of the player's coins to the deck.")
def coins_out_of_play(rule):
    """Coins never go back into the deck."""
    return (Forbid(Move(every(zone("coins", PLAYER)), zone("deck"), None), None),)
