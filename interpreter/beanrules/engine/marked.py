"""One card a lasting constraint names ("until end of turn: bean may not be planted"), followed
wherever it goes while it stays in a hand.

Cards are bean ids, so two cards of one bean are equal strings: a card is told apart from its
twins by a mark. Where a constraint is laid down on a card, the card's string in its list is
replaced by an equal string that carries the constraint's number (a ``str`` subclass: every
comparison, count, sort and JSON dump treats it as the bean). Whatever moves the card — a plant,
a pop, a reversed or swapped hand, a copied list — moves the marked string with it, so no
module that moves cards needs to know about marks.

The state's JSON says where the card lies: the constraint's entry in ``state.lasting`` holds
``"card": {"mark", "bean", "player", "index"}``, written from the marked string whenever the state
is saved (``located``) and turned back into a mark when it is loaded (``restore``), so a saved
game, the copy an ability is tried on and a replay all keep it. A card that has left every hand
has no place (``player`` and ``index`` null): the constraint on it lapses (engine/lasting.py),
and a constraint that is dropped takes its mark off the card (``unmark``).
This module imports nothing of the engine, so the state can use it.
"""
from __future__ import annotations

from typing import Any


class Marked(str):
    """A card (its bean id) that a lasting constraint names, by the constraint's number."""

    mark: int


def is_marked(card: Any, number: int) -> bool:
    return type(card) is Marked and card.mark == number


def mark(cards: list, index: int, number: int) -> Marked:
    """Mark the card at `index` of `cards` (in place) with the constraint's number."""
    card = Marked(cards[index])
    card.mark = number
    cards[index] = card
    return card


def unmark(state: Any, dropped: list[dict]) -> None:
    """The cards of constraints no longer kept become plain cards again, wherever they lie, so
    that a mark never outlives its constraint (a number is used again once nothing holds it)."""
    numbers = {e["card"]["mark"] for e in dropped if "card" in e}
    if not numbers:
        return
    piles = [state.deck, state.discard, state.offer, state.removed]
    for player in state.players:
        piles += [state.hands[player], state.set_aside[player], state.coins[player], *state.fields[player]]
    for pile in piles:
        for i, card in enumerate(pile):
            if type(card) is Marked and card.mark in numbers:
                pile[i] = str(card)  # a plain str again


def next_number(entries: list[dict]) -> int:
    return 1 + max((e["card"]["mark"] for e in entries if "card" in e), default=0)


def locate(state: Any, number: int) -> tuple[str, int] | None:
    """(player, index in their hand) of the card marked with `number`, or None: in no hand."""
    for player, hand in state.hands.items():
        for i, card in enumerate(hand):
            if is_marked(card, number):
                return player, i
    return None


def located(state: Any) -> list[dict]:
    """The lasting entries as JSON, each card where it lies now."""
    out = []
    for entry in state.lasting:
        entry = dict(entry)
        if "card" in entry:
            where = locate(state, entry["card"]["mark"])
            entry["card"] = {**entry["card"], "player": where[0] if where else None,
                             "index": where[1] if where else None}
        if isinstance(entry.get("until"), dict):
            entry["until"] = dict(entry["until"])
        out.append(entry)
    return out


def restore(state: Any) -> None:
    """Mark again the cards a loaded state's entries name (ValueError: not where they say)."""
    for entry in state.lasting:
        card = entry.get("card") if isinstance(entry, dict) else None
        if card is None:
            continue
        if not isinstance(card, dict) or not isinstance(card.get("mark"), int) or not isinstance(card.get("bean"), str):
            raise ValueError("state.lasting: a card is {mark (a number), bean, player, index}")
        player, index = card.get("player"), card.get("index")
        if player is None:
            continue  # the card has left every hand: nothing to follow
        hand = state.hands.get(player)
        if hand is None or not isinstance(index, int) or not 0 <= index < len(hand) or hand[index] != card["bean"]:
            at = index + 1 if isinstance(index, int) else index  # positions count from 1, as the notation's
            raise ValueError(f"state.lasting: no {card['bean']} at position {at} of {player}'s hand")
        mark(hand, index, card["mark"])
