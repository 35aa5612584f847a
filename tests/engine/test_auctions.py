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


SELLER = '''rulebook seller "A card that auctions a hand card"
  extends classic
  source v "Variant"
replace use-beans: use beans blue chili stink green soy black-eyed red garden seller   § v "1"
card seller "Seller" 4 beanometer 2 3   § v "2"
  ability sell "Sell": while on top of a field, in phase plant, once per turn   § v "2"
    each opponent bids coins for own hand front, sealed:
      winner pays price coins to own
      move 1 from own hand front to winner hand back
'''


def test_an_ability_a_player_uses_auctions_a_card_and_the_bids_go_on_after_it(tmp_path):
    path = tmp_path / "seller.bean"
    path.write_text(SELLER, encoding="utf-8")
    game = Game.from_partial(compile_with_warnings(str(path))[0], PLAYERS, {
        "phase": "plant", "active": "Anna", "hands": {"Anna": ["red", "blue"], "Natalie": ["soy"], "Greg": []},
        "fields": {"Anna": [["seller"]]}, "coins": {"Natalie": ["soy"], "Greg": ["stink", "stink"]}})
    game.apply("Anna uses seller")
    game.apply("Natalie chooses 1")
    events = game.apply("Greg chooses 1")  # a tie: the first in turn order from Anna, Natalie, wins
    assert next(e for e in events if e["event"] == "auctioned")["buyer"] == "Natalie"
    state = game.state_json()
    assert state["hands"] == {"Anna": ["blue"], "Natalie": ["soy", "red"], "Greg": []}
    assert state["coins"]["Anna"] == ["soy"] and state["coins"]["Natalie"] == []


def test_a_phase_step_may_not_stand_outside_a_phase(tmp_path):
    from beanrules import SpecError
    path = tmp_path / "e.bean"
    path.write_text('rulebook e "x"\n  extends classic\n  source v "v"\n'
                    'rules\n  rule s: at start of phase:   § v "1"\n    gain 1 coins\n', encoding="utf-8")
    with pytest.raises(SpecError) as rejected:
        compile_with_warnings(str(path))
    assert "is a step of a phase: write it inside one" in str(rejected.value) and "e.bean:5:" in str(rejected.value)


WHO = '''rulebook who "Who bids, from what, and who wins a tie"
  extends classic
  source v "Variant"
token thaler "A thaler", start player holds it   § v "0"
phase trade
  rule sale: at start of phase:   § v "1"
    repeat 2 times:
      {bidders} bids coins for offer top, {how}:
        winner pays price coins to bank
        move 1 from offer top to winner set-aside
'''
RICH = {**START, "coins": {"Anna": ["soy", "soy", "soy"], "Natalie": ["soy", "soy"], "Greg": ["red", "red", "stink"]}}


def _who(tmp_path: Path, bidders: str, how: str, start: dict = RICH) -> Game:
    path = tmp_path / "who.bean"
    path.write_text(WHO.format(bidders=bidders, how=how), encoding="utf-8")
    game = Game.from_partial(compile_with_warnings(str(path))[0], PLAYERS, start)
    game.apply("Anna plants blue")
    return game


def test_each_player_bids_the_seller_first_and_no_bid_is_below_the_minimum(tmp_path):
    game = _who(tmp_path, "each player", "in turn, minimum bid 2")
    opened = game.state_json()["decision"]
    assert opened["player"] == "Anna" and opened["options"] == ["pass", "2", "3"]  # the seller bids too
    assert opened["bid"]["minimum"] == 2 and opened["bid"]["high"] == 0  # no bid yet, whatever the minimum
    game.apply("Anna chooses 2")
    # Natalie holds 2, which does not raise: she is out unasked; Greg must raise past 2
    decision = game.state_json()["decision"]
    assert decision["player"] == "Greg" and decision["options"] == ["pass", "3"]
    refused = pytest.raises(Exception, game.apply, "Greg chooses 2")
    assert "not 2" in str(refused.value)


def test_who_holds_less_than_the_minimum_is_not_asked(tmp_path):
    game = _who(tmp_path, "each opponent", "sealed, minimum bid 3")
    decision = game.state_json()["decision"]
    assert decision["player"] == "Greg" and decision["options"] == ["pass", "3"]  # Natalie holds 2


def test_each_player_other_than_the_active_player_is_the_others_in_turn_order(tmp_path):
    game = _who(tmp_path, "each player other than active player", "in turn")
    assert game.state_json()["decision"]["player"] == "Natalie"
    game.apply("Natalie chooses pass")
    assert game.state_json()["decision"]["player"] == "Greg"


@pytest.mark.parametrize(("ties", "buyer"), [("", "Anna"), (", ties go to the first bidder", "Anna"),
                                             (", ties go to nobody", None),
                                             (", ties go to most hand cards", "Natalie"),
                                             (", ties go to the holder of thaler", "Greg")])
def test_a_sealed_tie_is_broken_by_the_rule_the_auction_names(tmp_path, ties, buyer):
    start = {**RICH, "hands": {"Anna": ["blue"], "Natalie": ["red", "red"], "Greg": ["soy"]},
             "tokens": {"thaler": "Greg"}}
    game = _who(tmp_path, "each player", "sealed" + ties, start)
    for player in PLAYERS:  # Anna (the seller, first in turn order), Natalie, Greg: all bid 2
        events = game.apply(f"{player} chooses 2")
    assert next(e for e in events if e["event"] == "auctioned")["buyer"] == buyer


def test_a_tie_rule_on_an_open_auction_is_refused_at_its_line(tmp_path):
    from beanrules import SpecError
    path = tmp_path / "who.bean"
    path.write_text(WHO.format(bidders="each opponent", how="in turn, ties go to nobody"), encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        compile_with_warnings(str(path))
    assert "an open auction has no ties" in str(refused.value) and "who.bean:6:" in str(refused.value)


def test_bots_bid_within_the_minimum_and_what_they_hold(tmp_path):
    path = tmp_path / "who.bean"
    path.write_text(WHO.format(bidders="each player other than active player", how="in turn, minimum bid 2"),
                    encoding="utf-8")
    model = compile_with_warnings(str(path))[0]
    assert playout(model, str(path), 3, 1).ok
    game = Game(model, 3, seed=1)
    play_out(game, {p: make_bot("greedy", seed=i) for i, p in enumerate(game.players)})
    bids = [int(a.rsplit(" ", 1)[1]) for a in game.history if " chooses " in a and a[-1].isdigit()]
    assert bids and min(bids) >= 2


def test_the_terminal_shows_the_minimum_bid(tmp_path):
    from beanrules.engine.terminal import board
    game = _who(tmp_path, "each opponent", "in turn, minimum bid 2")
    assert "bid for green (no bid yet, at least 2): chooses pass / 2" in board(game, "Natalie")
