"""Worked examples: rules of Kannibohne and of the anniversary variants, written directly in
the core. They show that the core can say what those rulebooks say before any sentence for
them exists; the tests check every one (names, JSON, schema, text), and docs/core.md shows
them in English. They use the bean and phase names those specs are expected to use."""
from __future__ import annotations

from .actors import ActivePlayer, AnyPlayer, Bound, CardOwner, EachPlayer, Opponent, OtherPlayers, TokenHolder
from .conditions import AllOf, Compare, HoldsToken, InPhase, Not, SomePlayer, TurnOf
from .effects import (AddField, AddToCounter, AtRandom, Choose, Draw, EndPhase, Harvest, If, Lasting,
                      Move, PassToken, Plant, Repeat, Sequence, Swap)
from .places import CardsIn, Zone
from .quantities import ByPlayers, Count, CounterValue, FieldsOf, FieldValue, Number, OneIf, PlayersCase
from .statements import Ability, Card, DeclareCounter, DeclareToken, Do, EndWhen, Forbid, Permit, Require, Score, TieBreak
from .timing import AtStartOf, During, EndOfTurn, When, WhileOnTop

P, FIELD = Bound("player"), Bound("field")
BEANS = ("blue", "stink", "field-bean", "magpie", "kenia")
PHASES = ("prelude", "plant", "reveal", "plant-offer", "draw")


def _one(place, pick: str = "top") -> CardsIn:
    return CardsIn(place, pick, Number(1), False, None)


def _hand(who) -> Zone:
    return Zone("hand", who)


KANNIBOHNE = {
    "At no time may a player have more than four hand cards.":
        Require(EachPlayer(), Compare(Count(_hand(P), None), "<=", Number(4))),
    "The bean thalers are written down.": DeclareCounter("thalers", True, 0),
    "A harvest earns what the beanometer shows.":
        Do(When("harvested", None, None), None, AddToCounter("thalers", P, FieldValue(FIELD))),
    "The game is won by whoever first has 25 points or more.":
        EndWhen(SomePlayer("p", AnyPlayer(), Compare(CounterValue("thalers", Bound("p")), ">=", Number(25)))),
    "Thalers are what counts.": Score(CounterValue("thalers", P)),
    "Fields may only be harvested in one's own turn, in all phases except phase 2.":
        Permit(ActivePlayer(), Harvest(P, FIELD, False), During(None, False), Not(InPhase("reveal")),
               False, None, None),
    "Preliminary phase: the opponent's leftovers go onto your fields or the discard.":
        Permit(ActivePlayer(), Plant(P, CardsIn(Zone("set-aside", P), "any", Number(1), False, None), None),
               During("prelude", False), None, True, Count(Zone("set-aside", P), None), None),
    "Phase 4: the top card of the open discard may be taken as well.":
        Permit(ActivePlayer(), Move(_one(Zone("discard", None)), _hand(P), "back"), During("draw", False),
               Compare(Count(_hand(P), None), "<", Number(4)), False, None, Number(1)),
    "Card 16: the opponent may use no hand cards in their next phase 1.":
        Do(When("played", "kenia", None), None,
           Lasting(Forbid(Plant(Opponent(), _one(_hand(Opponent()), "front"), None),
                          AllOf((TurnOf(Opponent()), InPhase("plant")))), EndOfTurn(Opponent()))),
    "A text card acts while on top of a field, in its phase, once per turn.":
        Card("kenia", 1, (2, 3, 5, 6), None, True, "Swap hands with your opponent.",
             (Ability("swap", "Swap hands", (WhileOnTop(None), During("plant", True)),
                      Swap(_hand(CardOwner(None)), _hand(Opponent()))),)),
}

ANNIVERSARY = {
    "Variant 1: in phase 4 each player draws one card, the active player first.":
        Do(AtStartOf("draw"), None, Draw(Number(1), EachPlayer(), "back", False)),
    "Variant 2: whoever harvests two field beans gets a third field.":
        Do(When("harvested", "field-bean", 2), Compare(FieldsOf(P), "<", Number(3)), AddField(P, 1)),
    "The duel: the active player ends phase 2.":
        Permit(ActivePlayer(), EndPhase(None), During("reveal", False), None, False, None, None),
    "The bean thaler exists.": DeclareToken("thaler", "AMIGO bean thaler"),
    "Its holder draws a fourth card in phase 4.":
        Do(AtStartOf("draw"), HoldsToken(ActivePlayer(), "thaler"), Draw(Number(1), ActivePlayer(), "back", False)),
    "The active player takes it over when their fields are worth 6 coins (5 with 4 or 5); the "
    "holder resists by a random hand card, and a blue bean fails the takeover.":
        Permit(ActivePlayer(),
               Sequence((AtRandom("drawn", _one(_hand(TokenHolder("thaler")), "random")),
                         If(Compare(Count(Bound("drawn"), "blue"), "=", Number(0)), PassToken("thaler", P), None))),
               During(None, False),
               Compare(FieldValue(Zone("field", P)), ">=",
                       ByPlayers((PlayersCase(3, 3, Number(6)), PlayersCase(4, 5, Number(5))))),
               False, None, Number(1)),
    "At the end, the bean thaler decides a tie.": TieBreak(OneIf(HoldsToken(P, "thaler")), True),
    "The magpie is never planted; played from the front of the hand, it takes one bean from "
    "each of up to two other players' fields.":
        Card("magpie", 2, (), None, False, "Take one bean from the fields of up to two other players.",
             (Ability("steal", "Steal beans", (When("played", None, None),),
                      Repeat(Number(2), None, Sequence((
                          Choose("victim", CardOwner(None), OtherPlayers(), None, False),
                          Choose("bean", CardOwner(None), _one(Zone("field", Bound("victim"))), None, True),
                          Plant(CardOwner(None), Bound("bean"), None))))),)),
}
