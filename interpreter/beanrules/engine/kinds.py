"""Cards that play as a bean type: the type a card counts as wherever types matter.

A card declared ``plays as BEAN`` keeps its own id in every zone (so that its abilities know
which card lies where), and counts as BEAN for the one-type-per-field rule, for matching a
field's or the discard's type, and for the beanometer that pays its field. Every other card
plays as itself. The ruleset holds the mapping (``Ruleset.plays_as``, empty for most rules),
so a comparison of types costs one dictionary lookup only where such cards exist.
"""
from __future__ import annotations

from typing import Any


def type_of(rs: Any, card: str) -> str:
    """The bean type `card` counts as."""
    return rs.plays_as.get(card, card) if rs.plays_as else card


def top_type(rs: Any, field: list[str]) -> str | None:
    """The bean type of a field's top card (None: the field is empty)."""
    if not field:
        return None
    return rs.plays_as.get(field[-1], field[-1]) if rs.plays_as else field[-1]


def same_type(rs: Any, a: str, b: str) -> bool:
    """Two cards count as the same bean type."""
    if a == b:
        return True
    mapping = rs.plays_as
    return bool(mapping) and mapping.get(a, a) == mapping.get(b, b)


def label(rs: Any, card: str) -> str:
    """How a card is shown: its id, and the type it plays as where that differs ("joker (red)")."""
    kind = type_of(rs, card)
    return card if kind == card else f"{card} ({kind})"


def compile_plays_as(model: dict) -> dict[str, str]:
    """card id -> the bean type it plays as, for the cards of the model that say so."""
    return {b["id"]: b["plays_as"] for b in model["beans"] if b.get("plays_as")}


def payout_counts(model: dict) -> dict[str, int]:
    """How many cards can lie in a field of each bean type: its own cards and every card that
    plays as it (a beanometer's table must reach that far)."""
    counts = {b["id"]: b["count"] for b in model["beans"]}
    for b in model["beans"]:
        if b.get("plays_as") in counts:
            counts[b["plays_as"]] += b["count"]
    return counts


def auto_field(rs: Any, fields: list[list[str]], bean: str) -> int | None:
    """The field already holding `bean`, else the first empty one (the notation's default)."""
    empty = None
    for i, f in enumerate(fields):
        if f:
            if same_type(rs, f[-1], bean):
                return i
        elif empty is None:
            empty = i
    return empty
