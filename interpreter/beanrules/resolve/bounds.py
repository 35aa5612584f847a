"""Bounds on a whole rule model, where one clause alone cannot exceed them (see
:mod:`beanrules.syntax.bounds` for single numbers): the cards in play in one game."""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, Span
from ..limits import MAX_CARDS


def check_model(model: dict[str, Any]) -> list[Diagnostic]:
    total = 0
    for bean in model["beans"]:
        total += bean.get("count") or 0
        if total > MAX_CARDS:
            span = bean.get("span")
            return [Diagnostic("error", "too-large",
                               f"with bean '{bean['id']}' the rulebook has more than {MAX_CARDS:,} "
                               "cards; a game holds at most that many",
                               Span(**span) if isinstance(span, dict) else None)]
    return []
