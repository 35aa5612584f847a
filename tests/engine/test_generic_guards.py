"""The planting guards of the core (one type per field, a type in one field only, and the allows
that lift them: a type in two fields, covering where no field fits), judged as the generic
guards every other `forbid` is (engine/permissions.py). The readings they were held to on every
state bots reach (engine/readings.py's OneType, OneFieldPerType, SameTypeMany, Covers) are gone:
the guards are the only thing that says what a field takes; tests/engine/test_plant_guards.py
holds the compiled judge to the guards' closures."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.planting import refusing
from by_name import seat, zone_of


def test_covering_is_judged_by_the_top_card():
    """My First Bohnanza's mixed fields: a mean bean under a sour one is covered, so the field
    is a sour field for the next mean bean (the core's forbid names the top card; "a type in the
    field" would let it on); where no field is empty or topped by the card's type, it covers."""
    game = Game.from_partial(compile_spec("my-first/basic"), ["Anna", "Natalie", "Greg"],
                             {"phase": "plant", "fields": {"Anna": [["mean", "sour"], []]}})
    state, rs = game.state, game.ruleset
    cites = lambda bean, index: getattr(refusing(state, rs, seat(state, "Anna"), bean, index), "ref", None)  # noqa: E731
    assert cites("mean", 0).id == "mixed-fields"
    assert cites("sour", 0) is None and cites("mean", 1) is None
    zone_of(state, "fields", "Anna")[1] = ["stink", "broad"]  # no field is empty or topped by mean: it covers
    assert cites("mean", 0) is None and cites("mean", 1) is None
