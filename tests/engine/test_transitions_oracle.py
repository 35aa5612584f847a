"""Temporary oracle: the one compiled implementation of the transitions (start, end_phase,
resume) against the reference functions flow.py had before (tests/engine/_old_flow.py), in
bot games of every spec at every player count, action by action."""
from __future__ import annotations

import contextlib

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, acting, answering, game as game_module
from beanrules.engine.bots import RandomBot
from beanrules.engine.legal import next_to_act
from beanrules.resolve.compiler import list_specs

import _old_flow as old


@contextlib.contextmanager
def old_flow(monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(game_module, "start", lambda state, rs, events, steps: old.start(state, rs, events, old.reference_steps(rs)))
        m.setattr(game_module, "end_phase", lambda state, rs, events, steps=None: old.end_phase(state, rs, events))
        m.setattr(acting, "end_phase", lambda state, rs, events, steps=None: old.end_phase(state, rs, events))
        m.setattr(acting, "resume", lambda state, rs, action, events, steps=None: old.resume(state, rs, action, events))
        m.setattr(answering, "resume", lambda state, rs, action, events, steps=None: old.resume(state, rs, action, events))
        yield


@pytest.mark.parametrize("name", list_specs())
def test_new_transitions_play_as_the_old(name, monkeypatch):
    model = compile_spec(name)
    for players in range(model["players"]["min"], model["players"]["max"] + 1):
        for seed in range(3):
            new = Game(model, players, seed=seed)
            with old_flow(monkeypatch):
                ref = Game(model, players, seed=seed)
            assert new.start_events == ref.start_events and new.state_json() == ref.state_json()
            bots = {p: RandomBot(seed=f"{players}:{seed}:{i}", trades=(players + seed) % 2 == 0)
                    for i, p in enumerate(new.players)}
            for count in range(3000):
                if new.state.over:
                    break
                player = next_to_act(new.state, new.ruleset)
                action = bots[player].choose(new, player)
                got = new.apply(action)
                with old_flow(monkeypatch):
                    want = ref.apply(action)
                assert got == want, (players, seed, count, action)
                assert new.state_json() == ref.state_json(), (players, seed, count, action)
            assert new.state.over and ref.state.over, (players, seed)
