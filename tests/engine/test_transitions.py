"""Entering a phase and running its steps (engine/transitions.py), the one implementation the
game runs (flow.start, end_phase, resume): each kind of step's effect and events on small
states, what a fired step means for the phase (skip, the end of the game, a wait, going on
after a decision), and the same state whether events are recorded or not (UNRECORDED: the
bots' fast mode)."""
from __future__ import annotations

import json

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, transitions
from beanrules.engine.eventlog import UNRECORDED

from engine_helpers import PLAYERS

PLANT, TRADE, PLANT_TRADED, DRAW = range(4)  # classic's phases, by index


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def _game(model: dict, partial: dict) -> Game:
    return Game.from_partial(model, PLAYERS, {"active": "Anna", "phase": "plant", **partial}, seed=0)


def _both_modes(model: dict, partial: dict, run) -> tuple[object, list[dict], dict]:
    """`run(steps, state, events)` on two copies of one state, recording events and not: what
    it returned, the events, the state after; the two copies must end alike."""
    recorded, quick = _game(model, partial), _game(model, partial)
    events: list[dict] = []
    outcome = run(transitions.of(recorded.ruleset), recorded.state, events)
    assert run(transitions.of(quick.ruleset), quick.state, UNRECORDED) == outcome
    after = recorded.state_json()
    assert json.dumps(quick.state_json(), sort_keys=True) == json.dumps(after, sort_keys=True)
    return outcome, events, after


def test_a_phase_without_steps_is_entered_and_played(classic):
    outcome, events, state = _both_modes(classic, {"planted": 1}, lambda t, s, e: t.enter[PLANT_TRADED](s, e))
    assert outcome == "play" and state["phase"] == "plant-traded" and state["planted"] == 0
    assert events == [{"event": "phase", "phase": "plant-traded", "active": "Anna"}]


def test_a_skip_step_skips_the_phase_only_when_its_condition_holds(classic):
    enter = lambda t, s, e: t.enter[PLANT](s, e)
    outcome, events, _ = _both_modes(classic, {"hands": {"Anna": []}}, enter)
    assert outcome == "skip" and events[-1] == {"event": "skipped", "phase": "plant", "rule": "skip-if-hand-empty"}
    outcome, events, _ = _both_modes(classic, {"hands": {"Anna": ["red"]}}, enter)
    assert outcome == "play" and [e["event"] for e in events] == ["phase"]


def test_a_reveal_step_turns_the_deck_s_top_cards_into_the_offer(classic):
    outcome, events, state = _both_modes(classic, {"deck": ["red", "blue", "green"]}, lambda t, s, e: t.enter[TRADE](s, e))
    assert outcome == "play" and state["offer"] == ["red", "blue"] and state["deck"] == ["green"]
    assert events[-1] == {"event": "revealed", "player": "Anna", "cards": ["red", "blue"]}


def test_a_draw_step_draws_to_the_back_of_the_active_player_s_hand(classic):
    partial = {"deck": ["red", "blue", "green", "chili"], "hands": {"Anna": ["wax"]}}
    outcome, events, state = _both_modes(classic, partial, lambda t, s, e: t.enter[DRAW](s, e))
    assert outcome == "play" and state["hands"]["Anna"] == ["wax", "red", "blue", "green"] and state["deck"] == ["chili"]
    assert events[-1] == {"event": "drew", "player": "Anna", "cards": 3}


def test_a_step_that_runs_the_deck_out_for_the_last_time_ends_the_game(classic):
    partial = {"deck": ["red"], "discard": [], "exhaustions": 2, "hands": {"Anna": []}}
    outcome, events, state = _both_modes(classic, partial, lambda t, s, e: t.enter[DRAW](s, e))
    assert outcome == "over" and state["over"] and state["exhaustions"] == 3
    assert events[-1]["event"] == "game-over", events


def test_the_deck_running_out_in_the_phase_the_end_lets_finish_does_not_end_the_game(classic):
    partial = {"deck": ["red"], "discard": [], "exhaustions": 2}
    outcome, _, state = _both_modes(classic, partial, lambda t, s, e: t.enter[TRADE](s, e))
    assert outcome == "play" and not state["over"] and state["exhaustions"] == 3 and state["offer"] == ["red"]


def test_going_on_after_a_step_a_decision_held(classic):
    partial = {"deck": ["red", "blue", "green"], "exhaustions": 2}
    # the draw step fired while the deck had already run out for the last time: play goes on
    outcome, _, state = _both_modes(classic, partial, lambda t, s, e: t.go_on[DRAW](s, e, 0, "ran", True))
    assert outcome == "play" and not state["over"]
    # it had not: the game ends after it (the deck counts its run-outs, this one did not run out)
    partial = {"deck": ["red"], "discard": [], "exhaustions": 3}
    outcome, _, state = _both_modes(classic, partial, lambda t, s, e: t.go_on[DRAW](s, e, 0, "ran", False))
    assert outcome == "over" and state["over"]
    # the step waits again, or skips the phase
    assert _both_modes(classic, {}, lambda t, s, e: t.go_on[DRAW](s, e, 0, "wait", False))[0] == "wait"
    outcome, events, _ = _both_modes(classic, {}, lambda t, s, e: t.go_on[PLANT](s, e, 0, "skip", False))
    assert outcome == "skip" and events == [{"event": "skipped", "phase": "plant", "rule": "skip-if-hand-empty"}]


def test_a_step_that_waits_for_a_decision_stops_the_phase_and_going_on_runs_the_steps_after_it():
    thaler = compile_spec("anniversary/bean-thaler")
    worth_six = [["red"] * 5, ["stink"] * 5]  # the takeover asks Anna while her fields are worth 6
    partial = {"tokens": {"thaler": "Natalie"}, "fields": {"Anna": worth_six}, "hands": {"Natalie": ["wax"]},
               "deck": ["green", "garden", "black-eyed", "chili", "soy"]}
    outcome, events, state = _both_modes(thaler, partial, lambda t, s, e: t.enter[DRAW](s, e))
    assert outcome == "wait" and state["decision"]["step"] == 1 and state["hands"]["Anna"] == ["green", "garden", "black-eyed"]
    # answered, Anna took the thaler over: the holder's extra draw, the step after it, runs
    game = _game(thaler, partial)
    steps = transitions.of(game.ruleset)
    steps.enter[DRAW](game.state, [])
    game.state.decision = None
    game.state.tokens["thaler"] = "Anna"
    assert steps.go_on[DRAW](game.state, [], 1, "ran", False) == "play"
    assert game.state.hands["Anna"] == ["green", "garden", "black-eyed", "chili"] and game.state.deck == ["soy"]
