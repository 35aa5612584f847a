"""A state past a rule that holds at all times (the hand limit) is one no game reaches: given as
a partial state (conformance/kannibohne/refused-states.yaml) or as state JSON, it is refused,
naming the rule and the player, and a hand at the limit loads. (Accepted, it cut every draw:
`requirements.room` asks whether any requirement breaks, which in a state a game reaches is the
drawing hand's own limit.)"""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, ImpossibleState

PLAYERS = ["Anna", "Natalie"]
AT_THE_LIMIT = {"phase": "draw", "hands": {"Anna": ["red"], "Natalie": ["kenia", "kenia", "red", "garden"]}}


def test_state_json_past_the_hand_limit_is_refused_and_at_it_loads():
    model = compile_spec("kannibohne")
    state = Game.from_partial(model, PLAYERS, AT_THE_LIMIT).state_json()
    assert Game.from_state(model, state).state_json() == state
    state["deck"].remove("stink")
    state["hands"]["Natalie"].append("stink")
    with pytest.raises(ImpossibleState, match=r"breaks 'hand limit 4' \[hand-limit\] for Natalie") as refused:
        Game.from_state(model, state)
    assert refused.value.key is None


def test_without_a_hand_limit_a_large_hand_starts():
    hands = {"Anna": ["red"], "Natalie": ["blue"] * 9}
    assert len(Game.from_partial(compile_spec("classic"), [*PLAYERS, "Greg"], {"hands": hands}).state_json()["hands"]["Natalie"]) == 9
