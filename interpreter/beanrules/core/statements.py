"""Statements: the rules of the core, each one a sentence the engine can run.

Declarations say what exists (players, zones, counters, tokens, cards, fields, beans in
play); ``do`` runs an effect automatically at a time; ``permit`` lets (or makes) a player
take an action; ``forbid``, ``allow`` and ``require`` are lasting constraints; ``end-when``,
``finish-turn``, ``score``, ``winner`` and ``tie-break`` say how the game ends and who wins.
"""
from __future__ import annotations

from typing import Literal

from .categories import Actor, BeanSet, Cond, Effect, Num, Place, Statement, Timing, listed, plural
from .node import Problem, Scope, binds, core, names
from .timing import event_names


def _as_verb(action: Effect, subject: str = "the player") -> str:
    """An action whose subject is the acting player, as what follows "may" or "must":
    "the player harvests the field" reads "harvest the field"."""
    text = action.to_text()
    if text.startswith(subject + " "):
        verb, _, rest = text.removeprefix(subject + " ").partition(" ")
        return (verb[:-1] if verb.endswith("s") else verb) + (" " + rest if rest else "")
    return text


def _subject(action: Effect) -> str | None:
    """Who an action names as its doer, where that is someone else than the acting player
    ("the opponent" in a constraint laid down for a while), else None."""
    doer = getattr(action, "player", None) or getattr(action, "first", None)
    text = doer.to_text() if isinstance(doer, Actor) else None
    return text if text and text != "the player" and action.to_text().startswith(text + " ") else None


def _times(count: Num) -> str:
    text = count.to_text()
    return {"1": "once", "2": "twice"}.get(text, f"{text} times")


@core("players")
class Players(Statement):
    min: int
    max: int

    def text(self) -> str:
        return f"The game is played by {self.min} to {self.max} players."


@core("declare-zone")
class DeclareZone(Statement):
    """A zone exists (one per player, or one for the table) and who sees what of it."""

    zone: str
    per_player: bool
    visibility: Literal["hidden", "public", "owner-sees", "top-visible"]

    def text(self) -> str:
        seen = {"hidden": "only its size is known", "public": "everyone sees it",
                "owner-sees": "only its owner sees it", "top-visible": "its top card is visible"}
        whose = "Each player has a" if self.per_player else "The table has a"
        return f"{whose} {self.zone} zone; {seen[self.visibility]}."


@core("declare-zone-of-kind")
class DeclareZoneOfKind(Statement):
    """A zone the spec declares besides the standard ones (one per player, or one for the
    table), of a kind that fixes its order: a pile (cards go on top, the top one leaves first),
    a row (front to back) or a field (bottom to top: it grows one bean type and is harvested as
    a player's field is, by whoever a rule permits); and who sees what of it."""

    zone: str
    kind: Literal["pile", "row", "field"]
    per_player: bool
    visibility: Literal["hidden", "public", "owner-sees", "top-visible"]
    # which card is its top, the one that leaves first: the newest laid (cards go on top) or the
    # oldest (cards join at the bottom, so the first laid leaves first); a field grows on top
    order: Literal["newest-first", "oldest-first"] = "newest-first"

    def text(self) -> str:
        seen = {"hidden": "only its size is known", "public": "everyone sees it",
                "owner-sees": "only its owner sees it", "top-visible": "its top card is visible"}
        whose = "Each player has" if self.per_player else "The table has"
        order = "; the card laid first is its top" if self.order == "oldest-first" else ""
        return f"{whose} a {self.kind} called {self.zone}; {seen[self.visibility]}{order}."


@core("declare-counter")
class DeclareCounter(Statement):
    counter: str
    per_player: bool
    start: int

    def text(self) -> str:
        whose = "Each player has a" if self.per_player else "The table has a"
        return f"{whose} counter '{self.counter}', starting at {self.start}."


@core("declare-token")
class DeclareToken(Statement):
    token: str
    title: str | None

    def text(self) -> str:
        title = f" ({self.title})" if self.title else ""
        return f"There is a token '{self.token}'{title}."


@core("card")
class Card(Statement):
    """A type of card: how many there are, the beanometer (cards needed for 1, 2, 3, … coins,
    None where a step is missing), the bean it plays as (None: itself), whether it can be
    planted, its printed text and its abilities."""

    id: str
    count: int
    beanometer: tuple[int | None, ...]
    plays_as: str | None = names("bean")
    plantable: bool
    printed: str | None
    abilities: tuple[Statement, ...]

    def text(self) -> str:
        meter = " ".join("-" if c is None else str(c) for c in self.beanometer)
        out = f"There {'is' if self.count == 1 else 'are'} {plural(self.count, self.id + ' card')}"
        out += f", beanometer {meter}" if meter else ""
        out += f", playing as {self.plays_as}" if self.plays_as else ""
        out += "" if self.plantable else ", never planted"
        return out + "." + "".join(" " + a.to_text() for a in self.abilities)


