"""The sugar library: one rewrite per sentence kind, each with its documented example run
here; every rule of every shipped spec desugars; names inside the core must resolve."""
from __future__ import annotations

import json
import textwrap

import pytest

from beanrules import compile_spec, list_specs
from beanrules.core import from_json
from beanrules.desugar import REWRITES, core_statements, desugar_rule
from beanrules.diagnostics import SpecError
from beanrules.docs.examples import compile_example
from beanrules.model.validate import rule_model_schema


def test_every_sentence_kind_of_the_schema_has_exactly_one_rewrite():
    kinds = set(rule_model_schema()["$defs"]["rule"]["properties"]["kind"]["enum"])
    assert kinds == set(REWRITES)


@pytest.mark.parametrize("kind", sorted(REWRITES))
def test_documented_example_means_what_it_says(kind):
    rewrite = REWRITES[kind]
    rules = [r for r in compile_example(rewrite.fragment)["rules"] if r["kind"] == kind]
    assert len(rules) == 1, f"the example of '{kind}' is not one '{kind}' sentence"
    statements = [from_json(s) for s in rules[0]["core"]]
    assert " ".join(s.to_text() for s in statements) == rewrite.means
    assert rewrite.doc, f"the rewrite of '{kind}' says nothing about itself"


@pytest.mark.parametrize("name", list_specs())
def test_every_rule_of_every_shipped_spec_desugars(name):
    model = compile_spec(name)
    for rule in model["rules"]:
        assert rule["kind"] == "note" or rule["core"], rule["id"]
        # the stored core is what the rewrite says now, and survives JSON
        assert [s.to_json() for s in desugar_rule(rule)] == rule["core"]
    for bean in model["beans"]:
        assert bean["core"]["node"] == "card" and bean["core"]["id"] == bean["id"]


def test_the_core_of_classic_round_trips_through_json():
    model = compile_spec("classic")
    text = json.dumps([r["core"] for r in model["rules"]])
    again = [[from_json(s).to_json() for s in core] for core in json.loads(text)]
    assert again == [r["core"] for r in model["rules"]]
    kinds = {s.NODE for _, s in core_statements(model)}
    assert {"do", "permit", "forbid", "end-when", "score", "winner", "tie-break"} <= kinds


def test_classic_says_in_its_core_what_its_turn_does():
    model = compile_spec("classic")
    by_rule = {rule["id"]: [s.to_text() for r, s in core_statements(model) if r is rule]
               for rule in model["rules"]}
    assert by_rule["reveal"] == ["At the start of phase trade: turn the top 2 cards of the deck "
                                 "face up into the offer."]
    assert by_rule["draw"] == ["At the start of phase draw: the active player draws 3 cards to "
                               "the back of the hand."]
    assert by_rule["end-on-exhaustion"] == ["The game ends when the number of times the deck "
                                            "has run out is at least 3."]


def _spec(tmp_path, body: str) -> str:
    path = tmp_path / "variant.bean"
    path.write_text(textwrap.dedent('''\
        rulebook variant "Variant"
          extends classic
          source v "Variant rules"
        ''') + textwrap.dedent(body), encoding="utf-8")
    return str(path)


def test_an_ability_naming_an_unknown_phase_is_an_error_at_its_card(tmp_path):
    path = _spec(tmp_path, '''\
        card thief "Thief bean" 1 beanometer 1   § v "1"
          ability steal: while on top of a field, in phase plnt, once per turn   § v "1"
            move 1 from opponent field top to own field
        ''')
    with pytest.raises(SpecError) as raised:
        compile_spec(path)
    [error] = [d for d in raised.value.diagnostics if d.code == "core-name"]
    assert "unknown phase 'plnt'" in error.message and "ability steal" in error.message
    assert error.span.line == 5  # the ability's line
    assert "plant" in (error.suggestion or "")


def test_an_ability_naming_an_unknown_bean_is_an_error(tmp_path):
    path = _spec(tmp_path, '''\
        card seer "Seer bean" 1 beanometer 1   § v "1"
          ability look: when planted   § v "1"
            if own hand holds stnk:
              gain 1 coins
        ''')
    with pytest.raises(SpecError) as raised:
        compile_spec(path)
    assert any("unknown bean 'stnk'" in d.message for d in raised.value.diagnostics)
