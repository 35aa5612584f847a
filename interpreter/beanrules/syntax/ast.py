"""The abstract syntax of a spec: frozen dataclasses, each carrying its source span.

A statement becomes a :class:`Rule` with a ``kind`` (the grammar rule that matched, e.g.
``plant-from-hand``) and JSON-ready ``params``. Names that must resolve to something
(beans, phases, sources) are kept as :class:`Ref` with their own span, so the resolver can
point at the exact word.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..diagnostics import Span


@dataclass(frozen=True)
class Ref:
    """A name used in a clause that must resolve: a bean, phase, source or zone."""

    kind: Literal["bean", "phase", "source", "rule"]
    name: str
    span: Span


@dataclass(frozen=True)
class Citation:
    source: Ref
    where: str
    quote: str | None
    span: Span
    gloss: str | None = None  # the quote in English, when the source is in another language


@dataclass(frozen=True)
class Provenance:
    citations: tuple[Citation, ...] = ()
    assumed: str | None = None

    def merged(self, other: "Provenance") -> "Provenance":
        return Provenance(self.citations + other.citations, other.assumed or self.assumed)


@dataclass(frozen=True)
class Text:
    """A text in one language: a bean's name, a rule as a rulebook words it, a note."""

    language: str
    text: str
    provenance: Provenance
    span: Span


@dataclass(frozen=True)
class Contradiction:
    """What a clause's source says against it (``but`` CITATIONS), or why its value departs
    from what its own quote states (``departs`` "why" CITATIONS)."""

    kind: Literal["but", "departs"]
    reason: str | None
    provenance: Provenance
    span: Span


@dataclass(frozen=True)
class Source:
    id: str
    title: str
    file: str | None
    language: str | None
    span: Span


@dataclass(frozen=True)
class Header:
    name: str
    title: str | None
    language: str | None
    sources: tuple[Source, ...]
    extends: Ref | None
    translates: Ref | None
    notes: tuple[Text, ...]
    provenance: Provenance
    span: Span


@dataclass(frozen=True)
class Ability:
    """A special card's ability: when it may act (triggers) and what it does (effects)."""

    id: str | None
    title: str | None
    triggers: tuple[dict[str, Any], ...]
    effects: tuple[dict[str, Any], ...]
    provenance: Provenance
    span: Span


@dataclass(frozen=True)
class PlaysAs:
    """``plays as BEAN``: the card counts as that bean type wherever types matter."""

    bean: Ref
    provenance: Provenance
    span: Span


@dataclass(frozen=True)
class Bean:
    replace: bool
    id: str
    title: str | None
    count: int | None  # None: not stated (only a translation may leave it out)
    beanometer: tuple[int | None, ...] | None
    names: tuple[Text, ...]
    text: Text | None
    plantable: bool
    abilities: tuple[Ability, ...]
    provenance: Provenance
    notes: tuple[Text, ...]
    span: Span
    section: str | None
    id_span: Span
    contradictions: tuple[Contradiction, ...] = ()
    plays_as: PlaysAs | None = None


@dataclass(frozen=True)
class Rule:
    id: str | None
    replace: bool
    kind: str
    params: dict[str, Any]
    refs: tuple[Ref, ...]
    text: str
    says: tuple[Text, ...]
    notes: tuple[Text, ...]
    provenance: Provenance
    span: Span
    section: str | None
    phase: str | None
    id_span: Span | None
    contradictions: tuple[Contradiction, ...] = ()


@dataclass(frozen=True)
class Removal:
    what: Literal["rule", "bean", "phase", "card"]
    id: str
    provenance: Provenance
    span: Span
    id_span: Span


@dataclass(frozen=True)
class Phase:
    verb: Literal["phase", "replace", "add"]
    id: str
    title: str | None
    placement: tuple[Literal["before", "after"], Ref] | None
    entries: tuple[Bean | Rule | Removal, ...]
    provenance: Provenance
    span: Span
    id_span: Span


Item = Bean | Rule | Removal | Phase


@dataclass(frozen=True)
class Spec:
    file: str
    header: Header
    items: tuple[Item, ...]
