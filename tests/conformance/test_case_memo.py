"""What the loader and verify keep between calls (conformance/loader.py, inheritance.py): a case
file is outlined once per version, a case built once per spec model, a case run once per model;
an edited file or another model is worked out anew, and no caller can change what the next
one is handed."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from beanrules.conformance import inheritance, load_file, runner
from beanrules.conformance.loader import compiled
from beanrules.conformance.modelinfo import model_info
from beanrules.model.copying import copy_json

from casefiles import case, write


def test_a_case_file_loads_alike_and_fresh_each_time(tmp_path: Path) -> None:
    path = write(tmp_path, case())
    first, second = load_file(path), load_file(path)
    assert [c.id for c in first.cases] == [c.id for c in second.cases] == ["chili-harvest"]
    assert first.cases[0] is second.cases[0]  # built once for the same model
    first.cases.clear()
    first.errors.append("a caller's own note")
    first.specs.append("other")
    third = load_file(path)
    assert [c.id for c in third.cases] == ["chili-harvest"] and third.errors == [] and third.specs == ["classic"]


def test_an_edited_case_file_is_read_again(tmp_path: Path) -> None:
    path = write(tmp_path, case())
    assert [c.id for c in load_file(path).cases] == ["chili-harvest"]
    before = path.stat().st_mtime_ns
    write(tmp_path, case(id="chili-again"))
    os.utime(path, ns=(before + 1_000_000, before + 1_000_000))  # a new version even where the clock is coarse
    assert [c.id for c in load_file(path).cases] == ["chili-again"]


def test_a_case_built_on_another_spec_is_built_anew(tmp_path: Path) -> None:
    path = write(tmp_path, case())
    (variant := tmp_path / "fast.bean").write_text(
        'rulebook fast "Fast"\n  extends classic\n  source h "House"\nreplace tie-break: ties are shared   § h "1"\n',
        encoding="utf-8")
    (plain,) = load_file(path).cases
    (other,) = load_file(path, {"classic": str(variant)}).cases
    assert plain is not other and (plain.spec, other.spec) == ("classic", str(variant))
    assert other.target == "classic"


def test_a_case_runs_once_per_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (built,) = load_file(write(tmp_path, case())).cases
    runs: list[str] = []
    run_case = inheritance.run_case
    monkeypatch.setattr(inheritance, "run_case", lambda c: runs.append(c.id) or run_case(c))
    result, trace = inheritance.run_traced(built)
    again, trace_again = inheritance.run_traced(built)
    assert runs == ["chili-harvest"] and result == again and result.status == "passed"
    assert trace == trace_again and "whole-field" in trace.rules
    trace.rules.clear()  # what a caller does with its copy is its own
    result.mismatches.append(("x", 1, 2))
    kept, kept_trace = inheritance.run_traced(built)
    assert "whole-field" in kept_trace.rules and kept.mismatches == []
    # The runner compiles the case's spec to another model: the case is run again, on it.
    model = copy_json(compiled("classic")[0])
    monkeypatch.setattr(runner, "compiled", lambda spec: (model, model_info("classic", model), None))
    inheritance.run_traced(built)
    assert runs == ["chili-harvest", "chili-harvest"]


def _naive_line(text: str, case_id: str) -> int:
    """The first line that gives the id, found line by line (the loader finds all in one pass)."""
    for number, line in enumerate(text.splitlines(), 1):
        key, _, value = line.strip().lstrip("- ").partition(":")
        if key == "id" and value.strip().strip("'\"") == case_id:
            return number
    return 0


def test_each_case_knows_the_line_its_id_is_on(tmp_path: Path) -> None:
    from beanrules.conformance import discover
    from beanrules.paths import conformance_dir
    path = write(tmp_path, case(id="chili"), case(id="chili-harvest"), case(id="soy"))
    text = path.read_text(encoding="utf-8").replace("id: soy", "id: 'soy'  ")
    path.write_text(text.replace("- id: chili-harvest", "-   id: \"chili-harvest\"\n"), encoding="utf-8")
    files = [path, *discover([conformance_dir()])]
    checked = 0
    for file in files:
        text = file.read_text(encoding="utf-8")
        for loaded in load_file(file).cases:
            assert loaded.line == _naive_line(text, loaded.id) > 0, (file, loaded.id)
            checked += 1
    assert checked > 100
