"""Auctions (engine/auctions.py, run by decisions.Auctioneer): sealed bids and their ties, a
waiting auction saved and loaded, what a player's view shows of sealed bids, bots that bid, and a
human bidding in the terminal. The open auction's cases are conformance/variants/edges-20.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.notation import parse_action
from beanrules.engine.records import replays
from beanrules.resolve.compiler import compile_with_warnings

OPEN = str(Path(__file__).parents[2] / "conformance" / "variants" / "auction.bean")
SEALED = '''rulebook sealed "Sealed bids for the cards turned over"
  extends classic
  source v "Variant"
phase trade
  rule sale: at start of phase:   § v "1"
    repeat 2 times:
      each opponent bids coins for offer top, sealed{ties}:
        winner pays price coins to bank
        move 1 from offer top to winner set-aside
'''
PLAYERS = ["Anna", "Natalie", "Greg"]
START = {"phase": "plant", "active": "Anna", "hands": {"Anna": ["blue"], "Natalie": ["red"], "Greg": ["soy"]},
         "coins": {"Natalie": ["soy", "soy"], "Greg": ["red", "red", "stink"]}, "deck": ["chili", "green"]}


def _sealed(tmp_path: Path, ties: str = "") -> dict:
    path = tmp_path / "sealed.bean"
    path.write_text(SEALED.format(ties=ties), encoding="utf-8")
    return compile_with_warnings(str(path))[0]


def _auctioning(model: dict) -> Game:
    """Anna plants her last hand card: phase 2 turns over a chili and a green, and the green is up."""
    game = Game.from_partial(model, PLAYERS, START)
    game.apply("Anna plants blue")
    return game


def test_sealed_bids_are_revealed_together_and_a_tie_goes_to_the_first_in_turn_order(tmp_path):
    game = _auctioning(_sealed(tmp_path))
    first = game.apply("Natalie chooses 2")
    assert first[0] == {"event": "chose", "player": "Natalie", "choice": "2", "rule": "sale", "seen_by": ["Natalie"]}
    # Greg may bid more than Natalie holds, and nothing he sees tells him her bid
    assert game.state_json()["decision"]["options"] == ["pass", "1", "2", "3"]
    assert "names" not in game.view("Greg")["decision"] and "high" not in game.view("Greg")["decision"]["bid"]
    events = game.apply("Greg chooses 2")
    sold = next(e for e in events if e["event"] == "auctioned")
    assert sold == {"event": "auctioned", "lot": ["green"], "buyer": "Natalie", "price": 2, "rule": "sale",
                    "bids": {"Natalie": 2, "Greg": 2}}
    state = game.state_json()
    # classic's bank is the discard pile: the coins paid go onto it
    assert state["coins"]["Natalie"] == [] and state["discard"][-2:] == ["soy", "soy"]
    assert state["set_aside"]["Natalie"] == ["green"]
    # Natalie holds nothing now: only Greg bids for the chili
    assert state["decision"]["player"] == "Greg"


def test_a_sealed_tie_can_sell_nothing(tmp_path):
    game = _auctioning(_sealed(tmp_path, ", ties go to nobody"))
    game.apply("Natalie chooses 2")
    events = game.apply("Greg chooses 2")
    assert next(e for e in events if e["event"] == "auctioned")["buyer"] is None
    assert game.state_json()["offer"] == ["chili", "green"]  # no else: the card stays where it was
    assert game.state_json()["decision"]["name"] == "a bid for the green"  # the next round: the same lot


def test_a_waiting_auction_saves_loads_and_replays(tmp_path):
    model = compile_spec(OPEN)
    game = _auctioning(model)
    game.apply("Natalie chooses 1")
    loaded = Game.from_state(model, game.state_json())
    for g in (game, loaded):
        g.apply("Greg chooses 2")
    assert loaded.state_json() == game.state_json()
    assert game.state_json()["set_aside"]["Greg"] == ["green"]


@pytest.mark.parametrize("players", [3, 5])
def test_bots_bid_and_every_invariant_holds(players):
    model = compile_spec(OPEN)
    assert playout(model, OPEN, players, 2).ok
    game = Game(model, players, seed=2)
    play_out(game, {p: make_bot("greedy", seed=i) for i, p in enumerate(game.players)})
    sold = [a for a in game.history if a.endswith(("chooses 1", "chooses 2"))]
    assert sold, "greedy bots never bid"
    assert replays(OPEN, model, game, 2).ok


def test_the_terminal_asks_for_a_bid_and_hides_a_sealed_one(tmp_path):
    from beanrules.engine.terminal import _describe, board, shown
    game = _auctioning(compile_spec(OPEN))
    assert "waiting for Natalie to bid for green (no bid yet): chooses pass / 1 / 2" in board(game, "Natalie")
    game.apply("Natalie chooses 1")
    assert "bid for green (highest bid 1, by Natalie): chooses pass / 2 / 3" in board(game, "Greg")
    sealed = _auctioning(_sealed(tmp_path))
    events = sealed.apply("Natalie chooses 2")
    assert shown(parse_action("Natalie chooses 2"), events, "Greg") == "Natalie makes a sealed bid"
    assert _describe(events, "Greg") == ["Natalie chooses (a sealed bid)"]
    assert _describe(events, "Natalie") == ["Natalie chooses 2"]
