"""Auctions: a decision several players make, one bid at a time (engine/decisions.py's
Auctioneer runs the core's ``auction`` through these functions as a Decider, so a waiting auction
saves, loads and replays like any decision).

An open auction asks the bidders in turn order (from the seller's left): each raises the
highest bid or passes, and a bidder who passed is out, until every bidder but the highest has
passed. A sealed auction asks each bidder once; the bids are revealed together when the last is
in (the ``chose`` event of a sealed bid is seen by its bidder only). A bid is a whole number from
the auction's minimum (1 unless it says) to what the bidder holds (coins, or the counter the
auction names); who holds less than the minimum is not asked. A sealed tie goes to the tied
bidders with the highest tie key (the caller's `key`, if the auction has one), then to the first
of them in turn order, or to nobody. The answers are the decision's options: ``Natalie chooses 3``, ``Natalie chooses pass``.

What the auction knows while it waits (the bidders still in, the highest bid, the sealed bids)
is one plain-JSON name of the decision, ``WINNER@bids``. An event ``auction`` opens it (the lot,
the bidders who hold something to bid); once it is settled, the winner and the price are bound under the auction's names for the effects that follow, an event ``auctioned``
says who won the lot and for how much (every bid, for a sealed auction), and the auction goes on
with its `then` effect, or with `otherwise` when nobody won. Every answer either removes a bidder
or raises the price towards what the bidders hold, so an auction always ends.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import effects
from .payments import purse

PASS = "pass"


def _book(node: effects.Auction) -> str:
    return f"{node.winner}@bids"


def start(node: effects.Auction, state: Any, rs: Any, env: dict, events: list, bidders: list[int],
          lot: list[str], least: int, rule: str | None) -> dict | int | None:
    """Open the auction of `lot` to `bidders` (seats, in turn order), no bid below `least`: the
    first decision to wait for, the branch to go on with (0: sold, 1: nobody won), or None:
    nothing to sell. The book names the bidders (it waits with the decision, as JSON)."""
    if not lot:
        return None  # nothing to sell: the auction does not happen
    wallet, least = purse(rs, node.resource), max(1, least)
    able = [state.players[p] for p in bidders if wallet.held(state, rs, p) >= least]
    # the lowest bid is kept as a bid to beat below it: an open auction's first bid is `least`
    env[_book(node)] = {"lot": lot, "order": able, "in": list(able), "high": least - 1, "leader": None, "turn": 0,
                        "bids": {}, "least": least}
    events.append({"event": "auction", "lot": lot, "bidders": able, "sealed": node.sealed, "rule": rule})
    return _next(node, state, rs, env, events, rule)


Key = Callable[[int], int] | None  # a sealed tie's key of a bidder's seat (highest stays), if the auction has one


def answer(node: effects.Auction, state: Any, rs: Any, env: dict, given: str, events: list,
           rule: str | None, key: Key = None) -> dict | int:
    """The bidder asked last answered `given` (a bid, or PASS): the next decision, or the branch."""
    book = env[_book(node)]
    bidder = book["order"][book["turn"]]
    bid = 0 if given == PASS else int(given)
    if node.sealed:
        book["bids"][bidder] = bid
    elif bid:
        book["high"], book["leader"] = bid, bidder
    else:
        book["in"].remove(bidder)
    book["turn"] += 1
    return _next(node, state, rs, env, events, rule, key)


def _next(node: effects.Auction, state: Any, rs: Any, env: dict, events: list, rule: str | None,
          key: Key = None) -> dict | int:
    """The next bidder's decision, or the auction settled (the branch to go on with)."""
    book, wallet, seat_of = env[_book(node)], purse(rs, node.resource), state.seat_of
    order = book["order"]
    if node.sealed:
        if book["turn"] < len(order):
            seat = seat_of[order[book["turn"]]]
            return _ask(node, book, seat, wallet.held(state, rs, seat))
        return _settle(node, state, env, events, rule, *_sealed_winner(node, state, book, key))
    for k in range(len(order)):  # open: round the table from where it stopped
        index = (book["turn"] + k) % len(order)
        bidder = order[index]
        if bidder not in book["in"] or bidder == book["leader"]:
            continue
        holds = wallet.held(state, rs, seat_of[bidder])
        if holds > book["high"]:
            book["turn"] = index
            return _ask(node, book, seat_of[bidder], holds)
        book["in"].remove(bidder)  # who cannot raise is out, unasked
    return _settle(node, state, env, events, rule, book["leader"], book["high"])


def _sealed_winner(node: effects.Auction, state: Any, book: dict, key: Key) -> tuple[str | None, int]:
    best = max(book["bids"].values(), default=0)
    tied = [p for p in book["order"] if best and book["bids"].get(p) == best]
    if key is not None and len(tied) > 1:  # the tie-break's key first: those with the highest stay
        top = max(key(state.seat_of[p]) for p in tied)
        tied = [p for p in tied if key(state.seat_of[p]) == top]
    if not tied or (len(tied) > 1 and node.ties == "nobody"):
        return None, 0
    return tied[0], best


def _ask(node: effects.Auction, book: dict, bidder: int, holds: int) -> dict:
    lot = ", ".join(book["lot"])
    shown: dict[str, Any] = {"lot": book["lot"], "sealed": node.sealed}
    if not node.sealed:
        shown.update(high=book["high"] if book["leader"] else 0, leader=book["leader"])
    least = book.get("least", 1)  # (a book saved before auctions had a minimum has none)
    if least > 1:
        shown["minimum"] = least
    lowest = book["high"] + 1 if not node.sealed else least
    decision = {"player": bidder, "name": f"a bid for the {lot}", "bid": shown,
                "options": [PASS] + [str(n) for n in range(lowest, holds + 1)]}
    if node.sealed:
        decision["sealed"] = True  # the answer is seen by the bidder only, until all are in
    return decision


def _settle(node: effects.Auction, state: Any, env: dict, events: list, rule: str | None, winner: str | None,
            price: int) -> int:
    book = env.pop(_book(node))
    event = {"event": "auctioned", "lot": book["lot"], "buyer": winner, "price": price if winner else None,
             "rule": rule}
    if node.sealed:
        event["bids"] = book["bids"]
    events.append(event)
    if winner is None:
        return 1
    env[node.winner], env[node.price] = state.seat_of[winner], price  # (the effects read the state by seat)
    return 0