@core("in-play")
class InPlay(Statement):
    """Only these bean types are in the deck; the others stay out of the game."""

    beans: BeanSet

    def text(self) -> str:
        return f"The beans in play are {self.beans.to_text()}."


@core("out-of-play")
class OutOfPlay(Statement):
    beans: BeanSet

    def text(self) -> str:
        return f"These beans are taken out of the game: {self.beans.to_text()}."


@core("fields")
class Fields(Statement):
    count: Num

    def text(self) -> str:
        return f"Each player starts with {self.count.to_text()} fields."


@core("choose-start-player")
class ChooseStartPlayer(Statement):
    """How the start player is found; ``token``: they hold this token all game."""

    how: Literal["chosen", "youngest", "left-of-dealer"]
    token: str | None = names("token")

    def text(self) -> str:
        how = {"chosen": "is chosen", "youngest": "is the youngest player",
               "left-of-dealer": "sits left of the dealer"}[self.how]
        keeps = f" and keeps the {self.token}" if self.token else ""
        return f"The start player {how}{keeps}."


@core("turn-order")
class TurnOrder(Statement):
    direction: Literal["left", "right"]

    def text(self) -> str:
        return f"The turn passes to the {self.direction}."


@core("belongs-to")
class BelongsTo(Statement):
    """The cards of a shared place belong to a player (who may trade or must plant them)."""

    place: Place
    owner: Actor

    def text(self) -> str:
        return f"{self.place.to_text().capitalize()} belongs to {self.owner.to_text()}."


@core("do")
class Do(Statement):
    """An automatic step: when `when` comes (and `condition` holds), the effect happens."""

    when: Timing
    condition: Cond | None
    effect: Effect

    def check(self, scope: Scope) -> list[Problem]:
        inner = scope.with_bound(*event_names(self.when))
        problems = self.when.check(scope) + self.effect.check(inner)
        return problems + (self.condition.check(inner) if self.condition else [])

    def text(self) -> str:
        cond = f", if {self.condition.to_text()}" if self.condition else ""
        return f"{self.when.to_text().capitalize()}{cond}: {self.effect.to_text()}."


@core("permit")
class Permit(Statement):
    """A decision: `player` may (``must``: has to) take the action while `when` holds and
    `condition` is true, at least `least` and at most `most` times (None: no bound).
    In the action and condition, ``player`` is the acting player and ``field``, ``card`` and
    ``partner`` are what they pick when they take the action (any that the rules allow)."""

    IMPLICIT = ("player", "field", "card", "partner")
    player: Actor
    action: Effect
    when: Timing
    condition: Cond | None
    must: bool
    least: Num | None
    most: Num | None

    def text(self) -> str:
        verb = "must" if self.must else "may"
        times = ""
        if self.least is not None and self.most is not None and self.least != self.most:
            times = f" ({self.least.to_text()} to {self.most.to_text()} times)"
        elif self.most is not None:
            times = f" ({'exactly' if self.least == self.most else 'at most'} {_times(self.most)})"
        cond = f", if {self.condition.to_text()}" if self.condition else ""
        return (f"{self.when.to_text().capitalize()}{cond}, {self.player.to_text()} {verb} "
                f"{_as_verb(self.action)}{times}.")


@core("forbid")
class Forbid(Statement):
    """A lasting constraint: the action is refused while `condition` holds (None: always).
    In the action and condition, ``player`` is who acts, ``field``, ``card`` and ``partner``
    what the action is about."""

    IMPLICIT = ("player", "field", "card", "partner")
    action: Effect
    condition: Cond | None

    def text(self) -> str:
        cond = f" while {self.condition.to_text()}" if self.condition else ""
        subject = _subject(self.action)
        if subject == "any player":  # whoever would do it (a card chosen before: nobody plants it)
            return f"No player may {_as_verb(self.action, subject)}{cond}."
        if subject:
            return f"{subject.capitalize()} may not {_as_verb(self.action, subject)}{cond}."
        return f"No player may {_as_verb(self.action)}{cond}."


@core("allow")
class Allow(Statement):
    """A permission that lifts a default restriction, where `condition` holds."""

    IMPLICIT = ("player", "field", "card", "partner")
    action: Effect
    condition: Cond | None

    def text(self) -> str:
        cond = f" if {self.condition.to_text()}" if self.condition else ""
        subject = _subject(self.action)
        if subject:
            return f"{subject.capitalize()} may {_as_verb(self.action, subject)}{cond}."
        return f"A player may {_as_verb(self.action)}{cond}."


