"""The one-card trade proposals of a player, built one at a time (Game.proposals).

legal_actions lists every one-card proposal: each card the player may give, to each partner,
for nothing or for one card the partner may give. That is hundreds of actions, of which a bot
picks one. Proposals counts them without building them, and builds only those asked for, in
the order legal.proposals lists them; the game carries out the ones it built for the current
state as listed (engine/acting.py) and checks any other proposal in full.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Callable, TypeVar, overload

from .actions import Propose

# How many, what builds the n-th, and the rows they were counted from (None: built from a
# listing, legal_actions' own).
Space = tuple[int, Callable[[int], Propose], "tuple[Row, ...] | None"]

# The listed one-card proposals, as rows (legal.proposal_lister lists them, on the engine's
# state or the kernel's): (partner, as the state names it: a name on the engine's state, whose
# actions name players; a seat on the kernel's, which names players by their seats; the beans
# the player may give it, how many of them come
# from the offer, a gift listed, the offer's beans and the hand's beans that may be asked for).
# Each give, in order, as a gift and then for each ask: the order counted and nth_by walk.
Row = tuple[str, tuple[str, ...], int, bool, tuple[str, ...], tuple[str, ...]]
Made = TypeVar("Made")
# What makes one proposal: (player, partner, bean given, its zone, bean asked for, its zone),
# the last two None for a gift.
Build = Callable[[Any, Any, str, str, "str | None", "str | None"], Made]


def counted(rows: tuple[Row, ...]) -> int:
    """How many one-card proposals the rows list."""
    count = 0
    for _, give, _, gift, offer, hand in rows:  # (a loop: a sum over a generator costs more, and this is hot)
        count += len(give) * (gift + len(offer) + len(hand))
    return count


def gift_positions(rows: tuple[Row, ...]) -> Iterator[int]:
    """Where the gifts (one card for nothing) stand among the proposals of the rows, in the
    order nth_by walks: a row's gift of its g-th card is the first of that card's asks."""
    n = 0
    for _, give, _, gift, offer, hand in rows:
        takes = gift + len(offer) + len(hand)
        if gift:
            yield from range(n, n + len(give) * takes, takes)
        n += len(give) * takes


def nth_by(build: Build[Made]) -> Callable[[Any, tuple[Row, ...], int], Made]:
    """nth(player, rows, n): the n-th proposal of the rows without building the others, made by
    `build`: the interpreter's Propose (legal.nth_proposal), the kernel's action tuple
    (kernel/moves.py). `build` is bound once, so neither pays a call more for sharing the walk."""
    def nth(player: Any, rows: tuple[Row, ...], n: int) -> Made:
        for partner, give, from_offer, gift, offer, hand in rows:
            takes = gift + len(offer) + len(hand)
            size = len(give) * takes
            if n < size:
                g, t = divmod(n, takes)
                zone, t = "offer" if g < from_offer else "hand", t - gift
                if t < 0:
                    return build(player, partner, give[g], zone, None, None)
                if t < len(offer):
                    return build(player, partner, give[g], zone, offer[t], "offer")
                return build(player, partner, give[g], zone, hand[t - len(offer)], "hand")
            n -= size
        raise IndexError(n)
    return nth


def _none(n: int) -> Propose:
    raise IndexError(n)


NO_SPACE: Space = (0, _none, ())


class Proposals(Sequence[Propose]):
    """legal.proposals(state, rs, player) as a sequence built on demand: counted when made,
    each built when asked for (`space`: legal.proposal_space). It describes the state it
    was made for: build from it before the next action."""
    __slots__ = ("count", "build", "rows", "built")

    def __init__(self, space: Space = NO_SPACE):
        self.count, self.build, self.rows = space
        self.built: list[Propose] = []  # those handed out (the very objects), which Game.apply may trust

    def __len__(self) -> int:
        return self.count

    @overload
    def __getitem__(self, n: int) -> Propose: ...

    @overload
    def __getitem__(self, n: slice) -> list[Propose]: ...

    def __getitem__(self, n: int | slice) -> Propose | list[Propose]:
        if isinstance(n, slice):
            return [self[i] for i in range(*n.indices(self.count))]
        if n < 0:
            n += self.count
        if not 0 <= n < self.count:
            raise IndexError(n)
        proposal = self.build(n)
        if len(self.built) < 64:  # a bot builds one; a caller walking all of them is checked in full
            self.built.append(proposal)
        return proposal

    def gifts(self) -> list[Propose]:
        """The gifts among them (one card for nothing), in order, each built as listed: where
        they were counted from rows, only those are built."""
        if self.rows is None:
            return [p for p in self if not p.take]
        return [self[n] for n in gift_positions(self.rows)]


NO_PROPOSALS = Proposals()  # none to make (it never builds one, so one object serves everywhere)
