"""The generated documentation of the core: every node and every sentence's core appear on
the pages, from the registry and the rewrites themselves."""
from __future__ import annotations

from pathlib import Path

from beanrules.core import NODES
from beanrules.desugar import REWRITES
from beanrules.desugar.reference import render_markers

ROOT = Path(__file__).resolve().parents[2]


def _page(name: str) -> str:
    return render_markers((ROOT / "docs" / name).read_text(encoding="utf-8"), ROOT)


def test_the_core_page_lists_every_node():
    page = _page("core.md")
    assert "<!--" not in page
    for name in NODES:
        assert f"| `{name}` |" in page, name


def test_the_language_page_says_what_every_sentence_means():
    page = _page("language.md")
    for kind, rewrite in REWRITES.items():
        assert f"| `{kind}` |" in page and (rewrite.means or "a note is not a rule") in page


def test_the_tutorial_page_shows_its_files_and_their_core():
    page = _page("writing-a-variant.md")
    assert "replace draw: draw 2 to back of hand" in page
    assert "the active player draws 2 cards to the back of the hand" in page
    assert "There are 4 lucky cards" in page


def test_the_core_page_shows_the_worked_examples():
    import json
    from beanrules.core import from_json
    page = _page("core.md")
    data = json.loads((Path(__file__).parents[2] / "docs" / "core-examples.json").read_text(encoding="utf-8"))
    for example in (e for group in data["groups"] for e in group["examples"]):
        assert from_json(example["core"]).to_text().replace("|", "\\|") in page
