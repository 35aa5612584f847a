"""Counters and tokens: where the state keeps them, and the core nodes that read or change them
(named in engine/semantics.py, the table the evaluator compiles by); and coins or counters that
change hands (``pay``, ``gain-coins``: engine/payments.py moves them). Which counters and tokens
a game has, and how it starts them, is the program's declared state (engine/declared.py).

A counter is a number per player (coins written down, say) or for the table; a token is held by
one player or by nobody (a card passed from player to player). The state holds ``counters`` and ``tokens`` only
where the rules declare some, so a game without them has the state JSON it always had. A token
that the start player keeps all game (``choose-start-player … keeps``: the start player card)
is not stored: its holder is the state's ``start_player``.
"""
from __future__ import annotations

from typing import Any

from ..core import actors, conditions, effects, quantities
from . import evaluate
from .evaluate import Env
from .meaning import Semantics, run
from .payments import BANK, transfer


def holder(state: Any, token: str) -> int | None:
    """Who holds a token now (a token the state does not keep is the start player's)."""
    tokens = state.tokens
    if tokens is not None and token in tokens:
        return tokens[token]
    return state.start_player


def counter_value(state: Any, name: str, player: int | None) -> int:
    try:
        value = state.counters[name]
    except (KeyError, TypeError):  # (None: the state keeps no counters)
        raise KeyError(f"no counter '{name}' in this game") from None
    # a player's counter is kept by seat (a list)
    return value[player] if type(value) is list else value


# ------------------------------------------------------------------ the evaluator's nodes
def token_holder(node: actors.TokenHolder) -> Any:
    token = node.token
    return lambda state, env: [h] if (h := holder(state, token)) is not None else []


def counter(node: quantities.CounterValue) -> Any:
    name = node.counter
    if node.player is None:
        return lambda state, env: counter_value(state, name, None)
    if isinstance(node.player, actors.Bound):  # a player bound by name (an end tested after every action)
        bound = node.player.name

        def of_bound(state: Any, env: Env) -> int:
            counters = state.counters
            if counters is None or name not in counters:
                return counter_value(state, name, None)  # (refused there, by name)
            value = counters[name]
            return value if type(value) is int else value[env[bound]]
        return of_bound
    who = evaluate.players_of(node.player)
    return lambda state, env: counter_value(state, name, who(state, env)[0])


def one_if(node: quantities.OneIf) -> Any:
    test = evaluate.condition(node.condition)
    return lambda state, env: 1 if test(state, env) else 0


def holds_token(node: conditions.HoldsToken) -> Any:
    who, token = evaluate.players_of(node.player), node.token
    return lambda state, env: holder(state, token) in who(state, env)


def some_player(node: conditions.SomePlayer) -> Any:
    among, name, where = evaluate.players_of(node.among), node.name, evaluate.condition(node.where)

    def some(state: Any, env: Env) -> bool:
        inner = dict(env)  # one copy for every player asked: a condition keeps nothing in it
        for player in among(state, env):
            inner[name] = player
            if where(state, inner):
                return True
        return False
    return some


def any_player(node: actors.AnyPlayer) -> Any:
    """In a condition: whichever player, in seat order."""
    return lambda state, env: list(range(len(state.players)))


def pass_token(node: effects.PassToken) -> Any:
    token, to = node.token, evaluate.players_of(node.to)

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        new = to(state, env)[0]
        old = state.tokens.get(token)
        if old != new:
            state.tokens[token] = new
            players = state.players
            events.append({"event": "token-passed", "token": token, "from": None if old is None else players[old],
                           "to": None if new is None else players[new]})
    return run


def add_to_counter(node: effects.AddToCounter) -> Any:
    name, amount = node.counter, evaluate.number(node.amount)
    who = evaluate.players_of(node.player) if node.player is not None else None

    def add(state: Any, rs: Any, env: Env, events: list) -> None:
        # each change names the rule whose effect made it, as a payment does: verify's
        # invariants attribute every change of a counter to its rule (checks/invariants.py)
        value, rule = amount(state, env), evaluate.rule_of(env)
        if who is None:
            state.counters[name] += value
            events.append({"event": "counted", "counter": name, "amount": value, "rule": rule})
            return
        for player in who(state, env):
            state.counters[name][player] += value
            events.append({"event": "counted", "counter": name, "player": state.players[player], "amount": value,
                           "rule": rule})
    return add


def pay(node: effects.Pay) -> Any:
    return _payment(node.payer, node.payee, node.amount, node.resource)


def gain_coins(node: effects.GainCoins) -> Any:
    """``gain N coins``: from the bank, as the coin source says."""
    return _payment(None, node.player, node.amount, None)


def _payment(payer: Any, payee: Any, amount: Any, resource: str | None) -> Any:
    payers = evaluate.players_of(payer) if payer is not None else None
    payees = evaluate.players_of(payee) if payee is not None else None
    count = evaluate.number(amount)

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        # a player's action pays in full or is refused; a step that runs by itself pays what it can
        transfer(state, rs, payers(state, env) if payers is not None else [BANK],
                 payees(state, env) if payees is not None else [BANK], count(state, env), resource,
                 not env.get(evaluate.BY_ITSELF), evaluate.rule_of(env), events)
    return run


# What the nodes of tokens, counters and payments mean: their entries of the semantics table,
# beside their compile functions (engine/meaning.py).
ENTRIES: dict[type, Semantics] = {
    actors.AnyPlayer: run(actor=any_player),
    actors.TokenHolder: run(actor=token_holder),
    quantities.CounterValue: run(quantity=counter),
    quantities.OneIf: run(quantity=one_if),
    conditions.HoldsToken: run(condition=holds_token),
    conditions.SomePlayer: run(condition=some_player),
    effects.GainCoins: run(effect=gain_coins),
    effects.Pay: run(effect=pay),
    effects.AddToCounter: run(effect=add_to_counter),
    effects.PassToken: run(effect=pass_token),
}
