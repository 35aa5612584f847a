"""Rewrites of the trading sentences: the trade step, who may trade what with whom, consent,
and where received cards go. ``partner`` is the other side of a trade."""
from __future__ import annotations

from ..core.actors import ActivePlayer, AnyPlayer, Bound
from ..core.conditions import Agreed, AnyOf, Not, TurnOf
from ..core.effects import Move, Trade
from ..core.places import CardsIn, TradedAmount
from ..core.statements import Allow, BelongsTo, Do, Forbid, Permit
from ..core.timing import During, When
from .build import PER_PLAYER, PLAYER, every, hand, zone
from .registry import rewrite

PARTNER = Bound("partner")


def _any(place) -> CardsIn:
    return CardsIn(place, "any", None, False, None)


def _trade(gives=None, takes=None) -> Trade:
    return Trade(PLAYER, PARTNER, gives, takes)


@rewrite("trade", "trade", "During phase step, any player may trade cards with the partner.", phase=True)
def trade(rule):
    """During the phase players may trade, under the trade rules in force."""
    return (Permit(AnyPlayer(), _trade(), During(rule["phase"], False), None, False, None, None),)


@rewrite("offer-owner", "offer belongs to active player", "The offer belongs to the active player.")
def offer_owner(rule):
    """The cards of the offer belong to the active player."""
    return (BelongsTo(zone("offer"), ActivePlayer()),)


@rewrite("trade-partners", "trade only with active player", "No player may trade cards with the partner while not (it is the turn of the player or it is the turn of the partner).")
def trade_partners(rule):
    """Every trade has the active player on one side."""
    return (Forbid(_trade(), Not(AnyOf((TurnOf(PLAYER), TurnOf(PARTNER))))),)


@rewrite("tradeable-hand", "hand cards trade from any position", "A player may trade any number of cards of the player's hand with the partner.")
def tradeable_hand(rule):
    """Hand cards may be traded from any position in the hand."""
    return (Allow(_trade(_any(hand(PLAYER))), None),)


@rewrite("tradeable-offer", "active player may trade offer cards", "A player may trade any number of cards of the offer with the partner if it is the turn of the player.")
def tradeable_offer(rule):
    """The active player may trade the cards of the offer."""
    return (Allow(_trade(_any(zone("offer"))), TurnOf(PLAYER)),)


@rewrite("untradeable", "cannot trade set-aside cards", "No player may trade any number of cards of the player's set-aside cards with the partner.")
def untradeable(rule):
    """Cards of the zone may not be traded."""
    name = rule["params"]["zone"]
    return (Forbid(_trade(_any(zone(name, PLAYER if name in PER_PLAYER else None))), None),)


@rewrite("trade-amounts", "trade any number for any number", "A player may trade any number of cards with the partner for any number of cards.")
def trade_amounts(rule):
    """Any number of cards may be traded for any number (also for none): the deal's size, not
    which cards (those are allowed by zone: tradeable-hand, tradeable-offer)."""
    return (Allow(_trade(TradedAmount("any"), TradedAmount("any")), None),)


@rewrite("trade-consent", "trades need both players to agree", "No player may trade cards with the partner for some cards while not (the player and the partner agree).")
def trade_consent(rule):
    """A trade (cards for some cards in return) happens only when both sides agree to it."""
    return (Forbid(_trade(None, TradedAmount("some")), Not(Agreed((PLAYER, PARTNER)))),)


@rewrite("gift-consent", "gifts need consent", "No player may trade cards with the partner for no cards while not (the partner agrees).")
def gift_consent(rule):
    """A gift (cards for nothing) happens only when the receiver agrees."""
    return (Forbid(_trade(None, TradedAmount("no")), Not(Agreed((PARTNER,)))),)


@rewrite("traded-to-set-aside", "received cards are set aside", "When a card is traded: move the cards to the player's set-aside cards.")
def traded_to_set_aside(rule):
    """Cards received in a trade go to the receiver's set-aside zone."""
    return (Do(When("traded", None, None), None, Move(every(Bound("cards")), zone("set-aside", PLAYER), None)),)
