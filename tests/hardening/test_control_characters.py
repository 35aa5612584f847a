"""Issue #10: control characters from input never reach the terminal raw."""
from __future__ import annotations

from pathlib import Path

from beanrules.cli import main
from beanrules.conformance.loader import load_file
from beanrules.text import escape_controls

from hardening_specs import located_error, variant

CLEAR_SCREEN = "\x1b[2J"


def test_escape_controls_keeps_lines_and_escapes_the_rest() -> None:
    assert escape_controls("a\x1b[2Jb\n\tc\x9b\u202e") == "a\\x1b[2Jb\n\tc\\x9b\\u202e"
    assert escape_controls("two\nlines", keep_lines=False) == "two\\x0alines"


def test_a_control_character_in_a_quoted_text_is_a_located_error(tmp_path: Path) -> None:
    path = variant(tmp_path, ('"Coffee bean"', f'"Coffee{CLEAR_SCREEN} bean"'))
    error = located_error(path, "control-character")
    assert "\\x1b" in error.message and "\x1b" not in error.render()


def test_diagnostics_print_control_characters_escaped(tmp_path: Path, capsys) -> None:
    path = variant(tmp_path, ("deal 5 to each hand", f"deal 5 to each hand {CLEAR_SCREEN}"),
                   ("hand order is fixed", f"hand order is fixed  # {CLEAR_SCREEN} in a comment"))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b" in out


def test_case_files_with_control_characters_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "cases.yaml"
    path.write_text('spec: classic\nsource: "es"\ncases:\n  - id: "x\\e[2J"\n', encoding="utf-8")
    (error,) = load_file(path).all_errors
    assert "line 4, column 9: a control character (\\x1b) in a text" in error.render()
    assert "\x1b" not in error.render()
