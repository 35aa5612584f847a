"""The broken-spec corpus: every file under tests/broken/ must fail to compile with exactly
the errors its ``# expect: LINE:COLUMN message`` comments state (and the ``# hint:``, if
given, must appear in one of them). Files that cannot hold comments are listed here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec

BROKEN = Path(__file__).parent / "broken"
EXPECT = re.compile(r"^# expect: (\d+):(\d+) (.+)$", re.M)
HINT = re.compile(r"^# hint: (.*)$", re.M)

# Files whose bytes are the point of the test and so carry no comments.
SPECIAL = {
    "empty.bean": [(1, 1, "the spec is empty")],
    "binary.bean": [(2, 1, "this file is not a spec: binary data (a NUL byte) at byte 11")],
    "latin1.bean": [(1, 16, "this file is not a spec: not UTF-8 text at byte 15")],
}


def expectations(path: Path) -> tuple[list[tuple[int, int, str]], str | None]:
    if path.name in SPECIAL:
        return SPECIAL[path.name], None
    text = path.read_text(encoding="utf-8")
    expected = [(int(l), int(c), m) for l, c, m in EXPECT.findall(text)]
    hints = HINT.findall(text)
    return expected, (hints[0].strip() or None) if hints else None


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.bean")), ids=lambda p: p.stem)
def test_broken_spec_reports_exact_errors(path: Path) -> None:
    expected, hint = expectations(path)
    assert expected, f"{path.name} states no '# expect:' line"
    with pytest.raises(SpecError) as caught:
        compile_spec(str(path))
    errors = [d for d in caught.value.diagnostics if d.severity == "error"]
    got = sorted((d.span.line, d.span.column, d.message) for d in errors)
    assert [(l, c) for l, c, _ in got] == sorted((l, c) for l, c, _ in expected), got
    for (line, column, message), (_, _, want) in zip(got, sorted(expected)):
        assert want in message, f"{line}:{column}: {message!r} does not say {want!r}"
    if hint:
        assert any(d.suggestion and hint in d.suggestion for d in errors), \
            [d.suggestion for d in errors]
    # every error names the file and shows the offending line with a caret
    for diagnostic in errors:
        rendered = diagnostic.render()
        assert rendered.startswith(f"{diagnostic.span.file}:{diagnostic.span.line}:{diagnostic.span.column}: error: ")
        if diagnostic.source_line is not None:
            assert "^" in rendered


def test_corpus_is_large_enough() -> None:
    assert len(list(BROKEN.glob("*.bean"))) >= 25


def test_five_megabyte_spec_is_refused_without_traceback(tmp_path: Path) -> None:
    big = tmp_path / "big.bean"
    big.write_text('rulebook big "Big"\n' + "# filler\n" * 600_000, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        compile_spec(str(big))
    [error] = caught.value.errors
    assert error.code == "too-large" and "5.4 MB" in error.message


def test_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(SpecError) as caught:
        compile_spec(str(tmp_path / "nothing-here.bean"))
    assert "no such spec file" in caught.value.errors[0].message
