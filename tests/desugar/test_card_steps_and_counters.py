"""The sentences for a rule's own step on a card event, counters added to and read, and lasting
constraints until a phase begins or for the rest of the game: what they compile to, and the
errors `check` gives for them (where and why, never a traceback)."""
from __future__ import annotations

import pytest

from beanrules.core import from_json
from beanrules.diagnostics import SpecError
from beanrules.docs.examples import compile_example

COUNTERS = 'counter harvests per player   § r "p.1"\nrule plantings: counter plantings   § r "p.1"\n'


def _step(text: str) -> dict:
    [rule] = [r for r in compile_example(COUNTERS + text)["rules"] if r["kind"] == "card-step"]
    return rule


def test_a_step_on_a_card_event_with_a_condition_and_counters():
    rule = _step('rule tally: when a stink card is harvested, if plantings >= 2:   § r "p.1"\n'
                 '  add 1 to own harvests   § r "p.1"\n  add 2 to plantings   § r "p.1"\n')
    assert rule["text"] == "when a stink card is harvested, if plantings >= 2:"
    [do] = [from_json(s) for s in rule["core"]]
    assert (do.when.event, do.when.bean) == ("harvested", "stink")
    assert do.condition.to_text() == "the plantings is at least 2"
    own, table = do.effect.steps
    assert (own.counter, own.player is not None, table.counter, table.player) == ("harvests", True, "plantings", None)


def test_a_step_written_in_a_phase_holds_only_in_that_phase():
    rule = _step('phase extra "Extra"   § r "p.1"\n  rule tally: when a card is planted:   § r "p.1"\n'
                 '    add 1 to own harvests   § r "p.1"\n')
    [do] = [from_json(s) for s in rule["core"]]
    assert do.condition.to_text() == "it is phase extra"


@pytest.mark.parametrize("time,core", [("until start of phase draw", "at-start-of"),
                                       ("for the rest of the game", "whole-game")])
def test_the_new_lasting_times(time, core):
    rule = _step(f'rule frost: when a card is revealed:   § r "p.1"\n  {time}: owner may not harvest   § r "p.1"\n')
    assert rule["core"][0]["effect"]["until"]["node"] == core


@pytest.mark.parametrize("text,message", [
    ("add 1 to harvests", "counter 'harvests' is kept per player: say whose"),
    ("add 1 to own plantings", "counter 'plantings' is the table's, not a player's"),
    ("add 1 to own harvest", "unknown counter 'harvest'"),
])
def test_a_counter_named_wrongly_is_an_error_at_the_rule(text, message):
    with pytest.raises(SpecError) as error:
        _step(f'rule tally: when a card is drawn:   § r "p.1"\n  {text}   § r "p.1"\n')
    [diagnostic] = error.value.diagnostics
    assert message in diagnostic.message and diagnostic.span.line > 1


def test_a_step_and_a_rule_by_condition_read_one_condition_alike():
    """The conditions of a step's `if` and of a rule by condition are one language: "and" and
    "or" join the tests of a step as they join a rule's, and the same words make the same core
    condition, over the card's owner in the step and over the player who acts in the rule."""
    words = "own harvests >= 2 and it is own turn or holding thaler"
    step = _step('token thaler   § r "p.1"\n'
                 f'rule tally: when a card is harvested, if {words}:   § r "p.1"\n'
                 '  add 1 to own harvests   § r "p.1"\n'
                 f'rule calm: no player may trade while {words}   § r "p.1"\n')
    [do] = [from_json(s) for s in step["core"]]
    [rule] = [r for r in compile_example(COUNTERS + 'token thaler   § r "p.1"\n'
                                         f'rule calm: no player may trade while {words}   § r "p.1"\n')["rules"]
              if r["kind"] == "forbid-while"]
    [forbid] = [from_json(s) for s in rule["core"]]
    assert step["params"]["condition"] == rule["params"]["condition"] == {"test": "any", "of": [
        {"test": "all", "of": [{"test": "counter", "name": "harvests", "compare": ">=", "value": 2, "owner": "own"},
                               {"test": "own-turn"}]},
        {"test": "holding", "name": "thaler"}]}
    assert do.condition.to_text() == ("the harvests of the owner of this card is at least 2 and it is the turn of "
                                      "the owner of this card or the owner of this card holds the thaler")
    assert forbid.condition.to_text() == ("the harvests of the player is at least 2 and it is the turn of the player "
                                          "or the player holds the thaler")
