"""A Lark LALR parse that can start again from a line break instead of from the first line.

The parser's recovery (parser.py) rewrites a broken line and the block under it, then parses
the whole text again, up to MAX_SYNTAX_ERRORS times; each broken spec in the test suite was
parsed about 2.3 times. Every line above the rewritten one is unchanged, and an LALR parse is
deterministic: when it reaches a line break above that line, its state stack, the lexer's
position and the indenter's open blocks are what they were in the parse before. So the parse
notes them at each line break (before the ``_NL`` token, a copy of two short stacks), and a
parse of the rewritten text starts at the last line break above the first rewritten line,
lexing and feeding the rest exactly as a parse from the start would: the same tokens in the
same parser states, hence the same error, or none.

Only the errors of such a parse are used: which error, and where, follows from the tokens
and the parser's states alone. Its tree is not the tree of the text: it shares subtrees with
the parse it started from, and Lark's LALR tree builder changes those in place (it extends a
left-recursive child's list of children, and ``propagate_positions`` writes to an inlined
child's meta), so the parse before may already have grown them. parser.py hands out only the
tree of a first parse, of a text without errors.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Any, Iterator, NamedTuple

from lark import Lark, Token, Tree
from lark.indenter import Indenter
from lark.lexer import LexerState, LexerThread, LineCounter
from lark.parsers.lalr_parser_state import ParseConf, ParserState
from lark.utils import TextSlice


class _Break(NamedTuple):
    """The parse's state just before the ``_NL`` token that starts on `line` (a named tuple:
    made at every line break, a frozen dataclass would take twice as long)."""
    line: int
    pos: int
    column: int
    before: Token | None  # the token before it
    states: tuple[Any, ...]
    values: tuple[Any, ...]
    indents: tuple[int, ...]


class ResumableParse:
    """Parses texts that differ only from some line on, each from the last line break the
    parse before passed above that line (`parse`)."""

    def __init__(self, lark: Lark, indenter: type[Indenter]) -> None:
        frontend = lark.parser
        self._lexer = frontend.lexer.lexer  # the contextual lexer under the indenter
        self._parser = frontend.parser.parser  # Lark's LALR loop
        self._conf = ParseConf(self._parser.parse_table, self._parser.callbacks, lark.options.start[0])
        self._indenter = indenter
        self._text = ""
        self._breaks: list[_Break] = []  # in the order of their lines

    def parse(self, text: str, same_lines: int = 0) -> Tree:
        """Parse `text`, whose first `same_lines` lines are those of the text parsed before
        (0: parse from the start). Raises what Lark's own parse of `text` raises."""
        at = self._start(text, same_lines)
        start = self._breaks[at] if at is not None else None
        indenter = self._indenter()
        if start is None:
            self._breaks = []
            state = LexerState(TextSlice.cast_from(text))
            parser_state = ParserState(self._conf, None)  # type: ignore[arg-type]
        else:
            del self._breaks[at:]  # it is noted again; the later ones may not hold
            counter = LineCounter("\n")
            counter.char_pos, counter.line, counter.column = start.pos, start.line, start.column
            counter.line_start_pos = start.pos - start.column + 1
            state = LexerState(TextSlice.cast_from(text), counter, start.before)
            parser_state = ParserState(self._conf, None, list(start.states), list(start.values))  # type: ignore[arg-type]
            indenter.indent_level = list(start.indents)
        self._text = text
        parser_state.lexer = LexerThread(_Noting(self, indenter), state)
        return self._parser.parse_from_state(parser_state, start.before if start else None)

    def _start(self, text: str, same_lines: int) -> int | None:
        """The index of the last line break within the first `same_lines` lines, if those
        lines (and the line feed ending the last of them) are the same in `text` as in the
        text before."""
        at = bisect_right(self._breaks, same_lines, key=lambda b: b.line) - 1
        if at < 0:
            return None
        end = text.find("\n", self._breaks[at].pos)
        if end < 0 or text[:end + 1] != self._text[:end + 1]:
            return None  # (never, as the recovery uses it: then parse from the start)
        return at

    def note(self, token: Token, before: Token | None, parser_state: ParserState, indenter: Indenter) -> None:
        self._breaks.append(_Break(token.line, token.start_pos, token.column, before,  # type: ignore[arg-type]
                                   tuple(parser_state.state_stack), tuple(parser_state.value_stack),
                                   tuple(indenter.indent_level)))


class _Noting:
    """The lexer the parse reads: the contextual lexer's tokens through the indenter, noting
    the parse's state at each line break on the way."""

    def __init__(self, owner: ResumableParse, indenter: Indenter) -> None:
        self.owner, self.indenter = owner, indenter

    def lex(self, state: LexerState, parser_state: ParserState) -> Iterator[Token]:
        return self.indenter._process(self._tokens(state, parser_state))

    def _tokens(self, state: LexerState, parser_state: ParserState) -> Iterator[Token]:
        before = state.last_token
        nl_type = self.indenter.NL_type
        for token in self.owner._lexer.lex(state, parser_state):
            if token.type == nl_type:
                # pulled only once the parser has fed every token before it
                self.owner.note(token, before, parser_state, self.indenter)
            before = token
            yield token
