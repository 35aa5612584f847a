"""Actors: who acts or whose zone is meant. Several players act one after another."""
from __future__ import annotations

from typing import Literal

from .categories import Actor, Cards, Num, Place
from .node import core, names


@core("active-player")
class ActivePlayer(Actor):
    """The player whose turn it is."""

    def text(self) -> str:
        return "the active player"


@core("start-player")
class StartPlayer(Actor):
    """The player who began the game."""

    def text(self) -> str:
        return "the start player"


@core("each-player")
class EachPlayer(Actor):
    """Every player, one after another in turn order, starting with the active player."""

    def text(self) -> str:
        return "each player in turn, starting with the active player"


@core("all-players")
class AllPlayers(Actor):
    """Every player, one after another in seat order (as the table sits, not from the active one)."""

    def text(self) -> str:
        return "each player in seat order"


@core("any-player")
class AnyPlayer(Actor):
    """Whichever player chooses to (for permissions: every player may)."""

    def text(self) -> str:
        return "any player"


@core("opponent")
class Opponent(Actor):
    """The other player of a two-player game (of the player the rule speaks about)."""

    def text(self) -> str:
        return "the opponent"


@core("other-players")
class OtherPlayers(Actor):
    """Every player except the one the rule speaks about, in turn order."""

    def text(self) -> str:
        return "each other player"


@core("all-but")
class AllBut(Actor):
    """Every player but `player`, in turn order from their left (the bidders of an auction
    "each player other than the active player", whoever owns the card that holds it)."""

    player: Actor

    def text(self) -> str:
        return f"each player other than {self.player.to_text()}"


@core("neighbour")
class Neighbour(Actor):
    """The player sitting next to `of`: on their left (the next seat clockwise, as the table
    sits, whichever way turns pass) or on their right. In a game of two, both are the other."""

    of: Actor
    side: Literal["left", "right"]

    def text(self) -> str:
        return f"the player on the {self.side} of {self.of.to_text()}"


@core("token-holder")
class TokenHolder(Actor):
    """The player who holds a token."""

    token: str = names("token")

    def text(self) -> str:
        return f"the holder of the {self.token}"


@core("card-owner")
class CardOwner(Actor):
    """The player in front of whom a card lies (``card`` None: the card the ability is on)."""

    card: str | None = names("card")

    def text(self) -> str:
        return "the owner of this card" if self.card is None else f"the owner of the {self.card} card"


@core("owner")
class Owner(Actor):
    """The player a rule or an ability acts for (the card's owner, the player a card event
    happens to, the active player in a phase's own step), as the one who decides when the
    effect reaches a choice: a decision the game waits for, where ``card-owner`` choosing is
    part of the action that runs the effect."""

    def text(self) -> str:
        return "the owner (a decision the game waits for)"


@core("bound")
class Bound(Actor, Place, Cards, Num):
    """A name bound earlier (``choose NAME``, ``let NAME``) or by the rule itself (``player``:
    the acting or scored player; ``field``, ``card``: what an action or event is about)."""

    name: str = names("bound")

    def text(self) -> str:
        return f"the {self.name}" if self.name in ("player", "field", "card", "cards", "owner", "partner") else self.name
