"""Property tests over random seeds and bots, checked after every action."""
from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from beanrules.checks.invariants import step_problems
from beanrules.checks.round_trip import RoundTrips
from beanrules.engine import Game, IllegalAction, NotationError, parse_action
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.records import make_record, replay

# A few games per property under plain pytest (each example plays a whole game); a long run
# takes the profile's budget: pytest --hypothesis-profile fuzz-long tests/engine/test_properties.py
SETTINGS = (settings(settings.default) if settings.get_current_profile_name().startswith("fuzz")
            else settings(max_examples=8, deadline=None))
MAX_ACTIONS = 4000  # the termination bound: bot games take a few hundred actions

games = st.builds(lambda seed, n, kinds, trades: (seed, n, kinds, trades),
                  st.integers(0, 10**6), st.integers(3, 5),
                  st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=5), st.booleans())


def _bots(game: Game, seed: int, kinds: list[str], trades: bool):
    return {p: make_bot(kinds[i % len(kinds)], seed=f"{seed}:{i}", trades=trades)
            for i, p in enumerate(game.players)}


def _check_step(classic, game: Game, before: dict, events: list[dict], total: Counter, sample: RoundTrips) -> None:
    # the invariants `beanrules verify` checks in its playouts (beanrules.checks.invariants),
    # the state loaded back from JSON where they do (checks/round_trip.py)
    assert step_problems(game, before, events, total, sample=sample) == []


@SETTINGS
@given(games)
def test_invariants_after_every_action(classic, spec):
    seed, n, kinds, trades = spec
    game = Game(classic, n, seed=seed)
    bots = _bots(game, seed, kinds, trades)
    total = game.state.card_counts()
    assert sum(total.values()) == sum(b["count"] for b in classic["beans"])
    actions = 0
    sample = RoundTrips()
    while not game.is_over:
        player = game.waiting_for()[0]
        action = bots[player].choose(game, player)
        before = game.state_json()
        events = game.apply(action)
        _check_step(classic, game, before, events, total, sample)
        actions += 1
        assert actions < MAX_ACTIONS, "the game must end within the bound"
    assert game.state.exhaustions == 3 or not game.state.deck
    assert game.winners() and set(game.winners()) <= set(game.players)


def _random_line(rng: random.Random, game: Game) -> str:
    """A random, usually illegal, action line."""
    player = rng.choice(game.players)
    beans = list(game.ruleset.beans)
    verb = rng.choice(["plants {b} in {f}", "plants {f}", "harvests {f}", "ends planting", "ends trading",
                       "ends phase", "offers {b} to {o} for {b}", "gives hand {b} to {o}",
                       "offers set-aside {b} to {o} for {b}", "accepts", "rejects 3", "withdraws",
                       "plants offer {b} in {f}", "harvests {b}"])
    others = [p for p in game.players if p != player]
    return f"{player} " + verb.format(b=rng.choice(beans), f=rng.randint(0, 4), o=rng.choice(others))


@SETTINGS
@given(st.integers(0, 10**6), st.integers(3, 5))
def test_refused_actions_leave_the_state_identical(classic, seed, n):
    game = Game(classic, n, seed=seed)
    bots = _bots(game, seed, ["random", "greedy"], True)
    rng = random.Random(seed)
    refusals = 0
    while not game.is_over:
        if rng.random() < 0.3:
            line = _random_line(rng, game)
            before = json.dumps(game.state_json())
            # the applied actions, not their notation: history is rendered from them, so equal
            # actions mean an equal history, without rendering the whole game at every refusal
            actions = list(game.actions)
            try:
                game.apply(line)
            except IllegalAction as exc:
                refusals += 1
                assert json.dumps(game.state_json()) == before, line
                assert game.actions == actions
                assert exc.rule is None or exc.rule in game.ruleset.rules
                assert exc.rule is None or exc.citation
            continue
        player = game.waiting_for()[0]
        game.apply(bots[player].choose(game, player))
    assert refusals > 0


@SETTINGS
@given(st.integers(0, 10**6), st.integers(3, 5), st.booleans())
def test_replay_reproduces_the_game(classic, seed, n, trades):
    game = Game(classic, n, seed=seed)
    bots = _bots(game, seed, ["random", "greedy"], trades)
    play_out(game, bots, MAX_ACTIONS)
    record = json.loads(json.dumps(make_record("classic", classic, game, seed)))
    result = replay(record, classic)
    assert result.ok, result.message
    assert json.dumps(result.game.state_json()) == json.dumps(game.state_json())


@SETTINGS
@given(st.integers(0, 10**6), st.booleans())
def test_legal_actions_are_legal_and_written_canonically(classic, seed, trades):
    game = Game(classic, 4, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < 300:
        player = game.waiting_for()[0]
        legal = game.legal_actions(player, trades=trades and steps % 7 == 0)
        for action in legal:
            assert parse_action(action.notation()) == action  # the notation round-trips
        action = rng.choice(legal)
        snapshot = game.state_json()
        probe = Game.from_state(classic, snapshot)
        for other in rng.sample(legal, min(3, len(legal))):  # every listed action applies
            Game.from_state(classic, snapshot).apply(other)
        probe.apply(action.notation())
        game.apply(action)
        assert probe.state_json() == game.state_json()
        steps += 1


def test_notation_errors_are_clear():
    for line in ("Anna plants in", "anna plants 2", "Anna flies", ""):
        try:
            parse_action(line)
        except NotationError as exc:
            assert str(exc)
        else:  # pragma: no cover
            raise AssertionError(line)
