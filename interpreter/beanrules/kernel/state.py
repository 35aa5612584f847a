"""The kernel's game state: seats index plain lists, cards are the engine's bean strings (its
cards, so the engine's closures read them unchanged: docs/architecture.md, "One state"), no
player names, no events.

Zones keep the engine's order (deck top first, hand front first, field bottom to top, discard
last on top), so the kernel's lists and the engine's name lists match card for card.
"""
from __future__ import annotations

import random
from typing import Any


class KState:
    __slots__ = ("n", "players", "deck", "discard", "offer", "removed", "hands", "fields", "set_aside", "coins",
                 "active", "start_player", "phase", "turn", "planted", "exhaustions", "ending",
                 "shuffles", "seed", "over", "proposals", "next_proposal", "moved", "tokens",
                 "decision", "used", "lasting",
                 "counters", "winners",  # kernel/tally.py
                 "seat_of")

    def __init__(self, n: int, seed: Any, phase_ids: tuple[str, ...]):
        self.n = n
        self.players = list(range(n))  # seat order: the seats are the players (names only at the border)
        # the engine's name -> seat table (engine/state.py): a seat names itself, so the list of
        # the seats maps each to itself (docs/architecture.md, "One state")
        self.seat_of = self.players
        self.seed = seed
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.offer: list[str] = []
        self.removed: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.fields: list[list[list[str]]] = []
        self.set_aside: list[list[str]] = [[] for _ in range(n)]
        self.coins: list[list[str]] = [[] for _ in range(n)]
        self.active = 0
        self.start_player = 0
        self.phase = phase_ids[0]  # the phase's id, as the engine's state keeps it
        self.turn = 1
        self.planted = 0
        self.exhaustions = 0
        self.ending = False
        self.shuffles = 0
        self.over = False
        # open trade proposals: [id, from seat, to seat, give, take], give/take tuples of (zone, bean)
        self.proposals: list[list] = []
        self.next_proposal = 1
        self.tokens: dict[str, int | None] = {}  # a token the rules declare -> its holder's seat (None: nobody)
        # the decision a step waits for (kernel/decisions.py), in the engine's shape, seats for names
        self.decision: dict | None = None
        self.moved: dict[str, list[int]] = {}  # a permitted move's rule id -> [turn, times that turn]
        self.used: list[list] = []  # [turn, ability key] of abilities once per turn (kernel/abilities.py)
        self.lasting: list[dict] = []  # constraints laid down for a while (kernel/lasting.py), seats for names
        self.counters: dict[str, Any] = {}  # a counter -> its value per seat (a list), or the table's (kernel/tally.py)
        self.winners: list[int] | None = None  # fixed as the end came, where whoever first reaches a target wins

    def shuffle_rng(self, shuffles: int) -> random.Random:
        """The RNG of the k-th shuffle of a game, exactly as engine/deck.py derives it."""
        return random.Random(self.seed if shuffles == 0 else f"{self.seed}:{shuffles}")

    def copy(self) -> "KState":
        """A copy to try an action on (abilities.py explores a card's choices on copies)."""
        other = KState.__new__(KState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.deck, other.discard, other.offer, other.removed = \
            list(self.deck), list(self.discard), list(self.offer), list(self.removed)
        other.hands, other.set_aside, other.coins = \
            [list(h) for h in self.hands], [list(z) for z in self.set_aside], [list(c) for c in self.coins]
        other.fields = [[list(f) for f in fs] for fs in self.fields]
        other.tokens, other.moved = dict(self.tokens), {k: list(v) for k, v in self.moved.items()}
        other.proposals = [list(p) for p in self.proposals]
        other.used = [list(u) for u in self.used]
        other.lasting = list(self.lasting)  # (entries are never changed, only replaced)
        other.counters = {k: list(v) if type(v) is list else v for k, v in self.counters.items()}
        return other

    def card_count(self) -> int:
        """Cards in all zones together (the kernel's own conservation check)."""
        total = len(self.deck) + len(self.discard) + len(self.offer) + len(self.removed)
        for p in range(self.n):
            total += len(self.hands[p]) + len(self.set_aside[p]) + len(self.coins[p])
            total += sum(len(f) for f in self.fields[p])
        return total
