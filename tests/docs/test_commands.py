"""The commands README.md, docs/*.md, CHANGELOG.md and benchmarks/RESULTS.md show are the commands
the code has: every `beanrules …` and `python benchmarks/….py …` line they give parses with the
options it names, the README's command table names every option of every command, and the
outputs they show (a transcript, the keys of a JSON object) are what the command prints. The
pages' other commands have tests of their own (tests/test_tutorial.py runs the tutorial's;
tests/test_cli_help.py reads every --help)."""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from beanrules.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "CHANGELOG.md",
         ROOT / "benchmarks" / "RESULTS.md"]
COMMAND = re.compile(r"^(?:\$ )?((?:beanrules|python benchmarks/\w+\.py)(?:\s.*)?)$")


def _commands(text: str) -> list[str]:
    """The command lines of a page: lines of its fenced blocks (after a `$ ` prompt or not) and
    inline code spans elsewhere that start with `beanrules` or `python benchmarks/…`; a comment
    after the command is left out."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        spans = [line.strip()] if fenced else re.findall(r"`([^`]+)`", line)
        for span in spans:
            match = COMMAND.match(span.strip())
            if match:
                found.append(match.group(1).split("  #")[0].strip())
    return found


def _argv(command: str) -> list[str]:
    """A synopsis made into arguments: optional parts taken, the first of alternatives, a
    number for each numeric placeholder (N, G, S, J, R)."""
    text = command.replace("\\|", "|").replace("…", "").replace("...", "")
    text = re.sub(r"\s\|\s--\S+(\s[A-Z_]+)?", "", text)  # [--spec SPEC | --rulebook NAME]
    text = re.sub(r"(\w+)\|[\w|]+", r"\1", text)  # process|ray
    text = re.sub(r"[\[\]]", "", text)
    text = re.sub(r"\b[NGSJR]\b", "1", text)
    return shlex.split(text)


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


SHOWN = sorted({(page.name, command) for page in PAGES for command in _commands(page.read_text(encoding="utf-8"))})


def test_the_pages_show_commands_of_each_kind():
    """What the tests below read is there: each command, and the benchmarks."""
    shown = {word for _, command in SHOWN for word in command.split()[1:2]}
    assert set(_options(build_parser())) <= shown
    assert {"benchmarks/compile.py", "benchmarks/playouts.py", "benchmarks/kernel_specs.py",
            "benchmarks/invariants.py"} <= shown


@pytest.mark.parametrize("page, command", [c for c in SHOWN if c[1].startswith("beanrules ")])
def test_every_beanrules_command_the_pages_show_parses(page, command):
    argv = _argv(command)[1:]
    if argv[0] not in _options(build_parser()):
        pytest.skip("a placeholder for the command (beanrules COMMAND --help)")
    if len(argv) == 1 and argv[0] not in ("verify", "check", "conformance"):
        pytest.skip("a command named in prose, without its arguments")
    errors = io.StringIO()
    with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
        try:
            build_parser().parse_args(argv)
        except SystemExit as exc:
            assert exc.code == 0, f"{page}: {command}: {errors.getvalue().strip()}"


def _benchmark_options(script: str) -> set[str]:
    source = (ROOT / script).read_text(encoding="utf-8")
    return set(re.findall(r"add_argument\(\s*\"(--[\w-]+)\"", source))


@pytest.mark.parametrize("page, command", [c for c in SHOWN if c[1].startswith("python benchmarks/")])
def test_every_benchmark_option_the_pages_show_is_the_scripts(page, command):
    script = command.split()[1]
    assert (ROOT / script).is_file(), f"{page}: no {script}"
    named = set(re.findall(r"(?<![\w-])(--[a-z][\w-]*)", command))
    assert named <= _benchmark_options(script), f"{page}: {command}"


def test_the_readmes_command_table_names_every_option_of_every_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [row for row in readme.splitlines() if row.startswith("| `beanrules ")]
    for name, parser in _options(build_parser()).items():
        written = " ".join(row.split("` |")[0] for row in rows if row.startswith(f"| `beanrules {name} "))
        assert written, f"no row for beanrules {name}"
        for action in parser._actions:
            if action.option_strings and "-h" not in action.option_strings:
                assert any(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", written) for o in action.option_strings), \
                    f"the README's row for beanrules {name} does not name {'/'.join(action.option_strings)}"


def test_the_readmes_check_transcript_is_what_check_prints(capsys):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"\$ beanrules check classic\n((?:[^$`].*\n)+)", readme).group(1).splitlines()
    assert main(["check", "classic"]) == 0
    assert capsys.readouterr().out.splitlines() == shown


def _keys(value: Any) -> set[str]:
    """Every key of a JSON value, at any depth."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _block_after(page: str, after: str) -> str:
    """The text from `after` to the end of the fenced block it is in, or of the next one."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    start = text.index(after)
    if text[:start].count("```") % 2 == 0:  # outside a block: the next one
        start = text.index("\n", text.index("```", start))
    return text[start:text.index("```", start)]


def test_the_conformance_json_has_the_keys_the_page_and_the_help_give(capsys):
    """docs/conformance.md shows `conformance --rulebook classic --json`; a case file of
    classic's gives the same object for fewer cases."""
    block = _block_after("conformance.md", "$ beanrules conformance --rulebook classic --json")
    shown = json.loads(block[block.index("{"):block.rindex("}") + 1])
    assert main(["conformance", "--rulebook", "classic", "--json", str(ROOT / "conformance/classic/edges-7.yaml")]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == set(shown) and set(printed["rulebooks"]["classic"]) == set(shown["rulebooks"]["classic"])
    helped = _options(build_parser())["conformance"].format_help()
    assert all(f'"{key}"' in " ".join(helped.split()) for key in printed), helped


def test_the_play_json_has_the_keys_the_simulation_page_shows(capsys):
    block = _block_after("simulation.md", "`--json` prints one object for scripts:")
    shown = set(re.findall(r'"(\w+)":', block))
    assert main(["play", "classic", "--players", "4", "--games", "2", "--bots", "greedy", "--json"]) == 0
    assert _keys(json.loads(capsys.readouterr().out)) == shown
