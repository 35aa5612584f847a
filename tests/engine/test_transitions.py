"""The phase transitions compiled per ruleset (engine/transitions.py) against flow's own
functions (flow.reference_steps): for every shipped spec at its smallest and largest player
count, one random game played twice in step, once on each set, must deal, enter and leave its
phases alike, with the same events and the same full state after every action."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, acting, flow, transitions
from beanrules.engine.bots import RandomBot
from beanrules.engine.legal import next_to_act
from beanrules.resolve.compiler import list_specs

SPECS = list_specs()


def on_reference_steps(monkeypatch: pytest.MonkeyPatch, model: dict, players: int, seed: int) -> Game:
    """A game whose transitions (at the start, after each action, at an end of a phase) are
    flow's reference functions: transitions.of answers them while it is made, and the moves
    compiled for it are compiled anew (and forgotten after)."""
    with monkeypatch.context() as patched:
        patched.setattr(transitions, "of", flow.reference_steps)
        patched.setattr(acting, "_MOVERS", {})
        game = Game(model, players, seed=seed)
        assert acting.movers(game.ruleset) == (game._checked, game._as_listed)
    assert game._steps.enter != transitions.of(game.ruleset).enter
    return game


@pytest.mark.parametrize("name", SPECS)
def test_the_compiled_transitions_play_as_the_reference_ones(name, monkeypatch):
    model = compile_spec(name)
    for players in sorted({model["players"]["min"], model["players"]["max"]}):
        compiled = Game(model, players, seed=players)
        reference = on_reference_steps(monkeypatch, model, players, players)
        assert compiled.start_events == reference.start_events and compiled.state_json() == reference.state_json()
        bots = {p: RandomBot(seed=f"{players}:{i}", trades=players % 2 == 0) for i, p in enumerate(compiled.players)}
        for count in range(2000):
            if compiled.state.over:
                break
            player = next_to_act(compiled.state, compiled.ruleset)
            action = bots[player].choose(compiled, player)
            assert compiled.apply(action) == reference.apply(action), (players, count, action)
            assert compiled.state_json() == reference.state_json(), (players, count, action)
        assert compiled.state.over and reference.state.over, players
