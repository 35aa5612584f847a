"""A Pygments lexer for ``.bean`` specs, built from the grammar's own terminals.

Every keyword of the rules language is a string terminal of ``grammar/beanrules.lark``; this
module reads them from the compiled Lark grammar instead of listing them, so a keyword added to
the grammar is coloured without touching this file (tests/test_lexer.py checks every one).
Words that open a definition or a clause about provenance (``rulebook``, ``phase``, ``bean``,
``rule``, ``source``, ``says``, …) are declarations; the words of the rule sentences are
keywords; the name a declaration introduces is a class name; ``§ SOURCE`` is a decorator and
its label.

Registered as the Pygments lexer ``bean`` through the ``pygments.lexers`` entry point, so
mkdocs (fences written ```` ```bean ````) and ``pygmentize -l bean`` find it; ``beanrules
check`` uses it to colour its excerpts in a terminal.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pygments.lexer import RegexLexer, bygroups, default
from pygments import highlight
from pygments.formatters import TerminalFormatter
from pygments.token import Comment, Keyword, Name, Number, Punctuation, String, Text, Whitespace

from .syntax.parser import spec_parser

# Grammar rules whose words declare something or speak about provenance rather than state a
# rule: their keywords are coloured as declarations.
DECLARING_RULES = frozenset({
    "header", "language", "source", "extends", "translates", "section_name", "phase_verb",
    "placement", "place_word", "bean_verb", "beanometer", "bean_name", "card_text", "rule_id",
    "removal", "removable", "says", "clause_note", "assumed_clause", "assumed", "ability",
    "effect_if", "else_block", "repeat", "token",
})
_WORD = re.compile(r"[a-z][a-z-]*")
_BOUNDARY_BEFORE, _BOUNDARY_AFTER = r"(?<![a-z0-9-])", r"(?![a-z0-9-])"


@dataclass(frozen=True)
class GrammarWords:
    """Every word terminal of the grammar, by role.

    ``declaring``: appears in a rule that declares (``phase``, ``bean``, ``rule``, ``deck``…);
    ``declaring_only``: appears nowhere else (``assumed``, ``says``), so it declares wherever it
    stands, while ``bean`` or ``deck`` declare only at the start of a line; ``naming``: a
    declaring word the grammar follows by a name (``phase NAME``), which is coloured as a name
    even when it is also a keyword (``phase trade``).
    """

    declaring: frozenset[str]
    declaring_only: frozenset[str]
    naming: frozenset[str]
    every: frozenset[str]


@cache
def grammar_words() -> GrammarWords:
    parser = spec_parser()
    keywords = {t.name: t.pattern.value for t in parser.terminals
                if t.pattern.type == "str" and _WORD.fullmatch(t.pattern.value)}
    used: dict[bool, set[str]] = {True: set(), False: set()}
    last_words: dict[str, set[str]] = {}  # declaring rule -> the keywords its expansions end with
    for rule in parser.rules:
        declaring = rule.origin.name in DECLARING_RULES
        used[declaring] |= {keywords[s.name] for s in rule.expansion if s.name in keywords}
        if declaring and rule.expansion and rule.expansion[-1].name in keywords:
            last_words.setdefault(rule.origin.name, set()).add(keywords[rule.expansion[-1].name])
    naming: set[str] = set()
    for rule in parser.rules:
        if rule.origin.name not in DECLARING_RULES:
            continue
        for symbol, following in zip(rule.expansion, rule.expansion[1:]):
            if following.name in ("NAME", "spec_ref"):
                naming |= {keywords[symbol.name]} if symbol.name in keywords else last_words.get(symbol.name, set())
    return GrammarWords(frozenset(used[True]), frozenset(used[True] - used[False]), frozenset(naming),
                        frozenset(keywords.values()))


def _terminal(name: str) -> str:
    """A terminal's regular expression, as the grammar defines it."""
    return next(t.pattern.to_regexp() for t in spec_parser().terminals if t.name == name)


def _either(found: frozenset[str]) -> str:
    """One non-capturing alternation of whole words, longest first (so 'set-aside' beats 'set')."""
    return (_BOUNDARY_BEFORE + "(?:" + "|".join(re.escape(w) for w in sorted(found, key=lambda w: (-len(w), w)))
            + ")" + _BOUNDARY_AFTER)


def _tokens() -> dict[str, list]:
    words = grammar_words()
    name = _terminal("NAME")
    changes = rf"(?:{_either(frozenset({'replace', 'add', 'remove'}))}[ \t]+)?"
    return {
        "root": [
            (r"\r?\n", Whitespace),
            # at the start of a line, a declaration (perhaps after replace/add/remove) and its name
            (rf"^([ \t]*)({changes}(?:{_either(words.naming)}[ \t]+)*{_either(words.naming)})",
             bygroups(Whitespace, Keyword.Declaration), "declared"),
            (rf"^([ \t]*)({changes}{_either(words.declaring)})", bygroups(Whitespace, Keyword.Declaration)),
            (r"[ \t]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (_terminal("STRING"), String.Double),
            (rf"(§)([ \t]+)({name})", bygroups(Name.Decorator, Whitespace, Name.Label)),  # § SOURCE
            (_either(words.declaring_only), Keyword.Declaration),
            (_either(words.every), Keyword),
            (rf"{_BOUNDARY_BEFORE}-{_BOUNDARY_AFTER}", Number),  # a beanometer step that pays nothing
            (rf"{_BOUNDARY_BEFORE}{_terminal('INT')}{_BOUNDARY_AFTER}", Number.Integer),
            (name, Name),
            (r">=|<=|[=<>:,/]", Punctuation),
            (r".", Text),
        ],
        # the name a declaration introduces: "phase trade", "rule protection:", "extends family/step-1"
        "declared": [
            (rf"([ \t]+)({name}(?:/{name})*)", bygroups(Whitespace, Name.Class), "#pop"),
            default("#pop"),
        ],
    }


class BeanLexer(RegexLexer):
    """Pygments lexer for the beanrules rules language (``.bean`` specs)."""

    name = "beanrules"
    aliases = ["bean", "beanrules"]
    filenames = ["*.bean"]
    url = "https://github.com/beanrules/beanrules"
    tokens = _tokens()


def highlight_for_terminal(line: str) -> str:
    """One spec line with ANSI colours (for excerpts in a terminal; ANSI codes take no width,
    so a caret line under it still lines up)."""
    return highlight(line, _lexer(), TerminalFormatter()).rstrip("\n")


@cache
def _lexer() -> BeanLexer:
    return BeanLexer()
