"""Rewrites of the end and scoring sentences: when the game ends, what is still played,
the final harvest, scores, the winner and tie-breaks."""
from __future__ import annotations

from ..core.actors import AllPlayers, AnyPlayer, Bound, OtherPlayers, StartPlayer
from ..core.conditions import Compare, SomePlayer
from ..core.effects import ForEach, Harvest, Repeat
from ..core.quantities import Count, CounterValue, DeckRunOuts, FieldValue, Number, SeatDistance, Times
from ..core.statements import Do, EndWhen, FinishTurn, Score, TieBreak, Winner, WonBy
from ..core.timing import AtGameEnd
from .build import FIELD, PLAYER, count, hand, num, zone
from .registry import rewrite


@rewrite("end-on-exhaustion", "game ends when deck runs out 3 times", "The game ends when the number of times the deck has run out is at least 3.")
def end_on_exhaustion(rule):
    """The end comes when the deck has run out the given number of times."""
    return (EndWhen(Compare(DeckRunOuts(), ">=", num(rule["params"]["count"]))),)


@rewrite("end-on-target", "game ends when a player reaches 25 coins", "The game ends when for some player p among any player: the number of cards in p's coins is at least 25.")
def end_on_target(rule):
    """The end comes when some player has at least the given number of coins."""
    p = rule["params"]
    have = CounterValue(p["counter"], Bound("p")) if p.get("counter") else Count(zone("coins", Bound("p")), None)
    reached = Compare(have, ">=", Number(p["coins"]))
    won = (WonBy("p", reached),) if p.get("wins") else ()  # whoever reaches it first wins
    return (EndWhen(SomePlayer("p", AnyPlayer(), reached)),) + won


@rewrite("end-finish", "if deck runs out during trade, finish phases trade and plant-traded", "If the end comes during phase trade, phases trade and plant-traded are still played.")
def end_finish(rule):
    """If the end comes during the phase named, the phases named are still played."""
    p = rule["params"]
    return (FinishTurn(p["during"], tuple(p["finish"])),)


@rewrite("final-harvest", "harvest all fields at end", "When the game ends: for each player among each player in seat order: for each field among the player's fields: up to the number of cards in the field times while the number of cards in the field is more than 0: the player harvests the field.")
def final_harvest(rule):
    """When the game ends, each player in seat order harvests each of their fields until it is
    empty (or while it pays): a mixed field is harvested run by run. No protection applies."""
    paying = rule["params"].get("fields") == "paying"
    who = OtherPlayers() if rule["params"].get("who") == "others" else AllPlayers()
    go_on = Compare(FieldValue(FIELD), ">", Number(0)) if paying else Compare(count(FIELD), ">", Number(0))
    harvest = Repeat(Count(FIELD, None), go_on, Harvest(PLAYER, FIELD, paying))
    return (Do(AtGameEnd(), None, ForEach("player", who, ForEach("field", zone("field", PLAYER), harvest))),)


@rewrite("hand-score", "hand cards score 0", "Each player scores 0 times the number of cards in the player's hand.")
def hand_score(rule):
    """Each card in hand adds the given number to its owner's score."""
    return (Score(Times(rule["params"]["per_card"], count(hand(PLAYER)))),)


@rewrite("winner", "most coins wins", "Each player scores the number of cards in the player's coins. The player with the highest score wins.")
def winner(rule):
    """Coins count towards the score, and the highest score wins."""
    counter = rule["params"].get("counter")
    coins = CounterValue(counter, PLAYER) if counter else count(zone("coins", PLAYER))
    return (Score(coins), Winner(True))


@rewrite("tie-farthest-seat", "rule tie-break: ties go to the farthest seat clockwise from start player", "Ties are broken by how far the player sits from the start player, counted clockwise, highest first.")
def tie_farthest_seat(rule):
    """Among tied players, the one seated farthest clockwise from the start player wins."""
    return (TieBreak(SeatDistance(PLAYER, StartPlayer(), "clockwise"), True),)


@rewrite("tie-most-hand-cards", "rule tie-break: ties go to most hand cards", "Ties are broken by the number of cards in the player's hand, highest first.")
def tie_most_hand_cards(rule):
    """Among tied players, those with the most hand cards win."""
    return (TieBreak(count(hand(PLAYER)), True),)


@rewrite("tie-shared", "rule tie-break: ties are shared", "Tied players share the win.")
def tie_shared(rule):
    """Tied players share the win."""
    return (TieBreak(None, True),)
