"""Fuzz: random legal and illegal actions on every shipped spec.

Each example plays one game, mixing legal actions (picked from legal_actions), random lines in
the notation (wrong players, beans, fields, positions, numbers of any length, garbage), and
actions built through the API (hand positions 0, negative or past the hand). A refused action
leaves the state and the history exactly as they were; after every applied action the
invariants of `beanrules verify` hold (beanrules.checks.invariants)."""
from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from beanrules import compile_spec
from beanrules.checks.invariants import step_problems
from beanrules.engine import Game, IllegalAction, NotationError
from beanrules.engine.actions import CardRef, Propose
from beanrules.resolve.loader import list_specs

from fuzzing import budget, time_budget

pytestmark = pytest.mark.fuzz

ACTIONS_PER_GAME = 150
VERBS = ["plants {b} in {n}", "plants {n}", "plants offer {b} in {n}", "plants set-aside {b}",
         "harvests {n}", "harvests {b}", "ends planting", "ends trading", "ends phase",
         "offers {b} to {o} for {b}", "offers hand {n} to {o} for {b}", "gives hand {n} to {o}",
         "asks {o} for hand {n}", "offers set-aside {b} to {o} for {b}", "accepts", "accepts {n}",
         "rejects {o}", "withdraws {n}", "buys a field", "plants discard {b}", "plants deck",
         "discards", "discards {b}", "discards hand {n}", "takes discard", "takes discard {b}", "takes offer"]
NUMBERS = [0, 1, 2, 3, 4, 5, 9, 12, 10**6, 10**30, int("9" * 4000)]
POSITIONS = [0, -1, -5, 1, 2, 3, 50, 10**30]


@cache
def model(spec: str) -> dict:
    return compile_spec(spec)


def random_action(rng: random.Random, game: Game) -> str | Propose:
    """A random action, usually illegal: a notation line, an API proposal, or garbage."""
    player = rng.choice(game.players + ["Nobody"])
    others = [p for p in game.players if p != player] or game.players
    beans = list(game.ruleset.beans) + ["stnk"]
    kind = rng.choice(["notation", "notation", "api", "garbage"])
    if kind == "garbage":
        return "".join(rng.choice("Anna plants 1 hand, \x1b\"{}[]§") for _ in range(rng.randint(0, 30)))
    if kind == "api":
        return Propose(player, rng.choice(others), (CardRef(None, "hand", rng.choice(POSITIONS)),),
                       (CardRef(rng.choice(beans)),))
    return f"{player} " + rng.choice(VERBS).format(b=rng.choice(beans), n=rng.choice(NUMBERS),
                                                   o=rng.choice(others))


@budget(6)
@given(st.sampled_from(list_specs()), st.integers(0, 10**6), st.integers(0, 10**6),
       st.floats(0.2, 0.8))
def test_refusals_change_nothing_and_applied_actions_keep_every_invariant(
        spec: str, seed: int, choices: int, legal_share: float) -> None:
    rules = model(spec)
    rng = random.Random(choices)
    game = Game(rules, rng.randint(rules["players"]["min"], rules["players"]["max"]), seed=seed)
    total = game.state.card_counts()
    with time_budget():
        for _ in range(ACTIONS_PER_GAME):
            if game.is_over:
                break
            if rng.random() < legal_share:
                waiting = game.waiting_for()
                legal = game.legal_actions(waiting[0]) if waiting else []
                if not legal:
                    break  # "nobody can act" is an engine-semantics class (resolve/checks.py)
                action = rng.choice(legal)
            else:
                action = random_action(rng, game)
            before = game.state_json()
            text, history = json.dumps(before), list(game.history)
            try:
                events = game.apply(action)
            except (IllegalAction, NotationError):
                assert json.dumps(game.state_json()) == text, f"{action!r} was refused but changed the state"
                assert game.history == history
                continue
            problems = step_problems(game, before, events, total)
            assert problems == [], f"after {action!r}: {problems}"
