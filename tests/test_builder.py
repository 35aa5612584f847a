"""The builder reads the grammar's alternatives of an effect, a condition, a trigger and a place
(syntax/build.py's `alternatives`), so a new alternative needs no list kept in the builder, and
a condition of the usual words (a place, an owner, a name, a comparison and a number) is built
from those words without a method of its own."""
from __future__ import annotations

from lark import Lark

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


def test_the_builder_knows_the_grammar_s_alternatives():
    assert {"is_empty", "count_compare", "may_harvest"} <= build.alternatives("condition")
    assert {"move", "lasting", "lasting_card", "lasting_open", "effect_if"} <= build.alternatives("effect")
    assert build.alternatives("place") == {"place", "this_field", "named_field", "declared_place"}
    names = {r.alias or r.origin.name for r in spec_parser().rules}
    assert build.alternatives("condition") <= {str(n) for n in names}


def test_a_new_condition_of_the_usual_words_needs_no_builder(monkeypatch):
    """A grammar with one more condition (as a new mechanism would add it) builds it by its
    words: the test's name is the alternative's, the rest its place, comparison and number."""
    grammar = grammar_file().read_text(encoding="utf-8").replace(
        '         | "it" "is" "own" "turn"                -> is_own_turn\n',
        '         | "it" "is" "own" "turn"                -> is_own_turn\n'
        '         | "types" "in" place compare INT        -> types_compare\n', 1)
    assert "types_compare" in grammar
    parser = Lark(grammar, parser="lalr", lexer="contextual", postlex=SpecIndenter(),
                  propagate_positions=True, maybe_placeholders=False)
    monkeypatch.setattr(build, "spec_parser", lambda: parser)
    build.alternatives.cache_clear()
    try:
        text = SPEC.replace("count of own hand > 2", "types in left player field >= 3")
        spec = build.build_spec(parser.parse(text), "t.bean", text)
        effect = spec.items[0].abilities[0].effects[0]
        assert effect["condition"] == {"test": "types-compare", "compare": ">=", "value": 3,
                                       "place": {"owner": "left-player", "zone": "field", "end": None}}
    finally:
        build.alternatives.cache_clear()