@core("lies-open")
class LiesOpen(Statement):
    """A zone of a player lies open: every player sees its cards, whatever it holds while
    this holds (laid down for a while: a hand laid out on the table)."""

    place: Place

    def text(self) -> str:
        return f"{self.place.to_text()[:1].upper()}{self.place.to_text()[1:]} lies open: every player sees its cards."


@core("require")
class Require(Statement):
    """A lasting constraint on the state: no action may leave `condition` false, for each
    `player` (bound as ``player``)."""

    IMPLICIT = ("player",)
    player: Actor
    condition: Cond

    def text(self) -> str:
        return f"At all times, for {self.player.to_text()}: {self.condition.to_text()}."


@core("ability")
class Ability(Statement):
    """What a card may do: when (all timings hold together) and what (an effect)."""

    name: str | None
    title: str | None
    when: tuple[Timing, ...]
    effect: Effect

    def check(self, scope: Scope) -> list[Problem]:
        # an event timing ("when planted") names its card, player and field for the effect
        inner = scope.with_bound(*(n for t in self.when for n in event_names(t)))
        return [p for t in self.when for p in t.check(scope)] + self.effect.check(inner)

    def text(self) -> str:
        title = f"{self.title}: " if self.title else ""
        return f"{title}{listed([t.to_text() for t in self.when]).capitalize()}: {self.effect.to_text()}."


@core("end-when")
class EndWhen(Statement):
    """The end of the game is triggered when the condition first holds."""

    condition: Cond

    def text(self) -> str:
        return f"The game ends when {self.condition.to_text()}."


@core("finish-turn")
class FinishTurn(Statement):
    """If the end comes during phase `during`, the `phases` named are still played."""

    during: str = names("phase")
    phases: tuple[str, ...] = names("phase")

    def text(self) -> str:
        return (f"If the end comes during phase {self.during}, phases "
                f"{listed(list(self.phases))} are still played.")


@core("score")
class Score(Statement):
    """A part of each player's score (``player``); the score is the sum of all parts."""

    IMPLICIT = ("player",)
    value: Num

    def text(self) -> str:
        return f"Each player scores {self.value.to_text()}."


@core("winner")
class Winner(Statement):
    """The player with the highest (``highest`` False: lowest) score wins."""

    highest: bool

    def text(self) -> str:
        return f"The player with the {'highest' if self.highest else 'lowest'} score wins."


@core("won-by")
class WonBy(Statement):
    """The game is won by every player (bound as `name`) for whom `condition` holds at the
    moment the end comes, before anything the end still lets happen (a final harvest); the
    scores still count, for the record."""

    name: str = binds("player")
    condition: Cond

    def text(self) -> str:
        return (f"The game is won by each player {self.name} for whom {self.condition.to_text()} "
                "as the end comes.")


@core("tie-break")
class TieBreak(Statement):
    """Among tied players, those with the highest (or lowest) `key` stay; ``key`` None: the
    tied players share the win. Tie-breaks apply in the order of the rules."""

    IMPLICIT = ("player",)
    key: Num | None
    highest: bool

    def text(self) -> str:
        if self.key is None:
            return "Tied players share the win."
        return f"Ties are broken by {self.key.to_text()}, {'highest' if self.highest else 'lowest'} first."


@core("harvest-takes")
class HarvestTakes(Statement):
    """What a harvest takes: the whole field, or only its top run of one bean type."""

    part: Literal["whole", "top-run"]

    def text(self) -> str:
        return ("A harvest takes the whole field." if self.part == "whole"
                else "A harvest takes only the top run of one bean type.")


@core("payout")
class Payout(Statement):
    """A field pays by the beanometer of its top (or bottom) card."""

    card: Literal["top", "bottom"]

    def text(self) -> str:
        return f"A field pays by the beanometer of its {self.card} card."


@core("pay-into")
class PayInto(Statement):
    """A harvest's coins are written down: they are added to the harvesting player's
    `counter` instead of being cards."""

    counter: str = names("counter")

    def text(self) -> str:
        return f"The coins of a harvest are added to the harvesting player's {self.counter}."


@core("coin-source")
class CoinSource(Statement):
    """Where coins come from; the rest of a harvest goes to `rest_to` (None: stays out)."""

    source: Literal["harvested-cards", "bank", "points"]
    rest_to: Place | None

    def text(self) -> str:
        src = {"harvested-cards": "cards of the harvest, turned over", "bank": "the bank",
               "points": "points written down"}[self.source]
        rest = f"; the rest of the harvest goes to {self.rest_to.to_text()}" if self.rest_to else ""
        return f"Coins come from {src}{rest}."


