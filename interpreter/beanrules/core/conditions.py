"""Conditions: comparisons over quantities, whose turn and which phase, tokens, and/or/not."""
from __future__ import annotations

from typing import Literal

from .categories import Actor, Cards, Cond, Num, Place, listed
from .node import binds, core, names

_OPS = {"<": "is less than", "<=": "is at most", "=": "is", ">=": "is at least", ">": "is more than",
        "!=": "is not"}


@core("compare")
class Compare(Cond):
    left: Num
    op: Literal["<", "<=", "=", ">=", ">", "!="]
    right: Num

    def text(self) -> str:
        return f"{self.left.to_text()} {_OPS[self.op]} {self.right.to_text()}"


@core("turn-of")
class TurnOf(Cond):
    """It is this player's turn."""

    player: Actor

    def text(self) -> str:
        return f"it is the turn of {self.player.to_text()}"


@core("in-phase")
class InPhase(Cond):
    phase: str = names("phase")

    def text(self) -> str:
        return f"it is phase {self.phase}"


@core("holds-token")
class HoldsToken(Cond):
    player: Actor
    token: str = names("token")

    def text(self) -> str:
        return f"{self.player.to_text()} holds the {self.token}"


@core("may-harvest")
class MayHarvest(Cond):
    """The player may harvest one of their fields now: the harvest timing, the protection rule
    and every constraint in force allow it."""

    player: Actor

    def text(self) -> str:
        return f"{self.player.to_text()} may harvest one of their fields now"


@core("all-of")
class AllOf(Cond):
    terms: tuple[Cond, ...]

    def text(self) -> str:
        return listed([t.to_text() for t in self.terms], "and")


@core("any-of")
class AnyOf(Cond):
    terms: tuple[Cond, ...]

    def text(self) -> str:
        return listed([t.to_text() for t in self.terms], "or")


@core("not")
class Not(Cond):
    term: Cond

    def text(self) -> str:
        return f"not ({self.term.to_text()})"


@core("some-player")
class SomePlayer(Cond):
    """Some player among `among` (bound as `name` in `where`) makes `where` true."""

    name: str = binds("player")
    among: Actor
    where: Cond

    def text(self) -> str:
        return f"for some player {self.name} among {self.among.to_text()}: {self.where.to_text()}"


@core("some-field")
class SomeField(Cond):
    """Some field of `owner` (bound as `name` in `where`) makes `where` true."""

    name: str = binds("field")
    owner: Actor
    where: Cond

    def text(self) -> str:
        return f"for some field {self.name} of {self.owner.to_text()}: {self.where.to_text()}"


@core("matches")
class Matches(Cond):
    """The selected cards are of a bean type that `place` holds: any card of a place, or the
    cards a selection picks (the top card of a field: ``cards`` with pick ``top``, count 1).
    A bound card (``card`` of a plant, a card ``choose`` picked) is one card, whatever the
    place it lies in."""

    cards: Cards
    place: Place | Cards

    def text(self) -> str:
        if isinstance(self.place, Cards) and not isinstance(self.place, Place):
            return f"{self.cards.to_text()} is of the type of {self.place.to_text()}"
        return f"{self.cards.to_text()} is of a type in {self.place.to_text()}"


@core("fits")
class Fits(Cond):
    """The cards may be planted on the field under the planting rules in force."""

    cards: Cards
    field: Place

    def text(self) -> str:
        return f"{self.cards.to_text()} may be planted on {self.field.to_text()}"


@core("agreed")
class Agreed(Cond):
    """Each of these players has agreed (consent is a decision of theirs)."""

    players: tuple[Actor, ...]

    def text(self) -> str:
        return listed([p.to_text() for p in self.players]) + (" agree" if len(self.players) > 1 else " agrees")


@core("always")
class Always(Cond):
    def text(self) -> str:
        return "always"
