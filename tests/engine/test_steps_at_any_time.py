"""A core ``do … at any time`` is a step the engine runs by itself after every action and every
automatic step, whoever's turn it is, while its condition holds (program.any_time,
harvesting.settle): no reading. The harvest as soon as a field pays (My First Bohnanza's
auto-harvest) is one; any other step at any time runs the same way."""
from __future__ import annotations

import dataclasses

from beanrules import compile_spec
from beanrules.core import actors, conditions, effects, places, quantities, statements as core, timing
from beanrules.engine import Game, hotpath, program, readings

from engine_helpers import PLAYERS

PLAYER, FIELD = actors.Bound("player"), actors.Bound("field")
# a step no sentence writes yet: while the discard pile holds a card, every field of three or
# more cards is harvested, by anyone, whoever's turn it is
BIG = conditions.Compare(quantities.Count(FIELD, None), ">=", quantities.Number(3))
STEP = core.Do(timing.AnyTime(), conditions.Compare(quantities.Count(places.Zone("discard", None), None), ">",
                                                    quantities.Number(0)),
               effects.ForEach("player", actors.AllPlayers(), effects.ForEach(
                   "field", places.Zone("field", PLAYER),
                   effects.If(BIG, effects.Harvest(PLAYER, FIELD, False), None))))


def test_auto_harvest_is_a_step_at_any_time_not_a_reading():
    model = compile_spec("my-first/basic")
    rule = next(r for r in model["rules"] if r["id"] == "auto-harvest")
    statements = [s for rule_, s in program.core_program(model, 3) if rule_ is rule]
    assert [type(s.when) for s in statements] == [timing.AnyTime]
    assert readings.read(statements[0]) is None and program.runs(statements[0])
    assert not hasattr(readings, "AutoHarvest")


def _with_step(discard: list[str]) -> Game:
    game = Game.from_partial(compile_spec("classic"), PLAYERS, {
        "phase": "plant", "hands": {"Anna": ["soy", "red"]}, "discard": discard,
        "fields": {"Anna": [[], ["red"] * 2], "Greg": [["blue"] * 4, []]}})
    rule = {"id": "big-fields"}
    steps = program.any_time([(rule, STEP)], {"big-fields": game.ruleset.cite("big-fields")})
    game.ruleset = dataclasses.replace(game.ruleset, at_any_time=steps)
    game.plan = hotpath.plan_for(game.ruleset)
    return game


def test_a_step_at_any_time_runs_after_any_action_while_its_condition_holds():
    events = _with_step(["soy"]).apply("Anna plants soy in 1")
    # Greg's field, not touched by Anna's action, is harvested after it, and told as automatic
    assert {"event": "harvested", "player": "Greg", "field": 1, "bean": "blue", "cards": 4, "coins": 1,
            "auto": True} in events
    game = _with_step([])  # the condition fails: nothing is harvested
    game.apply("Anna plants soy in 1")
    assert game.state.fields["Greg"][0] == ["blue"] * 4
