"""Cards that play as another bean type (engine/kinds.py), over the kernel's cards.

`Machine.kind` is None where no card plays as another type (every comparison stays the plain
`a == b` of the base game, at no cost); otherwise a dict, bean -> the type it counts as, read wherever the engine reads `kinds.type_of`: which fields a card may go
onto, whether a card matches a place, a field's top run, what counts as a bean of a type, and
the greedy bot's rules of thumb. A field topped by such a card pays by its type's beanometer
through the compiled rules' own payout table (ruleset.py copies the type's row to the card).
"""
from __future__ import annotations

from typing import Any


def compile_kinds(plays_as: dict[str, str], beans: tuple[str, ...]) -> dict[str, str] | None:
    """bean -> the type it plays as (None: every card plays as itself)."""
    if not plays_as:
        return None
    return {bean: plays_as.get(bean, bean) for bean in beans}


def same(m: Any, a: int, b: int) -> bool:
    """kinds.same_type: two cards count as the same bean type."""
    kind = m.kind
    return a == b or (kind is not None and kind[a] == kind[b])


def types(m: Any, cards: list[int]) -> list[int]:
    """The types a list of cards counts as, in its order (the cards themselves without plays-as)."""
    kind = m.kind
    return cards if kind is None else [kind[c] for c in cards]
