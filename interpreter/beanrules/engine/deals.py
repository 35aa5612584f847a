"""A proposal as one side of it does its part: the deal a trade statement judges (engine/trade_guards.py,
and engine/lasting.py for a constraint on trading), and the players who have agreed to it.

Kept apart from the guards so that the constraints' matcher and the evaluator's `agreed` read it
without importing the evaluator's own users (tests/engine/test_layers.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .actions import Action, CardRef, Propose, Respond

# How many cards a side of a trade gives, as a `traded-amount` says it: none, at least one, any.
SIZES = {"no": lambda n: n == 0, "some": lambda n: n > 0, "any": lambda n: True}
AGREED = "#agreed"  # the env's players who have said yes to the deal
Card = tuple[str, "str | None"]  # a card a deal names: (its zone, its bean)


@dataclass(frozen=True)
class Deal:
    """A proposal as the side `player` does its part: the cards it gives and those it takes
    (the players by seat, as the state keeps them)."""
    player: int
    partner: int
    gives: tuple[Card, ...]
    takes: tuple[Card, ...]
    agreed: frozenset[int]

    def turned(self) -> Deal:
        """The same deal as the partner does its part."""
        return Deal(self.partner, self.player, self.takes, self.gives, self.agreed)


# ------------------------------------------------------------------ an engine action as a deal
def _cards(refs: Iterable[Any]) -> tuple[Card, ...]:
    out = []
    for ref in refs:
        ref = ref.to_json() if isinstance(ref, CardRef) else ref
        out.append((ref.get("zone") or "hand", ref.get("bean")))
    return tuple(out)


def proposed(state: Any, action: Propose) -> Deal:
    """A proposal as its proposer makes it (only the proposer has said yes)."""
    player = state.seat_of[action.player]
    return Deal(player, state.seat_of[action.to], _cards(action.give), _cards(action.take), frozenset((player,)))


def answered(state: Any, proposal: dict) -> Deal:
    """An open proposal as its receiver accepts it (both have said yes)."""
    to, by = state.seat_of[proposal["to"]], state.seat_of[proposal["from"]]
    return Deal(to, by, _cards(proposal["take"]), _cards(proposal["give"]), frozenset((to, by)))


def _answered_one(state: Any, action: Respond) -> dict | None:
    """The open proposal an accept names, if it names one (trading.find_proposal says why not)."""
    mine = [p for p in state.proposals if p["to"] == action.player]
    if isinstance(action.target, int):
        mine = [p for p in mine if p["id"] == action.target]
    elif isinstance(action.target, str):
        mine = [p for p in mine if p["from"] == action.target]
    return mine[0] if len(mine) == 1 else None


def deal_of(state: Any, action: Action) -> Deal | None:
    """The deal a proposal or an accept does its part of (None: another action, or an accept of
    no one proposal)."""
    if type(action) is Propose:
        return proposed(state, action)
    if type(action) is Respond and action.verb == "accepts":
        proposal = _answered_one(state, action)
        return answered(state, proposal) if proposal is not None else None
    return None


def bind(state: Any, action: Action, env: dict) -> bool:
    """Bind the deal an action does its part of for a constraint's condition (engine/lasting.py):
    `partner`, `given`, `taken` and who has agreed. False: the action does no part of a deal."""
    deal = deal_of(state, action)
    if deal is None:
        return False
    env.update({"partner": deal.partner, "given": [b for _, b in deal.gives], "taken": [b for _, b in deal.takes],
                AGREED: deal.agreed})
    return True


