"""A spec written in English glosses every quote it cites in another language.

Readers of the generated pages (and of the spec) may not read Spanish or German; the gloss is
the quote in English, written next to it (``§ es "Fase 1" "Debe…" gloss "You must…"``). A quote
without one is a warning, not an error: the rule is still stated and cited.
"""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, Span


def missing_glosses(model: dict[str, Any]) -> list[Diagnostic]:
    """One warning per quoted citation in another language that has no English gloss, for the
    clauses this spec states itself (a base's clauses are its own spec's business)."""
    if model["language"] != "en":
        return []
    languages = {sid: source.get("language") or model["language"] for sid, source in model["sources"].items()}
    warnings = []
    items = [*model["beans"], *model["phases"], *model["rules"]]
    for item in items:
        if item.get("origin", model["rulebook"]) != model["rulebook"] or not item.get("span"):
            continue
        for citation in item["provenance"]["citations"]:
            language = languages.get(citation["source"], "en")
            if citation["quote"] and language != "en" and not citation.get("gloss"):
                span = Span(**item["span"])
                warnings.append(Diagnostic(
                    "warning", "missing-gloss",
                    f"the {language} quote “{_shorten(citation['quote'])}” has no English gloss",
                    Span(span.file, span.line, span.column, span.line, span.column + 1),
                    suggestion=f'add gloss "…" after the quote: § {citation["source"]} "{citation["where"]}" '
                               f'"{_shorten(citation["quote"])}" gloss "…"'))
    return warnings


def _shorten(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
