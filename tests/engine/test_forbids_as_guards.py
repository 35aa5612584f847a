"""A ``forbid`` of reordering a hand, of buying a field, of moving coins back into the deck is a
guard compiled by its condition (engine/lasting.py's compile_rule), not a reading: one that
names no action a rule permits is left out of the checks in play (so the hot path and the
kernel still serve classic) and cited where the action it names is refused; one that names an
action a rule permits is checked like any constraint by condition."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.engine import BuyField, Game
from beanrules.engine.compiler import compile_ruleset
from beanrules.kernel.support import check_ruleset

from engine_helpers import refused
from by_name import zone_of

FOUR = ["Anna", "Natalie", "Greg", "Lena"]
HEAD = 'rulebook {name} "V"\n  extends classic\n  source v "Variant rules"\n'
# a forbid of buying by a condition, where no rule sells a field
RICH = ('remove rule no-field-buying   § v "p.1"\n'
        'rule rich: no player may buy a field while count of own coins > 2   § v "p.1"\n')
# the same forbid beside a rule that sells fields
SOLD = ('replace no-field-buying: buy a field for 1 coins   § v "p.1"\n'
        'remove rule coins-leave-game   § v "p.1"\n'
        'rule rich: no player may buy a field while count of own coins > 2   § v "p.1"\n')


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict[str, dict]:
    folder = Path(tmp_path_factory.mktemp("specs"))
    for name, text in (("rich", RICH), ("sold", SOLD)):
        (folder / f"{name}.bean").write_text(HEAD.format(name=name) + text, encoding="utf-8")
    return {name: compile_spec(str(folder / f"{name}.bean")) for name in ("rich", "sold")}


def _coins(model: dict, coins: int) -> Game:
    return Game.from_partial(model, FOUR, {"phase": "plant", "hands": {"Anna": ["red"]},
                                           "coins": {"Anna": ["soy"] * coins}})


def test_classic_forbids_are_guards_cited_only():
    rs = compile_ruleset(compile_spec("classic"), 4)
    # coins back into the deck: no action of the players does it, so nothing to check or cite
    assert [g.ref.id for g in rs.guards] == ["no-field-buying", "hand-order"]
    assert rs.standing == ()
    check_ruleset(rs)  # the kernel plays it (it would decline a constraint it must check)


def test_a_guard_is_cited_by_its_condition(models):
    rich = models["rich"]
    refused(_coins(rich, 3), "Anna buys a field", "rich")
    # the condition fails: no rule forbids it, and none sells a field
    refused(_coins(rich, 1), "Anna buys a field", None)


def test_a_forbid_of_a_permitted_action_is_checked_in_play(models):
    sold = models["sold"]
    rs = compile_ruleset(sold, 4)
    assert [s.ref.id for s in rs.standing] == ["rich"] and [g.ref.id for g in rs.guards] == ["hand-order"]
    game = _coins(sold, 3)
    refused(game, "Anna buys a field", "rich")
    assert BuyField("Anna") not in game.legal_actions("Anna")
    game = _coins(sold, 2)
    assert BuyField("Anna") in game.legal_actions("Anna")
    game.apply("Anna buys a field")
    assert len(zone_of(game.state, "fields", "Anna")) == 3
