"""Numbers and texts of a parsed spec checked before the builder reads them.

Each number is bounded by what the clause it sits in counts (players, fields, cards, coins,
repetitions: see :mod:`beanrules.limits`), and each quoted text must use only the escapes the
language has. Past a bound is a located error, so no later step converts a 4,301-digit number,
loops up to 10**30 or decodes a broken escape.
"""
from __future__ import annotations

from lark import Token, Tree

from ..diagnostics import Diagnostic, Span
from ..text import first_control
from ..limits import (MAX_BEAN_COUNT, MAX_CARDS, MAX_DECK_RUNS, MAX_DIGITS, MAX_FIELDS,
                      MAX_PLAYERS, MAX_REPEAT)

# The grammar rule an INT sits in → (largest value, what it counts). Anything not listed is a
# count of cards or coins.
_BOUNDS: dict[str, tuple[int, str]] = {
    "players": (MAX_PLAYERS, "players"),
    "player_cond": (MAX_PLAYERS, "players"),
    "int_case": (MAX_FIELDS, "fields"),
    "buy_field": (MAX_FIELDS, "fields"),
    "bean": (MAX_BEAN_COUNT, "cards of one bean type"),
    "meter_step": (MAX_BEAN_COUNT, "cards of one bean type"),
    "times_case": (MAX_DECK_RUNS, "times the deck runs out"),
    "repeat": (MAX_REPEAT, "repetitions"),
}
_DEFAULT = (MAX_CARDS, "cards or coins")

ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def check_tree(tree: Tree, file: str) -> list[Diagnostic]:
    """Every number past its bound and every text with an unknown escape, in source order."""
    found: list[Diagnostic] = []
    stack: list[Tree] = [tree]
    while stack:  # iterative: the tree's depth is bounded, but nothing here needs recursion
        node = stack.pop()
        for child in node.children:
            if isinstance(child, Tree):
                stack.append(child)
            elif isinstance(child, Token) and child.type == "INT":
                problem = _number(child, node.data)
                if problem:
                    found.append(Diagnostic("error", "too-large", problem, _span(file, child),
                                            suggestion=None))
            elif isinstance(child, Token) and child.type == "STRING":
                found.extend(_text(child, file))
    return sorted(found, key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0))


def _text(token: Token, file: str) -> list[Diagnostic]:
    control = first_control(str(token))
    if control is not None:  # it would reach terminals that print titles, quotes and texts
        return [Diagnostic("error", "control-character",
                           f"a control character ({control}) in a quoted text", _span(file, token))]
    try:
        unescape(str(token))
    except ValueError as exc:
        return [Diagnostic("error", "bad-escape", str(exc), _span(file, token),
                           suggestion='write \\" for a quote and \\\\ for a backslash')]
    return []


def _number(token: Token, context: str) -> str | None:
    bound, what = _BOUNDS.get(context, _DEFAULT)
    if len(token) > MAX_DIGITS or int(token) > bound:
        shown = token if len(token) <= 12 else f"{token[:6]}…({len(token)} digits)"
        return f"{shown} is too large: at most {bound:,} {what}"
    return None


def unescape(token: str) -> str:
    """A STRING token's text (quotes included) with its escapes undone; ValueError names an
    escape the language does not have."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            nxt = body[i + 1] if i + 1 < len(body) else ""
            if nxt not in ESCAPES:
                raise ValueError(f"unknown escape '\\{nxt}' in a quoted text")
            out.append(ESCAPES[nxt])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _span(file: str, token: Token) -> Span:
    line, column = token.line or 1, token.column or 1
    return Span(file, line, column, token.end_line or line, token.end_column or column + len(token))
