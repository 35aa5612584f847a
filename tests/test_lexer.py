"""The .bean Pygments lexer: built from the grammar, so every keyword is coloured; used by the
docs (fences ```bean) and by `beanrules check` in a terminal."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error, Keyword, Name, Number, String

from beanrules import list_specs
from beanrules.cli import main
from beanrules.diagnostics import Diagnostic, Span
from beanrules.lexer import BeanLexer, highlight_for_terminal
from beanrules.paths import specs_dir
from beanrules.syntax.parser import spec_parser

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[a-z][a-z-]*")


def tokens(text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in BeanLexer().get_tokens(text) if v.strip()]


def keyword_terminals() -> list[str]:
    return sorted(t.pattern.value for t in spec_parser().terminals
                  if t.pattern.type == "str" and WORD.fullmatch(t.pattern.value))


@pytest.mark.parametrize("word", keyword_terminals())
def test_every_keyword_terminal_of_the_grammar_is_coloured(word: str) -> None:
    # mid-sentence and at the start of a line, where declarations are told apart
    for text in (f"x {word} y\n", f"{word}\n"):
        kinds = [t for t, v in tokens(text) if v == word]
        assert kinds and kinds[0] in Keyword, (text, kinds)


def test_the_grammar_has_the_keywords_the_lexer_relies_on() -> None:
    assert {"rulebook", "phase", "bean", "harvest", "beanometer", "set-aside"} <= set(keyword_terminals())


def test_a_spec_line_is_lexed_into_its_parts() -> None:
    line = 'rule protection: protect single bean while another field has more than 1   § es "Fase 1" "Cita"\n'
    assert tokens(line) == [
        (Keyword.Declaration, "rule"), (Name.Class, "protection"), (tokens(":")[0][0], ":"),
        *[(Keyword, w) for w in "protect single bean while another field has more than".split()],
        (Number.Integer, "1"), (Name.Decorator, "§"), (Name.Label, "es"),
        (String.Double, '"Fase 1"'), (String.Double, '"Cita"')]
    # a declared name that happens to be a keyword elsewhere is still a name
    assert tokens('phase trade "Trade"\n')[:2] == [(Keyword.Declaration, "phase"), (Name.Class, "trade")]
    assert (Number, "-") in tokens("bean garden 6 beanometer - 2 3 -\n")


@pytest.mark.parametrize("spec", list_specs())
def test_every_shipped_spec_lexes_without_an_error_token(spec: str) -> None:
    found = BeanLexer().get_tokens((specs_dir() / f"{spec}.bean").read_text(encoding="utf-8"))
    assert [v for t, v in found if t in Error] == []


def test_lexer_is_registered_with_pygments() -> None:
    assert isinstance(get_lexer_by_name("bean"), BeanLexer)
    assert isinstance(get_lexer_for_filename("classic.bean"), BeanLexer)


FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.M | re.S)


def test_every_spec_block_in_readme_and_docs_is_fenced_as_bean() -> None:
    unfenced = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for language, body in FENCE.findall(page.read_text(encoding="utf-8")):
            looks_like_spec = "§ " in body and not body.lstrip().startswith("$")
            if looks_like_spec and language.strip() != "bean":
                unfenced.append(f"{page.name}: {body.splitlines()[0]}")
    assert unfenced == []


def test_check_colours_excerpts_only_for_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    diagnostic = Diagnostic("error", "x", "unknown bean 'stnk'", Span("a.bean", 1, 11, 1, 15),
                            source_line='use beans stnk red   § h "1"')
    plain, coloured = diagnostic.render(), diagnostic.render(highlight_for_terminal)
    assert "\x1b[" not in plain and "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain  # colour changes nothing else, carets line up
    bad = tmp_path / "bad.bean"
    bad.write_text('rulebook x "X"\n  extends classic\n  source h "H"\nhand limit x   § h "1"\n', encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "hand limit x" in out and "\x1b[" not in out  # captured output is not a terminal
