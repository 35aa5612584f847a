"""The game waits for the owners of abilities used in any turn (engine/windows.py): after another
player's action each of them is offered the ability, uses it or passes; a window saves and loads
like any decision, bots play such rules with every invariant holding, and rules without such
abilities never open one (their games: tests/golden, unchanged)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from beanrules import compile_spec, list_specs
from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.engine import windows
from by_name import whose_turn

ROOT = Path(__file__).parents[2]
SPEC = str(ROOT / "conformance" / "variants" / "any-turn.bean")
PLAYERS = ["Anna", "Natalie", "Greg"]
PLANTING = {"phase": "plant", "active": "Anna", "hands": {"Anna": ["stink", "green"], "Natalie": ["blue"],
                                                          "Greg": ["soy"]},
            "fields": {"Natalie": [["owl"], [], []]}, "discard": ["red", "chili"]}


def test_a_window_saves_loads_and_its_answer_plays_alike():
    model = compile_spec(SPEC)
    game = Game.from_partial(model, PLAYERS, PLANTING)
    game.apply("Anna plants stink in 1")
    assert game.waiting_for() == ["Natalie"]
    loaded = Game.from_state(model, game.state_json())
    for g in (game, loaded):
        g.apply("Natalie uses owl")
    assert loaded.state_json() == game.state_json()
    assert game.state.decision is None and game.waiting_for() == ["Anna"]


def test_the_owners_action_itself_opens_no_window_for_them():
    game = Game.from_partial(compile_spec(SPEC), PLAYERS, PLANTING)
    game.apply("Natalie uses owl")  # outside a window, as before: the game still waits for Anna
    assert game.state.decision is None and game.waiting_for() == ["Anna"]


def test_bots_use_owls_outside_their_own_turn():
    """What the windows are for: a random bot, acting only when the game waits for it, uses its
    owl in another player's turn (before, it practically never did)."""
    game = Game(compile_spec(SPEC), 3, seed=4)
    rng = random.Random(4)
    used_elsewhere = 0
    for _ in range(3000):
        if game.is_over:
            break
        player = game.waiting_for()[0]
        action = rng.choice(game.legal_actions(player, trades=False))
        active = whose_turn(game.state)
        events = game.apply(action)
        used_elsewhere += sum(1 for e in events if e.get("event") == "ability" and e.get("card") == "owl"
                              and e.get("player") != active)
    assert used_elsewhere > 0


@pytest.mark.parametrize("players", [3, 4])
def test_bots_play_rules_with_windows_and_every_invariant_holds(players):
    assert playout(compile_spec(SPEC), SPEC, players, 1).ok


def test_rules_without_abilities_used_in_any_turn_open_no_window():
    assert windows.opens(Game(compile_spec(SPEC), 3, seed=0).ruleset)
    for spec in list_specs():  # no shipped rulebook's card is used in any turn
        model = compile_spec(spec)
        assert not windows.opens(Game(model, model["players"]["min"], seed=0).ruleset), spec
