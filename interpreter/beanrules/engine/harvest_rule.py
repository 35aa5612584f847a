"""What a harvest is in one game, compiled once from the statements that say it: how much of a
field it takes (``harvest-takes``), whose beanometer pays (``payout``), where the coin cards
come from (``coin-source``) and the counter its coins are written onto instead (``pay-into``).
Each statement's semantics entry (engine/semantics.py) names its compile function here; the
program keeps the result as one value (Ruleset.harvest), which the harvest
(engine/harvesting.py), the fast paths and the kernel run, instead of settings named after
each mechanism."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..core import statements as core
from ..core.categories import Statement
from .errors import RuleRef, UnsupportedRule

Size = Callable[[list], int]
"""How many cards a harvest of a field takes (from its top)."""
Paying = Callable[[list, int], Any]
"""The card whose beanometer pays for a harvest of `size` cards of a field."""


def whole(field: list) -> int:
    return len(field)


def top_run_length(field: list) -> int:
    """The length of the unbroken line of the top card's bean at the top of `field` (beans as
    names or, in the kernel, as numbers)."""
    if not field:
        return 0
    top, n = field[-1], len(field)
    k = n - 1
    while k > 0 and field[k - 1] == top:
        k -= 1
    return n - k


def top_card(field: list, size: int) -> Any:
    return field[-1]


def bottom_card(field: list, size: int) -> Any:
    """The lowest card the harvest takes."""
    return field[len(field) - size]


def compile_takes(statement: core.HarvestTakes | None, plays_as: Mapping[str, str]) -> Size:
    """``harvest-takes``: the whole field (no statement says otherwise), or its top run of one
    type, where a card that plays as a type runs on with that type's cards."""
    if statement is None or statement.part == "whole":
        return whole
    if not plays_as:
        return top_run_length
    get = plays_as.get
    return lambda field: top_run_length([get(c, c) for c in field])


def compile_payout(statement: core.Payout | None) -> Paying:
    """``payout``: the top card's beanometer pays (no statement says otherwise), or the bottom
    card's of those harvested."""
    return bottom_card if statement is not None and statement.card == "bottom" else top_card


def compile_coin_source(statement: core.CoinSource | None) -> str | None:
    """``coin-source``: the shared zone coin cards come off the end of ("removed": the bank is the
    beans out of play), or None: they are harvested cards turned over (or written down:
    engine/tally.py)."""
    return "removed" if statement is not None and statement.source == "bank" else None


@dataclass(frozen=True)
class HarvestRule:
    """A game's harvest, compiled (compile_harvest)."""

    size: Size
    paying: Paying
    bank: str | None  # the zone coin cards come off; None: the harvested cards pay
    whole_ref: RuleRef | None  # the rule saying a harvest takes the whole field (cited for an empty one)
    # the per-player counter a harvest writes its coins onto (``pay-into``: every harvested card
    # goes to the discard pile, engine/tally.py's pay); None: the coins are coin cards
    pays_into: str | None = None

    @property
    def plain(self) -> bool:
        """The whole field, in coins of its own cards (whichever card pays): the common harvest,
        which the fast paths write out."""
        return self.size is whole and self.bank is None

    @property
    def top_pays(self) -> bool:
        """The top card's beanometer pays (top_card): the fast paths read `field[-1]` with no
        call."""
        return self.paying is top_card

    @property
    def whole_at(self) -> int | None:
        """Where the paying card lies in a field harvested whole (`paying` of all its cards):
        the playout kernel reads it there with no call per harvest; None: ask `paying`."""
        return _WHOLE_AT.get(self.paying)


# Each paying card's place in a field harvested whole (size = len(field)), beside its definition.
_WHOLE_AT: dict[Paying, int] = {top_card: -1, bottom_card: 0}


RUNS = (core.HarvestTakes, core.Payout, core.CoinSource, core.PayInto)
"""The statements compiled here (program.runs)."""


def compile_harvest(program: Sequence[tuple[dict, Statement]], refs: Mapping[str, RuleRef],
                    plays_as: Mapping[str, str]) -> HarvestRule:
    """The game's harvest from its statements (a later rule replaces an earlier one)."""
    last: dict[type, tuple[dict, Statement]] = {}
    whole_ref = None
    for rule, statement in program:
        if isinstance(statement, RUNS):
            last[type(statement)] = (rule, statement)
        if isinstance(statement, core.HarvestTakes) and statement.part == "whole":
            whole_ref = refs[rule["id"]]
    takes = last.get(core.HarvestTakes)
    return HarvestRule(size=compile_takes(takes[1] if takes else None, plays_as),  # type: ignore[arg-type]
                       paying=compile_payout(last[core.Payout][1] if core.Payout in last else None),  # type: ignore[arg-type]
                       bank=compile_coin_source(last[core.CoinSource][1] if core.CoinSource in last else None),  # type: ignore[arg-type]
                       whole_ref=whole_ref, pays_into=compile_pays_into(program, coins_written(program)))


def compile_pays_into(program: Sequence[tuple[dict, Statement]], written: bool) -> str | None:
    """``pay-into``: the counter each player's harvests write their coins onto (the last such
    statement's), None where no statement says one. `written`: the coin source says coins are
    points written down, which needs a counter to write them on."""
    pays = [(rule, s) for rule, s in program if isinstance(s, core.PayInto)]
    counters = {s.counter: s.per_player for _, s in program if isinstance(s, core.DeclareCounter)}
    for rule, s in pays:
        if not counters.get(s.counter):
            raise UnsupportedRule(f"rule '{rule['id']}': coins are written down on '{s.counter}', which is "
                                  "not a counter each player has", rule["id"])
    if written and not pays:
        raise UnsupportedRule("coins are points written down, but no rule says on which counter")
    return pays[-1][1].counter if pays else None


def coins_written(program: Iterable[tuple[dict, Statement]]) -> bool:
    """Whether the last ``coin-source`` says coins are points written down (compile_pays_into)."""
    sources = [s for _, s in program if isinstance(s, core.CoinSource)]
    return bool(sources) and sources[-1].source == "points"


def coin_bank(rs: Any) -> str | None:
    """Where coin cards come from, for readers outside the engine (invariants, views, the
    conformance runner): the shared zone they come off, or None (the harvested cards)."""
    return rs.harvest.bank
