"""Invariant playouts load the state back from JSON at a sample of the actions
(checks/round_trip.py): each way a broken state or loader could hide between samples is still
caught: a loader path taken for one action at a time, a value reached late, a part of the state
that stops being JSON data for one action, a card that becomes something else for one action."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.checks.round_trip import EVERY, RoundTrips
from beanrules.engine import Game
from beanrules.engine.state import State
from by_name import by_player


@pytest.fixture(scope="module")
def kannibohne() -> dict:
    return compile_spec("kannibohne")


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def _failed_at(result) -> int:
    """The action number the playout's first problem names ("action N (…): …")."""
    assert not result.ok
    return int(result.problems[0].split()[1])


def test_a_new_shape_the_end_and_every_eighth_action_are_loaded_back(classic) -> None:
    state = Game(classic, 3, seed=1).state_json()
    sample = RoundTrips()
    assert sample.due(state)  # the first state: a new shape
    assert [sample.due(state) for _ in range(2, 3 * EVERY + 1)].count(True) == 3  # actions 8, 16, 24
    assert sample.due({**state, "proposals": [{"id": 1, "from": "Anna", "to": "Greg"}]})  # new shape
    assert sample.due({**state, "decision": {"player": "Anna", "options": ["a"]}})
    assert sample.due({**state, "phase": "trade"})
    assert sample.due({**state, "over": True})  # the end: always


def _actions_where(model: dict, players: int, seed: int, holds, monkeypatch) -> list[int]:
    """The numbers of the actions after which the state JSON satisfies `holds`, in a sound playout."""
    found: list[int] = []
    due = RoundTrips.due

    def noting(self, after):
        if holds(after):
            found.append(self.actions + 1)
        return due(self, after)
    with monkeypatch.context() as patch:
        patch.setattr(RoundTrips, "due", noting)
        assert playout(model, model["rulebook"], players, seed).ok
    return found


def _loading(monkeypatch, change) -> None:
    """State.from_json, with `change` applied to the state it loads."""
    loaded = State.from_json.__func__

    def changed(cls, data):
        state = loaded(cls, data)
        change(state)
        return state
    monkeypatch.setattr(State, "from_json", classmethod(changed))


def test_a_loader_path_taken_for_one_action_at_a_time_is_caught_the_first_time(kannibohne, monkeypatch) -> None:
    """Kannibohne's decisions wait for one action each: a loader that drops a waiting decision
    is caught at the first action that leaves one waiting, though it is not a sampled count."""
    waits = _actions_where(kannibohne, 2, 0, lambda after: after.get("decision") is not None, monkeypatch)
    assert waits and waits[0] % EVERY != 0
    assert all(n + 1 not in waits for n in waits)  # never two actions running
    _loading(monkeypatch, lambda state: setattr(state, "decision", None))
    result = playout(kannibohne, "kannibohne", 2, 0)
    assert "does not round-trip through JSON" in result.problems[0]
    assert _failed_at(result) == waits[0]


def test_a_value_reached_late_in_the_game_is_caught_while_it_lasts(classic, monkeypatch) -> None:
    """A loader that misreads one turn number (a value, not a shape) is caught in that turn."""
    ninth = _actions_where(classic, 3, 2, lambda after: after["turn"] == 9, monkeypatch)
    assert len(ninth) > EVERY
    _loading(monkeypatch, lambda state: setattr(state, "turn", 90) if state.turn == 9 else None)
    result = playout(classic, "classic", 3, 2)
    assert "does not round-trip through JSON" in result.problems[0]
    assert _failed_at(result) in ninth


AT = 3 * EVERY + 3  # an action that is not a sampled count


def test_a_part_that_stops_being_json_data_for_one_action_is_caught(classic, monkeypatch) -> None:
    """A tuple (json writes it as a list) in the state JSON after one action only."""
    written = Game.state_json

    def with_a_tuple(self):
        state = written(self)
        if len(self.actions) == AT:
            state["players"] = tuple(state["players"])
        return state
    monkeypatch.setattr(Game, "state_json", with_a_tuple)
    result = playout(classic, "classic", 3, 2)
    assert "does not round-trip through JSON" in result.problems[0]
    assert _failed_at(result) == AT


def test_a_card_that_becomes_something_else_for_one_action_is_caught(classic, monkeypatch) -> None:
    """The card zones are not written through JSON after every action: conservation catches it."""
    applied = Game.apply

    def corrupting(self, action, keep_events=True):
        events = applied(self, action, keep_events)
        if len(self.actions) == AT:
            hand = next(h for h in by_player(self.state, "hands").values() if h)
            hand[0] = (hand[0],)
        return events
    monkeypatch.setattr(Game, "apply", corrupting)
    result = playout(classic, "classic", 3, 2)
    assert "cards appeared or vanished" in result.problems[0]
    assert _failed_at(result) == AT
