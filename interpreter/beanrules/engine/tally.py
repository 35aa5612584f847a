"""Coins written down: a harvest adds its coins to a counter of the harvesting player instead
of turning cards into coins (``pay-into``), and a game won by whoever first reaches a target,
whatever the end still lets happen (``won-by``).

Where coins are written down, every harvested card goes onto the discard pile in the order it
lay in the field, bottom card first, so the field's top card ends on top. The winners a
``won-by`` statement names are fixed as the end comes, before the final harvest, and kept in
the state (``winners``), so a finished game loaded from its JSON still knows them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import statements as core
from . import evaluate
from .errors import UnsupportedRule


@dataclass(frozen=True)
class Tally:
    """What the rules say about coins written down and the player who first reaches a target."""
    counter: str | None  # the per-player counter a harvest pays into (None: coin cards)
    won_by: evaluate.Compiled | None  # (state, {name: player}) -> bool, as the end comes
    name: str = "p"  # the name `won_by` binds the player to


def runs(statement: Any) -> bool:
    """Whether this is a statement this module reads."""
    return isinstance(statement, (core.PayInto, core.WonBy))


def compile_tally(program: list, written: bool) -> Tally | None:
    """The tally of a core program (None: it has neither statement). `written`: the coin
    source says coins are points written down, which needs a counter to write them on."""
    pays = [(rule, s) for rule, s in program if isinstance(s, core.PayInto)]
    won = [s for _, s in program if isinstance(s, core.WonBy)]
    counters = {s.counter: s.per_player for _, s in program if isinstance(s, core.DeclareCounter)}
    for rule, s in pays:
        if not counters.get(s.counter):
            raise UnsupportedRule(f"rule '{rule['id']}': coins are written down on '{s.counter}', which is "
                                  "not a counter each player has", rule["id"])
    if written and not pays:
        raise UnsupportedRule("coins are points written down, but no rule says on which counter")
    if not pays and not won:
        return None
    last = won[-1] if won else None
    return Tally(pays[-1][1].counter if pays else None,
                 evaluate.compiled_condition(last.condition) if last else None,
                 last.name if last else "p")


def pay(state: Any, tally: Tally, player: str, taken: list[str], coins: int, event: dict) -> None:
    """A harvest with coins written down: every card to the discard pile, in field order, and
    the coins onto the player's counter."""
    state.discard.extend(taken)
    state.counters[tally.counter][player] += coins
    event["counter"] = tally.counter


def decide(state: Any, tally: Tally | None) -> None:
    """As the end comes: fix the winners a ``won-by`` statement names (nobody: it names none)."""
    if tally is None or tally.won_by is None:
        return
    won = [p for p in state.players if tally.won_by.fn(state, {tally.name: p})]
    if won:  # an end that came another way is scored as the winner rule says
        state.winners = won
