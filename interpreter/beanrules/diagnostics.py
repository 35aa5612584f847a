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

    @property
    def location(self) -> str:
        if self.span is None:
            return "<unknown>"
        return f"{self.span.file}:{self.span.line}:{self.span.column}"

    def render(self, highlight: Callable[[str], str] | None = None) -> str:
        """The message as a compiler prints it; ``highlight`` colours the quoted source line."""
        prefix = f"{self.location}: " if self.span is not None else ""
        lines = [f"{prefix}{self.severity}: {self.message}"]
        if self.span is not None and self.source_line is not None:
            gutter = f"{self.span.line:>5} | "
            text = self.source_line.rstrip("\n").replace("\t", " ")
            lines.append(gutter + (highlight(text) if highlight else text))
            width = 1
            if self.span.end_line == self.span.line and self.span.end_column > self.span.column:
                width = self.span.end_column - self.span.column
            lines.append(" " * (len(gutter) - 2) + "| " + " " * (self.span.column - 1) + "^" * width)
        if self.expected:
            lines.append("  expected: " + ", ".join(self.expected))
        if self.suggestion:
            lines.append(f"  hint: {self.suggestion}")
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


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a misspelt word, phrased as a hint, or None."""
    matches = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else None


def attach_source(diagnostics: Iterable[Diagnostic], texts: dict[str, str]) -> list[Diagnostic]:
    """Fill in the offending source line of each diagnostic from the texts by file name."""
    out = []
    for d in diagnostics:
        if d.span is not None and d.source_line is None and d.span.file in texts:
            src_lines = texts[d.span.file].splitlines()
            if 1 <= d.span.line <= len(src_lines):
                d = Diagnostic(d.severity, d.code, d.message, d.span, d.expected, d.suggestion,
                               src_lines[d.span.line - 1])
        out.append(d)
    return out
