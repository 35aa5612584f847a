"""Scanner and parser: spec text to a Lark syntax tree with source positions.

The grammar is ``grammar/beanrules.lark``; this module only drives Lark and turns its
exceptions into :class:`Diagnostic` objects. To report several syntax errors in one run,
the parser recovers line by line: after an error it neutralises the offending line (and the
block indented under it) and parses again, up to :data:`MAX_SYNTAX_ERRORS` times, each time
from the last line break above the neutralised line (syntax/resume.py).
"""
from __future__ import annotations

from functools import cache

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..limits import MAX_NESTING, MAX_SPEC_BYTES
from ..memo import remember
from ..paths import grammar_file
from .resume import ResumableParse
from .tables import load_or_build

MAX_SYNTAX_ERRORS = 20


class SpecIndenter(Indenter):
    """Turns leading white space into _INDENT/_DEDENT tokens, as Python does."""

    NL_type = "_NL"
    # NAME is lexed in every parser state, so Lark folds keywords into it and a misspelt
    # keyword ("orderr") is one unexpected word, not the keyword "order" followed by "r".
    always_accept = ("_NL", "NAME")
    OPEN_PAREN_types: list[str] = []
    CLOSE_PAREN_types: list[str] = []
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


@cache
def spec_parser() -> Lark:
    grammar = grammar_file().read_text(encoding="utf-8")
    return load_or_build(grammar, SpecIndenter, lambda: Lark(
        grammar, parser="lalr", lexer="contextual", postlex=SpecIndenter(),
        propagate_positions=True, maybe_placeholders=False))


@cache
def _terminal_names() -> dict[str, str]:
    """Terminal name to the words a person would expect to read in a message."""
    friendly = {
        "NAME": "a name",
        "INT": "a number",
        "STRING": 'a quoted text ("…")',
        "_NL": "end of line",
        "_INDENT": "an indented block",
        "_DEDENT": "end of the indented block",
        "$END": "end of file",
        "NO_STEP": "'-'",
    }
    names = {}
    for term in spec_parser().terminals:
        if term.name in friendly:
            names[term.name] = friendly[term.name]
        elif term.pattern.type == "str":
            names[term.name] = f"'{term.pattern.value}'"
        else:
            names[term.name] = term.name.lower()
    names.update({k: v for k, v in friendly.items() if k not in names})
    return names


