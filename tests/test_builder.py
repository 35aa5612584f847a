"""The builder reads the grammar's alternatives of an effect, a condition, a trigger and a place
(syntax/build.py's `alternatives`), so a new alternative needs no list kept in the builder, and
a condition of the usual words (a place, an owner, a name, a comparison and a number) is built
from those words without a method of its own."""
from __future__ import annotations

import copy
from typing import Callable, Iterator

import pytest

from jsonschema import Draft202012Validator
from lark import Lark

from beanrules.model.validate import rule_model_schema
from beanrules.paths import grammar_file
from beanrules.syntax import build
from beanrules.syntax.parser import SpecIndenter, spec_parser

SPEC = '''rulebook t "T"
  source v "V"

beans
  card owl "Owl" 2
    ability: in phase plant
      if count of own hand > 2:
        gain 1 coins
'''


@pytest.fixture
def grown(monkeypatch) -> Iterator[Callable[..., Lark]]:
    """The builder over the shipped grammar with one more alternative: `grown((old, new), …)`
    replaces the first `old` of the grammar by `new`, for each pair, and returns the parser the
    builder then reads."""
    def grow(*edits: tuple[str, str]) -> Lark:
        grammar = grammar_file().read_text(encoding="utf-8")
        for old, new in edits:
            assert old in grammar
            grammar = grammar.replace(old, new, 1)
        parser = Lark(grammar, parser="lalr", lexer="contextual", postlex=SpecIndenter(),
                      propagate_positions=True, maybe_placeholders=False)
        monkeypatch.setattr(build, "spec_parser", lambda: parser)
        build.alternatives.cache_clear()
        return parser
    yield grow
    build.alternatives.cache_clear()


def _built(parser: Lark, text: str) -> dict:
    """The first effect of the first ability of `text`, as the builder builds it."""
    return build.build_spec(parser.parse(text), "t.bean", text).items[0].abilities[0].effects[0]


def test_the_builder_knows_the_grammar_s_alternatives():
    assert {"cond_empty", "cond_count", "cond_harvestable"} <= build.alternatives("condition")
    assert {"move", "lasting", "lasting_card", "lasting_open", "effect_if"} <= build.alternatives("effect")
    assert build.alternatives("place") == {"place", "this_field", "named_field", "declared_place"}
    names = {r.alias or r.origin.name for r in spec_parser().rules}
    assert build.alternatives("condition") <= {str(n) for n in names}


def test_a_new_condition_of_the_usual_words_needs_no_builder(grown):
    """A grammar with one more condition (as a new mechanism would add it) builds it by its
    words: the test's name is the alternative's, the rest its place, comparison and number."""
    own_turn = '         | "it" "is" "own" "turn"                -> cond_own_turn\n'
    parser = grown((own_turn, own_turn + '         | "types" "in" place compare INT        -> cond_types\n'))
    effect = _built(parser, SPEC.replace("count of own hand > 2", "types in left player field >= 3"))
    assert effect["condition"] == {"test": "types", "place": {"owner": "left-player", "zone": "field", "end": None},
                                   "compare": ">=", "value": 3}


def test_a_new_effect_of_the_usual_words_needs_no_builder(grown):
    """A grammar with one more effect builds it by its words, its `do` the alternative's name,
    and the schema's list of effects (effect_kinds) grows with the grammar."""
    move = 'move: "move" amount "from" place "to" place provenance _NL\n'
    parser = grown(('?effect: move | choose |', '?effect: pass_on | move | choose |'),
                   (move, move + 'pass_on: "pass" INT "cards" "from" place "to" place provenance _NL\n'))
    assert "pass-on" in build.effect_kinds()
    effect = _built(parser, SPEC.replace("gain 1 coins", "pass 2 cards from own hand front to left player hand"))["then"][0]
    assert effect == {"do": "pass-on", "count": 2,
                      "from": {"owner": "own", "zone": "hand", "end": "front"},
                      "to": {"owner": "left-player", "zone": "hand", "end": None}}
    # the rule model's schema takes it, once its `do` is regenerated from this grammar
    schema = copy.deepcopy(rule_model_schema())
    schema["$defs"]["effect"]["properties"]["do"]["enum"] = list(build.effect_kinds())
    assert not list(Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/effect"}).iter_errors(effect))


RULE = '''rulebook t "T"
  source v "V"

rules
  no player may harvest while count of own hand < 2   § v "1"
'''


def test_a_new_test_is_one_alternative_for_an_if_and_a_rule_by_condition(grown):
    """A grammar with one more test of a condition builds it by its words in an ability's `if`
    and in a constraint by condition alike (one grammar rule, one builder), the schema's list of
    tests (condition_tests) grows with the grammar, and the schema regenerated from it takes
    both conditions."""
    counter = '         | owner? NAME compare INT               -> cond_counter\n'
    parser = grown((counter, counter + '         | "cards" "in" place compare INT        -> cond_cards_in\n'))
    assert "cards-in" in build.condition_tests()
    text = RULE.replace("count of own hand < 2", "cards in left player hand >= 3 and it is own turn")
    rule = build.build_spec(parser.parse(text), "t.bean", text).items[0].params["condition"]
    effect = _built(parser, SPEC.replace("count of own hand > 2", "cards in left player hand >= 3 and it is own turn"))
    assert rule == effect["condition"] == {"test": "all", "of": [
        {"test": "cards-in", "place": {"owner": "left-player", "zone": "hand", "end": None}, "compare": ">=", "value": 3},
        {"test": "own-turn"}]}
    schema = copy.deepcopy(rule_model_schema())

    def errors() -> list:
        return list(Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/condition"}).iter_errors(rule))
    assert errors()  # the shipped schema does not know the test yet
    schema["$defs"]["condition"]["properties"]["test"]["enum"] = list(build.condition_tests())
    assert not errors()
