"""The language reference's examples are tests: each compiles, and together they use every
statement kind the rule-model schema knows."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.docs.examples import compile_example, examples, is_whole_spec
from beanrules.model.validate import rule_model_schema

PAGE = Path(__file__).parents[1] / "docs" / "language.md"
EXAMPLES = examples(PAGE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("fragment", EXAMPLES, ids=lambda f: f.split("\n")[0][:40])
def test_example_compiles_to_something(fragment: str) -> None:
    added = compile_example(fragment)
    if not is_whole_spec(fragment):
        assert added, "the example adds nothing to the preamble"


def test_every_rule_kind_has_an_example() -> None:
    kinds = set(rule_model_schema()["$defs"]["params"])
    used = {r["kind"] for f in EXAMPLES for r in compile_example(f).get("rules", [])}
    assert kinds - used == set()


def test_abilities_compile_to_triggers_and_effects() -> None:
    [card] = compile_example(next(f for f in EXAMPLES if "Counting bean" in f))["beans"]
    [ability] = card["abilities"]
    assert ability["triggers"] == [{"on": "when-played"}]
    assert [e["do"] for e in ability["effects"]] == ["look", "if", "repeat"]
    branch = ability["effects"][1]
    assert branch["condition"] == {"test": "count", "place": {"owner": "own", "zone": "hand", "end": None},
                                   "compare": "<", "value": 4}
    assert [e["to"]["zone"] for e in branch["then"] + branch["else"]] == ["hand", "discard"]
    assert ability["effects"][2] == {"do": "repeat", "times": 2, "effects": [{"do": "gain", "coins": 1}]}
