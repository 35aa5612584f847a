"""A canonical line of the action notation read without Lark: the same Action the grammar
(grammar/actions.lark, engine/notation.py) makes of it, in microseconds instead of the Lark
parse that dominated replaying a record (its lines are mostly distinct, so a cache rarely helps).

`read(line)` answers only where it is sure: a line exactly as `Action.notation()` writes it
(single spaces, ", " between cards and choices, no leading zero), every word of it lexed as the
grammar lexes it. A bean id spelt like a word the grammar reserves (a zone, "in", a keyword such
as "to" or "field", a phase word, a verb) is where the grammar's contextual lexer decides by
position, so a line holding one goes to Lark, as does anything else out of the ordinary: a
number past MAX_DIGITS, a position 0, a zone the verb refuses. None means "ask Lark", which
parses it or raises the NotationError it always raised. tests/engine/test_canonical_notation.py
holds both readings equal on every line of the golden games and every action listed in them,
and sees every odd line go to Lark.
"""
from __future__ import annotations

import re
from typing import Callable

from ..limits import MAX_DIGITS
from .actions import (Action, BuyField, CardRef, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose, Respond,
                      UseAbility)

# The grammar's own terminals (the test compares them with grammar/actions.lark).
PATTERNS = {"NAME": "[A-Z][A-Za-z0-9_]*", "BEAN": "[a-z][a-z0-9]*(-[a-z0-9]+)*", "INT": "[0-9]+"}
_NAME, _BEAN, _INT = (re.compile(PATTERNS[name]).fullmatch for name in ("NAME", "BEAN", "INT"))

ZONES = frozenset(("offer", "set-aside", "hand", "field", "discard", "deck", "coins"))
WHATS = frozenset(("phase", "planting", "trading"))
VERBS = frozenset(("accepts", "rejects", "withdraws"))
KEYWORDS = frozenset(("plants", "harvests", "ends", "offers", "to", "for", "gives", "asks", "buys", "a", "field",
                      "uses", "on", "with", "chooses", "discards", "takes", "puts", "draws"))
# Every word the grammar gives a meaning of its own (the test checks the grammar has no other).
RESERVED = ZONES | WHATS | VERBS | KEYWORDS | {"in", "the"}


def _bean(word: str) -> bool:
    return _BEAN(word) is not None and word not in RESERVED


def _int(word: str) -> int | None:
    """A field, position or proposal number as the grammar reads it; None: leave it to Lark."""
    return int(word) if len(word) <= MAX_DIGITS and _INT(word) is not None else None


def _choice(word: str) -> bool:  # NAME | INT | BEAN
    return _NAME(word) is not None or _int(word) is not None or _bean(word)


def _card(text: str) -> CardRef | None:
    words = text.split(" ")
    if len(words) == 1:
        return CardRef(words[0]) if _bean(words[0]) else None
    if len(words) != 2 or words[0] not in ZONES:
        return None
    if _bean(words[1]):
        return CardRef(words[1], words[0])
    number = _int(words[1])
    return CardRef(None, "hand", number) if words[0] == "hand" and number else None


def _cards(text: str) -> tuple[CardRef, ...] | None:
    cards = tuple(_card(part) for part in text.split(", "))
    return None if None in cards else cards  # type: ignore[return-value]


def _plant(p: str, words: list[str]) -> Action | None:
    zone = bean = field = None
    if words and words[0] in ("offer", "set-aside"):  # "hand" is never written: the guard refuses it
        zone = words.pop(0)
    if words and _bean(words[0]):
        bean = words.pop(0)
    if words and words[0] == "in":
        words.pop(0)
    if words:
        field = _int(words.pop(0))
        if field is None or words:
            return None
    return Plant(p, bean, field, zone)


def _harvest(p: str, words: list[str]) -> Action | None:
    if len(words) != 1:
        return None
    field = _int(words[0])
    return Harvest(p, field=field) if field is not None else Harvest(p, bean=words[0]) if _bean(words[0]) else None


def _proposal(p: str, words: list[str]) -> Action | None:
    verb, rest = words[0], " ".join(words[1:])
    if verb == "asks":
        to, _, take = rest.partition(" for ")
        cards = _cards(take)
        return Propose(p, to, (), cards) if _NAME(to) and cards else None
    give, _, tail = rest.partition(" to ")
    to, _, take = tail.partition(" for ") if verb == "offers" else (tail, "", "")
    gives, takes = _cards(give), _cards(take) if verb == "offers" else ()
    return Propose(p, to, gives, takes) if _NAME(to) and gives and takes is not None else None


def _use(p: str, words: list[str]) -> Action | None:
    line = " ".join(words)
    head, _, choices = line.partition(" with ")
    picked = tuple(choices.split(", ")) if choices else ()
    if not all(_choice(c) for c in picked):
        return None
    parts = head.split(" ")
    field = None
    if len(parts) >= 2 and parts[-2] == "on":
        field = _int(parts[-1])
        if field is None:
            return None
        parts = parts[:-2]
    if not 1 <= len(parts) <= 2 or not all(_bean(b) for b in parts):
        return None
    return UseAbility(p, parts[0], parts[1] if len(parts) > 1 else None, field, picked)


def _discard(p: str, words: list[str]) -> Action | None:
    if not words:
        return MoveCard(p, "discards")
    if len(words) == 1:
        return MoveCard(p, "discards", words[0]) if _bean(words[0]) else None
    position = _int(words[1]) if len(words) == 2 and words[0] == "hand" else None
    return MoveCard(p, "discards", None, position) if position else None


def _take(p: str, words: list[str]) -> Action | None:
    if not words or words[0] != "discard" or len(words) > 2:
        return None
    if len(words) == 1:
        return MoveCard(p, "takes")
    return MoveCard(p, "takes", words[1]) if _bean(words[1]) else None


def _single(build: Callable[[str, str], Action], allowed: Callable[[str], bool]) -> Callable:
    return lambda p, words: build(p, words[0]) if len(words) == 1 and allowed(words[0]) else None


def _respond(p: str, verb: str, words: list[str]) -> Action | None:
    if not words:
        return Respond(p, verb)
    if len(words) != 1:
        return None
    number = _int(words[0])
    return Respond(p, verb, number) if number is not None else Respond(p, verb, words[0]) if _NAME(words[0]) else None


_READERS: dict[str, Callable[[str, list[str]], Action | None]] = {
    "plants": _plant, "harvests": _harvest, "discards": _discard, "takes": _take,
    "ends": _single(EndPhase, WHATS.__contains__),
    "chooses": _single(Choose, _choice),
    "uses": _use,
    "buys": lambda p, words: BuyField(p) if words == ["a", "field"] else None,
    "draws": lambda p, words: None if words else DrawCard(p),
}


def read(line: str) -> Action | None:
    """The action of a canonical line, or None: not one this reader is sure of (ask Lark)."""
    words = line.split(" ")
    if len(words) < 2 or _NAME(words[0]) is None:
        return None
    player, verb = words[0], words[1]
    if verb in VERBS:
        action = _respond(player, verb, words[2:])
    elif verb in ("offers", "gives", "asks"):
        action = _proposal(player, words[1:])
    else:
        reader = _READERS.get(verb)
        action = reader(player, words[2:]) if reader is not None else None
    # only the line notation() writes: anything else (a spelling Lark also reads) goes to Lark
    return action if action is not None and action.notation() == line else None
