"""Kernel and interpreter side by side on identical random streams.

Both play the same game (same seed, bots with the same seeds). The interpreter's bots and the
kernel's draw from their own random.Random each; the games stay equal only if every choice
maps to the same draw. After every action the two states are compared: as a snapshot of every
zone and counter (cheap), or with full=True as the whole state JSON.
"""
from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.legal import next_to_act
from beanrules.engine.state import State
from beanrules.kernel import kernel_for, play
from beanrules.engine.marked import located
from beanrules.kernel.export import action_of, named, state_json
from beanrules.kernel.machine import Machine


# json.dumps of what is most often empty or None, without the call (a snapshot is taken after
# every action on both sides): the same text json.dumps gives.
_EMPTY = {type(None): "null", dict: "{}", list: "[]", tuple: "[]"}


def _json(value: Any, sort_keys: bool = True) -> str:
    """json.dumps(value, sort_keys=sort_keys)."""
    if not value:
        text = _EMPTY.get(type(value))
        if text is not None:
            return text
    return json.dumps(value, sort_keys=sort_keys)


def snapshot(st: State) -> tuple:
    """Every part of a state that changes during a game (the rest is fixed by the setup): of
    the interpreter's state, or of the kernel's under the players' names (kernel_snapshot)."""
    players, names = range(len(st.players)), st.players
    return (st.phase, names[st.active], st.turn, st.planted, st.exhaustions, st.shuffles, st.next_proposal, st.over,
            tuple(st.deck), tuple(st.discard), tuple(st.offer), tuple(st.removed),
            tuple([tuple(st.hands[p]) for p in players]), tuple([tuple(st.set_aside[p]) for p in players]),
            tuple([tuple(st.coins[p]) for p in players]),
            tuple([tuple([tuple(f) for f in st.fields[p]]) for p in players]),
            tuple([(x["id"], x["from"], x["to"], tuple([(r["zone"], r["bean"]) for r in x["give"]]),
                    tuple([(r["zone"], r["bean"]) for r in x["take"]])) for x in st.proposals]),
            tuple(sorted([(rule, tuple(times)) for rule, times in st.moved.items()])),
            None if st.tokens is None else tuple(sorted((t, None if h is None else names[h]) for t, h in st.tokens.items())),
            _json(st.decision), _json(st.used, False), _json(located(st)),
            _json(st.to_json().get("counters")), None if st.winners is None else [names[p] for p in st.winners])


def kernel_snapshot(m: Machine, g: State, names: list[str]) -> tuple:
    """The snapshot of the kernel's state: the engine's State it plays on, its seats named."""
    return snapshot(named(m, g, names))


def _seat_bots(bots: list[str], n: int) -> list[str]:
    return [bots[i % len(bots)] for i in range(n)]


def first_difference(model: dict, n: int, seed: int, bots: list[str], trades: bool, full: bool = False,
                     seen: list | None = None, watch: Callable[[Game, Any, list], None] | None = None,
                     before: Callable[[Game, str, Any], None] | None = None) -> str | None:
    """None when kernel and interpreter play the same game, action for action and state for
    state, to the same scores and winners; else where they part. `seen` gets the interpreter's
    actions, `watch(game, action, events)` each of them with its events and the state after it
    (the start: action None), to tell that a game used the mechanism under test;
    `before(game, player, action)` sees the interpreter's game before each action is applied
    (to look at the state it acts in)."""
    kinds = _seat_bots(bots, n)
    game, start, ours = interpreter_steps(model, n, seed, kinds, trades, full, watch, before)
    names = game.players

    machine = kernel_for(model, n)
    view = kernel_view(names, full)
    theirs = [(None, view(machine, machine.new_game(seed)))]

    def observe(m: Machine, g: State, action: tuple) -> None:
        theirs.append((action_of(m, names, action), view(m, g)))
    result = play(machine, seed, kinds, trades=trades, observe=observe)
    parted = step_difference(ours, theirs)
    if parted is not None:
        return parted
    if seen is not None:
        seen.extend(action for action, _ in ours[1:])
    final = state_json(machine, result.state, names)
    if final != game.state_json():
        return "the final state JSON differs"
    return _outcome(game, result)


