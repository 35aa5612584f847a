"""Entering a phase and running its steps, and leaving it by its exit steps
(engine/transitions.py), the one implementation the game runs (flow.start, end_phase, resume):
each kind of step's effect and events on small states, what a fired step means for the phase
(skip, the end of the game, a wait, going on after a decision), and the same state whether
events are recorded or not (UNRECORDED: the bots' fast mode)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, flow, transitions
from beanrules.engine.eventlog import UNRECORDED
from beanrules.engine.obligations import completions

from engine_helpers import PLAYERS
from by_name import set_holder, zone_of

PLANT, TRADE, PLANT_TRADED, DRAW = range(4)  # classic's phases, by index


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def _game(model: dict, partial: dict, players: list[str] = PLAYERS) -> Game:
    return Game.from_partial(model, players, {"active": "Anna", "phase": "plant", **partial}, seed=0)


def _both_modes(model: dict, partial: dict, run, players: list[str] = PLAYERS,
                compile_steps=transitions.of) -> tuple[object, list[dict], dict]:
    """`run(steps, state, events)` on two copies of one state, recording events and not: what
    it returned, the events, the state after; the two copies must end alike. `compile_steps`:
    the transitions of a ruleset (the game's own by default)."""
    recorded, quick = _game(model, partial, players), _game(model, partial, players)
    events: list[dict] = []
    outcome = run(compile_steps(recorded.ruleset), recorded.state, events)
    assert run(compile_steps(quick.ruleset), quick.state, UNRECORDED) == outcome
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
    set_holder(game.state, "thaler", "Anna")
    assert steps.go_on[DRAW](game.state, [], 1, "ran", False) == "play"
    assert zone_of(game.state, "hands", "Anna") == ["green", "garden", "black-eyed", "chili"] and game.state.deck == ["soy"]


KB_PLANT_OFFER = 3  # Kannibohne's phase whose exit step leaves the offer to the opponent


@pytest.fixture(scope="module")
def kannibohne() -> dict:
    return compile_spec("kannibohne")


def test_leaving_a_phase_runs_its_exit_step(kannibohne):
    partial = {"phase": "plant-offer", "offer": ["red", "kenia"], "set_aside": {"Natalie": ["garden"]}}
    outcome, events, state = _both_modes(kannibohne, partial, lambda t, s, e: t.leave[KB_PLANT_OFFER](s, e),
                                         players=["Anna", "Natalie"])
    assert outcome is None and state["offer"] == [] and state["phase"] == "plant-offer"
    assert state["set_aside"] == {"Anna": [], "Natalie": ["garden", "red", "kenia"]}
    assert events == [{"event": "moved", "cards": 2, "from_zone": "offer", "from": None, "to_zone": "set-aside",
                       "to": "Natalie", "end": "top"}]


def test_leaving_with_nothing_to_move_changes_nothing(kannibohne):
    partial = {"phase": "plant-offer", "offer": [], "set_aside": {"Natalie": ["garden"]}}
    _, events, state = _both_modes(kannibohne, partial, lambda t, s, e: t.leave[KB_PLANT_OFFER](s, e),
                                   players=["Anna", "Natalie"])
    assert events == [] and state["set_aside"] == {"Anna": [], "Natalie": ["garden"]}


def test_a_phase_ends_by_its_exit_step_before_the_next_is_entered(kannibohne):
    for record in (True, False):
        game = _game(kannibohne, {"phase": "plant-offer", "offer": ["red"], "deck": ["red", "stink", "cocoa"]},
                     ["Anna", "Natalie"])
        events: list[dict] = [] if record else UNRECORDED
        flow.end_phase(game.state, game.ruleset, events, transitions.of(game.ruleset))
        assert game.state.phase == "draw" and game.state.offer == [] and zone_of(game.state, "set_aside", "Natalie") == ["red"]
        if record:
            assert [e["event"] for e in events] == ["moved", "phase"] and events[1]["phase"] == "draw"


def _exits(entry_of: int, phase: int):
    """The transitions of a ruleset whose phase `phase` has phase `entry_of`'s entry steps, then
    its own, as exit steps: leaving runs each kind of step as entering does."""
    def compile_steps(rs):
        ph = rs.phases[phase]
        ph = dataclasses.replace(ph, exit=rs.phases[entry_of].entry + ph.entry)
        rs = dataclasses.replace(rs, phases=rs.phases[:phase] + (ph,) + rs.phases[phase + 1:])
        return transitions.compiled(rs, completions(rs))
    return compile_steps


def test_exit_steps_run_as_entry_steps_do_and_a_skip_among_them_ends_nothing_early(classic):
    leave = lambda t, s, e: t.leave[DRAW](s, e)
    # classic's skip-if-hand-empty, then its draw: the skip holds (an empty hand), the draw still runs
    partial = {"phase": "draw", "deck": ["red", "blue", "green", "wax"], "hands": {"Anna": []}}
    outcome, events, state = _both_modes(classic, partial, leave, compile_steps=_exits(PLANT, DRAW))
    assert outcome is None and state["phase"] == "draw" and state["hands"]["Anna"] == ["red", "blue", "green"]
    assert events == [{"event": "drew", "player": "Anna", "cards": 3}]  # no "skipped": no phase is passed by
    # a reveal step as the phase ends (the offer's two cards), then the draw
    partial = {**partial, "deck": ["red", "blue", "green", "wax", "soy", "chili"]}
    outcome, events, state = _both_modes(classic, partial, leave, compile_steps=_exits(TRADE, DRAW))
    assert state["offer"] == ["red", "blue"] and state["hands"]["Anna"] == ["green", "wax", "soy"]
    assert state["deck"] == ["chili"] and [e["event"] for e in events] == ["revealed", "drew"]
