"""Bots choose from what their player may know.

The bots read the game's state directly (engine/bots.py), not a player's view (Game.view), so
nothing in their code stops them from peeking at the draw pile or at other players' hands.
A bot that did would make every simulated win share (`beanrules play --games`) a measure of
cheating. These tests hold them to fair play: at many points of real games, the hidden cards
(the draw pile's order and contents, every other player's hand) are dealt anew from the same
cards, and the bot, in the same inner state, must choose exactly as before.
"""
from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any, Callable

import pytest

from beanrules.engine import Game
from beanrules.engine.bots import GreedyBot, make_bot


def _hidden_dealt_anew(game: Game, player: str, rng: random.Random) -> Game:
    """The same game, the cards `player` cannot see dealt anew among the places that hide them.
    A hand card another player has offered in an open proposal (and still holds) is known to
    be in their hand, so it stays there."""
    state = game.state_json()
    others = [p for p in state["players"] if p != player]
    offered: dict[str, Counter[str]] = {p: Counter() for p in others}
    for proposal in state["proposals"]:
        if proposal["from"] in offered:
            offered[proposal["from"]] |= Counter(r["bean"] for r in proposal["give"] if r["zone"] == "hand")
    known = {p: list((offered[p] & Counter(state["hands"][p])).elements()) for p in others}
    pool = list(state["deck"])
    for p in others:
        pool += list((Counter(state["hands"][p]) - Counter(known[p])).elements())
    rng.shuffle(pool)
    for p in others:
        size = len(state["hands"][p]) - len(known[p])
        state["hands"][p], pool = known[p] + pool[:size], pool[size:]
    state["deck"] = pool
    return Game.from_state(game.model, state)


def _compared_choices(model: dict, seed: int, bot_kind: str, trades: bool, points: int,
                      make: Callable[..., Any] = make_bot) -> int:
    """Play one game; at `points` moments compare the acting bot's choice with the one it makes
    after the hidden cards were dealt anew. Returns how many choices were compared."""
    game = Game(model, players=4, seed=seed)
    bots = {p: make(bot_kind, seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    rng = random.Random(seed)
    compared = 0
    actions = 0
    while not game.is_over and actions < 2_000:
        player = game.waiting_for()[0]
        if rng.random() < 0.15 and compared < points:
            twin = _hidden_dealt_anew(game, player, rng)
            fair = copy.deepcopy(bots[player]).choose(game, player)
            blind = copy.deepcopy(bots[player]).choose(twin, player)
            assert blind.notation() == fair.notation(), (
                f"seed {seed}, action {actions}: {player}'s {bot_kind} bot chose "
                f"{fair.notation()!r}, but {blind.notation()!r} once hidden cards were dealt anew")
            compared += 1
        game.apply(bots[player].choose(game, player), keep_events=False)
        actions += 1
    return compared


@pytest.mark.parametrize("bot_kind", ["greedy", "random"])
@pytest.mark.parametrize("trades", [False, True])
def test_bots_choose_the_same_whatever_the_hidden_cards(classic, bot_kind, trades):
    compared = sum(_compared_choices(classic, seed, bot_kind, trades, points=40) for seed in range(3))
    assert compared >= 60  # the comparison happened at many points, not only at the start


def test_dealing_the_hidden_cards_anew_changes_them(classic):
    """The check above is not vacuous: the twin differs from the game in what is hidden, and
    only there."""
    game = Game(classic, players=4, seed=5)
    twin = _hidden_dealt_anew(game, game.players[0], random.Random(1))
    before, after = game.state_json(), twin.state_json()
    me = game.players[0]
    assert after["hands"][me] == before["hands"][me]
    assert after["deck"] != before["deck"] or any(after["hands"][p] != before["hands"][p] for p in game.players[1:])
    assert sorted(after["deck"] + [c for p in game.players[1:] for c in after["hands"][p]]) == \
        sorted(before["deck"] + [c for p in game.players[1:] for c in before["hands"][p]])
    for key in before:
        if key not in ("deck", "hands"):
            assert after[key] == before[key], key


class _PeekingBot(GreedyBot):
    """Plays greedily, but ends a phase early when the draw pile's top card is a bean it
    grows: a choice no player could make fairly."""

    def choose(self, game: Game, player: str) -> Any:
        deck, fields = game.state.deck, game.state.fields[player]
        ends = [a for a in game.legal_actions(player, trades=False) if a.notation().endswith(("ends trading", "ends planting"))]
        if ends and deck and any(f and f[-1] == deck[0] for f in fields):
            return ends[0]
        return super().choose(game, player)


def test_a_bot_that_peeks_at_the_draw_pile_is_caught(classic):
    with pytest.raises(AssertionError, match="once hidden cards were dealt anew"):
        for seed in range(3):
            _compared_choices(classic, seed, "greedy", True, points=40,
                              make=lambda kind, seed, trades: _PeekingBot(seed=seed, trades=trades))


@pytest.mark.parametrize("copier", [copy.deepcopy, lambda bot: pickle.loads(pickle.dumps(bot))])
def test_a_copied_random_bot_chooses_as_the_bot_it_was_copied_from(classic, copier):
    """The comparison above copies bots; a copy drawing from a generator of its own (a bound
    method copied apart from the bot's `rng`) would choose differently."""
    game = Game(classic, players=4, seed=2)
    bot = make_bot("random", seed=9)
    player = game.waiting_for()[0]
    copies = [copier(bot) for _ in range(3)]
    chosen = [c.choose(game, player).notation() for c in copies]
    assert chosen == [bot.choose(game, player).notation()] * 3
