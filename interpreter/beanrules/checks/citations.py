"""Citations checked against the source texts (``beanrules check --sources DIR``).

Every quoted citation (``§ SOURCE "where" "quote"``) and every ``says`` text of a spec must be
found verbatim in its source file: whitespace is normalised, and "…" joins fragments, each of
which must be found (in order). Every cited section must exist: its name, or each part of it
(``"Fase 2, Ejemplo 1"``, ``"2 Dein Zug · 4. Nachziehen"``), begins a line of the source, a
heading's numbered item (``"Leicht vergessen 13"``) included. A miss is a warning that names
the cited text and the nearest text the source has.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, Span

_ELLIPSIS = re.compile(r"\s*(?:\[(?:…|\.\.\.)\]|…|\.\.\.)\s*")
_LEADING = re.compile(r"^(?:[•\-*#①-⑳]+\s*|\d+\.\s+(?=\d+\.)|#+\s*)")
_PARTS = re.compile(r"\s*(?: · |, |; )\s*")


_LOOSE = re.compile(r"\s+(?=[!?.,;:)])|(?<=[¡¿(])\s+")


def normalise(text: str) -> str:
    """Whitespace collapsed, also where it only leans on punctuation ("juego !"); the
    rulebooks' list bullets and the stray '#' of "Ejemplo # 3" left out."""
    return _LOOSE.sub("", " ".join(text.replace("#", " ").replace("•", " ").split()))


@dataclass(frozen=True)
class SourceText:
    file: str
    text: str                  # normalised
    lines: tuple[str, ...]     # normalised, list markers and repeated numbering taken off
    sentences: tuple[str, ...]

    def has_quote(self, quote: str) -> str | None:
        """None if every fragment of the quote is found in order, else the first fragment missing."""
        at = 0
        for fragment in (f for f in _ELLIPSIS.split(normalise(quote)) if f.strip(" .")):
            found = self.text.find(fragment.strip(), at)
            if found < 0:  # name the first sentence of it that is missing, not the whole quote
                sentences = [x for x in re.split(r"(?<=[.!?])\s+", fragment.strip()) if x]
                return next((x for x in sentences if x not in self.text), fragment.strip())
            at = found + len(fragment.strip())
        return None

    def has_section(self, where: str) -> bool:
        where = normalise(where)
        if self._starts_a_line(where):
            return True
        return all(self._starts_a_line(part) or self._numbered_item(part)
                   for part in _PARTS.split(where) if part)

    def _starts_a_line(self, name: str) -> bool:
        """A line begins with the name, also past its number ("2 Dein Zug", "5. Ernten")."""
        name = name.casefold()
        return any(variant.casefold().startswith(name) for line in self.lines
                   for variant in (line, re.sub(r"^\d+\.?\s+", "", line)))

    def _numbered_item(self, part: str) -> bool:
        """'Leicht vergessen 13': a heading, then an item numbered 13 after it."""
        match = re.fullmatch(r"(.+?)\s+(\d+)\.?", part)
        if not match:
            return False
        heading, number = match.group(1).casefold(), match.group(2)
        for i, line in enumerate(self.lines):
            if re.sub(r"^\d+\s+", "", line).casefold().startswith(heading):
                return any(later.startswith(f"{number}.") for later in self.lines[i + 1:])
        return False

    def nearest(self, text: str) -> str | None:
        """The source's sentence most like `text`."""
        found = difflib.get_close_matches(normalise(text), list(self.sentences), n=1, cutoff=0.3)
        return found[0] if found else None

    def nearest_line(self, where: str) -> str | None:
        """The source's line most like a cited section, ignoring case as the look-up does
        ("Third Bean Fields" is the heading "THIRD BEAN FIELDS")."""
        folded = {line.casefold(): line for line in self.lines}
        found = difflib.get_close_matches(normalise(where).casefold(), list(folded), n=1, cutoff=0.3)
        return folded[found[0]] if found else None

    def quote_missed(self, missing: str, quote: str) -> str:
        """How a warning says that this source does not have `missing`, a fragment of `quote`."""
        near = self.nearest(missing)
        return (f"quotes \"{missing}\", which {self.file} does not say"
                + ("" if missing == normalise(quote) else f" (in \"{quote[:60]}…\")")
                + (f"; nearest there: \"{near}\"" if near else ""))


@cache
def read_source(path: Path) -> SourceText | None:
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError:
        return None
    lines = []
    for line in raw.splitlines():
        line = normalise(line)
        while True:  # "4. 4. Nachziehen", "• AMIGO-…", "## Classic beans"
            stripped = _LEADING.sub("", line, count=1)
            if stripped == line:
                break
            line = stripped
        if line:
            lines.append(line)
    text = normalise(raw)
    sentences = tuple(s.strip() for s in re.split(r"(?<=[.!?:])\s+|\n", raw) if s.strip())
    return SourceText(path.name, text, tuple(lines), tuple(normalise(s) for s in sentences))


@dataclass
class CitationReport:
    checked: int = 0
    missed: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _span(record: dict[str, Any]) -> Span | None:
    return Span(**record["span"]) if record.get("span") else None


def review_citations(model: dict[str, Any], sources: Path) -> CitationReport:
    """Look up the citations the spec itself writes (not its base's) in the files of `sources`."""
    report = CitationReport()
    own = [c for c in model.get("citations", []) if c["origin"] == model["rulebook"]]
    files = {sid: s.get("file") for sid, s in model["sources"].items()}
    by_language: dict[str, list[str]] = {}
    for sid, s in model["sources"].items():
        by_language.setdefault(s.get("language") or "", []).append(sid)
    for record in own:
        ids = [record["source"]] if record["says"] is None else by_language.get(record["says"], [])
        texts = [t for t in (read_source(sources / files[i]) for i in ids if files.get(i)) if t]
        if not texts:
            continue  # a source without a file (a house rule), or not in this folder
        what = f"§ {record['source']} \"{record['where']}\"" if record["says"] is None else f"says {record['says']}"
        if record["where"] is not None:
            report.checked += 1
            if not any(t.has_section(record["where"]) for t in texts):
                report.missed += 1
                near = texts[0].nearest_line(record["where"])
                report.diagnostics.append(Diagnostic(
                    "warning", "section-not-found",
                    f"{record['on']}: {what} names a section that {texts[0].file} does not have"
                    + (f"; nearest there: \"{near}\"" if near else ""), _span(record)))
        if record["quote"]:
            report.checked += 1
            missing = [t.has_quote(record["quote"]) for t in texts]
            if all(m is not None for m in missing):
                report.missed += 1
                report.diagnostics.append(Diagnostic(
                    "warning", "quote-not-found",
                    f"{record['on']}: {what} {texts[0].quote_missed(missing[0], record['quote'])}", _span(record)))
    return report


def check_citations(model: dict[str, Any], sources: Path) -> list[Diagnostic]:
    return review_citations(model, sources).diagnostics
