"""The first steps of "One semantics" (docs/architecture.md, "The migration, step by step"): the
planting constraints that engine/readings.py reads by their shape (one type per field, a type in
one field only, and the allows that lift them: a type in two fields, covering where no field
fits) compiled instead as the generic guards every other `forbid` already is, with today's
engine as the oracle: on every state bots reach, for every bean onto every field, both as the
constraints compile one by one and as the interpreter judges plants (planting.refusing). (The
harvest constraints were held to their readings the same way until the readings went: the harvest
judge, engine/harvest_guards.py, and tests/engine/test_harvest_guards.py.)"""
from __future__ import annotations

from typing import Any

import pytest

from beanrules import compile_spec
from beanrules.core import effects, statements as core
from beanrules.desugar import rule_statements
from beanrules.engine import Game
from beanrules.engine import evaluate, lasting, readings
from beanrules.engine.actions import Plant
from beanrules.engine.errors import RuleRef
from beanrules.engine.kinds import same_type
from beanrules.engine.planting import refusing
from bot_states import CASES, watch

PLANTING = (readings.OneType, readings.OneFieldPerType, readings.SameTypeMany, readings.Covers)


def _read_by_shape(model: dict, shapes: tuple) -> list[tuple[str, Any]]:
    found = []
    for rule in model["rules"]:
        for statement in rule_statements(rule):
            if isinstance(statement, (core.Forbid, core.Allow)) and isinstance(readings.read(statement), shapes):
                found.append((rule["id"], statement))
    return found


def _model(spec: str, shapes: tuple, what: str) -> dict:
    """The spec's rule model; the test is skipped for a spec refused on purpose or without such rules."""
    try:
        model = compile_spec(spec)
    except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
        pytest.skip("the spec does not compile, on purpose")
    if not _read_by_shape(model, shapes):
        pytest.skip(f"no {what} constraint read by its shape")
    return model


def _agree(want: str | None, got: list[str], where: str) -> int:
    """The reading refuses (citing `want`) exactly where the guards do (those of rules `got`),
    citing one of theirs; 1 where they refuse."""
    assert (want is None) == (not got), f"{where}: reading {want}, generic {got}"
    assert want is None or want in got, (want, got)
    return int(bool(got))


def test_the_shipped_specs_have_such_rules():
    for name in ("classic", "my-first/basic", "my-first/step-2"):
        assert _read_by_shape(compile_spec(name), PLANTING), name


# ------------------------------------------------------------------ planting
def _plant_guards(model: dict, players: int) -> list[lasting.LastingSpec]:
    """The planting forbids and allows, compiled as a rule's own constraints are (the allows
    joined to the forbids whose condition they cover: lasting.lift)."""
    specs = tuple(lasting.compile_rule(s, s.action, s.condition, isinstance(s, core.Forbid), RuleRef(rule_id, None))
                  for rule_id, s in ((r, evaluate.resolved_for(s, players))
                                     for r, s in _read_by_shape(model, PLANTING)))
    return [g for g in lasting.lift(specs) if g.forbid]


def _reading_accepts(rs: Any, field: list[str], bean: str, fields: list[list[str]]) -> bool:
    """What the readings say (the Ruleset's one_type, one_field_per_type, same_type_many and
    mixed, which the playout kernel still plays by: kernel/moves.py), as planting.field_accepts
    said before the guards judged plants."""
    if not field:
        return rs.one_field_per_type is None or rs.same_type_many is not None \
            or not any(f and same_type(rs, f[-1], bean) for f in fields)
    if rs.one_type is None or same_type(rs, field[-1], bean):
        return True
    return rs.mixed is not None and not any(not f or same_type(rs, f[-1], bean) for f in fields)


def _reading_refuses(state: Any, rs: Any, player: str, bean: str, index: int) -> str | None:
    """The rule the readings cite for `bean` onto field `index`, or None: it may go there."""
    fields = state.fields[player]
    if _reading_accepts(rs, fields[index], bean, fields):
        return None
    ref = rs.one_type if fields[index] else (rs.one_type or rs.one_field_per_type)
    return ref.id if ref is not None else "?"


