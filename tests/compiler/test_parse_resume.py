"""After a syntax error the parser rewrites the broken line and parses again from the last line
break above it (syntax/resume.py), not from the first line: the diagnostics are exactly those
of parsing every rewritten text from its first line, for texts with one to many errors of
every kind; and a text that is not the same above the line break is parsed from its first
line."""
from __future__ import annotations

import random

import pytest

from beanrules.paths import specs_dir
from beanrules.syntax import parser
from beanrules.syntax.resume import ResumableParse

# Small specs (the comparison parses every rewritten text twice) with blocks, citations,
# cards with abilities, a translation's restated texts.
SPECS = ["anniversary/duel", "anniversary/magpie", "my-first/step-2", "translations/de"]

# Breaks of a line, each a different syntax error (or none: a line may survive the edit).
EDITS = [
    lambda line: line + " @",  # unexpected character
    lambda line: line + ' "open',  # a text that never ends
    lambda line: " " + line,  # an indentation that matches no block, or an unexpected indent
    lambda line: line.lstrip(),  # a clause out of its block
    lambda line: line.replace(" ", "  x ", 1),  # an unexpected word
    lambda line: line[: len(line) // 2],  # a clause that ends too early
    lambda line: "",  # a line dropped
]


def _broken_texts() -> list[str]:
    texts = []
    for name in SPECS:
        lines = (specs_dir() / f"{name}.bean").read_text(encoding="utf-8").split("\n")
        for seed in range(3):
            rng = random.Random(f"{name}:{seed}")
            broken = list(lines)
            for _ in range(rng.randint(2, 6)):
                at = rng.randrange(2, len(broken))  # the header stays: it is what recovery needs
                broken[at] = rng.choice(EDITS)(broken[at])
            texts.append("\n".join(broken))
    return texts


def test_resumed_parses_find_the_same_errors_as_parses_from_the_first_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    resumed: list[int | None] = []  # where each parse started: None from the first line
    inner = ResumableParse._start

    def start(self: ResumableParse, text: str, same_lines: int) -> int | None:
        resumed.append(inner(self, text, same_lines))
        return resumed[-1]

    monkeypatch.setattr(ResumableParse, "_start", start)
    broken = many = 0
    for number, text in enumerate(_broken_texts()):
        file = f"broken-{number}.bean"
        expected = parser._parse_text(text, file, resume=False)
        assert parser._parse_text(text, file, resume=True) == expected, text
        broken += expected[0] is None
        many += len(expected[1]) > 1
    assert broken >= 10 and many >= 6  # several errors in a text: resumed again and again
    assert len([at for at in resumed if at is not None]) >= 20  # each started at a line break


def test_a_text_not_the_same_above_the_line_break_is_parsed_from_its_first_line() -> None:
    text = (specs_dir() / "anniversary/duel.bean").read_text(encoding="utf-8")
    lines = text.split("\n")
    resumable = ResumableParse(parser.spec_parser(), parser.SpecIndenter)
    resumable.parse(text)
    assert lines[0].startswith("#")
    lines[0] = "# changed"  # above the line the caller claims is the first changed
    changed = "\n".join(lines)
    assert resumable._start(changed, len(lines) - 2) is None
    assert resumable.parse(changed, len(lines) - 2) == parser.spec_parser().parse(changed)
