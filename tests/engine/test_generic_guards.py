"""The first step of "One semantics" (docs/architecture.md, "The migration, step by step"): the
harvest constraints that engine/readings.py reads by their shape (the protection rule, harvesting
only a field that pays) compiled instead as the generic guards every other `forbid` already is
(engine/lasting.py's matcher, now binding the field harvested, and `some-field`'s own semantics),
with today's engine as the oracle: on every state that bots reach in games of every spec that
has such a rule, at each of its player counts, the generic guard refuses exactly the harvests
the reading refuses, citing the same rule."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from beanrules import compile_spec, list_specs
from beanrules.core import effects, statements as core
from beanrules.desugar import rule_statements
from beanrules.engine import Game
from beanrules.engine import evaluate, lasting, readings
from beanrules.engine.actions import Harvest
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.errors import RuleRef
from beanrules.engine.harvesting import field_refusal

ROOT = Path(__file__).resolve().parents[2]
SHAPES = (readings.Protection, readings.OnlyPaying)


def _read_by_shape(model: dict) -> list[tuple[str, core.Forbid]]:
    found = []
    for rule in model["rules"]:
        for statement in rule_statements(rule):
            if isinstance(statement, core.Forbid) and isinstance(statement.action, effects.Harvest) \
                    and isinstance(readings.read(statement), SHAPES):
                found.append((rule["id"], statement))
    return found


def _specs() -> list[str]:
    """The shipped specs and the test variants (which of them have such rules is seen as each
    test compiles its spec: nothing is compiled while pytest collects)."""
    return list(list_specs()) + [str(p) for p in sorted((ROOT / "conformance").rglob("*.bean"))]


SPECS = _specs()
SHIPPED = set(list_specs())
# The shipped specs play in the test command; the test variants (and a second seed) are further
# coverage, played by `pytest -m sweep` (.ci/run runs it).
CASES = [pytest.param(spec, seed, id=f"{Path(spec).stem if spec.endswith('.bean') else spec}-{seed}",
                      marks=() if spec in SHIPPED and seed == 0 else pytest.mark.sweep)
         for spec in SPECS for seed in (0, 1)]


class Watching:
    """A bot that, before each choice, holds every player's harvests to the oracle."""

    def __init__(self, bot: Any, check: Any):
        self.bot, self.check, self.name = bot, check, bot.name

    def choose(self, game: Game, player: str) -> Any:
        self.check(game)
        return self.bot.choose(game, player)


def test_the_shipped_specs_have_such_rules():
    for name in ("classic", "kannibohne", "my-first/other-beans"):
        assert _read_by_shape(compile_spec(name)), name


def _compare(spec: str, seed: int) -> tuple[int, int]:
    """Play `spec` at its fewest and most players, holding every harvest of every state to the
    oracle; returns how many harvests were compared and how many the guards refused."""
    try:
        model = compile_spec(spec)
    except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
        pytest.skip("the spec does not compile, on purpose")
    if not _read_by_shape(model):
        pytest.skip("no harvest constraint read by its shape")
    low, high = model["players"]["min"], model["players"]["max"]
    compared = refused = 0
    for players in sorted({low, high}):
        guards = [lasting.compile_rule(s, s.action, s.condition, True, RuleRef(rule_id, None))
                  for rule_id, s in ((r, evaluate.resolved_for(s, players)) for r, s in _read_by_shape(model))]
        shaped = {g.ref.id for g in guards}

        def check(game: Game) -> None:
            nonlocal compared, refused
            state, rs = game.state, game.ruleset
            for player in state.players:
                for index, field in enumerate(state.fields[player]):
                    if not field:
                        continue  # an empty field is no harvest at all (the reading's own test)
                    old = field_refusal(state, rs, player, index)
                    want = old.rule if old is not None and old.rule in shaped else None
                    action = Harvest(player, index + 1)
                    got = [g.ref.id for g in guards if g.applies(state, rs, action, player)]
                    assert (want is None) == (not got), \
                        f"{player} field {index + 1} {field}: reading {want}, generic {got}"
                    assert want is None or want in got
                    compared += 1
                    refused += bool(got)

        game = Game(model, [f"P{i}" for i in range(players)], seed=seed)
        bots = {p: Watching(make_bot("greedy" if i % 2 else "random", seed, trades=seed == 0), check)
                for i, p in enumerate(game.players)}
        play_out(game, bots, max_actions=20_000, keep_events=False)
    return compared, refused


@pytest.mark.parametrize("spec,seed", CASES)
def test_generic_harvest_guards_refuse_what_the_readings_refuse(spec, seed):
    compared, _ = _compare(spec, seed)
    assert compared > 100, compared  # the oracle saw the guards at work


def test_the_oracle_saw_refusals():
    """Harvests the protection rule refuses are reached, so the comparison saw both answers."""
    assert _compare("classic", 0)[1] > 0
