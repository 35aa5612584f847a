"""Resources that rules move: coins (and counters each player has) paid, given and taken
between players and the bank (the core's ``pay`` and ``gain-coins``, compiled in engine/marks.py;
auctions read what a bidder holds here too).

Where the coins lie follows from the coin source, so cards are always conserved:

- coin cards (coins from harvested cards, or from the bank): a payment moves the payer's top N
  coin cards, as a stack in their order, onto the payee's coins; the bank is the ``removed``
  zone where coins come from the bank (a harvest pays from it), else the discard pile (where
  coins paid for a field go, and whose top cards become coins taken from the bank);
- coins written down (``coins are written down as NAME``) and any other counter: the number
  moves from the payer's counter to the payee's; the bank of a counter never runs short.

A payer who holds fewer than the amount pays what they hold where the effect runs by itself (a
rule's step, a card's step on an event: nobody can be refused), and the action that runs it is
refused where a player takes one (a card's ability used: nothing changes). A bank that runs
short pays what it holds, as it does for a harvest. Every payment is an event ``paid`` that
names the rule whose effect made it, so the invariant checks (checks/invariants.py) attribute
each change of coins to its rule.
"""
from __future__ import annotations

from typing import Any

from .errors import IllegalAction
from .state import name_of

BANK = None  # a payer or payee that is the bank


def transfer(state: Any, rs: Any, payers: list, payees: list, n: int, resource: str | None, strict: bool,
             rule: str | None, events: list) -> None:
    """Each of `payers` pays `n` to each of `payees` (BANK: the bank), each an event ``paid``
    naming `rule`. ``strict`` (a player's action): a payer who holds fewer than they owe refuses
    the action before anything changes; else they pay what they hold."""
    if n <= 0:
        return
    wallet = purse(rs, resource)
    if strict:
        for p in payers:
            due = n * sum(1 for q in payees if q != p)
            if p is not BANK and wallet.held(state, rs, p) < due:
                raise IllegalAction(None, f"{state.players[p]} holds {wallet.held(state, rs, p)} {wallet.name}, "
                                          f"fewer than the {due} to pay")
    for p in payers:
        for q in payees:
            if p == q:
                continue
            paid = wallet.move(state, rs, p, q, n)
            if not paid and p is not BANK:
                continue  # a payer who holds nothing pays nothing: no event
            event = {"event": "paid", "from": name_of(state, p), "to": name_of(state, q), "amount": paid, "rule": rule}
            if wallet.counter is not None:
                event["counter"] = wallet.counter
            if paid < n and p is BANK:
                event["unpaid"] = n - paid
            events.append(event)


class _Coins:
    """Coin cards: each player's ``coins`` pile; the bank is ``removed`` (coins from the bank)
    or the discard pile."""

    name = "coins"
    counter = None

    def held(self, state: Any, rs: Any, player: str | None) -> int:
        return len(self._pile(state, rs, player))

    def move(self, state: Any, rs: Any, payer: str | None, payee: str | None, n: int) -> int:
        source = self._pile(state, rs, payer)
        taken = source[len(source) - min(n, len(source)):]
        del source[len(source) - len(taken):]
        self._pile(state, rs, payee).extend(taken)
        return len(taken)

    @staticmethod
    def _pile(state: Any, rs: Any, player: str | None) -> list[str]:
        if player is not None:
            return state.coins[player]
        return state.removed if rs.harvest.bank is not None else state.discard


class _Counter:
    """A number each player has (coins written down, or another counter); its bank is endless."""

    def __init__(self, counter: str) -> None:
        self.name = self.counter = counter

    def held(self, state: Any, rs: Any, player: str | None) -> int:
        return max(state.counters[self.counter][player], 0) if player is not None else 1 << 30

    def move(self, state: Any, rs: Any, payer: str | None, payee: str | None, n: int) -> int:
        values = state.counters[self.counter]
        paid = min(n, self.held(state, rs, payer))
        if payer is not None:
            values[payer] -= paid
        if payee is not None:
            values[payee] += paid
        return paid


_COINS = _Coins()


def purse(rs: Any, resource: str | None) -> Any:
    """What a payment moves: coin cards, or a counter (coins written down, or the one named)."""
    if resource is None:
        written = rs.harvest.pays_into
        return _Counter(written) if written is not None else _COINS
    return _Counter(resource)

