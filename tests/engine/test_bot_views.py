"""Bots choose from what their player may know.

A bot that peeked at the draw pile or at other players' hands would make every simulated win
share (`beanrules play --games`) a measure of cheating. A bot decides from its player's seat
(engine/seat.py): what Game.view(player) shows, the rules and the engine's answers about
legality. Two tests hold them to it:

- every bot plays full games of every shipped spec from seats over a state built from
  Game.view(player) alone, in which every zone the view counts rather than shows raises when
  read (`_Hidden`); the games must be the very games the bots play from live seats;
- at many points of real games, the hidden cards (the draw pile's order and contents, every
  other player's hand) are dealt anew from the same cards, and the bot, in the same inner
  state, must choose exactly as before.
"""
from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any, Callable

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.bots import BOTS, GreedyBot, SeatedBot, make_bot, play_out
from beanrules.engine.legal import where
from beanrules.engine.seat import Seat
from beanrules.engine.state import State
from beanrules.resolve.compiler import list_specs
from by_name import zone_of


class Peeked(Exception):
    """A bot read what its player may not see."""


class _Hidden:
    """A zone the view counts rather than shows: its size is public, anything else raises."""

    def __init__(self, what: str, size: int):
        self.what, self.size = what, size

    def __len__(self) -> int:
        return self.size

    def _peek(self, *_: Any, **__: Any) -> Any:
        raise Peeked(f"read {self.what}, which the player may not see")

    __getitem__ = __iter__ = __contains__ = __eq__ = __reversed__ = __add__ = __radd__ = _peek
    __hash__ = None  # type: ignore[assignment]

    def __getattr__(self, name: str) -> Any:
        self._peek()


def _shown(value: Any, what: str) -> Any:
    """A zone of the view: a list it shows, else (a count, or a count and a top) a _Hidden zone."""
    if isinstance(value, list):
        return value
    return _Hidden(what, value if isinstance(value, int) else value["count"])


class _Shown:
    """A state made from Game.view(player) alone: what it shows, and _Hidden zones for what
    it counts. It has the State's attributes, so the engine's readers of a state (a field's
    harvests) read it as they read the live one."""

    def __init__(self, view: dict[str, Any]):
        defaults = {f: None for f in State.__dataclass_fields__}
        defaults.update(used=[], moved={}, lasting=[])
        for key in defaults:
            setattr(self, key, view.get(key, defaults[key]))
        for key in ("deck", "discard", "offer", "removed"):
            setattr(self, key, _shown(view[key], f"the {key}"))
        # the per-player parts by seat, as the engine's State keeps them (docs/architecture.md, "One state")
        players = self.players
        self.seat_of = {p: i for i, p in enumerate(players)}
        self.active, self.start_player = self.seat_of[view["active"]], self.seat_of[view["start_player"]]
        for key in ("hands", "set_aside", "coins"):
            setattr(self, key, [_shown(view[key][p], f"{p}'s {key}") for p in players])
        self.fields = [[_shown(f, f"{p}'s field") for f in view["fields"][p]] for p in players]
        if view.get("zones") is not None:
            self.zones = {name: [value[p] for p in players] if isinstance(value, dict) else value
                          for name, value in view["zones"].items()}
        if view.get("counters") is not None:
            self.counters = {name: [value[p] for p in players] if isinstance(value, dict) else value
                             for name, value in view["counters"].items()}
        if view.get("tokens") is not None:
            self.tokens = {t: None if h is None else self.seat_of[h] for t, h in view["tokens"].items()}
        self.seed = _Hidden("the seed", 0)


def seat_from_view(game: Game, player: str) -> Seat:
    """`player`'s seat over a state made from their view alone, with the engine's answers
    about legality (which the engine gives every player) from the game itself."""
    return Seat(player, game.ruleset, _Shown(game.view(player)), game.listed, game.proposals,
                lambda: where(game.state, game.ruleset))


