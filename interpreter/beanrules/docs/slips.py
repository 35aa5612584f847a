"""Unit and number slips in generated English, found by pattern (issue 28).

A sentence made from parameters can put a unit after the wrong word ("at least 6 with 3 players,
5 with 4 to 5 players coins"), add up where it should count ("3 + 5 playing as it"), disagree in
number ("1 cards"), name a range of one ("2 to 2 players"), point at "this phase" where no phase
is named, or dump a parameter or a state as Python would print it. The tests read every generated
page with :func:`slips` (tests/test_docs_pages.py, and the built site in tests/docs).
"""
from __future__ import annotations

import re

SLIPS: list[tuple[str, str]] = [
    (r"\bplayers (?:coins|cards|thalers|beans|fields)\b", "a unit after a player count"),
    (r"\d+ \+ \d+ playing as", "a sum where a count belongs"),
    (r"\b1 (?:cards|coins|thalers|beans|fields|players|points)\b", "a plural after 1"),
    (r"\b(?:[02-9]|\d\d+) (?:card|coin|thaler|player|point)\b(?! (?:card|field|type))", "a singular after a number"),
    (r"\b(\d+) to \1 players\b", "a range of one number"),
    (r"\b(?:start|end) of this phase\b", "this phase, with nothing to name it"),
    (r"\{'|': \[|\bby_players\b", "a state or parameter dump"),
]


def slips(text: str) -> list[str]:
    """Each slip found in ``text``, with the words around it."""
    return [f"{slip}: …{text[max(0, m.start() - 80):m.end() + 40]}…"
            for pattern, slip in SLIPS for m in re.finditer(pattern, text)]
