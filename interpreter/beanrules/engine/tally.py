"""Coins written down and a game won by whoever first reaches a target.

Where a harvest writes its coins down (``pay-into``: the program's harvest, engine/harvest_rule.py,
names the counter), every harvested card goes onto the discard pile in the order it lay in the
field, bottom card first, so the field's top card ends on top (`pay`). The winners a ``won-by``
statement names are fixed as the end comes, before the final harvest, and kept in the state
(``winners``), so a finished game loaded from its JSON still knows them (`decide`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import statements as core
from . import evaluate


@dataclass(frozen=True)
class WonBy:
    """``won-by``: the players for whom the condition holds as the end comes win."""
    condition: evaluate.Compiled  # (state, {name: player}) -> bool
    name: str = "p"  # the name the condition binds the player to


def runs(statement: Any) -> bool:
    """Whether this is a statement this module reads."""
    return isinstance(statement, core.WonBy)


def compile_won_by(program: list) -> WonBy | None:
    """The last ``won-by`` statement, compiled (None: there is none)."""
    won = [s for _, s in program if isinstance(s, core.WonBy)]
    if not won:
        return None
    last = won[-1]
    return WonBy(evaluate.compiled_condition(last.condition), last.name)


def pay(state: Any, counter: str, player: int, taken: list[str], coins: int, event: dict) -> None:
    """A harvest with coins written down: every card to the discard pile, in field order, and
    the coins onto the player's counter."""
    state.discard.extend(taken)
    state.counters[counter][player] += coins
    event["counter"] = counter


def decide(state: Any, won_by: WonBy | None) -> None:
    """As the end comes: fix the winners a ``won-by`` statement names (nobody: it names none)."""
    if won_by is None:
        return
    won = [p for p in range(len(state.players)) if won_by.condition.fn(state, {won_by.name: p})]
    if won:  # an end that came another way is scored as the winner rule says
        state.winners = won
