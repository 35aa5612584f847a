"""The differential test's snapshots (kernel_differential.py) are as strict as the JSON they
stand for: its short cut for empty values gives json.dumps's text, a snapshot keeps what it
showed however the zones change after it; a difference in any part of a state, snapshot or state JSON, is reported after that action."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.kernel import kernel_for, play
from beanrules.kernel.export import action_of, state_json
from beanrules.engine.state import State

from kernel_differential import _json, interpreter_steps, kernel_snapshot, kernel_view, snapshot, step_difference


@pytest.mark.parametrize("value", [None, {}, [], (), 0, False, "", {"b": 1, "a": [2, {}]}, [[1, "x"]], (1, 2),
                                   "text", 3, True, {"z": None}])
def test_the_short_cut_gives_the_text_json_gives(value):
    for sort_keys in (True, False):
        assert _json(value, sort_keys) == json.dumps(value, sort_keys=sort_keys)


def test_a_snapshot_and_the_export_keep_what_they_showed_while_the_game_plays_on():
    """The kernel's cards are the engine's bean strings, so a snapshot and the state JSON show
    its zones as they are: each a copy, unchanged by the actions after it."""
    model = compile_spec("classic")
    machine = kernel_for(model, 4)
    names = ["A", "B", "C", "D"]
    shown = []

    def observe(m, g, action) -> None:
        exported = state_json(m, g, names)
        shown.append((kernel_snapshot(m, g, names), exported, copy.deepcopy(exported)))
    play(machine, 5, ["random", "greedy"] * 2, trades=True, observe=observe)
    assert len({s[8] for s, _, _ in shown}) > 10  # the deck changed under them
    assert all(exported == then for _, exported, then in shown)
    assert all(all(isinstance(c, str) for c in s[8]) for s, _, _ in shown)


def _plants(phases: tuple[str, ...], bean: str) -> dict[str, Callable[[State], bool]]:
    """A change to one part of a copy of the kernel's state each (True where it could be made
    in this state): every part the state JSON holds that a game changes."""
    def bump(name: str) -> Callable[[State], bool]:
        return lambda g: setattr(g, name, getattr(g, name) + 1) is None

    def replace(name: str, value: Callable[[State], Any], when: Callable[[State], Any] = lambda g: True):
        return lambda g: bool(when(g)) and setattr(g, name, value(g)) is None
    other = lambda seat, g: (seat + 1) % len(g.players)  # noqa: E731
    return {
        "phase": replace("phase", lambda g: phases[(phases.index(g.phase) + 1) % len(phases)]),
        "active": replace("active", lambda g: other(g.active, g)),
        **{name: bump(name) for name in ("turn", "planted", "exhaustions", "shuffles", "next_proposal")},
        "over": replace("over", lambda g: not g.over),
        "deck": lambda g: bool(g.deck) and g.deck.pop() is not None,
        **{zone: (lambda zone: lambda g: getattr(g, zone).append(bean) is None)(zone)
           for zone in ("discard", "offer", "removed")},
        **{zone: (lambda zone: lambda g: getattr(g, zone)[1].append(bean) is None)(zone)
           for zone in ("hands", "set_aside", "coins")},
        "fields": lambda g: g.fields[0][1].append(bean) is None,
        "proposals": lambda g: g.proposals.append({"id": g.next_proposal, "from": 0, "to": 1,
                                                    "give": [{"zone": "hand", "bean": bean}], "take": []}) is None,
        "moved": replace("moved", lambda g: {**g.moved, "a rule": [g.turn, 1]}),
        "tokens": replace("tokens", lambda g: {**(g.tokens or {}), "a token": 0}),
        "used": replace("used", lambda g: [*g.used, [g.turn, "a card"]]),
        "decision": replace("decision", lambda g: {**g.decision, "player": other(g.decision["player"], g)},
                            lambda g: g.decision),
        "lasting": replace("lasting", lambda g: [{**g.lasting[0], "owner": other(g.lasting[0]["owner"], g)},
                                                 *g.lasting[1:]], lambda g: g.lasting),
        "counters": replace("counters", lambda g: {c: [v + 1 for v in value] if type(value) is list else value + 1
                                                   for c, value in g.counters.items()}, lambda g: g.counters),
        "winners": replace("winners", lambda g: [other(g.winners[0], g)] if g.winners else [0]),
    }


@pytest.mark.parametrize("full", [False, True], ids=["snapshots", "full-json"])
def test_a_difference_planted_in_any_part_of_the_state_is_reported_where_it_is(full):
    """The harness's comparison sees every part of the kernel's state: one part of one state
    changed (in a copy, so the game plays on as it was) is reported after that very action.
    Kannibohne's duel (seed 1) has text cards' decisions, constraints that last, counters and
    abilities used; the parts a game of it leaves empty are changed from empty."""
    model = compile_spec("kannibohne")
    kinds = ["random", "greedy"]
    game, start, ours = interpreter_steps(model, 2, 1, kinds, True, full)
    machine = kernel_for(model, 2)
    view = kernel_view(game.players, full)
    theirs = [(None, view(machine, machine.new_game(1)))]
    plants = _plants(machine.phase_ids, next(iter(machine.bean_names)))
    planted: dict[str, tuple[int, Any]] = {}  # part -> (the action after which, the changed state's view)

    def observe(m, g: State, action: tuple) -> None:
        theirs.append((action_of(m, game.players, action), view(m, g)))
        for part, plant in plants.items():
            changed = g.copy()
            if part not in planted and len(theirs) > 3 and plant(changed):
                planted[part] = (len(theirs) - 1, view(m, changed))
    play(machine, 1, kinds, trades=True, observe=observe)
    assert step_difference(ours, theirs) is None
    assert set(planted) == set(plants)  # every part was changed in some state of the game
    for part, (step, changed) in planted.items():
        action = theirs[step][0]
        assert step_difference(ours, [*theirs[:step], (action, changed), *theirs[step + 1:]]) \
            .startswith(f"after action {step} ({action}): the states differ"), part
    step = len(theirs) // 2
    other_action = theirs[step + 1][0]
    assert step_difference(ours, [*theirs[:step], (other_action, theirs[step][1]), *theirs[step + 1:]]) \
        == f"action {step}: interpreter {ours[step][0]}, kernel {other_action}"
    assert step_difference(ours, theirs[:-1]).startswith("the interpreter played")


def test_tokens_loaded_empty_are_no_tokens_so_the_snapshot_is_as_strict_as_the_json():
    """A state holds None where its rules declare no token, never {}: a new game holds None or
    every token its rules declare, the kernel's too (it plays on the engine's State), and a
    loaded state may hold {} only where the rules declare none (else Game.from_state refuses
    it). So State.from_json reads {} as None (engine/state.py says why): a loaded `tokens: {}`
    gives a new game's JSON and snapshot, with no `tokens` key in either JSON."""
    model = compile_spec("classic")
    game = Game(model, 3, seed=4)
    fresh = game.state_json()
    assert "tokens" not in fresh and game.state.tokens is None
    loaded = Game.from_state(model, {**fresh, "tokens": {}})
    assert loaded.state.tokens is None and loaded.state_json() == fresh
    machine = kernel_for(model, 3)
    started = machine.new_game(4)
    assert started.tokens is None and "tokens" not in state_json(machine, started, game.players)
    assert snapshot(loaded.state) == snapshot(game.state) \
        == kernel_snapshot(machine, started, game.players)


@pytest.mark.parametrize("key, declaring", [
    ("tokens", "anniversary/bean-thaler"),
    ("counters", str(Path(__file__).parents[2] / "conformance/variants/kannibohne-frozen-gift.bean"))],
    ids=["tokens", "counters"])
def test_an_empty_mapping_loaded_for_rules_declaring_none_is_a_new_games_state(key: str, declaring: str) -> None:
    """`tokens: {}` and `counters: {}` say what an absent key says for rules that declare none
    (both were once treated apart: counters {} was refused, tokens {} printed back as {}); where
    the rules declare one, the empty mapping leaves it out and is refused."""
    model = compile_spec("classic")
    fresh = Game(model, 3, seed=4).state_json()
    assert Game.from_state(model, {**fresh, key: {}}).state_json() == fresh
    other = compile_spec(declaring)
    started = Game(other, other["players"]["min"], seed=4).state_json()
    assert started[key]
    with pytest.raises(ValueError, match=f"state.{key}"):
        Game.from_state(other, {**started, key: {}})