def interpreter_steps(model: dict, n: int, seed: int, kinds: list[str], trades: bool, full: bool,
                      watch: Callable[[Game, Any, list], None] | None = None,
                      before: Callable[[Game, str, Any], None] | None = None
                      ) -> tuple[Game, dict[str, Any], list[tuple]]:
    """The interpreter's game of first_difference, played to its end, its state JSON after the
    deal, and its steps: (None, the state after the deal), then (action, the state after it)
    for each action; a state as its snapshot, or with full=True its state JSON."""
    game = Game(model, n, seed=seed)
    players = {p: make_bot(kinds[i], seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    start = game.state_json()
    ours = [(None, start if full else snapshot(game.state))]
    if watch is not None:
        watch(game, None, game.start_events)
    state, rs = game.state, game.ruleset
    while not state.over:
        # whom the game waits for, as play_out asks it (legal.next_to_act: the phase's compiled
        # closure); here a closure that strayed would part from the kernel's own answer
        player = next_to_act(state, rs)
        action = players[player].choose(game, player)
        if before is not None:
            before(game, player, action)
        events = game.apply(action, keep_events=watch is not None)
        if watch is not None:
            watch(game, action, events)
        ours.append((action, game.state_json() if full else snapshot(game.state)))
    return game, start, ours


def kernel_view(names: list[str], full: bool) -> Callable[[Machine, State], Any]:
    """What first_difference compares of each of the kernel's states, over one game: its
    kernel_snapshot, or with full=True its state JSON."""
    if full:
        return lambda m, g: state_json(m, g, names)
    return lambda m, g: kernel_snapshot(m, g, names)


def step_difference(ours: list[tuple], theirs: list[tuple]) -> str | None:
    """Where two games' steps (action, state after it) part: None if nowhere."""
    for i, ((a1, s1), (a2, s2)) in enumerate(zip(ours, theirs)):
        if a1 != a2:
            return f"action {i}: interpreter {a1}, kernel {a2}"
        if s1 != s2:
            return f"after action {i} ({a1}): the states differ:\n  {s1}\n  {s2}"
    if len(ours) != len(theirs):
        return f"the interpreter played {len(ours) - 1} actions, the kernel {len(theirs) - 1}"
    return None


def _outcome(game: Game, result: object) -> str | None:
    names = game.players
    if [game.scores()[p] for p in names] != list(result.scores):  # type: ignore[attr-defined]
        return f"scores differ: {game.scores()} vs {result.scores}"  # type: ignore[attr-defined]
    if game.winners() != [names[s] for s in result.winners]:  # type: ignore[attr-defined]
        return f"winners differ: {game.winners()} vs {result.winners}"  # type: ignore[attr-defined]
    if game.state.turn != result.turns:  # type: ignore[attr-defined]
        return "turns differ"
    return None


def fast_difference(model: dict, n: int, seed: int, bots: list[str], trades: bool) -> str | None:
    """The kernel's playout path (no observer: the generated loop for random bots): the same
    final state, length, scores and winners as the interpreter's play_out."""
    kinds = _seat_bots(bots, n)
    game = Game(model, n, seed=seed)
    players = {p: make_bot(kinds[i], seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    actions = play_out(game, players, keep_events=False)
    machine = kernel_for(model, n)
    result = play(machine, seed, kinds, trades=trades)
    final = game.state_json()
    if state_json(machine, result.state, game.players) != final:
        return "the final states differ"
    if result.actions != actions:
        return f"the interpreter played {actions} actions, the kernel {result.actions}"
    return _outcome(game, result)


def sweep(model: dict, players: int, seeds: int) -> None:
    """The long sweep of one spec and player count: every seed with trading off and on, random,
    greedy and mixed bots step by step (the full state JSON every tenth seed), and the
    generated loop; a difference fails with the seed."""
    for seed in range(seeds):
        for trades in (False, True):
            for bots in (["random"], ["greedy"], ["random", "greedy"]):
                assert first_difference(model, players, seed, bots, trades, full=seed % 10 == 0) is None, \
                    (seed, trades, bots)
            assert fast_difference(model, players, seed + 10_000, ["random"], trades) is None, (seed, trades)


def compared(m: dict, n: int, seeds: range, watch: Callable[[Game, Any, list], None] | None = None) -> list:
    """Play each seed with both engines (random and greedy bots, trading on and off by seed),
    step by step (the full state JSON for the first seed) and by the generated loop, and return
    the interpreter's actions of the games compared step by step (`watch`: as first_difference's);
    a difference fails the test."""
    seen: list = []
    for seed in seeds:
        bots = ["random", "greedy"] if seed % 2 else ["greedy", "random"]
        trades = seed % 2 == 0
        assert first_difference(m, n, seed, bots, trades, full=seed == seeds[0], seen=seen, watch=watch) is None, \
            (n, seed)
        assert fast_difference(m, n, seed + 500, ["random"], trades) is None, (n, seed)
    return seen


def ends_first(counts: list[int]) -> list:
    """Player counts for a mechanism test: the smallest and the largest as they are, those
    between marked `sweep` (pytest -m sweep, which .ci/run runs). A count between plays the
    same generated code with values between the two ends' values: measured by coverage of
    beanrules/ (branches too), the middle counts reached no line or branch that the two ends
    and the rest of tests/kernel do not, and test_differential.py still compares every shipped
    spec at every player count."""
    ends = (min(counts), max(counts))
    return [n if n in ends else pytest.param(n, marks=pytest.mark.sweep) for n in counts]


def seed_ranges(default: int, full: int) -> list:
    """The seeds of a mechanism test: range(default) in the test command, and the test as it
    was, range(full), marked `sweep` (pytest -m sweep, which .ci/run runs). Measured by coverage
    of beanrules/ (branches too) over the whole test command, with a coverage context for each
    seed compared: the seeds past the first of these tests reached no line or branch that the
    first seeds and the rest of the test command do not. Two tests whose further seeds did
    (the thaler's takeover at 3 players, the owl's constraints that last) keep them all, and so
    do those whose own assertions need every seed to see the mechanism (thalers written down,
    the kingfisher's text cards). `default`: the seeds a test's assertions need (that the games
    compared reach the mechanism)."""
    return [pytest.param(range(default), id=f"seeds-0-{default - 1}"),
            pytest.param(range(full), marks=pytest.mark.sweep, id=f"seeds-0-{full - 1}")]


def ends_and_seeds(counts: list[int], default: int, full: int) -> list:
    """ends_first and seed_ranges together, as (players, seeds): the smallest and the largest
    count with range(default) in the test command; every count with range(full) marked `sweep`
    (a count between is a sweep's, and it plays the seeds the test played before)."""
    ends = (min(counts), max(counts))
    default_runs = [pytest.param(n, range(default), id=f"{n}-seeds-0-{default - 1}") for n in counts if n in ends]
    return default_runs + [pytest.param(n, range(full), marks=pytest.mark.sweep, id=f"{n}-seeds-0-{full - 1}")
                           for n in counts]


def trade_refusals(rule: str, asks: tuple[tuple, ...] = ((),)) -> tuple[Callable[[Game, str, Any], None], list[tuple]]:
    """A `before` for first_difference, and the list it fills: before each action, every deal
    of one hand card the acting player could make with each partner (for nothing, or for each
    of `asks`) that the trade guard `rule` refuses, as (turn, player, partner, an ask, the
    player is active), to tell that the games compared met the guard."""
    from beanrules.engine.deals import Deal
    refused: list[tuple] = []

    def before(game: Game, name: str, action: Any) -> None:
        st, rs = game.state, game.ruleset
        guards, player = rs.phase(st.phase).trade, st.seat_of[name]  # (a deal names seats)
        if guards is None or not st.hands[player]:
            return
        for partner in range(len(st.players)):
            if partner == player:
                continue
            for takes in asks:
                why = guards.deal_refusal(st, rs, Deal(player, partner, (("hand", None),), takes,
                                                       frozenset((player, partner))))
                if why is not None and why[0].id == rule:
                    refused.append((st.turn, name, st.players[partner], bool(takes), player == st.active))
    return before, refused