def decode_spec(data: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    """Bytes to text, or a diagnostic saying why the bytes are not a spec."""
    if len(data) > MAX_SPEC_BYTES:
        return None, [too_large(file, len(data))]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, [_byte_error(data, exc.start, file, "not UTF-8 text")]
    if "\x00" in text:
        return None, [_byte_error(data, data.index(b"\x00"), file, "binary data (a NUL byte)")]
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, []


def too_large(file: str, size: int) -> Diagnostic:
    return Diagnostic("error", "too-large", f"spec is {size / 1_000_000:.1f} MB; a spec may be at "
                      f"most {MAX_SPEC_BYTES // 1_000_000} MB", Span(file, 1, 1, 1, 1))


def _byte_error(data: bytes, offset: int, file: str, what: str) -> Diagnostic:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return Diagnostic("error", "not-text", f"this file is not a spec: {what} at byte {offset}",
                      Span(file, line, column, line, column + 1))


# Trees of texts that parsed clean, by the text alone: a syntax tree holds positions, never the
# file's name, so the same text written to another file (tests write variants of a spec to a
# fresh folder each; `check` and the docs read a spec again) is not parsed again. Nothing
# changes a tree once built (syntax/build.py and syntax/bounds.py only read it). Bounded: the
# oldest text goes first.
_TREES: dict[str, Tree] = {}
_TREES_LIMIT = 64


def parse_text(text: str, file: str) -> tuple[Tree | None, list[Diagnostic]]:
    """Parse spec text. Returns the tree (None if there were syntax errors) and diagnostics."""
    tree = _TREES.get(text)
    if tree is not None:
        return tree, []
    tree, diagnostics = _parse_text(text, file)
    if tree is not None and not diagnostics:
        remember(_TREES, text, tree, _TREES_LIMIT)
    return tree, diagnostics


def forget_trees() -> None:
    """Drop every kept tree (for benchmarks that time parsing itself)."""
    _TREES.clear()


def _parse_text(text: str, file: str, resume: bool = True) -> tuple[Tree | None, list[Diagnostic]]:
    """Parse, recovering after each syntax error. Each parse after the first starts at the last
    line break above the line just rewritten (syntax/resume.py), unless `resume` is False
    (tests compare the two: the same diagnostics either way)."""
    if not text.strip():
        return None, [Diagnostic("error", "empty", "the spec is empty: it must start with "
                                 "'rulebook NAME'", Span(file, 1, 1, 1, 1),
                                 suggestion='start with a header such as: rulebook my-variant "My variant"')]
    lines = text.split("\n")
    too_deep = _too_deep(lines, file)
    if too_deep is not None:
        return None, [too_deep]
    diagnostics: list[Diagnostic] = []
    neutralised: set[int] = set()
    parser = ResumableParse(spec_parser(), SpecIndenter)
    same_lines = 0  # lines above the first one rewritten: the same as in the parse before
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            if resume:
                tree = parser.parse("\n".join(lines) + "\n", same_lines)
            else:
                tree = spec_parser().parse("\n".join(lines) + "\n")
        except (UnexpectedInput, DedentError) as exc:
            diagnostic = _diagnose(exc, lines, file)
            line_no = diagnostic.span.line if diagnostic.span else None
            # After a first error, only new lines count: a line already reported, or the end of
            # the file, failing again is the recovery's own doing, not a second mistake.
            reported = {d.span.line for d in diagnostics if d.span}
            if not diagnostics or (line_no not in reported and diagnostic.code != "unexpected-end"):
                diagnostics.append(diagnostic)
            if (line_no is None or line_no > len(lines) or line_no == _first_line(lines)
                    or not _neutralise(lines, line_no - 1, neutralised)):
                break  # without a header there is nothing to recover into
            same_lines = line_no - 1  # _neutralise rewrote that line and the lines under it
            continue
        # a tree is handed out only from the first parse, which started at the first line
        return (tree if not diagnostics else None), diagnostics
    return None, diagnostics


def _too_deep(lines: list[str], file: str) -> Diagnostic | None:
    """The first line indented more than MAX_NESTING blocks deep. Checked before parsing, so
    that no later pass over the tree recurses deeper than this bound."""
    stack = [0]
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        width = _indent_width(line)
        while width < stack[-1]:
            stack.pop()
        if width > stack[-1]:
            stack.append(width)
        if len(stack) - 1 > MAX_NESTING:
            return Diagnostic("error", "too-deep", f"blocks are nested more than {MAX_NESTING} "
                              "deep here", Span(file, number, 1, number, width + 1),
                              suggestion="split the card ability into several abilities")
    return None


def _indent_width(line: str) -> int:
    expanded = line.expandtabs(8)
    return len(expanded) - len(expanded.lstrip())


def _first_line(lines: list[str]) -> int:
    """The line number of the first line that is neither blank nor a comment."""
    return next((n for n, line in enumerate(lines, start=1)
                 if line.strip() and not line.strip().startswith("#")), 1)


def _neutralise(lines: list[str], index: int, done: set[int]) -> bool:
    """Replace a broken line, and the block under it, so parsing can go on. False if stuck."""
    if index in done and not lines[index].strip().startswith("#"):
        lines[index] = ""  # a placeholder did not fit here either: drop the line
        return True
    if index in done:
        return False
    done.add(index)
    original = lines[index]
    indent = len(original) - len(original.lstrip(" \t"))
    if not original.strip():
        return False
    lines[index] = original[:indent] + 'note ""'
    for j in range(index + 1, len(lines)):
        stripped = lines[j].strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(lines[j]) - len(lines[j].lstrip(" \t")) <= indent:
            break
        lines[j] = "#"
    return True


def _diagnose(exc: Exception, lines: list[str], file: str) -> Diagnostic:
    names = _terminal_names()
    if isinstance(exc, DedentError):
        line = _dedent_line(lines)
        return Diagnostic("error", "indentation",
                          "this line's indentation matches no enclosing block",
                          Span(file, line, 1, line, 2),
                          suggestion="indent it exactly like the clause it belongs with")
    if isinstance(exc, UnexpectedCharacters):
        ch = lines[exc.line - 1][exc.column - 1] if exc.line - 1 < len(lines) and exc.column - 1 < len(lines[exc.line - 1]) else "?"
        span = Span(file, exc.line, exc.column, exc.line, exc.column + 1)
        if ch == '"':
            return Diagnostic("error", "unterminated-text", "this quoted text never ends", span,
                              suggestion='close it with " on the same line')
        allowed = exc.allowed or set()
        return Diagnostic("error", "unexpected-character", f"unexpected character '{ch}'", span,
                          _expected(allowed, names),
                          suggestion=_hint_for_word(_word_at(lines, exc.line, exc.column),
                                                    _expected(allowed, names, limit=None)))
    if isinstance(exc, UnexpectedEOF):
        line = max(1, len([l for l in lines if l.strip()]) and len(lines))
        return Diagnostic("error", "unexpected-end", "the spec ends too early",
                          Span(file, line, 1, line, 1), _expected(set(exc.expected), names))
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    expected = _expected(exc.accepts or exc.expected, names)
    if token.type == "$END":
        line = len(lines)
        return Diagnostic("error", "unexpected-end", "the spec ends in the middle of a clause",
                          Span(file, line, 1, line, 1), expected)
    if token.type == "_INDENT":
        line = token.end_line or exc.line
        return Diagnostic("error", "unexpected-indent", "unexpected indentation: this line is "
                          "indented under a clause that takes no indented block",
                          Span(file, line, 1, line, 2), expected,
                          suggestion="indent it like the line above")
    if token.type == "_DEDENT":
        line = exc.line if exc.line and exc.line > 0 else len(lines)
        return Diagnostic("error", "unexpected-dedent", "the indented block ends too early",
                          Span(file, line, 1, line, 2), expected)
    if token.type == "_NL":
        line, column = token.line, token.column
        return Diagnostic("error", "incomplete", "the clause ends too early",
                          Span(file, line, column, line, column + 1), expected)
    value = str(token)
    span = Span(file, token.line, token.column, token.end_line or token.line,
                token.end_column or token.column + len(value))
    hint = _hint_for_word(value, _expected(exc.accepts or exc.expected, names, limit=None))
    if hint is None and set(expected) <= _CLAUSE_WORDS:
        hint = ("only citations (§ …), assumed, says, note, but and departs may be indented under a clause; "
                "a new clause starts at the indentation of the one before")
    return Diagnostic("error", "unexpected-word", f"unexpected {_describe(token.type, value)}",
                      span, expected, suggestion=hint)


_CLAUSE_WORDS = {"'§'", "'assumed'", "'says'", "'note'", "end of the indented block", "'name'",
                 "'text'", "'cannot'", "'ability'", "'but'", "'departs'"}


def _expected(terminals: set[str] | frozenset[str], names: dict[str, str],
              limit: int | None = 12) -> tuple[str, ...]:
    shown = sorted({names.get(t, t.lower()) for t in terminals if not t.startswith("__")})
    if limit is None or len(shown) <= limit:
        return tuple(shown)
    return tuple(shown[:limit]) + ("…",)


def _describe(kind: str, value: str) -> str:
    if kind == "STRING":
        return f"text {value}"
    if kind == "INT":
        return f"number {value}"
    return f"'{value}'"


def _hint_for_word(word: str | None, expected: tuple[str, ...]) -> str | None:
    if not word:
        return None
    keywords = [e.strip("'") for e in expected if e.startswith("'")]
    return did_you_mean(word, keywords)


def _word_at(lines: list[str], line: int, column: int) -> str | None:
    if not 1 <= line <= len(lines):
        return None
    text = lines[line - 1][column - 1:]
    word = ""
    for ch in text:
        if ch.isalnum() or ch in "-_":
            word += ch
        else:
            break
    return word or None


def _dedent_line(lines: list[str]) -> int:
    """The first line whose indentation matches no open block (Lark does not say where)."""
    stack = [0]
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        width = _indent_width(line)
        if width > stack[-1]:
            stack.append(width)
        else:
            while width < stack[-1]:
                stack.pop()
            if width != stack[-1]:
                return number
    return len(lines)
