"""Playing without events (bots, simulation, benchmarks) plays the very same game."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.records import make_record


@pytest.mark.parametrize("spec,players,kind", [("classic", 4, "random"), ("how-to-play", 3, "greedy"),
                                               ("my-first/step-5", 3, "random")])
def test_the_same_game_with_and_without_events(spec, players, kind):
    model = compile_spec(spec)
    games = []
    for keep in (True, False):
        game = Game(model, players, seed=21)
        bots = {p: make_bot(kind, seed=f"21:{i}", trades=True) for i, p in enumerate(game.players)}
        play_out(game, bots, keep_events=keep)
        games.append(game)
    kept, dropped = games
    assert kept.history == dropped.history and kept.state_json() == dropped.state_json()
    assert kept.trace and len(kept.trace) == len(kept.actions) and any(kept.trace)
    assert dropped.trace == [] and not dropped.traced and kept.traced


def test_a_game_without_events_has_no_record():
    model = compile_spec("classic")
    game = Game(model, 3, seed=2)
    play_out(game, {p: make_bot("random", seed=i, trades=False) for i, p in enumerate(game.players)},
             keep_events=False)
    with pytest.raises(ValueError, match="no trace"):
        make_record("classic", model, game, 2)


def test_apply_without_events_returns_nothing_kept():
    game = Game(compile_spec("classic"), 3, seed=2)
    assert game.apply("Anna plants in 1", keep_events=False) == []
