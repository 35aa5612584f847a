"""Shipped specs are compiled once per process (beanrules/resolve/shipped.py): every caller
gets its own copy, an edited file is compiled again, and a kept chain of bases counts
towards the bound on extends chains as if compiled afresh."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.engine import compile_ruleset, compiler
from beanrules.limits import MAX_EXTENDS
from beanrules.paths import specs_dir
from beanrules.resolve import shipped
from beanrules.resolve.compiler import compile_with_warnings


def test_each_caller_gets_its_own_copy_of_the_same_model() -> None:
    first = compile_spec("translations/es")
    first["beans"].clear()
    first["rules"][0]["id"] = "changed"
    again = compile_spec("translations/es")
    assert again["beans"] and again["rules"][0]["id"] != "changed"
    shipped.forget()
    assert json.dumps(compile_spec("translations/es")) == json.dumps(again)


def test_warnings_and_their_source_lines_come_back_with_a_kept_model() -> None:
    shipped.forget()
    fresh = compile_with_warnings("translations/es")[1]
    kept = compile_with_warnings("translations/es")[1]
    assert fresh == kept
    assert [d.source_line for d in fresh] == [d.source_line for d in kept]


@pytest.fixture
def own_specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder taken for the shipped specs' folder, so its files are kept like shipped ones."""
    monkeypatch.setattr(shipped, "specs_dir", lambda: tmp_path)
    shipped.forget()
    yield tmp_path
    shipped.forget()


def test_an_edited_file_is_compiled_again(own_specs: Path) -> None:
    path = own_specs / "mine.bean"
    classic = (specs_dir() / "classic.bean").read_text(encoding="utf-8")
    path.write_text(classic, encoding="utf-8")
    before = compile_spec(str(path))
    assert shipped.lookup(path.resolve(), True) is not None  # kept
    path.write_text(classic.replace("draw 3 to back of hand", "draw 2 to back of hand"), encoding="utf-8")
    stat = path.stat()  # the same size: only the modification time tells, even within one tick
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    after = compile_spec(str(path))
    assert after != before
    shipped.forget()
    assert compile_spec(str(path)) == after


def test_a_kept_chain_counts_towards_the_bound_on_extends(tmp_path: Path) -> None:
    compile_spec("translations/es", playable=False)  # kept as a base: es and the classic it translates
    (tmp_path / "link0.bean").write_text('rulebook link0 "0"\n  extends translations/es\n', encoding="utf-8")
    for n in range(1, MAX_EXTENDS - 1):
        (tmp_path / f"link{n}.bean").write_text(f'rulebook link{n} "{n}"\n  extends link{n - 1}\n',
                                                encoding="utf-8")
    # MAX_EXTENDS - 1 links above es and classic: one file too many, kept or not
    assert shipped.lookup((specs_dir() / "translations" / "es.bean").resolve(), False) is not None
    with pytest.raises(SpecError) as caught:
        compile_spec(str(tmp_path / f"link{MAX_EXTENDS - 2}.bean"))
    assert "too-deep" in [d.code for d in caught.value.diagnostics]
    # one link fewer fits
    assert compile_spec(str(tmp_path / f"link{MAX_EXTENDS - 3}.bean"))["lineage"][-1] == f"link{MAX_EXTENDS - 3}"


def test_an_unchanged_copy_shares_the_rulesets_compiled_from_its_original(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every caller gets a copy (above), and the engine compiles a ruleset once per model object:
    a copy still equal to the model it was made from shares that model's ruleset (model/copying.py),
    and one that was changed gets its own, compiled from what it now says."""
    first, second = compile_spec("classic"), compile_spec("classic")
    assert first is not second and compile_ruleset(first, 4) is compile_ruleset(second, 4)
    path = tmp_path / "variant.bean"  # a spec by path is compiled afresh, and checked playable
    path.write_text('rulebook variant "V"\n  extends classic\n', encoding="utf-8")
    mine = compile_spec(str(path))
    compiled = []
    monkeypatch.setattr(compiler, "_compile", lambda *args: compiled.append(args) or pytest.fail("compiled again"))
    for n in range(3, 6):  # its check compiled every player count's ruleset: the copy uses them
        assert compile_ruleset(mine, n).rulebook == "variant"
    monkeypatch.undo()
    changed = compile_spec("classic")
    changed["beans"][0]["beanometer"][0]["cards"] += 1
    assert compile_ruleset(changed, 4) is not compile_ruleset(first, 4)
    assert compile_ruleset(changed, 4).payout != compile_ruleset(first, 4).payout


def test_the_newest_copies_are_remembered_when_the_bound_is_reached() -> None:
    """model/copying.py remembers at most _LIMIT copies; at the bound the oldest are forgotten,
    not all of them (clearing all made two copies handed out one after the other compile apart,
    depending on how many copies the process had made before)."""
    from beanrules.model import copying
    copying._ORIGINS.clear()  # (a fresh memo, so that the bound falls between the two copies)
    for _ in range(copying._LIMIT - 1):
        compile_spec("classic")
    first, second = compile_spec("classic"), compile_spec("classic")
    assert len(copying._ORIGINS) <= copying._LIMIT
    assert compile_ruleset(first, 4) is compile_ruleset(second, 4)


def _containers(value: object, seen: list[int]) -> list[int]:
    """The ids of every dict, list and tuple in `value`, each time it is met."""
    if isinstance(value, (dict, list, tuple)):
        seen.append(id(value))
        for item in (value.values() if isinstance(value, dict) else value):
            _containers(item, seen)
    return seen


def test_copies_loaded_from_a_kept_models_bytes_share_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept model is copied from its marshalled bytes (model/copying.py): each copy equals
    the model, and no dict or list appears twice, within one copy or across two, even where
    the model itself held one container in two places."""
    from beanrules.model import copying
    model = {"a": {"b": [1, 2.5, None, True, "x"]}, "t": (1, [2])}
    model["again"] = model["a"]  # one dict in two places
    copying.freeze(model)
    first, second = copying.copy_model(model), copying.copy_model(model)
    assert first == second == model
    ids = _containers(first, []) + _containers(second, [])
    assert len(ids) == len(set(ids)) == 2 * len(_containers(model, []))
    first["again"]["b"].append(3)
    assert first["a"]["b"] == [1, 2.5, None, True, "x"] and model["a"]["b"] == [1, 2.5, None, True, "x"]
    monkeypatch.setattr(shipped, "_KEPT", {})  # (the process's kept models come back afterwards)
    compile_spec("anniversary/magpie", playable=False)
    kept = compile_spec("anniversary/magpie", playable=False)  # loaded from the kept one's bytes
    ids = _containers(kept, [])
    assert len(ids) == len(set(ids))
