"""The categories of core nodes: what a field of a node may hold.

Num: a whole number (a quantity of the state, or a constant, possibly by player count).
Cond: a condition over the state. Actor: one player or several, in turn order. Place: a zone
(or one field) of the table or of a player. Cards: a selection of cards in a place. Timing:
when something happens or holds. Effect: what changes the state (always terminating).
Statement: one rule of the core, the unit a sentence desugars to. Case, BeanSet: helpers.
"""
from __future__ import annotations

from .node import Node, category


@category
class Num(Node):
    """A whole number."""


@category
class Cond(Node):
    """A condition, true or false in a state."""


@category
class Actor(Node):
    """One player or several (several act one after another, in turn order)."""


@category
class Place(Node):
    """A zone of the table or of players: deck, discard, a hand, the fields, one field, …"""


@category
class Cards(Node):
    """A selection of cards in a place: top, front, all, a chosen one, …"""


@category
class Timing(Node):
    """When: at the start or end of a phase, during one, when something happens, …"""


@category
class Effect(Node):
    """A change of the state. Effects always terminate: repetition is bounded, no recursion."""


@category
class Statement(Node):
    """One rule of the core: what a sentence desugars to, and what the engine runs."""


@category
class Case(Node):
    """One case of a value that depends on the player count."""


@category
class BeanSet(Node):
    """A set of bean types."""


def plural(count: int | str, word: str) -> str:
    return f"{count} {word}" if count == 1 or count == "1" else f"{count} {word}s"


def listed(words: list[str], last: str = "and") -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
