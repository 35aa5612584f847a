"""A spec given by path is compiled once per text, base and name (beanrules/resolve/by_content.py):
the same file compiled again gives every caller its own copy of the kept model; a changed text,
a changed base, another name for the file or an editor's buffer is compiled afresh."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.resolve import by_content
from beanrules.resolve.compiler import _Compilation, compile_text, compile_with_warnings

VARIANT = 'rulebook variant "V"\n  extends {base}\n  source house "House rules"\nreplace tie-break: ties are shared   § house "1"\n'


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rulebooks composed, checked and desugared from here on (a kept one is not; classic
    is kept as a base first, as shipped.py keeps it)."""
    compile_spec("classic", playable=False)
    built: list[str] = []
    real = _Compilation._build

    def build(self, spec, *args):
        built.append(spec.header.name)
        return real(self, spec, *args)
    monkeypatch.setattr(_Compilation, "_build", build)
    return built


def _write(path: Path, text: str) -> None:
    """Write `text`, with a modification time of its own even within one tick of the clock."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    if path.stat().st_mtime_ns == before:
        os.utime(path, ns=(before, before + 1))


def test_a_file_compiled_again_is_kept_and_each_caller_gets_its_own_copy(tmp_path: Path, builds: list[str]) -> None:
    path = tmp_path / "variant.bean"
    _write(path, VARIANT.format(base="classic"))
    first, warnings = compile_with_warnings(str(path))
    first["rules"].clear()
    again, warnings_again = compile_with_warnings(str(path))
    assert builds == ["variant"] and again["rules"] and warnings_again == warnings
    by_content.forget()
    assert json.dumps(compile_spec(str(path))) == json.dumps(again) and builds == ["variant", "variant"]


def test_a_changed_text_or_a_changed_base_is_compiled_again(tmp_path: Path, builds: list[str]) -> None:
    base, path = tmp_path / "base.bean", tmp_path / "variant.bean"
    _write(base, 'rulebook base "B"\n  extends classic\n')
    _write(path, VARIANT.format(base="base"))
    assert compile_spec(str(path))["rules"]
    assert builds == ["base", "variant"]
    compile_spec(str(path))
    assert builds == ["base", "variant"]  # neither composed again
    _write(path, VARIANT.format(base="base").replace("ties are shared", "ties are shared "))
    compile_spec(str(path))
    assert builds == ["base", "variant", "variant"]  # the variant's text changed, not its base's
    _write(base, 'rulebook base "B"\n  extends classic\n  source house "House rules"\n'
                 'replace end-on-exhaustion: game ends when deck runs out 1 times   § house "1"\n')
    changed = compile_spec(str(path))
    assert builds == ["base", "variant", "variant", "base", "variant"]
    assert next(r for r in changed["rules"] if r["id"] == "end-on-exhaustion")["text"].endswith("1 times")
    _write(base, "rulebook base\n")  # a broken base breaks the variant, kept or not
    with pytest.raises(SpecError, match="broken-base|which has errors"):
        compile_spec(str(path))


def test_a_file_named_another_way_is_compiled_under_that_name(tmp_path: Path, builds: list[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Spans and diagnostics name a file as it was given (relative to the working folder when
    below it): another name is another compilation."""
    (tmp_path / "sub").mkdir()
    path = tmp_path / "sub" / "variant.bean"
    _write(path, VARIANT.format(base="classic"))
    monkeypatch.chdir(tmp_path)
    inside = compile_spec("sub/variant.bean")
    monkeypatch.chdir(tmp_path / "sub")
    beside = compile_spec("variant.bean")
    assert builds == ["variant", "variant"]
    files = {json.dumps(r["span"]["file"]) for r in inside["rules"] if r["span"]["file"] != "specs/classic.bean"}
    assert files == {'"sub/variant.bean"'}
    assert {r["span"]["file"] for r in beside["rules"]} == {"specs/classic.bean", "variant.bean"}


def test_an_editors_buffer_is_compiled_afresh_every_time(tmp_path: Path, builds: list[str]) -> None:
    path = tmp_path / "variant.bean"
    _write(path, VARIANT.format(base="classic"))
    text = VARIANT.format(base="classic")
    assert compile_text(text, path).model is not compile_text(text, path).model
    assert builds == ["variant", "variant"]
