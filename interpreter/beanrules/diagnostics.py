"""Diagnostics: what went wrong in a spec, where, and what might fix it.

Rendered like a compiler's messages::

    specs/classic.bean:12:9: error: unknown bean 'stnk'
       12 |   use beans stnk red
          |             ^^^^
      hint: did you mean 'stink'?
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Callable, Iterable, Literal, Sequence

from .limits import MAX_DIAGNOSTICS, MAX_SHOWN_LINE
from .text import escape_controls

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Span:
    """A stretch of source text: 1-based lines and columns, end exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
        }


@dataclass(frozen=True)
class Diagnostic:
    """One problem in one place. ``code`` is stable, ``message`` is for people."""

    severity: Severity
    code: str
    message: str
    span: Span | None = None
    expected: tuple[str, ...] = ()
    suggestion: str | None = None
    source_line: str | None = field(default=None, compare=False)
    hidden: tuple[int, int] = field(default=(0, 0), compare=False)  # (errors, warnings) not shown

    @property
    def location(self) -> str:
        if self.span is None:
            return "<unknown>"
        return f"{self.span.file}:{self.span.line}:{self.span.column}"

    def render(self, highlight: Callable[[str], str] | None = None) -> str:
        """The message as a compiler prints it; ``highlight`` colours the quoted source line."""
        prefix = f"{escape_controls(self.location)}: " if self.span is not None else ""
        lines = [f"{prefix}{self.severity}: {escape_controls(self.message)}"]
        if self.span is not None and self.source_line is not None:
            gutter = f"{self.span.line:>5} | "
            text = self.source_line.rstrip("\n").replace("\t", " ")
            column = self.span.column
            width = 1
            if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            # A long line shows a window around the caret, so one line cannot flood the screen.
            start = max(0, min(column - 1 - MAX_SHOWN_LINE // 2, len(text) - MAX_SHOWN_LINE))
            shown = text[start:start + MAX_SHOWN_LINE]
            lead = "…" if start else ""
            trail = "…" if start + MAX_SHOWN_LINE < len(text) else ""
            quoted = escape_controls(shown)
            lines.append(gutter + lead + (highlight(quoted) if highlight else quoted) + trail)
            offset = column - 1 - start + len(lead)
            width = max(1, min(width, MAX_SHOWN_LINE - (column - 1 - start)))
            lines.append(" " * (len(gutter) - 2) + "| " + " " * offset + "^" * width)
        if self.expected:
            lines.append("  expected: " + ", ".join(self.expected))
        if self.suggestion:
            lines.append(f"  hint: {escape_controls(self.suggestion)}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "span": self.span.to_json() if self.span else None,
            "expected": list(self.expected),
            "suggestion": self.suggestion,
        }


class SpecError(Exception):
    """A spec did not compile; ``diagnostics`` says every reason found."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


def capped(diagnostics: Sequence[Diagnostic], limit: int = MAX_DIAGNOSTICS) -> list[Diagnostic]:
    """The first `limit` diagnostics, then one that counts the rest ("and 12 more")."""
    if len(diagnostics) <= limit:
        return list(diagnostics)
    rest = diagnostics[limit:]
    errors = sum(d.severity == "error" for d in rest)
    warnings = len(rest) - errors
    return list(diagnostics[:limit]) + [Diagnostic(
        "error" if errors else "warning", "more",
        f"and {len(rest)} more ({errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''}) not shown", hidden=(errors, warnings))]


def count(diagnostics: Iterable[Diagnostic], severity: Severity) -> int:
    """How many diagnostics of a severity there were, those not shown included."""
    index = 0 if severity == "error" else 1
    return sum(d.hidden[index] if d.code == "more" else d.severity == severity for d in diagnostics)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a misspelt word, phrased as a hint, or None."""
    matches = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else None


def attach_source(diagnostics: Iterable[Diagnostic], texts: dict[str, str]) -> list[Diagnostic]:
    """Fill in the offending source line of each diagnostic from the texts by file name."""
    out = []
    split: dict[str, list[str]] = {}  # each text split once, however many diagnostics it has
    for d in diagnostics:
        if d.span is not None and d.source_line is None and d.span.file in texts:
            src_lines = split.setdefault(d.span.file, texts[d.span.file].splitlines())
            if 1 <= d.span.line <= len(src_lines):
                d = Diagnostic(d.severity, d.code, d.message, d.span, d.expected, d.suggestion,
                               src_lines[d.span.line - 1])
        out.append(d)
    return out
