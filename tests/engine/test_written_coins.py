"""Coins written down (engine/tally.py) and the turn of a game of two with leftovers, a third
card and optional planting, as Kannibohne plays them: the counter, the winner fixed as the end
comes, the bot that must not discard for ever, and the terminal game a person plays."""
from __future__ import annotations

import json

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.state import State
from by_name import counter


def test_a_finished_game_keeps_the_winner_fixed_as_the_end_came() -> None:
    model = compile_spec("kannibohne")
    game = Game.from_partial(model, ["Anna", "Natalie"], {
        "phase": "plant", "hands": {"Anna": ["kenia"]},
        "fields": {"Anna": [["garden", "garden", "garden"], []], "Natalie": [["red", "red", "red", "red"], []]},
        "counters": {"thalers": {"Anna": 22, "Natalie": 24}}})
    game.apply("Anna harvests 1")
    state = game.state_json()
    assert state["over"] and state["winners"] == ["Anna"] and game.scores() == {"Anna": 25, "Natalie": 27}
    again = Game.from_state(model, json.loads(json.dumps(state)))
    assert again.winners() == ["Anna"]  # the state, not the final scores, says who won


def test_a_state_naming_a_stranger_as_winner_is_refused() -> None:
    state = Game(compile_spec("kannibohne"), 2, seed=1).state_json()
    state["winners"] = ["Greg"]
    try:
        State.from_json(state)
    except ValueError as refused:
        assert "winners" in str(refused)
    else:
        raise AssertionError("a winner who is not a player was accepted")


def test_kannibohne_plays_to_its_end_with_every_invariant_for_both_bots() -> None:
    model = compile_spec("kannibohne")
    for seed in range(3):
        result = playout(model, "kannibohne", 2, seed)
        assert result.ok, result.problems
    for seed in range(3):  # two greedy bots: discarding at will must not keep them from harvesting
        game = Game(model, 2, seed=seed)
        play_out(game, {p: make_bot("greedy", seed=seed) for p in game.players}, max_actions=20_000)
        thalers = {p: counter(game.state, "thalers", p) for p in game.players}
        assert game.is_over and max(thalers.values()) >= 25
        [winner] = game.winners()
        assert thalers[winner] >= 25


def test_a_human_plays_kannibohne_in_the_terminal() -> None:
    from beanrules.engine.terminal import play_human
    lines = iter(["?", "discards", "discards", "board", "quit"])
    out: list[str] = []
    record = play_human(compile_spec("kannibohne"), "kannibohne", ["Anna", "Natalie"], 4, 0, ["random"],
                        read=lambda prompt: next(lines), write=out.append)
    text = "\n".join(out)
    assert "legal now: " in text and "Anna discards card-07" in text
    assert "Anna discards card-07 from the hand onto the discard pile" in text
    boards = [chunk for chunk in text.split("── turn") if "discard, bottom to top: card-07" in chunk]
    assert boards, text  # the open discard is laid out, every card visible
    assert "thalers 0 · fields" in boards[-1] and " coins " not in boards[-1]  # written down, no coin cards
    assert record["ended"] == "quit" and record["actions"] == ["Anna discards", "Anna discards"]
