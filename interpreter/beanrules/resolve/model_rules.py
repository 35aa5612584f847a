"""Reading a composed rule model for the playability checks: rules by kind (as the engine
reads them: a later rule of a kind replaces an earlier one), player counts, located errors."""
from __future__ import annotations

from ..diagnostics import Diagnostic, Span


def span_of(item: dict | None) -> Span | None:
    raw = (item or {}).get("span")
    return Span(**raw) if raw else None


def error(code: str, message: str, item: dict | None, at: Span | None, suggestion: str | None = None) -> Diagnostic:
    return Diagnostic("error", code, message, span_of(item) or at, suggestion=suggestion)


def rules_of(model: dict, *kinds: str) -> list[dict]:
    return [r for r in model["rules"] if r["kind"] in kinds]


def one(model: dict, kind: str) -> dict | None:
    found = rules_of(model, kind)
    return found[-1] if found else None  # as the engine reads it: a later rule replaces one before


def player_counts(model: dict) -> range:
    return range(model["players"]["min"], model["players"]["max"] + 1)
