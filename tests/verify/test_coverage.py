"""Rule coverage is traced: the engine records which rules a case made it consult, and every
rule links to the cases that exercise it."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.checks.verdict import verify_spec
from beanrules.engine import Game, IllegalAction
from beanrules.engine import trace


def test_the_trace_records_payouts_refusals_and_nothing_when_off() -> None:
    model = compile_spec("classic")
    partial = {"active": "Anna", "phase": "plant", "hands": {"Anna": ["blue"]},
               "fields": {"Anna": [["stink"] * 3, ["soy"], []]}}
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], partial)
    game.apply("Anna harvests 1")  # no recording: nothing is kept anywhere
    assert trace.active() is None
    with trace.recording() as seen:
        game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], partial)
        try:
            game.apply("Anna harvests 2")  # a single soy while stink has three: protected
        except IllegalAction:
            pass
        game.apply("Anna harvests 1")
    assert "protection" in seen.rules
    assert {"payout", "coin-source", "whole-field", "harvest-any-time"} <= seen.rules
    assert seen.beans == {"stink"}
    assert "tie-break" not in seen.rules and "draw" not in seen.rules
    assert trace.active() is None


def test_the_same_question_of_another_model_finds_that_models_rules() -> None:
    """What a model's rules say is found once per model and question (trace._saying): a model
    without the protection rule, asked the same, finds none."""
    model = compile_spec("classic")
    without = {**model, "rules": [r for r in model["rules"] if r["id"] != "protection"]}
    for kept in (model, without, model):
        seen = trace.Trace()
        seen.add(kept, trace._guards_harvest)  # a forbid of harvesting the field: the protection rule
        assert seen.rules == ({"protection"} if kept is model else set())


def test_every_classic_rule_that_changes_behaviour_is_exercised_or_listed() -> None:
    result = verify_spec("classic", games=0, seed=0)
    coverage = result["coverage"]
    kinds = {r["id"]: r["kind"] for r in compile_spec("classic")["rules"]}
    # what no case exercises is listed, and it is only what no action shows: zone visibility
    assert {kinds[r] for r in coverage["uncovered"]} <= {"zone"}
    assert coverage["exercised"] == coverage["rules"] - len(coverage["uncovered"])
    by_rule = coverage["by_rule"]
    assert "phase-4-draw-three-then-left" in by_rule["draw"]
    assert "example-5-chili-harvest" in by_rule["payout"]
    assert by_rule["tie-break"] and all(by_rule[r] for r in kinds if kinds[r] not in ("zone", "note"))
