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


KINDS: dict[type[Node], str] = {Actor: "player", Cards: "cards", Place: "field", Num: "number"}
"""What a name holds that is bound to one of a field's values (``binds(like=…)``), by the
category of the field's value (node.BIND_KINDS)."""


def bound_kinds(node: Node) -> tuple[tuple[str, str | None], ...]:
    """Each name `node` binds (its binds() fields, core/node.py) with what the name holds: the
    kind the field declares, or the kind of the value of the field it is like. None where that
    value is of several categories: a name bound earlier (``actors.Bound``) holds what its own
    binder declared, which this node alone does not tell."""
    out = []
    for f, value in node.fields():
        kind = f.metadata.get("binds")
        if kind and value:
            if type(kind) is tuple:  # ("like", field)
                of = getattr(node, kind[1])
                found = {k for category, k in KINDS.items() if isinstance(of, category)}
                kind = found.pop() if len(found) == 1 else None
            out.append((value, kind))
    return tuple(out)


def plural(count: int | str, word: str) -> str:
    return f"{count} {word}" if count == 1 or count == "1" else f"{count} {word}s"


def listed(words: list[str], last: str = "and") -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
