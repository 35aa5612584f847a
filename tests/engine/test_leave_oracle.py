"""Temporary oracle: leaving a phase by the compiled transitions (transitions.leave) against the
code before (flow._leave running CoreStep.fire; tests/engine/_old_flow.py, _old_transitions.py),
in bot games of every spec at every player count, action by action (events and states)."""
from __future__ import annotations

import contextlib

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, acting, answering, game as game_module
from beanrules.engine.bots import RandomBot
from beanrules.engine.legal import next_to_act
from beanrules.resolve.compiler import list_specs

import _old_flow as old
import _old_transitions as old_transitions


@contextlib.contextmanager
def old_flow(monkeypatch):
    steps = lambda rs: old_transitions.of(rs)
    with monkeypatch.context() as m:
        m.setattr(game_module, "start", lambda state, rs, events, _: old.start(state, rs, events, steps(rs)))
        m.setattr(game_module, "end_phase", lambda state, rs, events, _: old.end_phase(state, rs, events, steps(rs)))
        m.setattr(acting, "end_phase", lambda state, rs, events, _: old.end_phase(state, rs, events, steps(rs)))
        m.setattr(acting, "resume", lambda state, rs, action, events, _=None: old.resume(state, rs, action, events, steps(rs)))
        m.setattr(answering, "resume", lambda state, rs, action, events, _=None: old.resume(state, rs, action, events, steps(rs)))
        yield


@pytest.mark.parametrize("name", list_specs())
def test_leaving_plays_as_before(name, monkeypatch):
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
