"""The canonical layout (syntax/layout.py, `beanrules fmt`): the shipped specs and tutorial files
are in it, formatting never changes what a spec compiles to, and formatting twice changes
nothing more."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from beanrules.cli import main
from beanrules.resolve.compiler import compile_text
from beanrules.syntax.layout import format_text
from beanrules.syntax.parser import decode_spec, parse_text

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "specs").rglob("*.bean")) + sorted((ROOT / "docs" / "tutorial").glob("*.bean"))
ALL = SHIPPED + sorted((ROOT / "conformance").rglob("*.bean")) + sorted((ROOT / "tests").rglob("*.bean"))


@cache
def parsed() -> list[Path]:
    """The files of ALL that parse (found as the tests run: not parsed while collecting, which
    every xdist worker does)."""
    return [path for path in ALL if (text := decode_spec(path.read_bytes(), str(path))[0]) is not None
            and parse_text(text, str(path))[0] is not None]


CITED = re.compile(r"(?<=\S)([ \t]+)(?=§)")


def _scrambled(text: str) -> str:
    """Every run of blanks between a line's text and a § of it, 1 to 9 spaces (and a tab now and
    then), varying from line to line: a spec laid out by someone else."""
    return "\n".join(CITED.sub(lambda _: " " * (1 + number % 9) + "\t" * (number % 5 == 0), line)
                     for number, line in enumerate(text.split("\n")))


def _without_spans(value):
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in value.items()
                if k not in ("span", "line", "column", "end_line", "end_column")}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


def test_there_are_files_to_format():
    assert len(SHIPPED) >= 19 and len(parsed()) >= 100


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_shipped_spec_or_tutorial_file_is_already_laid_out(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == (text, [])


def test_formatting_keeps_the_rule_model_and_is_idempotent():
    """Every shipped spec, conformance variant and test spec that parses, with its citations
    shuffled about: formatted, it compiles to the rule model the file compiles to (but for
    positions), and formatting it again changes nothing. Where formatting gives back the file's
    own text (most files: they are laid out already) there is nothing to compile: the same text
    at the same path compiles to the same model."""
    moved = compiled = 0
    for path in parsed():
        text = path.read_text(encoding="utf-8")
        scrambled = _scrambled(text)
        formatted, problems = format_text(scrambled, str(path))
        assert problems == [] and formatted is not None, path
        assert format_text(formatted, str(path))[0] == formatted, path
        moved += formatted != scrambled
        if formatted == text:
            continue
        compiled += 1
        before = compile_text(text, path, playable=False)
        after = compile_text(formatted, path, playable=False)
        assert _without_spans(after.model) == _without_spans(before.model), path
        assert [d.message for d in after.diagnostics] == [d.message for d in before.diagnostics], path
    assert moved >= 50 and compiled >= 10, (moved, compiled)  # (compiled: files not in the layout)


def test_only_the_spaces_before_a_citation_change():
    text = ("rulebook house \"House\"\n  extends classic\n  source h \"H\" file \"h.txt\"\n"
            "setup\n  fields 3 § h \"1\" § h \"2\"\n  players 3 to 5          § h \"3\"\n"
            "    § h \"4\"\n    but § h \"5\"\n  deal 5 to each hand   # note § not a citation\n"
            "phase draw \"Draw\"  § h \"6\"\n  draw 3 to back of hand        §   h \"7\"\n")
    formatted, _ = format_text(text, "house.bean")
    assert formatted == (
        "rulebook house \"House\"\n  extends classic\n  source h \"H\" file \"h.txt\"\n"
        "setup\n  fields 3                § h \"1\" § h \"2\"\n  players 3 to 5          § h \"3\"\n"
        "    § h \"4\"\n    but § h \"5\"\n  deal 5 to each hand   # note § not a citation\n"
        "phase draw \"Draw\"               § h \"6\"\n  draw 3 to back of hand        §   h \"7\"\n")


def test_fmt_rewrites_checks_and_diffs(tmp_path, capsys):
    path = tmp_path / "house.bean"
    messy = "rulebook house \"House\"\n  extends classic\n  source h \"H\"\nsetup\n  fields 3 § h \"1\"\n"
    path.write_text(messy, encoding="utf-8")
    assert main(["fmt", "--check", str(path)]) == 1
    assert f"would reformat {path}" in capsys.readouterr().out
    assert main(["fmt", "--diff", str(path)]) == 1
    assert "+  fields 3   § h \"1\"" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == messy
    assert main(["fmt", str(tmp_path)]) == 0
    assert path.read_text(encoding="utf-8") == messy.replace("3 §", "3   §")
    assert main(["fmt", "--check", str(path)]) == 0


def test_fmt_reports_a_broken_spec_and_leaves_it(tmp_path, capsys):
    path = tmp_path / "broken.bean"
    broken = "rulebook broken \"Broken\"\nsetup\n  players 3 to 5 §§ x\n"
    path.write_text(broken, encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    assert f"{path}:3:" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == broken


def test_fmt_usage_errors_exit_2(tmp_path, capsys):
    assert main(["fmt", str(tmp_path / "missing.bean")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    big = tmp_path / "big.bean"
    big.write_bytes(b"#" * 1_000_001)
    assert main(["fmt", "--check", str(big)]) == 1
    assert "at most 1 MB" in capsys.readouterr().out
