"""Specs made from the classic one by exact substitutions, and what checking them must give."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.diagnostics import Diagnostic
from beanrules.paths import specs_dir

CLASSIC = (specs_dir() / "classic.bean").read_text(encoding="utf-8")


def variant(tmp_path: Path, *changes: tuple[str, str], name: str = "variant") -> Path:
    """The classic spec with each (old, new) replaced once; each old text must be there."""
    text = CLASSIC
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.bean"
    path.write_text(text, encoding="utf-8")
    return path


def located_error(path: Path | str, code: str | None = None) -> Diagnostic:
    """The first error of a spec that must not compile; it names file, line and column."""
    with pytest.raises(SpecError) as caught:
        compile_spec(str(path))
    errors = caught.value.errors
    assert errors
    first = errors[0]
    assert first.span is not None and first.span.line >= 1 and first.span.column >= 1
    if code is not None:
        assert first.code == code, first.render()
    return first


def line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, start=1) if needle in line)
