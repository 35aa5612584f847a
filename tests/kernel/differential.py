"""Kernel and interpreter side by side on identical random streams (used by the tests)."""
from __future__ import annotations

from beanrules.engine import Game
from beanrules.engine.bots import make_bot
from beanrules.engine.legal import next_to_act
from beanrules.kernel import kernel_for, play
from beanrules.kernel.export import action_of, state_json


def interpreter_trace(model: dict, n: int, seed: int, bots: list[str], trades: bool) -> tuple[list, Game]:
    game = Game(model, n, seed=seed)
    players = {p: make_bot(bots[i % len(bots)], seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    steps = [(None, game.state_json())]
    while not game.is_over:
        player = next_to_act(game.state, game.ruleset)
        action = players[player].choose(game, player)
        game.apply(action, keep_events=False)
        steps.append((action, game.state_json()))
    return steps, game


def kernel_trace(model: dict, n: int, seed: int, bots: list[str], trades: bool, template: dict) -> tuple[list, object]:
    machine = kernel_for(model, n)
    names = Game(model, n, seed=seed).players
    steps: list = []

    def observe(m, g, action):
        steps.append((action_of(m, names, action), state_json(m, g, names, template)))
    first = machine.new_game(seed)
    steps.append((None, state_json(machine, first, names, template)))
    result = play(machine, seed, [bots[i % len(bots)] for i in range(n)], trades=trades, observe=observe)
    return steps, result


def first_difference(model: dict, n: int, seed: int, bots: list[str], trades: bool) -> str | None:
    """None when kernel and interpreter play the same game; else where they part."""
    ours, game = interpreter_trace(model, n, seed, bots, trades)
    theirs, result = kernel_trace(model, n, seed, bots, trades, ours[0][1])
    for i, ((a1, s1), (a2, s2)) in enumerate(zip(ours, theirs)):
        if a1 != a2:
            return f"action {i}: interpreter {a1}, kernel {a2}"
        if s1 != s2:
            keys = [k for k in s1 if s1[k] != s2.get(k)]
            return f"after action {i} ({a1}): states differ in {keys}: " + "; ".join(
                f"{k}: {s1[k]!r} vs {s2.get(k)!r}" for k in keys[:3])
    if len(ours) != len(theirs):
        return f"interpreter played {len(ours) - 1} actions, kernel {len(theirs) - 1}"
    names = game.players
    if [game.scores()[p] for p in names] != list(result.scores):
        return f"scores differ: {game.scores()} vs {result.scores}"
    if game.winners() != [names[s] for s in result.winners]:
        return f"winners differ: {game.winners()} vs {result.winners}"
    if game.state.turn != result.turns:
        return "turns differ"
    return None


def fast_difference(model: dict, n: int, seed: int, trades: bool) -> str | None:
    """The random bots' specialised loop (no observer): the same final state, scores and length."""
    from beanrules.engine.bots import play_out
    game = Game(model, n, seed=seed)
    bots = {p: make_bot("random", seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    actions = play_out(game, bots, keep_events=False)
    result = play(kernel_for(model, n), seed, ["random"] * n, trades=trades)
    final = game.state_json()
    mine = state_json(kernel_for(model, n), result.state, game.players, final)
    if mine != final:
        keys = [k for k in final if final[k] != mine.get(k)]
        return f"final states differ in {keys}"
    if result.actions != actions:
        return f"interpreter played {actions} actions, kernel {result.actions}"
    if list(result.scores) != [game.scores()[p] for p in game.players]:
        return "scores differ"
    return None
