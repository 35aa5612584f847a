"""Numbers and texts of a parsed spec checked before the builder reads them.

Each number is bounded by what the clause it sits in counts (players, fields, cards, coins,
repetitions: see :mod:`beanrules.limits`), and each quoted text must use only the escapes the
language has. Past a bound is a located error, so no later step converts a 4,301-digit number,
loops up to 10**30 or decodes a broken escape. Below a clause's least (no field, a hand limit of
0, a phase that reveals no card) is a located error too, saying what the clause counts, instead
of the rule model's schema naming a JSON path. A deal or a draw of 0 cards is no error: it deals
or draws nothing (with some player counts, or at all), as a house rule may say.
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

# The grammar rule an INT sits in → (what it counts, a hint) where the clause needs at least 1:
# with 0 it would say nothing a game can play (the rule model's schema holds every such count to
# 1, so without this the error would name a JSON path). Clauses not listed take 0, or check it
# themselves with a message of their own (a bean's count, its beanometer, the players).
_AT_LEAST_ONE: dict[str, tuple[str, str | None]] = {
    "int_case": ("fields", None),
    "times_case": ("times the deck runs out", None),
    "reveal": ("cards turned up", "to turn up none, remove the rule"),
    "first_reveal": ("cards turned up", None),
    "plant_from_hand": ("cards planted at most", "to plant none, remove the rule"),
    "discard_from_hand": ("cards discarded at most", "to discard none, remove the rule"),
    "hand_limit": ("cards in a hand at most", None),
    "draw_one_at_a_time": ("cards drawn", "to draw none, remove the rule"),
    "protection": ("beans the other field has more than", None),
    "end_on_target": ("coins to reach", None),
    "token_draw": ("cards drawn more", None),
    "repeat": ("repetitions", None),
    "for_chosen": ("players chosen at most", None),
    "gain": ("coins gained", None),
}

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
                elif _too_small(child, node):
                    what, hint = _AT_LEAST_ONE[node.data]
                    found.append(Diagnostic("error", "too-small", f"{child} is too small: at least 1 ({what})",
                                            _span(file, child), suggestion=hint))
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


def _too_small(token: Token, node: Tree) -> bool:
    """A 0 where the clause needs at least 1. Of "plant 1 to 2 from front of hand" only the
    most (the last number) needs it: "plant 0 to 2" is a plant the player may forgo."""
    if node.data not in _AT_LEAST_ONE or int(token) >= 1:
        return False
    if node.data == "plant_from_hand":
        return token is [c for c in node.children if isinstance(c, Token) and c.type == "INT"][-1]
    return True


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
