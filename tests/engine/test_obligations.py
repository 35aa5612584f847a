"""The phase flow's third step of "One semantics" (docs/architecture.md, "The migration, step by
step"): whether a phase has nothing left to do, compiled per phase from the statements that apply
during it (engine/obligations.py), with today's flow.phase_complete as the oracle: on every state
bots reach in games of every spec at its fewest and most players, the compiled closure says what
the oracle says."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from beanrules import compile_spec, list_specs
from beanrules.engine import Game, hotpath, transitions
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.flow import phase_complete
from beanrules.engine.obligations import completions

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = list(list_specs())
VARIANTS = [str(p) for p in sorted((ROOT / "conformance").rglob("*.bean"))]
# The shipped specs play in the test command; the test variants under `pytest -m sweep`.
CASES = [pytest.param(spec, id=spec) for spec in SHIPPED] + \
    [pytest.param(spec, id=Path(spec).stem, marks=pytest.mark.sweep) for spec in VARIANTS]


def watched_plan(rs: Any, seen: dict) -> hotpath.Plan:
    """A plan of its own for one game whose completion tests (after an action, and in the phase
    transitions) ask the oracle and the compiled closure, and fail where they differ."""
    plan = hotpath.Plan(rs)
    compiled = completions(rs)

    def watch(ph: Any) -> Callable[[Any], bool]:
        def complete(state: Any) -> bool:
            want = phase_complete(state, rs, ph)
            assert compiled[ph.index](state) == want, (state.turn, state.phase)
            seen[want] += 1
            return want
        return complete
    tests = tuple(watch(ph) for ph in rs.phases)
    for ph in rs.phases:
        plan.phases[ph.index].complete = tests[ph.index]
    plan.steps = transitions.Transitions(plan.steps.ending, plan.steps.enter, tests)
    return plan


@pytest.mark.parametrize("spec", CASES)
def test_the_compiled_completion_says_what_phase_complete_says(spec, monkeypatch):
    try:
        model = compile_spec(spec)
    except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
        pytest.skip("the spec does not compile, on purpose")
    low, high = model["players"]["min"], model["players"]["max"]
    seen = {True: 0, False: 0}
    monkeypatch.setattr(hotpath, "plan_for", lambda rs: watched_plan(rs, seen))
    for players in sorted({low, high}):
        try:
            game = Game(model, [f"P{i}" for i in range(players)], seed=players)
        except Exception:  # a variant no game can be made of (refused when a game is created)
            pytest.skip("no game of the spec can be made, on purpose")
        bots = {p: make_bot("greedy" if i % 2 else "random", players, trades=players % 2 == 0)
                for i, p in enumerate(game.players)}
        play_out(game, bots, max_actions=20_000, keep_events=False)
    assert seen[False] > 0 and seen[True] > 0  # the oracle saw both answers