def _compare_plants(spec: str, seed: int, most: bool = True) -> tuple[int, int]:
    """Play `spec` at its fewest and (`most`) most players, holding every bean onto every field
    of every player in every state to the oracle; returns how many plants were compared and how
    many the guards refused."""
    model = _model(spec, PLANTING, "planting")
    low, high = model["players"]["min"], model["players"]["max"]
    compared = refused = 0
    for players in sorted({low, high if most else low}):
        guards = _plant_guards(model, players)
        read = {g.says for g in guards}

        def check(game: Game) -> None:
            nonlocal compared, refused
            state, rs = game.state, game.ruleset
            alone = {g.says for g in rs.plant_guards} == read
            beans = sorted((set(rs.beans) | set(rs.plays_as)) - rs.unplantable)
            for player in state.players:
                for bean in beans:
                    takes = tuple(i for i in range(len(state.fields[player]))
                                  if _reading_refuses(state, rs, player, bean, i) is None)
                    if alone:  # what the listings offer (where no house rule judges beside the readings)
                        assert tuple(rs.plant_judge.taking(state, rs, player, bean)) == takes
                    for index in range(len(state.fields[player])):
                        want = _reading_refuses(state, rs, player, bean, index)
                        got = [g.ref.id for g in guards
                               if g.applies(state, rs, Plant(player, bean, index + 1, "hand"), player)]
                        refused += _agree(want, got, f"{bean} onto {player}'s field {index + 1} of "
                                                     f"{state.fields[player]}")
                        judged = refusing(state, rs, player, bean, index)  # as the interpreter judges
                        assert not alone or (judged is None) == (want is None) and (judged is None
                                                                                    or judged.ref.id in got)
                        compared += 1

        watch(model, players, seed, check)
    return compared, refused


# Every bean onto every field is the costliest oracle (about 5 s of CPU a spec): the test command
# compares classic at its fewest players and My First Bohnanza's covered fields below; every
# spec (classic at its most players too), variant and seed plays under `pytest -m sweep` (.ci/run
# runs it).
@pytest.mark.sweep
@pytest.mark.parametrize("spec,seed", [pytest.param(*c.values, id=c.id) for c in CASES])
def test_generic_plant_guards_refuse_what_the_readings_refuse(spec, seed):
    compared, _ = _compare_plants(spec, seed)
    assert compared > 1000, compared  # the oracle saw the guards at work


@pytest.mark.parametrize("spec", ["classic", "my-first/basic"])
def test_the_plant_oracle_saw_refusals(spec):
    """The guards agree with the readings, and plants the one-type rule refuses are reached
    (and, in My First Bohnanza, lifted by covering), so the comparison saw both answers."""
    compared, refused = _compare_plants(spec, 0, most=False)
    assert compared > 1000 and refused > 0, (compared, refused)


def test_covering_is_judged_by_the_top_card():
    """My First Bohnanza's mixed fields: a mean bean under a sour one is covered, so the field
    is a sour field for the next mean bean (the core's forbid names the top card, as the
    reading does; "a type in the field" would let it on)."""
    model = compile_spec("my-first/basic")
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"],
                             {"phase": "plant", "fields": {"Anna": [["mean", "sour"], []]}})
    guards = _plant_guards(model, 3)
    state, rs = game.state, game.ruleset
    cites = lambda bean, field: [g.ref.id for g in guards  # noqa: E731
                                 if g.applies(state, rs, Plant("Anna", bean, field, "hand"), "Anna")]
    assert cites("mean", 1) == ["mixed-fields"] and _reading_refuses(state, rs, "Anna", "mean", 0)
    assert cites("sour", 1) == [] and cites("mean", 2) == []
    game.state.fields["Anna"][1] = ["stink", "broad"]  # no field is empty or topped by mean: it covers
    assert cites("mean", 1) == cites("mean", 2) == [] and _reading_refuses(state, rs, "Anna", "mean", 1) is None
