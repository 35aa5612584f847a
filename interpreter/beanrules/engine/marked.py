"""One card a lasting constraint names ("until end of turn: bean may not be planted"), followed
wherever it goes while it stays in a hand.

Cards are bean ids, so two cards of one bean are equal strings: a card is told apart from its
twins by identity. Where a constraint is laid down on a card, the card's string in its list is
replaced by an equal string object of its own (no other card is that object), and the
constraint's entry keeps that object in memory. Whatever moves the card — a plant, a pop, a
reversed or swapped hand, a copied list — moves the object with it, so no module that moves
cards needs to know about it; and since the object is a plain ``str``, nothing else can tell
it from any other card of its bean (a copy of it that ends up elsewhere is just that bean).

The state's JSON says where the card lies: the entry's ``"card": {"bean", "player", "index"}``,
written from the object whenever the state is saved (``located``) and made into such an object
again when it is loaded (``restore``), so a saved game, the copy an ability is tried on and a
replay all keep it. A card that has left every hand has no place: the constraint on it lapses
(engine/lasting.py). An open trade proposal that names a card by its position in the
proposer's hand follows it the same way through each action (`follow`, engine/trading.py), and
writes down where it lies afterwards. This module imports nothing of the engine, so the state
can use it.
(A bean id of one letter would be one object in every card of it, as Python keeps such strings
once: the shipped rulebooks' ids are words.)
"""
from __future__ import annotations

from typing import Any

_OBJECT = "object"  # the key of the card's object in an entry's "card" (in memory, never in JSON)


def _own(card: str) -> str:
    """A string equal to `card` that no other card is (a new object: a slice of a longer one)."""
    return (card + " ")[:-1]


def is_marked(card: Any, named: dict | None) -> bool:
    """`card` is the very card a constraint's "card" names."""
    return named is not None and card is named.get(_OBJECT)


def mark(cards: list, index: int) -> dict:
    """Make the card at `index` of `cards` one of its own (in place): the entry's "card"."""
    card = cards[index] = _own(cards[index])
    return {"bean": str(card), _OBJECT: card}


def follow(state: Any, player: int, index: int) -> str:
    """The card at `index` of `player`'s hand as an object no other card is, to be found again
    after an action moves it (trading.follow): made one in place, unless a constraint already
    names that very card (its object is one already, and must stay the constraint's)."""
    hand = state.hands[player]
    card = hand[index]
    if not any(isinstance(entry, dict) and is_marked(card, entry.get("card")) for entry in state.lasting):
        card = hand[index] = _own(card)
    return card


def locate(state: Any, named: dict) -> tuple[str, int] | None:
    """(player's name, index in their hand) of the card a constraint names, or None: in no hand."""
    card = named.get(_OBJECT)
    for seat, hand in enumerate(state.hands):
        for i, held in enumerate(hand):
            if held is card:
                return state.players[seat], i
    return None


def located(state: Any) -> list[dict]:
    """The lasting entries as JSON, each card where it lies now."""
    out = []
    for entry in state.lasting:
        entry = dict(entry)
        if "card" in entry:
            where = locate(state, entry["card"])
            entry["card"] = {"bean": entry["card"]["bean"], "player": where[0] if where else None,
                             "index": where[1] if where else None}
        for key in ("until", "open"):
            if isinstance(entry.get(key), dict):
                entry[key] = dict(entry[key])
        out.append(entry)
    return out


def restore(state: Any) -> None:
    """Give the cards a loaded state's entries name their own objects again (ValueError: a
    card is not where its entry says)."""
    for entry in state.lasting:
        card = entry.get("card") if isinstance(entry, dict) else None
        if card is None:
            continue
        if not isinstance(card, dict) or not isinstance(card.get("bean"), str):
            raise ValueError("state.lasting: a card is {bean, player, index}")
        player, index = card.get("player"), card.get("index")
        if player is None:
            continue  # the card has left every hand: nothing to follow
        hand = state.hands[state.seat_of[player]] if player in state.seat_of else None
        if hand is None or not isinstance(index, int) or not 0 <= index < len(hand) or hand[index] != card["bean"]:
            at = index + 1 if isinstance(index, int) else index  # positions count from 1, as the notation's
            raise ValueError(f"state.lasting: no {card['bean']} at position {at} of {player}'s hand")
        entry["card"] = {**mark(hand, index), "player": player, "index": index}
