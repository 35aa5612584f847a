"""Quantities: numbers read from the state, constants, and numbers by player count."""
from __future__ import annotations

from typing import Literal

from .categories import Actor, BeanSet, Case, Cond, Num, Place, listed
from .node import Node, core, names


@core("number")
class Number(Num):
    """A constant."""

    value: int

    def text(self) -> str:
        return str(self.value)


@core("players-case")
class PlayersCase(Case):
    """``value`` with ``min`` to ``max`` players; both None: for every other player count."""

    min: int | None
    max: int | None
    value: Num | BeanSet

    def text(self) -> str:
        value = self.value.to_text()
        if self.min is None:
            return f"{value} otherwise"
        if self.min == self.max:
            return f"{value} with {self.min} players"
        return f"{value} with {self.min} to {self.max} players"


@core("by-players")
class ByPlayers(Num, BeanSet):
    """A value that depends on the number of players: the case that names the player count,
    else the one for every other count."""

    cases: tuple[Case, ...]

    def text(self) -> str:
        return listed([c.to_text() for c in self.cases], "or")


@core("by-seat")
class BySeat(Num):
    """A number per seat, from the start player on; the last holds for every further seat."""

    counts: tuple[int, ...]

    def text(self) -> str:
        return " ".join(str(c) for c in self.counts) + " by seat from the start player"


@core("beans")
class BeanList(BeanSet):
    """These bean types."""

    beans: tuple[str, ...] = names("bean")

    def text(self) -> str:
        return listed(list(self.beans))


@core("count")
class Count(Num):
    """How many cards a place holds (``bean``: only cards of that type)."""

    place: Place
    bean: str | None = names("bean")

    def text(self) -> str:
        kind = f"{self.bean} " if self.bean else ""
        return f"the number of {kind}cards in {self.place.to_text()}"


@core("types-in")
class TypesIn(Num):
    """How many different bean types a place holds."""

    place: Place

    def text(self) -> str:
        return f"the number of bean types in {self.place.to_text()}"


@core("fields-of")
class FieldsOf(Num):
    """How many fields a player has."""

    player: Actor

    def text(self) -> str:
        return f"the number of fields of {self.player.to_text()}"


@core("counter")
class CounterValue(Num):
    """A counter's value: a player's (score, thalers) or the table's (``player`` None)."""

    counter: str = names("counter")
    player: Actor | None

    def text(self) -> str:
        return f"the {self.counter} of {self.player.to_text()}" if self.player else f"the {self.counter}"


@core("field-value")
class FieldValue(Num):
    """The coins a field would pay now, by the beanometer the payout rule names."""

    field: Place

    def text(self) -> str:
        return f"what {self.field.to_text()} pays by the beanometer"


@core("planted-this-phase")
class PlantedThisPhase(Num):
    """How many cards the active player has planted from hand in this phase."""

    def text(self) -> str:
        return "the number of cards planted from hand in this phase"


@core("deck-run-outs")
class DeckRunOuts(Num):
    """How many times the deck has run out so far."""

    def text(self) -> str:
        return "the number of times the deck has run out"


@core("sum")
class Sum(Num):
    terms: tuple[Num, ...]

    def text(self) -> str:
        return listed([t.to_text() for t in self.terms], "plus")


@core("times")
class Times(Num):
    factor: int
    of: Num

    def text(self) -> str:
        return f"{self.factor} times {self.of.to_text()}"


@core("half")
class Half(Num):
    """Half of a number, rounded down."""

    of: Num

    def text(self) -> str:
        return f"half of {self.of.to_text()} (rounded down)"


@core("one-if")
class OneIf(Num):
    """1 where the condition holds, else 0 (a token holder first, a yes/no tie-break)."""

    condition: Cond

    def text(self) -> str:
        return f"1 if {self.condition.to_text()}, else 0"


@core("seat-distance")
class SeatDistance(Num):
    """How many seats `player` sits from `origin`, counted in `direction`."""

    player: Actor
    origin: Actor
    direction: Literal["clockwise", "counterclockwise"]

    def text(self) -> str:
        return (f"how far {self.player.to_text()} sits from {self.origin.to_text()}, "
                f"counted {self.direction}")


def constant(value: int | Node) -> Node:
    return value if isinstance(value, Node) else Number(value)