def _played_from_views(model: dict, players: int, seed: int, kinds: list[str], trades: bool,
                       max_actions: int = 5_000) -> list[str]:
    """A game whose bots decide from seats over their views alone: its history."""
    game = Game(model, players, seed=seed)
    bots = {p: make_bot(kinds[i % len(kinds)], seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    while not game.is_over and len(game.actions) < max_actions:
        player = game.waiting_for()[0]
        game.apply(bots[player].decide(seat_from_view(game, player)), keep_events=False)
    assert game.is_over
    return game.history


def _played_live(model: dict, players: int, seed: int, kinds: list[str], trades: bool) -> list[str]:
    game = Game(model, players, seed=seed)
    bots = {p: make_bot(kinds[i % len(kinds)], seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
    play_out(game, bots, max_actions=5_000, keep_events=False)
    return game.history


_MODELS: dict[str, dict] = {}


def _model(name: str) -> dict:
    return _MODELS.get(name) or _MODELS.setdefault(name, compile_spec(name))


@pytest.mark.parametrize("name", list_specs())
def test_every_bot_plays_every_spec_from_its_view_alone(name):
    """Both bots, random and greedy, seated side by side; at the smallest player count without
    trading, at the largest with it. A read of the deck, of another player's hand, or of
    anything else the view does not show raises Peeked; and the games are the live games."""
    model = _model(name)
    counts = model["players"]["min"], model["players"]["max"]
    assert set(BOTS) == {"random", "greedy"}  # a new bot joins the mix below
    for players, trades, kinds in ((counts[0], False, ["greedy", "random"]), (counts[1], True, ["random", "greedy"])):
        seed = len(name) + players
        assert _played_from_views(model, players, seed, kinds, trades) == _played_live(model, players, seed, kinds, trades)


def test_a_seat_shows_what_the_view_shows(classic):
    """Each of a seat's accessors is the view's entry, at many points of a game with trading."""
    game = Game(classic, players=4, seed=3)
    bots = {p: make_bot("random", seed=i) for i, p in enumerate(game.players)}
    checked = 0
    while not game.is_over and checked < 300:
        player = game.waiting_for()[0]
        for p in game.players:
            seat, view = Seat.of(game, p), game.view(p)
            assert (seat.hand, seat.fields, seat.set_aside, seat.coin_count) == \
                (view["hands"][p], view["fields"][p], view["set_aside"][p], len(view["coins"][p]))
            assert (seat.players, seat.turn, seat.phase, seat.active, seat.over, seat.proposals, seat.offer,
                    seat.discard, seat.deciding, seat.lasting) == \
                (view["players"], view["turn"], view["phase"], view["active"], view["over"], view["proposals"],
                 view["offer"], view["discard"], "decision" in view, "lasting" in view)
        game.apply(bots[player].choose(game, player), keep_events=False)
        checked += 1
    assert checked == 300


def test_a_zone_the_rules_keep_from_the_player_is_not_on_the_seat(classic):
    """Under a variant's zone rules (an offer kept face down, a set-aside zone its owner may not
    see) the seat refuses those zones as the view does, on both engines' seats."""
    from dataclasses import replace

    from beanrules.kernel import kernel_for
    from beanrules.kernel.bots import KSeat
    from beanrules.engine.seat import Unseen

    game = Game(classic, players=3, seed=4)
    rules = replace(game.ruleset, visibility={**game.ruleset.visibility, "offer": "hidden", "set-aside": "hidden"})
    seat = Seat("Anna", rules, game.state, game.listed, game.proposals, lambda: {})
    assert seat.hand == zone_of(game.state, "hands", "Anna") and seat.fields == zone_of(game.state, "fields", "Anna")
    for zone in ("offer", "set_aside"):
        with pytest.raises(Unseen):
            getattr(seat, zone)
    machine = kernel_for(classic, 3)
    kseat = KSeat(type("M", (), {"rs": rules})(), machine.new_game(4), 0)
    assert len(kseat.hand) == 5
    for zone in ("offer", "set_aside"):
        with pytest.raises(Unseen):
            getattr(kseat, zone)


class _DeckPeeker(GreedyBot):
    """Plays greedily, but ends a phase early when the draw pile's top card is a bean it
    grows: a choice no player could make fairly. It reaches past its seat's accessors."""

    def decide(self, seat: Seat) -> Any:
        deck, fields = seat._state.deck, seat.fields
        ends = [a for a in seat.legal(False) if a.notation().endswith(("ends trading", "ends planting"))]
        if ends and deck and any(f and f[-1] == deck[0] for f in fields):
            return ends[0]
        return super().decide(seat)


class _HandPeeker(SeatedBot):
    """Takes the first listed action, after counting an opponent's red beans."""

    def decide(self, seat: Seat) -> Any:
        other = next(p for p in seat.players if p != seat.player)
        zone_of(seat._state, "hands", other).count("red")
        return seat.legal()[0]


@pytest.mark.parametrize("peeker, reads", [(_DeckPeeker(), "the deck"), (_HandPeeker(), "'s hands")])
def test_a_bot_that_reads_a_hidden_zone_is_caught(classic, peeker, reads):
    game = Game(classic, players=3, seed=1)
    with pytest.raises(Peeked, match=reads):
        for _ in range(200):
            player = game.waiting_for()[0]
            game.apply(peeker.decide(seat_from_view(game, player)), keep_events=False)


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


def test_a_bot_that_peeks_at_the_draw_pile_is_caught_by_dealing_anew(classic):
    with pytest.raises(AssertionError, match="once hidden cards were dealt anew"):
        for seed in range(3):
            _compared_choices(classic, seed, "greedy", True, points=40,
                              make=lambda kind, seed, trades: _DeckPeeker(seed=seed, trades=trades))


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
