"""Every citation a spec writes, wherever it writes it, as plain records for the rule model.

Rules and beans keep their own citations in their provenance; a bean's names, a removal, a
phase header, a note and each ``says`` text cite too, and those had nowhere to go. The model's
``citations`` list holds them all (the base's first), each saying what it is attached to, so
that `check --sources` can find each quote in its source file.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..syntax.ast import Bean, Phase, Provenance, Removal, Rule, Spec, Text
from .to_json import default_rule_id, span_json


def _cites(provenance: Provenance, on: str, origin: str) -> Iterator[dict[str, Any]]:
    for c in provenance.citations:
        yield {"source": c.source.name, "where": c.where, "quote": c.quote, "says": None,
               "on": on, "origin": origin, "span": span_json(c.span)}


def _texts(texts: tuple[Text, ...], on: str, origin: str) -> Iterator[dict[str, Any]]:
    for text in texts:
        yield from _cites(text.provenance, on, origin)


def _entry(item: Bean | Rule | Removal | Phase, origin: str) -> Iterator[dict[str, Any]]:
    if isinstance(item, Bean):
        on = f"bean {item.id}"
        yield from _cites(item.provenance, on, origin)
        for name in item.names:
            yield from _cites(name.provenance, f"{on} name {name.language}", origin)
        yield from _texts(item.notes, f"{on} note", origin)
        for ability in item.abilities:
            yield from _cites(ability.provenance, f"{on} ability", origin)
        if item.plays_as:
            yield from _cites(item.plays_as.provenance, f"{on} plays as", origin)
        for contradiction in item.contradictions:
            yield from _cites(contradiction.provenance, f"{on} {contradiction.kind}", origin)
    elif isinstance(item, Rule):
        on = f"rule {item.id or default_rule_id(item)}"
        yield from _cites(item.provenance, on, origin)
        yield from _texts(item.notes[1:] if item.kind == "note" else item.notes, f"{on} note", origin)
        for says in item.says:
            yield from _cites(says.provenance, f"{on} says {says.language}", origin)
            yield {"source": None, "where": None, "quote": says.text, "says": says.language,
                   "on": on, "origin": origin, "span": span_json(says.span)}
        for contradiction in item.contradictions:
            yield from _cites(contradiction.provenance, f"{on} {contradiction.kind}", origin)
    elif isinstance(item, Removal):
        yield from _cites(item.provenance, f"removal of {item.what} {item.id}", origin)
    else:
        yield from _cites(item.provenance, f"phase {item.id}", origin)
        for entry in item.entries:
            yield from _entry(entry, origin)


def spec_citations(spec: Spec) -> list[dict[str, Any]]:
    """Every citation and says text of one spec, in file order."""
    origin = spec.header.name
    out = list(_cites(spec.header.provenance, "header", origin))
    out += _texts(spec.header.notes, "header note", origin)
    for item in spec.items:
        out += _entry(item, origin)
    return out
