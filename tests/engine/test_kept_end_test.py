"""The end test the state keeps (`State.ending`, the kernel's `g.ending`): written by the
engine's own effects where they change what an end reads outside an action's close, as the
deck runs out and as a harvest writes coins down towards a target; a playout reads it between
those changes (kernel/machine.py, kernel/fast.py), the engine's flow asks the test anew."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, deck
from beanrules.engine.actions import Harvest
from beanrules.engine.eventlog import UNRECORDED
from beanrules.engine.harvesting import harvester
from by_name import counter, set_counter, zone_of


@pytest.mark.parametrize("run_outs, ends", [(0, False), (2, True)])
def test_the_deck_keeps_the_end_test_as_it_runs_out(run_outs: int, ends: bool) -> None:
    game = Game(compile_spec("classic"), 3, seed=1)
    state, rs = game.state, game.ruleset
    state.deck[1:] = []  # one card left; classic ends as the deck runs out the third time
    state.discard[:] = ["red"]
    state.exhaustions = run_outs
    state.ending = not ends  # (what it held before: overwritten as the deck runs out)
    events: list = []
    assert deck.take_top(state, rs, events) is not None
    assert state.exhaustions == run_outs + 1 and state.ending is ends
    assert events[0] == {"event": "deck-exhausted", "exhaustions": run_outs + 1}
    # a game that goes on shuffles the discard pile into the deck; one that ends does not
    assert state.deck == ([] if ends else ["red"])


@pytest.mark.parametrize("thalers, ends", [(20, False), (24, True)])
def test_a_harvest_written_down_towards_the_target_keeps_the_end_test(thalers: int, ends: bool) -> None:
    game = Game(compile_spec("kannibohne"), 2, seed=1)
    state, rs = game.state, game.ruleset
    anna = state.players[0]
    bean = next(b for b, table in rs.payout.items() if max(table) >= 1)
    size = next(n for n, coins in enumerate(rs.payout[bean]) if coins >= 1)
    zone_of(state, "fields", anna)[0] = [bean] * size
    set_counter(state, "thalers", anna, thalers)
    harvester(rs)(state, Harvest(anna, 1), UNRECORDED, False)
    assert counter(state, "thalers", anna) > thalers and state.ending is ends

