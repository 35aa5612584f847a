"""A permission laid down for a while (engine/lasting.py: ``until …: owner may harvest``) in the
kernel: it lists the harvests the permission opens through the engine's own listing under the
constraints in force (lasting.constrain, kernel/lasting.py), so it plays conformance/variants/
hoe.bean (My First Bohnanza harvested on one's own turn, with a hoe that lets its owner harvest
through the rest of the turn, phase 2 included, and a rake through the other players' turns)
action for action as the interpreter. hoes.bean, the same with ten of each card, is compared:
its games harvest where only a permission lets them, in the owner's turn and in another's."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.actions import Harvest
from beanrules.engine.harvesting import harvestable
from beanrules.kernel import kernel_reason

from kernel_differential import fast_difference, first_difference

HOE = str(Path(__file__).parents[2] / "conformance" / "variants" / "hoe.bean")
HOES = str(Path(__file__).parent / "hoes.bean")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_kernel_no_longer_refuses_a_lasting_permission(players: int) -> None:
    assert kernel_reason(compile_spec(HOE), players, ["random", "greedy"]) is None


@pytest.mark.parametrize("players", [3, 5])
def test_the_kernel_plays_lasting_permissions_as_the_interpreter(players: int) -> None:
    model = compile_spec(HOES)
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    opened = []

    def before(game: Game, player: str, action: object) -> None:
        if isinstance(action, Harvest) and action.field - 1 not in harvestable(game.state, game.ruleset, player):
            opened.append(action)  # a harvest the harvest timing refuses: a permission in force opened it
    for seed in range(3):
        for bots in (["random"], ["greedy"], ["random", "greedy"]):
            assert first_difference(model, players, seed, bots, seed % 2 == 0, before=before) is None, (seed, bots)
        assert fast_difference(model, players, seed + 500, ["random"], seed % 2 == 0) is None, seed
    assert opened  # the games compared reached the mechanism
