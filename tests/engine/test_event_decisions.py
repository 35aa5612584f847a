"""Steps on card events that ask a player to decide (engine/triggers.py through
engine/decisions.py): the game waits after the action or the phase step in which the event
happened, a second such step waits its turn, a waiting game saves and loads, the owner's plain
`choose` (a choice given with an action) is still refused there, and bots play such rules to the
end with every invariant holding. The cases of the rules' text are conformance/variants/edges-29.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.resolve.compiler import compile_with_warnings

SPEC = str(Path(__file__).parents[2] / "conformance" / "variants" / "event-decisions.bean")
PLAYERS = ["Anna", "Natalie", "Greg"]
REVEALING = {"phase": "plant", "active": "Anna", "hands": {"Anna": ["blue"], "Natalie": ["red"], "Greg": ["soy"]},
             "coins": {"Natalie": ["soy", "soy"], "Greg": ["red"]}, "deck": ["chili", "green", "black-eyed"]}


def test_a_step_that_waits_during_a_phase_step_goes_on_with_the_phase_after_it():
    game = Game.from_partial(compile_spec(SPEC), PLAYERS, REVEALING)
    game.apply("Anna plants blue")
    decision = game.state_json()["decision"]
    # the first sale waits; the second card's sale is queued behind it; phase 2 goes on after step 0
    assert decision["anchor"]["mechanism"] == "trigger" and decision["after"] == 0
    assert [q["bean"] for q in decision["queued"]] == ["green"]
    assert game.legal_actions("Anna") == []  # trading waits for the bids


def test_a_waiting_step_on_a_card_event_saves_loads_and_replays():
    model = compile_spec(SPEC)
    game = Game.from_partial(model, PLAYERS, REVEALING)
    game.apply("Anna plants blue")
    loaded = Game.from_state(model, game.state_json())
    for g in (game, loaded):
        g.apply("Natalie chooses 1")
        g.apply("Greg chooses pass")  # the queued sale opens: carried with its decision
    assert loaded.state_json() == game.state_json()
    assert game.state_json()["decision"]["name"] == "a bid for the chili"
    bad = {**game.state_json(), "decision": {**game.state_json()["decision"], "after": 7}}
    with pytest.raises(ValueError, match="no step 7"):
        Game.from_state(model, bad)


def test_the_owners_plain_choose_is_still_refused_with_the_decision_to_write_instead(tmp_path):
    path = tmp_path / "e.bean"
    path.write_text('rulebook e "x"\n  extends classic\n  source v "v"\n'
                    'rule tithe: when a stink card is planted:   § v "1"\n'
                    '  choose gift from own hand\n  move gift to discard top\n', encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        compile_with_warnings(str(path))
    assert "runs by itself, so nobody is asked to choose" in str(refused.value)
    assert "'owner chooses NAME from …'" in str(refused.value) and "e.bean:4:" in str(refused.value)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_answer_steps_on_card_events_and_every_invariant_holds(players):
    assert playout(compile_spec(SPEC), SPEC, players, 1).ok


def test_a_step_on_a_harvest_that_asks_at_the_end_of_the_game_asks_nobody(tmp_path):
    """The final harvest fires the step after the end has come: nobody is left to decide, and
    the game is over without a decision waiting."""
    path = tmp_path / "h.bean"
    path.write_text('rulebook h "x"\n  extends classic\n  source v "v"\n'
                    'rule keep: when a card is harvested:   § v "1"\n'
                    '  owner chooses kept from own hand\n  move kept to discard top\n', encoding="utf-8")
    model = compile_with_warnings(str(path))[0]
    result = playout(model, str(path), 3, 2)
    assert result.ok, result.problems
