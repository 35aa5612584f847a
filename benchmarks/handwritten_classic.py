"""A small hand-written engine of the classic rules, for the interpretation-cost ratio.

Direct Python, no rule model: the classic rules (Spanish rulebook) for 3 to 5 players without
trading. It has the shape of the interpreter's API — whom the game waits for, the legal moves
of that player, apply(move) with its checks, phases advancing by themselves — so that
benchmarks/playouts.py compares the cost of reading the rules from a model, not two different
architectures. The random policy is the same as the interpreter's random bot without trading:
uniform over the legal plants, harvests and phase ends of the player the game waits for.
It is a yardstick only, not a second implementation to trust.
"""
from __future__ import annotations

import random

# bean: (cards in the game, beanometer as (cards, coins) steps)
BEANS = {
    "blue": (20, ((4, 1), (6, 2), (8, 3), (10, 4))), "chili": (18, ((3, 1), (6, 2), (8, 3), (9, 4))),
    "stink": (16, ((3, 1), (5, 2), (7, 3), (8, 4))), "green": (14, ((3, 1), (5, 2), (6, 3), (7, 4))),
    "soy": (12, ((2, 1), (4, 2), (6, 3), (7, 4))), "black-eyed": (10, ((2, 1), (4, 2), (5, 3), (6, 4))),
    "red": (8, ((2, 1), (3, 2), (4, 3), (5, 4))), "garden": (6, ((2, 2), (3, 3))),
}
PAYOUT = {b: [max([c for n, c in steps if n <= k], default=0) for k in range(25)] for b, (_, steps) in BEANS.items()}
PLANT, TRADE, PLANT_OFFER = 1, 2, 3  # phase 4 (draw) runs by itself


class Illegal(Exception):
    pass


class Classic:
    def __init__(self, players: int, seed: int):
        self.n = players
        self.rng = random.Random(seed)
        deck = [b for b, (count, _) in BEANS.items() for _ in range(count)]
        self.rng.shuffle(deck)
        deck.reverse()  # pop() from the end is the top card
        self.deck = deck
        self.discard: list[str] = []
        self.exhaustions = 0
        self.hands = [[deck.pop() for _ in range(5)] for _ in range(players)]
        self.fields = [[[] for _ in range(3 if players == 3 else 2)] for _ in range(players)]
        self.coins = [0] * players
        self.offer: list[str] = []
        self.active = 0
        self.phase = PLANT
        self.planted = 0
        self.over = False
        self.turns = 1
        if not self.hands[0]:
            self._next_phase()

    # -- the deck ---------------------------------------------------------------------------
    def _take(self) -> str | None:
        if not self.deck:
            return None
        card = self.deck.pop()
        if not self.deck:
            self.exhaustions += 1
            if self.exhaustions < 3:
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
        return card

    # -- what may be done -------------------------------------------------------------------
    def waiting(self) -> int:
        return self.active

    def _harvestable(self, p: int) -> list[int]:
        fields = self.fields[p]
        protect = any(len(f) > 1 for f in fields)
        return [i for i, f in enumerate(fields) if f and not (protect and len(f) == 1)]

    def _fits(self, p: int, bean: str) -> list[int]:
        return [i for i, f in enumerate(self.fields[p]) if not f or f[-1] == bean]

    def legal(self, p: int) -> list[tuple]:
        moves: list[tuple] = []
        if p == self.active:
            if self.phase == PLANT:
                hand = self.hands[p]
                moves += [("plant", i) for i in self._fits(p, hand[0])]
                if self.planted:
                    moves.append(("end",))
            elif self.phase == TRADE:
                moves.append(("end",))
            else:
                moves += [("plant-offer", b, i) for b in dict.fromkeys(self.offer) for i in self._fits(p, b)]
        moves += [("harvest", i) for i in self._harvestable(p)]
        return moves

    # -- doing it ---------------------------------------------------------------------------
    def apply(self, p: int, move: tuple) -> None:
        kind = move[0]
        if kind == "harvest":
            i = move[1]
            if i not in self._harvestable(p):
                raise Illegal("protection or empty field")
            field = self.fields[p][i]
            coins = min(PAYOUT[field[-1]][len(field)], len(field))
            self.coins[p] += coins
            self.discard.extend(field[:len(field) - coins])
            self.fields[p][i] = []
            return
        if p != self.active:
            raise Illegal("not the active player")
        if kind == "plant":
            hand = self.hands[p]
            if self.phase != PLANT or not hand or move[1] not in self._fits(p, hand[0]):
                raise Illegal("cannot plant there")
            self.fields[p][move[1]].append(hand.pop(0))
            self.planted += 1
            if self.planted == 2 or not hand:
                self._next_phase()
        elif kind == "plant-offer":
            bean, i = move[1], move[2]
            if self.phase != PLANT_OFFER or bean not in self.offer or i not in self._fits(p, bean):
                raise Illegal("cannot plant that offer card there")
            self.offer.remove(bean)
            self.fields[p][i].append(bean)
            if not self.offer:
                self._next_phase()
        elif kind == "end":
            if self.phase == PLANT and not self.planted:
                raise Illegal("plant the front card first")
            if self.phase == PLANT_OFFER:
                raise Illegal("plant the revealed cards first")
            self._next_phase()

    def _next_phase(self) -> None:
        while True:
            if self.phase == PLANT:
                self.phase = TRADE
                for _ in range(2):
                    card = self._take()
                    if card is None:
                        break
                    self.offer.append(card)
                if self.offer or any(self.hands):
                    return  # the active player ends trading
            elif self.phase == TRADE:
                self.phase = PLANT_OFFER
                if self.offer:
                    return
            else:
                ending = self.exhaustions >= 3
                if not ending:  # phase 4: draw three to the back of the hand
                    hand = self.hands[self.active]
                    for _ in range(3):
                        card = self._take()
                        if card is None:
                            break
                        hand.append(card)
                        if self.exhaustions >= 3:
                            break
                if ending or self.exhaustions >= 3:
                    self._finish()
                    return
                self.active = (self.active + 1) % self.n
                self.turns += 1
                self.phase, self.planted = PLANT, 0
                if self.hands[self.active]:
                    return

    def _finish(self) -> None:
        for p in range(self.n):  # final harvest
            for i, field in enumerate(self.fields[p]):
                if field:
                    coins = min(PAYOUT[field[-1]][len(field)], len(field))
                    self.coins[p] += coins
                    self.discard.extend(field[:len(field) - coins])
                    self.fields[p][i] = []
        self.over = True


def play_game(players: int, seed: int) -> Classic:
    """One game with the random policy; `.actions` counts the moves made."""
    game = Classic(players, seed)
    policy = random.Random(f"{seed}:bot")
    actions = 0
    while not game.over:
        p = game.waiting()
        moves = game.legal(p)
        game.apply(p, moves[policy.randrange(len(moves))])
        actions += 1
    game.actions = actions
    return game
