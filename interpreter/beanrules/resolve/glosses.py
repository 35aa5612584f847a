"""Every spec glosses every quote it cites in a language other than English, whatever the
language the spec itself is written in.

The generated pages are in English, and their readers (and the spec's) may not read Spanish or
German, even when the spec itself is written in Spanish or German; the gloss is the quote in
English, written next to it (``§ es "Fase 1" "Debe…" gloss "You must…"``). A quote
without one is a warning, not an error: the rule is still stated and cited.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..diagnostics import Diagnostic, Span
from ..syntax.ast import Bean, Citation, Phase, Provenance, Removal, Rule, Spec, Text


def missing_glosses(spec: Spec, model: dict[str, Any]) -> list[Diagnostic]:
    """One warning per quoted citation in a language other than English that has no English
    gloss, in a spec of any language (a translation too), for the citations this spec writes
    itself (a base's are its own spec's business)."""
    languages = {sid: source.get("language") or model["language"] for sid, source in model["sources"].items()}
    warnings = []
    for citation in _own_citations(spec):
        language = languages.get(citation.source.name, model["language"])
        if citation.quote and language != "en" and not citation.gloss:
            span = citation.span
            warnings.append(Diagnostic(
                "warning", "missing-gloss",
                f"the {language} quote “{_shorten(citation.quote)}” has no English gloss",
                Span(span.file, span.line, span.column, span.line, span.column + 1),
                suggestion=f'add gloss "…" after the quote: § {citation.source.name} "{citation.where}" '
                           f'"{_shorten(citation.quote)}" gloss "…"'))
    return warnings


def _own_citations(spec: Spec) -> Iterator[Citation]:
    """Every citation the spec writes in its own file: its clauses' (and what a source says
    against them, but / departs), its beans' names, notes, says texts and phase headers."""
    yield from spec.header.provenance.citations
    yield from _texts(spec.header.notes)
    for item in spec.items:
        yield from _entry(item)


def _texts(texts: tuple[Text, ...]) -> Iterator[Citation]:
    for text in texts:
        yield from text.provenance.citations


def _entry(item: Bean | Rule | Removal | Phase) -> Iterator[Citation]:
    provenances: list[Provenance] = [item.provenance]
    if isinstance(item, Bean):
        provenances += [name.provenance for name in item.names]
        provenances += [ability.provenance for ability in item.abilities]
        provenances += [item.plays_as.provenance] if item.plays_as else []
        provenances += [contradiction.provenance for contradiction in item.contradictions]
        yield from _texts(item.notes)
    elif isinstance(item, Rule):
        provenances += [says.provenance for says in item.says]
        provenances += [contradiction.provenance for contradiction in item.contradictions]
        yield from _texts(item.notes[1:] if item.kind == "note" else item.notes)
    for provenance in provenances:
        yield from provenance.citations
    if isinstance(item, Phase):
        for entry in item.entries:
            yield from _entry(entry)


def _shorten(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
