"""Places and selections: zones of the table or of a player, one field, cards picked in them."""
from __future__ import annotations

from typing import Literal

from .categories import Actor, Cards, Num, Place, plural
from .node import core, names

_SHARED = {"deck": "the deck", "discard": "the discard pile", "offer": "the offer",
           "removed": "the cards out of play", "bank": "the bank"}


def possessive(actor: Actor) -> str:
    text = actor.to_text()
    if text.startswith("each player in turn"):
        return "each player's"
    return text + "'s"


@core("zone")
class Zone(Place):
    """A zone: shared (``owner`` None: deck, discard, offer, …) or a player's (hand, fields,
    coins, set-aside). A player's ``field`` zone is all of their fields, in order."""

    zone: str = names("zone")
    owner: Actor | None

    def text(self) -> str:
        if self.owner is None:
            return _SHARED.get(self.zone, f"the {self.zone}")
        word = {"field": "fields", "set-aside": "set-aside cards"}.get(self.zone, self.zone)
        return f"{possessive(self.owner)} {word}"


@core("field")
class Field(Place):
    """One field of a player, counted from 1 in the order the fields lie."""

    owner: Actor
    index: int

    def text(self) -> str:
        return f"field {self.index} of {self.owner.to_text()}"


Pick = Literal["top", "bottom", "front", "back", "any", "all", "random", "each-type"]


@core("cards")
class CardsIn(Cards):
    """A selection: the top (deck, discard, field) or front (hand) cards, the bottom or back
    ones, any (the actor picks), a random one, all, or the topmost card of each bean type
    (``each-type``); ``count`` of them (``up_to``: at most that many), optionally only cards
    of one bean type."""

    place: Place
    pick: Pick
    count: Num | None
    up_to: bool
    bean: str | None = names("bean")

    def text(self) -> str:
        kind = f"{self.bean} " if self.bean else ""
        where = self.place.to_text()
        if self.pick == "all":
            return where if self.place.NODE == "bound" and not kind else f"all {kind}cards of {where}"
        if self.pick == "each-type":
            return f"the topmost card of each bean type in {where}"
        if self.count is None:
            return f"any number of {kind}cards of {where}"
        n = self.count.to_text()
        amount = f"up to {n}" if self.up_to else n
        noun = plural(n, kind + "card")
        if self.pick in ("any", "random"):
            article = "any" if self.pick == "any" else "random"
            return (f"{amount} {article} {plural(n, kind + 'card').split(' ', 1)[1]} of {where}"
                    if amount != "1" else f"{'any' if self.pick == 'any' else 'a random'} {kind}card of {where}")
        if amount == "1":
            return f"the {self.pick} {kind}card of {where}"
        if self.pick in ("top", "front") and self.place.to_text().endswith("fields"):
            return f"the {self.pick} {amount} {noun.split(' ', 1)[1]} of one of {where}"
        return f"the {self.pick} {amount} {noun.split(' ', 1)[1]} of {where}"


@core("traded-amount")
class TradedAmount(Cards):
    """How many cards one side of a trade gives, whichever cards they are: ``no`` cards (the
    other side's part is a gift), ``some`` (at least one: the trade is an exchange, or a
    request), or ``any`` number. It speaks of the deal's size only, never of which cards may be
    traded (docs/core.md, "How a trade is judged")."""

    amount: Literal["no", "some", "any"]

    def text(self) -> str:
        return {"no": "no cards", "some": "some cards", "any": "any number of cards"}[self.amount]


@core("due")
class Due(Cards):
    """The card a player has to plant next (the front of the hand in a planting step, or a
    card they must plant from the set-aside or the offer)."""

    player: Actor

    def text(self) -> str:
        return f"the card {self.player.to_text()} must plant next"
