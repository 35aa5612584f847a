"""An invariant playout ends by replaying the game's own record (engine/records.py `replays`):
a record that leaves an action out, or a game whose events the replay does not produce again,
fails the playout."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.engine.records import UNPINNED, make_record, replay


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def test_a_record_that_drops_an_action_fails_the_playout(classic, monkeypatch) -> None:
    history = Game.history.fget

    def dropping(self):
        return [line for i, line in enumerate(history(self)) if i != 5]
    monkeypatch.setattr(Game, "history", property(dropping))
    result = playout(classic, "classic", 3, 1)
    assert [p for p in result.problems if p.startswith("its record does not replay: ")] == result.problems != []


def test_events_the_replay_does_not_make_again_fail_the_playout(classic, monkeypatch) -> None:
    """The played game (the one that keeps listings) reports one event more at one action:
    the state is the same, the trace the record commits to is not."""
    applied = Game.apply

    def noisy(self, action, keep_events=True):
        events = applied(self, action, keep_events)
        if self._kept is not None and len(self.actions) == 7:
            events.append({"event": "noise"})
        return events
    monkeypatch.setattr(Game, "apply", noisy)
    [problem] = playout(classic, "classic", 3, 1).problems
    assert problem == "its record does not replay: the actions' events differ from the recorded ones " \
                      "(an action was dropped, added or changed)"


def test_an_unpinned_record_replays_as_the_pinned_one(classic) -> None:
    game = Game(classic, 3, seed=2)
    for _ in range(12):
        game.apply(game.legal_actions(game.waiting_for()[0], trades=False)[0])
    pinned, unpinned = make_record("classic", classic, game, 2), make_record("classic", classic, game, 2, pin=False)
    assert unpinned == {**pinned, "model_hash": UNPINNED} and pinned["model_hash"].startswith("sha256:")
    assert replay(unpinned, classic).ok and replay(pinned, classic).message == replay(unpinned, classic).message
