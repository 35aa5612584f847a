"""Issue #10: no file is read unless the user named it or it ships with beanrules."""
from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.conformance.loader import load_file
from beanrules.conformance.runner import run_case
from beanrules.syntax import tables
from beanrules.syntax.parser import SpecIndenter, spec_parser
from beanrules.paths import grammar_file


def test_extends_does_not_follow_a_link_out_of_its_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.bean").write_text('rulebook secret "Secret"\n  extends classic\n', encoding="utf-8")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "secret.bean").symlink_to(outside / "secret.bean")
    (folder / "variant.bean").write_text('rulebook variant "V"\n  extends secret\n', encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        compile_spec(str(folder / "variant.bean"))
    (error,) = caught.value.errors
    assert error.code == "outside-folder" and error.span.line == 2
    assert "link to a file outside" in error.message


def test_extends_follows_a_link_inside_its_folder(tmp_path: Path) -> None:
    (tmp_path / "base.bean").write_text('rulebook base "Base"\n  extends classic\n', encoding="utf-8")
    (tmp_path / "alias.bean").symlink_to(tmp_path / "base.bean")
    (tmp_path / "variant.bean").write_text('rulebook variant "V"\n  extends alias\n', encoding="utf-8")
    assert compile_spec(str(tmp_path / "variant.bean"))["lineage"][-2:] == ["base", "variant"]


class _Planted:
    """Unpickling this runs a command: what a planted pickle cache could do."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_planted_cache_file_is_never_unpickled(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BEANRULES_CACHE_DIR", str(tmp_path))
    grammar = grammar_file().read_text(encoding="utf-8")
    path = tables.cache_file(grammar)
    marker = tmp_path / "ran"
    path.write_bytes(pickle.dumps(_Planted(marker)))
    built = []
    parser = tables.load_or_build(grammar, SpecIndenter, lambda: built.append(1) or spec_parser())
    assert built and not marker.exists()
    assert path.read_text(encoding="utf-8").startswith('{"format": "beanrules-parse-tables/1"')


def test_a_cache_file_that_does_not_match_its_hash_is_rebuilt(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BEANRULES_CACHE_DIR", str(tmp_path))
    grammar = grammar_file().read_text(encoding="utf-8")
    tables.load_or_build(grammar, SpecIndenter, spec_parser)  # writes the tables
    path = tables.cache_file(grammar)
    header, body = path.read_text(encoding="utf-8").split("\n", 1)
    loaded = tables.load_or_build(grammar, SpecIndenter, lambda: pytest.fail("intact tables are loaded"))
    assert loaded.parse('rulebook x "X"\n').data == "start"
    path.write_text(header + "\n" + body.replace('"start"', '"begin"', 1), encoding="utf-8")
    built = []
    tables.load_or_build(grammar, SpecIndenter, lambda: built.append(1) or spec_parser())
    assert built  # tampered: rebuilt, not loaded


def test_a_huge_number_in_a_case_action_is_a_case_error_not_an_internal_one(tmp_path: Path) -> None:
    path = tmp_path / "cases.yaml"
    path.write_text(f"""spec: classic
source: es
cases:
  - id: huge
    cite: {{where: "Fase 1"}}
    description: A field number of 4,301 digits.
    players: [Anna, Natalie, Greg]
    steps:
      - do: Anna plants {"4" * 4301}
""", encoding="utf-8")
    loaded = load_file(path)
    results = [run_case(case) for case in loaded.cases]
    problems = [e.render() for e in loaded.all_errors] + [r.message for r in results if r.status != "passed"]
    assert problems and all("internal" not in p for p in problems)
    assert any("at most 2000 characters" in p or "too large" in p for p in problems), problems


CASE_NAMING = """spec: {spec}
source: es
cases:
  - id: one
    {own}cite: {{where: "Fase 1"}}
    description: Anything.
    players: [Anna, Natalie, Greg]
    steps:
      - expect: {{phase: plant}}
"""


@pytest.mark.parametrize("header, own", [("../outside/secret.bean", ""),
                                          ("classic", "spec: ../outside/secret.bean\n    ")])
def test_a_case_file_names_no_spec_outside_its_folder(tmp_path: Path, monkeypatch, header: str, own: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.bean").write_text('rulebook secret "S"\n  extends classic\n', encoding="utf-8")
    cases = tmp_path / "cases"
    cases.mkdir()
    path = cases / "cases.yaml"
    path.write_text(CASE_NAMING.format(spec=header, own=own), encoding="utf-8")
    opened: list[str] = []
    real_open = Path.open

    def spy(self: Path, *args, **kwargs):
        opened.append(str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    loaded = load_file(path)
    assert not loaded.cases
    assert any("outside the folder of cases.yaml" in e.render() for e in loaded.all_errors)
    assert not any("secret.bean" in name for name in opened)


def test_a_case_file_may_name_a_spec_beside_it(tmp_path: Path) -> None:
    (tmp_path / "mine.bean").write_text(
        'rulebook mine "M"\n  extends classic\n  source v "V"\n', encoding="utf-8")
    path = tmp_path / "cases.yaml"
    path.write_text(CASE_NAMING.format(spec="mine.bean", own=""), encoding="utf-8")
    loaded = load_file(path)
    assert not loaded.all_errors and [c.spec.endswith("mine.bean") for c in loaded.cases] == [True]
