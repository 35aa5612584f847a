"""Whether a phase has nothing left to do (engine/obligations.py): one closure per phase,
compiled from the statements that apply during it, serving the transitions (entering a phase,
engine/transitions.py) and every action's end-of-phase test (Game.apply).

Before it replaced flow.phase_complete and the hot path's copy of it, the compiled closure was
held to flow.phase_complete at every completion test of bot games of every spec at its fewest
and most players (the shipped specs and every test variant); the golden playthroughs, the
conformance cases and tests/engine/test_acting.py keep holding the games it plays to them."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.engine import Game, transitions
from beanrules.engine.obligations import completions, open_tests, named_test
from by_name import put, set_active, whose_turn, zone_of


def names(game: Game) -> dict[str, list[str]]:
    rs = game.ruleset
    return {ph.id: [name for name, _ in open_tests(rs, ph)] for ph in rs.phases}


def test_a_phase_compiles_only_the_tests_of_its_statements():
    assert names(Game(compile_spec("classic"), 4, seed=1)) == {
        "plant": ["planting"], "trade": ["trading"], "plant-traded": ["zone-planting", "zone-planting"], "draw": []}
    # Kannibohne: the ability of a card on top, a draw by action, a move and the declared end of
    # its planting phase, each in the phases they apply to only
    assert names(Game(compile_spec("kannibohne"), 2, seed=1)) == {
        "prelude": ["zone-planting", "moving"], "plant": ["planting", "ability", "harvest-before-declared-end", "moving"],
        "reveal": [], "plant-offer": ["zone-planting", "ability"], "draw": ["ability", "drawing", "moving"]}


def test_the_transitions_and_apply_use_the_same_closure():
    game = Game(compile_spec("classic"), 4, seed=1)
    rs = game.ruleset
    compiled = completions(rs)
    assert transitions.of(rs).complete == game._steps.complete == compiled


def test_planting_stays_open_until_most_is_planted_or_the_hand_is_empty():
    game = Game(compile_spec("classic"), 3, seed=2)
    state, rs = game.state, game.ruleset
    complete = completions(rs)[rs.phase_index["plant"]]
    assert state.phase == "plant" and zone_of(state, "hands", whose_turn(state)) and not complete(state)
    state.planted = rs.phase("plant").listers.front.most - 1
    assert not complete(state)  # one more plant is still permitted (least is met: optional)
    state.planted += 1
    assert complete(state)  # most planted
    state.planted = 0
    hand = zone_of(state, "hands", whose_turn(state))
    put(state, "hands", whose_turn(state), [])
    assert complete(state)  # nothing to plant
    put(state, "hands", whose_turn(state), hand)
    state.planted = rs.phase("plant").listers.front.most
    state.decision = {"player": whose_turn(state)}
    assert not complete(state)  # a step waits for a decision


def test_a_declared_end_waits_while_a_harvest_is_possible():
    game = Game(compile_spec("kannibohne"), 2, seed=3)
    state, rs = game.state, game.ruleset
    ph = rs.phase("plant")
    declared = named_test(rs, ph, "harvest-before-declared-end")
    state.phase = "plant"
    set_active(state, game.players[0])
    for field in zone_of(state, "fields", whose_turn(state)):
        field.clear()
    assert not declared(state)  # no field to harvest
    zone_of(state, "fields", whose_turn(state))[0].extend([rs.beans[0]] * 3)
    assert declared(state)  # a harvest the player may make keeps the phase open
