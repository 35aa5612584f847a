"""Permissions by condition (engine/permissions.py): a forbid or a permission that no lister,
judge or guard of its own compiles plays, its condition compiled by the evaluator — here over a token's
holder, a counter, whose turn and which phase, with and, or and not."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.core import conditions
from beanrules.engine import Game, buying, listers, program
from beanrules.engine.compiler import compile_ruleset

from engine_helpers import refused
from by_name import zone_of

SPEC = '''rulebook conditioned "Conditioned"
  extends classic
  source v "Variant"
token thaler "Bean thaler", start player holds it   § v "1"
counter marks per player   § v "2"
rule thaler-holds: no player may harvest while holding thaler   § v "3"
rule marked-trade: no player may trade while own marks < 1 and it is not own turn or it is phase draw   § v "4"
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("conditioned") / "conditioned.bean"
    path.write_text(SPEC, encoding="utf-8")
    return compile_spec(str(path))


def _game(model: dict, **partial) -> Game:
    return Game.from_partial(model, ["Anna", "Natalie", "Greg"], {"phase": "plant", **partial})


def _listed(game: Game, player: str) -> list[str]:
    return [a.notation() for a in game.legal_actions(player)]


def test_the_new_shapes_have_no_compiler_of_their_own_yet_they_compile(model):
    rules = {r["id"]: r for r in model["rules"]}
    from beanrules.desugar import desugar_rule
    for rule_id in ("thaler-holds", "marked-trade"):
        (statement,) = desugar_rule(rules[rule_id])
        # neither run by the program nor picked by a lister or the buying of a field
        assert not (program.runs(statement) or listers.lists(statement) or buying.sells_field(statement))
    rs = compile_ruleset(model, 3)
    assert [s.ref.id for s in rs.standing] == ["thaler-holds"]
    # a forbid of trading is one of the trade guards every trading phase judges by, and only that
    assert "marked-trade" in [g.ref.id for g in rs.phase("trade").trade.forbids]
    assert isinstance(desugar_rule(rules["marked-trade"])[0].condition, conditions.AnyOf)


def test_a_forbid_over_a_tokens_holder(model):
    game = _game(model, fields={"Anna": [["soy", "soy"], [], []], "Natalie": [["red", "red"], [], []]},
                 hands={"Anna": ["blue"]})
    assert "Anna harvests 1" not in _listed(game, "Anna")
    refused(game, "Anna harvests 1", "thaler-holds")
    assert "Natalie harvests 1" in _listed(game, "Natalie")
    game.apply("Natalie harvests 1")
    assert zone_of(game.state, "coins", "Natalie")


def test_a_forbid_over_a_counter_whose_turn_and_the_phase(model):
    game = _game(model, phase="trade", offer=["soy"], hands={"Anna": ["blue"], "Natalie": ["red"], "Greg": ["chili"]},
                 counters={"marks": {"Anna": 0, "Natalie": 0, "Greg": 2}})
    assert not [a for a in _listed(game, "Natalie") if a.startswith("Natalie gives") or a.startswith("Natalie offers")]
    refused(game, "Natalie gives hand red to Anna", "marked-trade")
    assert any(a.startswith("Greg gives") for a in _listed(game, "Greg"))  # marks 2: he may
    assert any(a.startswith("Anna gives") for a in _listed(game, "Anna"))  # her own turn: she may
    game.apply("Greg gives hand chili to Anna")
    assert game.state.proposals


def test_a_classic_game_compiles_no_constraint_by_condition():
    assert compile_ruleset(compile_spec("classic"), 4).standing == ()
