"""What the runner checks at every expectation besides what a case names (docs/conformance.md,
"The contract's own promises"): the state JSON loads back as the same state, `is_over` agrees
with it, `history` lists the applied actions, `who_may_act` names the players with a legal
action, every listed action reads back from its own line, and a starting state leaves the
contract's defaults to the engine. Each is shown to fail a case on an engine that breaks it."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.conformance import engine_problem, load_file, run_files
from beanrules.conformance.modelinfo import model_info
from beanrules.conformance.setup import starting_state
from beanrules.engine import Game, Plant
from beanrules.engine.state import State

from casefiles import case, write

pytestmark = pytest.mark.skipif(engine_problem() is not None, reason=str(engine_problem()))

ASKING = case(id="asking", steps=[{"do": "Anna harvests 1"},
                                  {"expect": {"coins": {"Anna": 1}, "legal": {"Anna": {"includes": ["Anna plants soy in 1"]}},
                                              "waiting_for": ["Anna"]}}])


def _run(tmp_path: Path) -> tuple[str, str]:
    (result,) = run_files([write(tmp_path, ASKING)]).results
    return result.status, result.message or ""


def test_the_shipped_engine_keeps_every_promise(tmp_path: Path) -> None:
    assert _run(tmp_path) == ("passed", "")


def test_a_state_that_does_not_load_back_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = State.from_json

    def forgetful(data: dict) -> State:
        state = original(data)
        state.discard = []
        return state
    monkeypatch.setattr(State, "from_json", staticmethod(forgetful))
    status, message = _run(tmp_path)
    assert status == "failed"
    assert "Game.from_state(state_json()) is another state" in message and "discard" in message


def test_is_over_must_agree_with_the_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "is_over", property(lambda self: True))
    status, message = _run(tmp_path)
    assert status == "failed" and "is_over is True while the state says over: False" in message


def test_history_must_list_the_applied_actions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "history", property(lambda self: []))
    status, message = _run(tmp_path)
    assert status == "failed" and "history is [] after the actions ['Anna harvests 1']" in message


def test_who_may_act_must_name_the_players_with_a_legal_action(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "who_may_act", lambda self: {"Anna", "Greg"})
    status, message = _run(tmp_path)
    # Greg's fields are empty and it is Anna's planting phase: only Anna may act
    assert status == "failed"
    assert "who_may_act() is ['Anna', 'Greg'], but the players with a legal action are ['Anna']" in message


def test_a_listed_action_must_read_back_as_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = Plant.notation

    def zoneless(self: Plant) -> str:  # a writer that drops the field number
        return original(Plant(self.player, self.bean, None, self.zone))
    monkeypatch.setattr(Plant, "notation", zoneless)
    hand = case(id="hand", state={"phase": "plant", "hands": {"Anna": ["soy"]}},
                steps=[{"expect": {"legal": {"Anna": {"includes": ["Anna plants soy in 1"]}}}}])
    (result,) = run_files([write(tmp_path, hand)]).results
    assert result.status == "failed"
    assert "the listed action 'Anna plants soy' reads back as another action" in result.message


def test_the_starting_state_leaves_the_contracts_defaults_to_the_engine(tmp_path: Path) -> None:
    info = model_info("classic", compile_spec("classic"))
    (plain,) = load_file(write(tmp_path, case())).cases
    given = starting_state(plain, info)
    for key in ("start_player", "active", "exhaustions", "turn", "over", "proposals"):
        assert key not in given
    assert given["phase"] == "plant"  # the case names it
    (other,) = load_file(write(tmp_path, case(start="Greg", state={"turn": 4}), name="start.yaml")).cases
    named = starting_state(other, info)
    assert (named["start_player"], named["turn"]) == ("Greg", 4) and "active" not in named
    game = Game.from_partial(compile_spec("classic"), list(other.players), named)
    state = game.state_json()
    assert (state["active"], state["phase"], state["exhaustions"], state["over"]) == ("Greg", "plant", 0, False)


# The game loaded back from the state JSON plays on alike (conformance/reload.py): an engine
# whose loaded game forgets what its JSON does not show fails the case at the expectation (what
# it answers now) or at the next action (its events and state).
_FROM_STATE = Game.from_state.__func__


def _loaded_differently(monkeypatch: pytest.MonkeyPatch, change) -> None:
    def from_state(cls, model: dict, state: dict) -> Game:
        game = _FROM_STATE(cls, model, state)
        change(game)
        return game
    monkeypatch.setattr(Game, "from_state", classmethod(from_state))


def test_a_loaded_game_must_list_the_same_actions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _loaded_differently(monkeypatch, lambda game: setattr(game, "legal_actions", lambda player, trades=True: []))
    status, message = _run(tmp_path)
    assert status == "failed"
    assert "Game.from_state(state_json()) plays on otherwise (now): legal.Anna" in message


def test_a_loaded_game_must_answer_the_same_scores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # listed alike, so only the answers in full (reload.answers) can tell
    _loaded_differently(monkeypatch, lambda game: setattr(game, "scores", lambda: {"Anna": 7, "Natalie": 0, "Greg": 0}))
    status, message = _run(tmp_path)
    assert status == "failed"
    assert "Game.from_state(state_json()) plays on otherwise (now): scores.Anna: 1 became 7" in message


def test_a_loaded_game_may_list_the_same_actions_in_another_order(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def reversed_listing(game: Game) -> None:
        listed = game.legal_actions
        game.legal_actions = lambda player, trades=True: listed(player, trades)[::-1]
    _loaded_differently(monkeypatch, reversed_listing)
    assert _run(tmp_path) == ("passed", "")


def test_a_loaded_game_must_give_the_same_events_for_the_next_action(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def silent(game: Game) -> None:
        apply = game.apply
        game.apply = lambda action, keep_events=True: apply(action, keep_events=False)
    _loaded_differently(monkeypatch, silent)
    first = case(id="expect-first", steps=[{"expect": {"coins": {"Anna": 0}}}, {"do": "Anna harvests 1"}])
    (result,) = run_files([write(tmp_path, first)]).results
    assert result.status == "failed" and result.step == 1
    assert "Game.from_state(state_json()) plays on otherwise: 'Anna harvests 1' gives the events []" in result.message


def test_a_loaded_game_must_refuse_by_the_same_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def lenient(game: Game) -> None:
        game.apply = lambda action, keep_events=True: []
    _loaded_differently(monkeypatch, lenient)
    refusing = case(id="refuse-after-expect", steps=[{"do": "Anna harvests 1"}, {"expect": {"coins": {"Anna": 1}}},
                                                     {"refuse": "Anna harvests 1", "rule": "whole-field"}])
    (result,) = run_files([write(tmp_path, refusing)]).results
    assert result.status == "failed" and result.step == 2
    assert "it carries out 'Anna harvests 1', which the game refused" in result.message
