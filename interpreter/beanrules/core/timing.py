"""Timing: when an automatic step runs, when a permission holds, how long a constraint lasts."""
from __future__ import annotations

from typing import ClassVar, Literal

from .categories import Actor, Timing
from .node import core, names


class _Timing(Timing):
    # Names an event makes visible to the statement it times (the player, card, field).
    EVENT_NAMES: ClassVar[tuple[str, ...]] = ()


@core("at-setup")
class AtSetup(_Timing):
    def text(self) -> str:
        return "when the game is set up"


@core("at-start-of")
class AtStartOf(_Timing):
    """When a phase begins (``phase`` None: a step written outside any phase, which no
    phase runs)."""

    phase: str | None = names("phase")

    def text(self) -> str:
        return f"at the start of phase {self.phase}" if self.phase else "at the start of no phase"


@core("at-end-of")
class AtEndOf(_Timing):
    phase: str | None = names("phase")

    def text(self) -> str:
        return f"at the end of phase {self.phase}" if self.phase else "at the end of no phase"


@core("end-of-turn")
class EndOfTurn(_Timing):
    """At the end of a turn of `player`."""

    player: Actor

    def text(self) -> str:
        return f"at the end of a turn of {self.player.to_text()}"


@core("end-of-phase-of")
class EndOfPhaseOf(_Timing):
    """At the end of phase `phase` of a turn of `player` (how long a lasting constraint holds:
    "in the opponent's next phase 1")."""

    phase: str = names("phase")
    player: Actor

    def text(self) -> str:
        return f"at the end of phase {self.phase} of a turn of {self.player.to_text()}"


@core("start-of-turn")
class StartOfTurn(_Timing):
    """At the start of a turn of `player` ("until the opponent's next turn")."""

    player: Actor

    def text(self) -> str:
        return f"at the start of a turn of {self.player.to_text()}"


@core("during")
class During(_Timing):
    """While a phase lasts (``phase`` None: any phase of the turn), optionally once per turn."""

    phase: str | None = names("phase")
    once_per_turn: bool

    def text(self) -> str:
        where = f"during phase {self.phase}" if self.phase else "during the turn"
        return where + (", once per turn" if self.once_per_turn else "")


@core("any-time")
class AnyTime(_Timing):
    """At any moment of the game, also in other players' turns (an ability: its owner uses it
    in any player's turn, not only in their own)."""

    def text(self) -> str:
        return "at any time"


@core("when")
class When(_Timing):
    """When a card is planted, harvested, revealed, drawn, played or traded, or cards are given
    in a trade (``given``: once for each player who gives cards in it, the cards being the ones
    they gave) (``bean``: only a card of that type; ``cards``: a harvest of exactly that many
    cards)."""

    EVENT_NAMES = ("player", "card", "field", "cards")
    event: Literal["planted", "harvested", "revealed", "drawn", "played", "traded", "given"]
    bean: str | None = names("bean")
    cards: int | None

    def text(self) -> str:
        what = f"a {self.bean} card" if self.bean else "a card"
        if self.event == "harvested" and self.cards is not None:
            what = f"a field of {self.cards} {self.bean + ' ' if self.bean else ''}cards"
        if self.event == "given":
            return f"when {what} is given in a trade"
        return f"when {what} is {self.event}"


@core("once-per-turn")
class OncePerTurn(_Timing):
    """At most once per turn, counted as the text says: ``field`` (on each field the card lies
    on top of), ``player`` (once for its owner, whichever field or copy) or ``card`` (once at
    the whole table, whoever uses it). ``once per turn`` written alone is a ``during``'s
    ``once_per_turn`` (per field on a field, per player from the hand)."""

    per: Literal["field", "player", "card"]

    def text(self) -> str:
        return {"field": "once per turn on each field", "player": "once per turn for each player",
                "card": "once per turn at the whole table"}[self.per]


@core("when-player")
class WhenPlayer(_Timing):
    """When `player` (``any-player``, or ``other-players``: anyone but the card's owner) plants
    a card or harvests a field: a card on top of its owner's field acts on another player's
    action. The cards of the event (the card planted, the cards a harvest took) are ``cards``."""

    EVENT_NAMES = ("cards",)
    player: Actor
    event: Literal["planted", "harvested"]

    def text(self) -> str:
        verb = {"planted": "plants a card", "harvested": "harvests a field"}[self.event]
        who = "another player" if self.player.NODE == "other-players" else self.player.to_text()
        return f"when {who} {verb}"


@core("at-start-of-round")
class AtStartOfRound(_Timing):
    """When a round begins: at the start of the first turn of the game and of every turn after
    each player has had one (the start player's turn, in the usual turn order)."""

    def text(self) -> str:
        return "at the start of each round"


@core("when-deck-runs-out")
class WhenDeckRunsOut(_Timing):
    def text(self) -> str:
        return "when the deck runs out"


@core("while-on-top")
class WhileOnTop(_Timing):
    """While a card (``card`` None: the card the ability is on) lies on top of a field, which
    its effect names as ``field``."""

    EVENT_NAMES = ("field",)
    card: str | None = names("card")

    def text(self) -> str:
        return ("while this card lies on top of a field" if self.card is None
                else f"while a {self.card} card lies on top of a field")


@core("at-game-end")
class AtGameEnd(_Timing):
    def text(self) -> str:
        return "when the game ends"


@core("whole-game")
class WholeGame(_Timing):
    def text(self) -> str:
        return "for the whole game"


def event_names(timing: Timing | None) -> tuple[str, ...]:
    return getattr(timing, "EVENT_NAMES", ())
