"""The language reference marks exactly the examples that `check` would reject as not playable
yet: each fragment is compiled in the reference's preamble and the construct-level checks of
the last stage (not playable yet, never in play, names, contradictions) are run on what the
fragment itself wrote."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.docs.examples import example_text, examples, is_whole_spec
from beanrules.resolve.playable import cards_in_play, contradictions, names_in_abilities, not_yet

PAGE = (Path(__file__).parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
MARK = "*Not playable yet:*"


def _marked(fragment: str) -> bool:
    """The paragraph right before the fragment's block starts with the mark."""
    before = PAGE[:PAGE.index("```bean\n" + fragment)].rstrip("\n")
    return before.rsplit("\n\n", 1)[-1].startswith(MARK)


def _construct_errors(fragment: str) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "example.bean"
        text, first = example_text(fragment)
        path.write_text(text, encoding="utf-8")
        model = compile_spec(str(path), playable=False)
        found = not_yet(model, None) + cards_in_play(model, None) + names_in_abilities(model, None) \
            + contradictions(model, None)
        return [d.message for d in found if d.span and d.span.file == str(path) and d.span.line >= first]


@pytest.mark.parametrize("fragment", examples(PAGE), ids=lambda f: f.split("\n")[0][:40])
def test_an_example_is_marked_not_playable_exactly_when_check_would_reject_it(fragment: str) -> None:
    errors = _construct_errors(fragment)
    assert bool(errors) == _marked(fragment), errors or "marked, but check finds nothing unplayable"


def test_whole_spec_examples_check_clean(tmp_path: Path) -> None:
    for fragment in examples(PAGE):
        if is_whole_spec(fragment) and "extends" in fragment:
            path = tmp_path / "example.bean"
            path.write_text(fragment, encoding="utf-8")
            compile_spec(str(path))  # raises SpecError if check rejects it
