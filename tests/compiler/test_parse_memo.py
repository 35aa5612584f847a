"""A text that parsed clean is not parsed again (syntax/parser.py keeps its tree by the text):
the same text in another file compiles with that file's spans, an edited text is parsed anew,
a text with syntax errors is never kept, and the memo forgets its oldest text at its bound."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.paths import specs_dir
from beanrules.syntax import parser
from beanrules.syntax.build import build_spec

VARIANT = 'rulebook variant "A variant"\n  extends classic\n  source v "Variant rules"\nhand limit 7   § v "1"\n'


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the Lark parser is run on, from an empty memo."""
    seen: list[str] = []
    inner = parser._parse_text
    monkeypatch.setattr(parser, "_parse_text", lambda text, file: seen.append(text) or inner(text, file))
    monkeypatch.setattr(parser, "_TREES", {})
    return seen


def _spans_name(model: dict, display: str) -> bool:
    rule = next(r for r in model["rules"] if r["kind"] == "hand-limit")
    return rule["span"]["file"] == display


def test_the_same_text_in_another_file_is_parsed_once_and_compiles_with_that_files_spans(
        tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a").mkdir(), Path("b").mkdir()
    Path("a/v.bean").write_text(VARIANT, encoding="utf-8")
    Path("b/v.bean").write_text(VARIANT, encoding="utf-8")
    first, second = compile_spec("a/v.bean"), compile_spec("b/v.bean")
    assert parses.count(VARIANT) == 1
    assert _spans_name(first, "a/v.bean") and _spans_name(second, "b/v.bean")
    assert first["rules"] != second["rules"]  # the spans differ, nothing else
    for model in (first, second):
        for rule in model["rules"]:
            rule.pop("span", None)
    assert first["rules"] == second["rules"]


def test_an_edited_text_is_parsed_again(tmp_path: Path, parses: list[str]) -> None:
    path = tmp_path / "v.bean"
    path.write_text(VARIANT, encoding="utf-8")
    assert next(r for r in compile_spec(str(path))["rules"] if r["kind"] == "hand-limit")["params"]["max"] == 7
    edited = VARIANT.replace("hand limit 7", "hand limit 8")
    path.write_text(edited, encoding="utf-8")
    assert next(r for r in compile_spec(str(path))["rules"] if r["kind"] == "hand-limit")["params"]["max"] == 8
    assert parses == [VARIANT, edited]


def test_a_text_with_syntax_errors_is_never_kept(tmp_path: Path, parses: list[str]) -> None:
    broken = VARIANT.replace("hand limit 7", "hand limitt 7")
    for name in ("one.bean", "two.bean"):
        (tmp_path / name).write_text(broken, encoding="utf-8")
        with pytest.raises(SpecError) as caught:
            compile_spec(str(tmp_path / name))
        assert caught.value.diagnostics[0].span.file.endswith(name)
    assert parses.count(broken) == 2 and broken not in parser._TREES


def test_building_the_ast_leaves_a_kept_tree_as_parsed() -> None:
    text = (specs_dir() / "kannibohne.bean").read_text(encoding="utf-8")
    tree, problems = parser.parse_text(text, "x.bean")
    assert not problems
    before = copy.deepcopy(tree)
    build_spec(tree, "x.bean", text)
    assert tree == before
    assert parser.parse_text(text, "y.bean")[0] is tree


def test_at_its_bound_the_memo_forgets_its_oldest_texts(parses: list[str]) -> None:
    texts = [f'rulebook r{i} "R"\n' for i in range(parser._TREES_LIMIT + 1)]
    for text in texts:
        parser.parse_text(text, "r.bean")
    gone = parser._TREES_LIMIT // 8  # at the bound the oldest eighth goes (memo.remember)
    assert len(parser._TREES) == parser._TREES_LIMIT - gone + 1
    assert texts[gone - 1] not in parser._TREES and texts[gone] in parser._TREES and texts[-1] in parser._TREES
    parser.parse_text(texts[gone], "r.bean")
    parser.parse_text(texts[0], "r.bean")
    assert parses == texts + [texts[0]]  # the next text was still kept, the first parsed again
