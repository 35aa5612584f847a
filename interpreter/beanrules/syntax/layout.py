"""The canonical layout of a spec (`beanrules fmt`, and the language server's formatting).

The layout is the one the shipped specs are written in: the citations that follow a clause on
its line stand in a column. Precisely, within each top-level block (a line at the left margin
and the lines indented under it):

- the line's first citation (``§``) that follows other text on the line is the one aligned;
  a citation that starts its line, one after ``but``, and any later citation on the line are
  left where they are;
- the block's column is the column where most of its aligned citations stand with more than
  three spaces before them (the leftmost such column on a tie);
- each aligned citation goes to that column when at least three spaces fit before it there,
  else it follows its text after exactly three spaces; in a block with no citation standing
  more than three spaces after its text, every one follows its text after three spaces.

Only the spaces between a line's text and that citation change. The grammar ignores spaces and
tabs between tokens on a line (``%ignore /[\\t ]+/``), so the layout can never change what a
spec means; tests/test_layout.py checks that every shipped spec, conformance variant and test
spec compiles to the same rule model after formatting, and that formatting twice changes
nothing more. A spec that does not parse is not formatted: its syntax errors are returned.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from .parser import parse_text

GAP = 3  # spaces between a clause and its citation, at the least


@dataclass(frozen=True)
class Edit:
    """Replace columns [start, end) of a line (0-based, in characters) by `spaces` spaces."""
    line: int
    start: int
    end: int
    spaces: int


def layout_edits(text: str, file: str) -> tuple[list[Edit] | None, list[Diagnostic]]:
    """The edits that give `text` its canonical layout, or None and the syntax errors."""
    tree, diagnostics = parse_text(text, file)
    if tree is None:
        return None, diagnostics
    lines = text.split("\n")
    left_alone = {id(citation) for node in tree.find_data("contradiction")
                  for citation in node.find_data("citation")}
    first: dict[int, int] = {}  # 0-based line: column of its first citation
    for citation in tree.find_data("citation"):
        if id(citation) in left_alone:
            continue
        line, column = citation.meta.line - 1, citation.meta.column - 1
        if line not in first or column < first[line]:
            first[line] = column
    # the aligned citations: (line, end of the text before it, its column), by block
    blocks: dict[int, list[tuple[int, int, int]]] = {}
    block = 0
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and not line[0].isspace():
            block = number
        column = first.get(number)
        if column is None:
            continue
        end = len(line[:column].rstrip(" \t"))
        if end:  # text before it on the line
            blocks.setdefault(block, []).append((number, end, column))
    edits = []
    for aligned in blocks.values():
        usual = _usual_column(aligned)
        for number, end, column in aligned:
            target = usual if usual is not None and usual - end >= GAP else end + GAP
            if target != column or lines[number][end:column] != " " * (column - end):
                edits.append(Edit(number, end, column, target - end))
    return edits, diagnostics


def _usual_column(aligned: list[tuple[int, int, int]]) -> int | None:
    counts = Counter(column for _, end, column in aligned if column - end > GAP)
    if not counts:
        return None
    most = max(counts.values())
    return min(column for column, count in counts.items() if count == most)


def apply(text: str, edits: list[Edit]) -> str:
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.line, -e.start)):
        line = lines[edit.line]
        lines[edit.line] = line[:edit.start] + " " * edit.spaces + line[edit.end:]
    return "\n".join(lines)


def format_text(text: str, file: str) -> tuple[str | None, list[Diagnostic]]:
    """`text` in its canonical layout, or None and the syntax errors when it does not parse."""
    edits, diagnostics = layout_edits(text, file)
    if edits is None:
        return None, diagnostics
    return apply(text, edits), diagnostics
