"""Constraints that last for a stated time (engine/lasting.py): how long they hold, what they
forbid or allow, that they leave the state by themselves, and that a constraint that takes
away a required plant does not leave the game waiting for a player with nothing to do."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.engine import lasting, legal
from beanrules.resolve.compiler import compile_with_warnings

from engine_helpers import refused
from by_name import whose_turn, zone_of

SAMPLE = str(Path(__file__).parents[2] / "conformance" / "core" / "lasting.bean")

# Harvesting only in one's own turn; a card lets the other players harvest for the rest of
# the turn it is used in, another forbids the owner to trade until their next turn.
VARIANT = '''rulebook lasting-variant "Lasting, a variant"
  extends classic
  source v "Variant"
replace use-beans: use beans blue chili stink green soy black-eyed red garden opener closer   § v "1"
replace harvest-any-time: harvest on own turn only   § v "1"
card opener "Opening bean" 4 beanometer 2 3   § v "2"
  ability open "Open": while on top of a field, in phase plant, once per turn   § v "2"
    until end of turn: each opponent may harvest   § v "2"
card closer "Closing bean" 4 beanometer 2 3   § v "3"
  ability close "Close": while on top of a field, in phase plant, once per turn   § v "3"
    until next turn of owner: owner may not trade or buy a field   § v "3"
'''


@pytest.fixture(scope="module")
def sample() -> dict:
    return compile_spec(SAMPLE)


@pytest.fixture(scope="module")
def variant(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("lasting") / "variant.bean"
    path.write_text(VARIANT, encoding="utf-8")
    return compile_with_warnings(str(path), playable=False)[0]


def _game(model: dict, players: list[str], partial: dict) -> Game:
    return Game.from_partial(model, players, {"phase": "plant", **partial})


def _listed(game: Game, player: str) -> set[str]:
    return {a.notation() for a in game.legal_actions(player)}


def test_a_classic_state_has_no_lasting_key():
    game = Game(compile_spec("classic"), 3, seed=1)
    assert "lasting" not in game.state_json()


def test_the_next_phase_of_the_opponent_is_in_the_next_turn_and_the_state_round_trips(sample):
    game = _game(sample, ["Anna", "Natalie"], {"turn": 7, "hands": {"Anna": ["blue"]},
                                              "fields": {"Anna": [["blocker"], []]}})
    game.apply("Anna uses blocker")
    state = game.state_json()
    assert [e["until"] for e in state["lasting"]] == [{"turn": 8, "phase": "plant"}] * 3
    assert {e["owner"] for e in state["lasting"]} == {"Anna"}
    again = Game.from_state(sample, state)
    assert again.state_json() == state
    assert _listed(again, "Anna") == _listed(game, "Anna")


def test_a_state_naming_a_constraint_the_rules_do_not_lay_down_is_refused(sample):
    game = _game(sample, ["Anna", "Natalie"], {"hands": {"Anna": ["blue"]}, "fields": {"Anna": [["blocker"], []]}})
    game.apply("Anna uses blocker")
    state = game.state_json()
    state["lasting"][0]["says"] = "until the end of the game: nobody plants"
    with pytest.raises(ValueError, match="lay down no constraint"):
        Game.from_state(sample, state)
    state["lasting"][0]["owner"] = "Greg"
    with pytest.raises(ValueError, match="state.lasting"):
        Game.from_state(sample, state)


def test_a_lasting_permission_lets_others_harvest_off_turn_until_the_turn_ends(variant):
    game = _game(variant, ["Anna", "Natalie", "Greg"], {
        "hands": {"Anna": ["blue"]}, "fields": {"Anna": [["opener"], [], []], "Natalie": [["soy", "soy"], [], []]}})
    refused(game, "Natalie harvests 1", "harvest-any-time")
    assert "Natalie harvests 1" not in _listed(game, "Natalie")
    game.apply("Anna uses opener")
    assert "Natalie harvests 1" in _listed(game, "Natalie")
    refused(game, "Natalie harvests 2", "whole-field")  # empty: the field's own rules still hold
    game.apply("Natalie harvests 1")
    assert zone_of(game.state, "coins", "Natalie") and not zone_of(game.state, "fields", "Natalie")[0]


def test_a_forbid_until_the_owners_next_turn_holds_through_the_others_turns(variant):
    game = _game(variant, ["Anna", "Natalie", "Greg"], {
        "hands": {"Anna": ["blue"], "Natalie": ["red"]}, "fields": {"Anna": [["closer"], [], []]}})
    game.apply("Anna uses closer")
    assert [e["until"] for e in game.state_json()["lasting"]] == [{"turn": 3, "phase": None}] * 2
    game.apply("Anna plants blue in 2")
    assert game.state.phase == "trade"
    refused(game, "Anna gives hand red to Natalie", "closer-close")
    assert not any(a.notation().startswith("Anna gives") for a in game.legal_actions("Anna"))
    # Natalie may still trade with Anna: the constraint names the owner only
    assert any(a.notation().startswith("Natalie gives") for a in game.legal_actions("Natalie"))


def test_what_lasts_ends_by_itself_and_says_so(sample):
    game = _game(sample, ["Anna", "Natalie"], {"hands": {"Anna": ["blue"], "Natalie": ["soy"]},
                                              "fields": {"Anna": [["stopper"], []]},
                                              "deck": ["blue", "blue", "chili", "chili", "chili"]})
    game.apply("Anna uses stopper")
    refused(game, "Anna harvests 1", "stopper-stop")
    game.apply("Anna plants blue in 2")
    game.apply("Anna ends trading")
    game.apply("Anna plants offer blue in 2")
    events = game.apply("Anna plants offer blue in 2")
    assert [e["event"] for e in events if e["event"].startswith("lasting")] == ["lasting-ended"] * 2
    assert whose_turn(game.state) == "Natalie" and "lasting" not in game.state_json()


def test_an_ended_phase_1_lapses_the_must_plant_but_keeps_the_hand(sample):
    game = _game(sample, ["Anna", "Natalie"], {"active": "Natalie", "turn": 2, "hands": {"Natalie": ["soy", "red"]},
                                              "fields": {"Anna": [["blocker"], []]}})
    game.state.lasting = [{"says": next(iter(game.ruleset.lastings)), "rule": "blocker-block", "owner": "Anna",
                           "until": {"turn": 2, "phase": "plant"}}]
    assert "Natalie ends planting" in _listed(game, "Natalie")
    game.apply("Natalie ends planting")
    assert zone_of(game.state, "hands", "Natalie") == ["soy", "red"] and game.state.phase == "trade"


def test_without_the_lapse_the_invariant_playouts_report_the_stall(sample, monkeypatch):
    """The engine's answer to a constraint that takes away the only legal action is the lapse
    of the requirement; the invariant playouts are what would catch it otherwise."""
    assert all(playout(sample, SAMPLE, 2, seed).ok for seed in (1, 4))
    monkeypatch.setattr(legal, "stuck", lambda *args: False)
    monkeypatch.setattr(lasting, "waived", lambda *args: False)
    problems = [p for seed in (1, 4) for p in playout(sample, SAMPLE, 2, seed).problems]
    assert problems and all("no legal action" in p or "waits for nobody" in p for p in problems)


def test_check_rejects_a_lasting_permission_the_engine_cannot_lift(tmp_path):
    path = tmp_path / "permit.bean"
    path.write_text(VARIANT.replace("each opponent may harvest", "each opponent may plant from hand"),
                    encoding="utf-8")
    with pytest.raises(SpecError) as info:
        compile_spec(str(path))
    assert "a permission by condition lets a player harvest" in str(info.value)


def test_the_terminal_shows_what_lasts_and_when_it_ends(sample):
    from beanrules.engine.terminal import _describe, board
    game = _game(sample, ["Anna", "Natalie"], {"hands": {"Anna": ["blue"]}, "fields": {"Anna": [["blocker"], []]}})
    events = game.apply("Anna uses blocker")
    assert any(line.startswith("for Anna, until the end of phase plant") for line in _describe(events))
    shown = board(game, "Natalie")
    assert shown.count("   for now: ") == 3 and "through turn 2, phase plant" in shown
