"""Rewrites of the token and counter sentences: a counter, a token and who holds it at the start, what its holder
draws more, how another player takes it over (a decision of the active player, resisted by
a decision of the holder and a card drawn at random), and the tie-break by its holder."""
from __future__ import annotations

from ..core.actors import ActivePlayer, Bound, OtherPlayers, StartPlayer
from ..core.conditions import Compare, HoldsToken
from ..core.effects import Ask, AtRandom, Choose, Draw, If, Move, PassToken, Sequence
from ..core.quantities import Count, FieldValue, Number, OneIf
from ..core.statements import DeclareCounter, DeclareToken, Do, TieBreak
from ..core.timing import AtSetup
from .build import PLAYER, hand, num, phase_start, top, zone
from .registry import rewrite


@rewrite("token", 'token thaler "AMIGO bean thaler", start player holds it',
         "There is a token 'thaler' (AMIGO bean thaler). When the game is set up: the thaler passes to the start player.")
def token(rule):
    """A token exists; who holds it is part of the state (nobody, unless the start player
    holds it from the setup on)."""
    p = rule["params"]
    declared = (DeclareToken(p["token"], p.get("title")),)
    if p.get("holder") == "start-player":
        return declared + (Do(AtSetup(), None, PassToken(p["token"], StartPlayer())),)
    return declared


@rewrite("counter", "counter thalers per player", "Each player has a counter 'thalers', starting at 0.")
def counter(rule):
    """A number kept for each player (or for the table), from its start value on; the state
    shows it under ``counters``, and effects add to it."""
    p = rule["params"]
    return (DeclareCounter(p["counter"], p["per_player"], p["start"]),)


@rewrite("token-draw", 'token thaler   § r "p.1"\n  holder of thaler draws 1 more',
         "At the start of phase step, if the active player holds the thaler: the active player draws 1 card to the back of the hand.",
         phase=True)
def token_draw(rule):
    """At the start of the phase, an active player who holds the token draws that many cards
    more (after the phase's other draws written before it)."""
    p = rule["params"]
    return (Do(phase_start(rule), HoldsToken(ActivePlayer(), p["token"]),
               Draw(Number(p["more"]), ActivePlayer(), "back", False)),)


@rewrite("token-takeover",
         'token thaler   § r "p.1"\n  '
         "active player may take thaler when fields are worth 6 coins with 3 players, 5 coins with 4 to 5 players, "
         "holder may resist with a random hand card, blue stops it",
         "At the start of phase step, if what the active player's fields pays by the beanometer is at least 6 with 3 "
         "players or 5 with 4 to 5 players: the active player may choose holder from each other player where holder "
         "holds the thaler; then if the number of cards in holder's hand is more than 0: holder decides whether to "
         "resist: if so, pick drawn at random from a random card of holder's hand; then move drawn to the active "
         "player's hand (back); then if the number of blue cards in drawn is 0: the thaler passes to the active "
         "player; if not, the thaler passes to the active player; otherwise the thaler passes to the active player.",
         phase=True)
def token_takeover(rule):
    """At the start of the phase, an active player whose fields together are worth at least
    that many coins by the beanometer may take the token from its holder. Where the holder may
    resist (and has hand cards), the active player draws one of them at random to the back of
    her hand, and a card of the bean named keeps the token where it is."""
    p = rule["params"]
    token, holder, taker = p["token"], Bound("holder"), ActivePlayer()
    take = PassToken(token, taker)
    then = take
    if p.get("resist"):
        drawn = Bound("drawn")
        resisting = Sequence((AtRandom("drawn", top(zone("hand", holder), 1, "random")),
                              Move(drawn, hand(taker), "back"),
                              If(Compare(Count(drawn, p["resist"]["stops"]), "=", Number(0)), take, None)))
        then = If(Compare(Count(zone("hand", holder), None), ">", Number(0)),
                  Ask(holder, "resist", resisting, take), take)
    worth = Compare(FieldValue(zone("field", taker)), ">=", num(p["worth"]))
    choose = Choose("holder", taker, OtherPlayers(), HoldsToken(holder, token), False)
    return (Do(phase_start(rule), worth, Sequence((choose, then))),)


@rewrite("tie-token-holder", 'token thaler   § r "p.1"\nrule tie-break: ties go to the holder of thaler',
         "Ties are broken by 1 if the player holds the thaler, else 0, highest first.")
def tie_token_holder(rule):
    """Among tied players, the one who holds the token wins."""
    return (TieBreak(OneIf(HoldsToken(PLAYER, rule["params"]["token"])), True),)
