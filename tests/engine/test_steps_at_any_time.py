"""A core ``do … at any time`` is a step the engine runs by itself after every action and every
automatic step, whoever's turn it is, while its condition holds (program.any_time,
harvesting.settle): no reading. The harvest as soon as a field pays (My First Bohnanza's
auto-harvest) is one; any other step at any time runs the same way."""
from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from beanrules import compile_spec
from beanrules.core import actors, conditions, effects, places, quantities, statements as core, timing
from beanrules.engine import Game, evaluate, harvesting, program

from engine_helpers import PLAYERS, snapshot
from by_name import put, zone_of

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
    assert program.runs(statements[0])  # a step of the program (program.any_time), no setting of its own


def _with_step(discard: list[str]) -> Game:
    game = Game.from_partial(compile_spec("classic"), PLAYERS, {
        "phase": "plant", "hands": {"Anna": ["soy", "red"]}, "discard": discard,
        "fields": {"Anna": [[], ["red"] * 2], "Greg": [["blue"] * 4, []]}})
    rule = {"id": "big-fields"}
    steps = program.any_time([(rule, STEP)], {"big-fields": game.ruleset.cite("big-fields")})
    game._rules(dataclasses.replace(game.ruleset, at_any_time=steps))
    return game


def test_a_step_at_any_time_runs_after_any_action_while_its_condition_holds():
    events = _with_step(["soy"]).apply("Anna plants soy in 1")
    # Greg's field, not touched by Anna's action, is harvested after it, and told as automatic
    assert {"event": "harvested", "player": "Greg", "field": 1, "bean": "blue", "cards": 4, "coins": 1,
            "auto": True} in events
    game = _with_step([])  # the condition fails: nothing is harvested
    game.apply("Anna plants soy in 1")
    assert zone_of(game.state, "fields", "Greg")[0] == ["blue"] * 4


def test_a_step_acts_only_where_the_condition_of_its_repeat_or_if_holds_for_some_binding():
    """program.acts_only_if: the condition a step at any time is compiled behind."""
    harvest = effects.Harvest(PLAYER, FIELD, True)
    pays = conditions.Compare(quantities.FieldValue(FIELD), ">", quantities.Number(0))
    auto = effects.ForEach("player", actors.AllPlayers(), effects.ForEach(
        "field", places.Zone("field", PLAYER), effects.Repeat(quantities.Count(FIELD, None), pays, harvest)))
    assert program.acts_only_if(auto) == conditions.SomePlayer(
        "player", actors.AllPlayers(), conditions.SomeField("field", PLAYER, pays))
    assert program.acts_only_if(STEP.effect) == conditions.SomePlayer(
        "player", actors.AllPlayers(), conditions.SomeField("field", PLAYER, BIG))
    # an effect that may act whatever holds has no such condition
    assert program.acts_only_if(harvest) is None
    assert program.acts_only_if(effects.If(BIG, harvest, harvest)) is None
    assert program.acts_only_if(effects.ForEach("player", actors.AllPlayers(), harvest)) is None


def _random_fields(rs: Any, players: list[str], rng: random.Random) -> dict[str, list[list[str]]]:
    """Fields as a game may hold them: short and long, of one type or mixed, cards that play as
    another type among them."""
    cards = sorted(set(rs.payout))
    out = {}
    for player in players:
        fields = []
        for _ in range(rng.randint(1, 3)):
            top = rng.choice(cards)
            run = [top] * rng.randint(0, rng.choice((1, 2, 7)))  # mostly short: some tables pay none
            under = [rng.choice(cards) for _ in range(rng.randint(0, 3))] if run else []
            fields.append(under + run)
        out[player] = fields
    return out


@pytest.mark.parametrize("spec", ["my-first/basic", "classic", "how-to-play", "kannibohne"])
def test_some_field_pays_compiled_as_one_loop_says_what_the_evaluator_says(spec):
    """harvesting.pays_anywhere, the payout table bound, against the same condition compiled by
    the evaluator (the one semantics of some-player, some-field and a field's value) on random
    fields: top runs (My First Bohnanza), whole fields, a bottom card paying (how-to-play),
    cards that play as another type (Kannibohne); and where it says no field pays, the step's
    effect, run without it, changes nothing."""
    players = PLAYERS[:2] if spec == "kannibohne" else PLAYERS
    game = Game.from_partial(compile_spec(spec), players, {"phase": "plant"})
    rs, rng = game.ruleset, random.Random(spec)
    for op, number in ((">", 0), (">", 1), (">=", 2)):
        pays = conditions.Compare(quantities.FieldValue(FIELD), op, quantities.Number(number))
        guard = conditions.SomePlayer("player", actors.AllPlayers(), conditions.SomeField("field", PLAYER, pays))
        effect = effects.ForEach("player", actors.AllPlayers(), effects.ForEach(
            "field", places.Zone("field", PLAYER), effects.Repeat(quantities.Count(FIELD, None), pays,
                                                                  effects.Harvest(PLAYER, FIELD, True))))
        quick, generic = harvesting.pays_anywhere(guard), evaluate.condition(guard)
        run = evaluate.compiled_effect(effect).fn
        seen = set()
        for _ in range(300):
            for p, fs in _random_fields(rs, players, rng).items():
                put(game.state, "fields", p, fs)
            env = {evaluate.RULES: rs, evaluate.BY_ITSELF: True, evaluate.AT_ANY_TIME: True}
            said = quick(game.state, env)
            assert said == generic(game.state, env), game.state.fields
            seen.add(said)
            if not said:
                before, events = snapshot(game), []
                run(game.state, rs, env, events)
                assert events == [] and snapshot(game) == before
        assert seen == {True, False}, (op, number)
    assert harvesting.pays_anywhere(STEP.condition) is None  # another condition: the evaluator's
