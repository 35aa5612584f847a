"""Issue #10's reproducers for case files and game records: aliases, duplicate keys, deep
nesting, huge numbers and huge files are located errors, found before anything expands."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules.conformance.loader import load_file
from beanrules.documents import _LOADERS, MAX_NUMBER_CHARS, DocumentError, load_json, load_yaml, read_text
from beanrules.limits import MAX_CASE_BYTES, MAX_DOCUMENT_DEPTH
from beanrules.paths import conformance_dir

ALIAS_BOMB = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
spec: classic
cases: [*i]
"""


def case_errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_file(path)
    assert not loaded.cases
    return [e.render() for e in loaded.all_errors]


def test_an_alias_bomb_is_refused_at_its_first_alias(tmp_path: Path) -> None:
    assert len(ALIAS_BOMB) < 600
    (message,) = case_errors(tmp_path, ALIAS_BOMB)  # was 92 s and 3.9 GB: now nothing expands
    assert "line 2, column 8: aliases (*name) are not allowed" in message


def test_duplicate_keys_are_an_error(tmp_path: Path) -> None:
    (message,) = case_errors(tmp_path, "spec: classic\nsource: es\nspec: how-to-play\ncases: []\n")
    assert "line 3, column 1: the key 'spec' is given twice" in message
    with pytest.raises(DocumentError, match="'players' is given twice"):
        load_json('{"players": [], "players": ["Anna"]}')


@pytest.mark.parametrize("depth", [493, MAX_DOCUMENT_DEPTH + 1])
def test_deep_nesting_is_an_error_not_a_recursion(tmp_path: Path, depth: int) -> None:
    (message,) = case_errors(tmp_path, "spec: classic\ncases: " + "[" * depth + "]" * depth + "\n")
    assert f"nest more than {MAX_DOCUMENT_DEPTH} deep" in message and "line 2" in message
    with pytest.raises(DocumentError, match=f"nest more than {MAX_DOCUMENT_DEPTH} deep"):
        load_json('{"a": ' + "[" * depth + "]" * depth + "}")


def test_nesting_within_the_bound_loads() -> None:
    depth = MAX_DOCUMENT_DEPTH - 1
    assert load_yaml("a: " + "[" * depth + "]" * depth) == {"a": eval("[" * depth + "]" * depth)}
    assert load_json('["[[[[ in a string", ' + "[" * (depth - 1) + "]" * (depth - 1) + "]")[0] == "[[[[ in a string"


def test_huge_numbers_are_an_error() -> None:
    with pytest.raises(DocumentError, match="at most 40"):
        load_yaml("seed: " + "7" * 4301)
    with pytest.raises(DocumentError, match="at most 40"):
        load_json('{"seed": ' + "7" * 4301 + "}")
    assert load_json('{"seed": ' + "7" * MAX_NUMBER_CHARS + "}")["seed"] == int("7" * MAX_NUMBER_CHARS)


def test_the_size_is_checked_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as out:
        out.truncate(MAX_CASE_BYTES + 1)
    with pytest.raises(DocumentError, match="at most"):
        read_text(path, MAX_CASE_BYTES)
    (message,) = [e.render() for e in load_file(path).all_errors]
    assert f"at most {MAX_CASE_BYTES:,} are read" in message


def test_yaml_python_tags_are_still_refused() -> None:
    with pytest.raises(DocumentError, match="python/object/apply"):
        load_yaml("spec: !!python/object/apply:os.system ['true']\n")


# libyaml parses where PyYAML has it, PyYAML's own parser otherwise: both are held to every bound.
@pytest.mark.parametrize("loader", _LOADERS, ids=lambda loader: loader.__name__)
@pytest.mark.parametrize(("text", "error"), [
    (ALIAS_BOMB, "line 2, column 8: aliases (*name) are not allowed"),
    ("a: &x [1]\nb: *x\n", "line 2, column 4: aliases (*name) are not allowed"),
    ("spec: classic\nsource: es\nspec: how-to-play\n", "line 3, column 1: the key 'spec' is given twice"),
    ("a: " + "[" * 493 + "]" * 493, f"nest more than {MAX_DOCUMENT_DEPTH} deep"),
    ("a:\n" + "".join("  " * i + "- \n" for i in range(MAX_DOCUMENT_DEPTH + 1)), f"nest more than {MAX_DOCUMENT_DEPTH} deep"),
    ("seed: " + "7" * 4301, "line 1, column 7: a number of 4301 characters; at most 40"),
    ("a: \"\\e[31m\"\n", "line 1, column 4: a control character"),
    ("spec: !!python/object/apply:os.system ['true']\n", "python/object/apply"),
    ("cases: [1, 2\n", "not valid YAML: line 2, column 1"),
])
def test_every_yaml_loader_keeps_every_bound(loader: type, text: str, error: str) -> None:
    with pytest.raises(DocumentError) as raised:
        load_yaml(text, loader)
    assert error in str(raised.value)


@pytest.mark.parametrize("loader", _LOADERS[1:], ids=lambda loader: loader.__name__)
@pytest.mark.parametrize("case_file", ["classic/refresher.yaml", "kannibohne/text-cards.yaml"])
def test_every_yaml_loader_reads_a_shipped_case_file_alike(loader: type, case_file: str) -> None:
    """Two of the largest (the suite itself runs every case file as the fastest loader reads it)."""
    text = (conformance_dir() / case_file).read_text(encoding="utf-8")
    assert load_yaml(text, loader) == load_yaml(text)
