"""What the effect of a card's ability, or of a step that runs when something happens to a card,
finds in its environment besides the evaluator's own entries (engine/evaluate.py): the choices
the acting player made as part of the action (:class:`Feed`), whose card it is (``OWNER``), and
a card it holds (:class:`Held`). Effects, abilities, triggers and lasting constraints all read
them, so they stand below all of those."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, RuleRef

FEED = "?feed"  # the environment entry holding the choices of the action being applied
OWNER = "owner"  # the environment entry naming the player the ability's card belongs to
NONE = "none"  # the value that passes an optional choice


class NeedChoice(Exception):
    """Raised while listing legal actions: the effect asks for a choice no value was given for."""

    def __init__(self, options: list[str]):
        super().__init__(options)
        self.options = options


@dataclass(slots=True)
class Feed:
    """The choices of one use of an ability. ``explore``: listing legal actions, so a choice
    past the given values raises NeedChoice with the options instead of passing or refusing.
    The playout kernel's uses are fed by it too (engine/abilities.py's own, on its state), its
    players as seats: the messages write each value as text."""

    values: tuple[str, ...]
    ref: RuleRef
    explore: bool = False
    at: int = 0

    def take(self, what: str, options: list[str], must: bool) -> str | None:
        if self.at >= len(self.values):
            if self.explore:
                raise NeedChoice(options + ([] if must else [NONE]))
            if must:
                raise IllegalAction(self.ref, f"choose {what}: one of {_listed(options) or 'nothing (none left)'}")
            return None
        value = self.values[self.at]
        self.at += 1
        if value == NONE and not must:
            return None
        if value not in options:
            raise IllegalAction(self.ref, f"{value} is no choice for {what}"
                                + (f": one of {_listed(options)}" if options else ": there is none")
                                + ("" if must else f", or {NONE}"))
        return value

    def finish(self) -> None:
        if self.at < len(self.values):
            raise IllegalAction(self.ref, f"more choices than the ability asks for: "
                                          f"{_listed(self.values[self.at:])}")


def _listed(values: Any) -> str:
    return ", ".join(map(str, values))


@dataclass(frozen=True)
class Held:
    """A card picked while an ability runs: the bean, the list it lies in, where that is."""

    bean: str
    zone: list = field(compare=False, repr=False)
    where: str
    first: bool = False  # the first of its kind in the list (a hand's front), else the last (a field's top)
    source: str | None = None  # the kind of zone it lies in ("field", "hand", "offer"), for the "moved" event
    owner: str | None = None  # whose zone that is (None: a shared one)

    def index(self) -> int:
        """Where the card lies in its list now (the first of its kind: a hand's front; else the
        last: a field's top)."""
        zone, n = self.zone, len(self.zone)
        for i in (range(n) if self.first else range(n - 1, -1, -1)):
            if zone[i] == self.bean:
                return i
        raise IllegalAction(None, f"the {self.bean} picked from {self.where} is no longer there")

    def take(self) -> str:
        """Take the card out of the list it lies in."""
        del self.zone[self.index()]
        return self.bean


def feed_of(env: dict) -> Feed:
    """The choices of the action being applied (an effect run where nobody was asked: refused)."""
    feed = env.get(FEED)
    if feed is None:  # an automatic step: nobody was asked, so only what needs no choice runs
        raise IllegalAction(None, "this effect needs a player's choice, and none was asked for")
    return feed
