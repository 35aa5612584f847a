"""The one-card trade proposals of a player, built one at a time (Game.proposals).

legal_actions lists every one-card proposal: each card the player may give, to each partner,
for nothing or for one card the partner may give. That is hundreds of actions, of which a bot
picks one. Proposals counts them without building them, and builds only those asked for, in
the order legal.proposals lists them; the game carries out the ones it built for the current
state as listed (engine/acting.py) and checks any other proposal in full.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Callable, overload

from .actions import Propose

Space = tuple[int, Callable[[int], Propose]]  # how many, and what builds the n-th


def _none(n: int) -> Propose:
    raise IndexError(n)


NO_SPACE: Space = (0, _none)


class Proposals(Sequence[Propose]):
    """legal.proposals(state, rs, player) as a sequence built on demand: counted when made,
    each built when asked for (`space`: legal.proposal_space). It describes the state it
    was made for: build from it before the next action."""
    __slots__ = ("count", "build", "built")

    def __init__(self, space: Space = NO_SPACE):
        self.count, self.build = space
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


NO_PROPOSALS = Proposals()  # none to make (it never builds one, so one object serves everywhere)
