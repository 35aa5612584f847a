"""Permissions of any condition: a rule's ``forbid``, ``allow`` or ``permit`` that the fast
paths (readings.py) do not read, compiled by the evaluator and checked against each action.

readings.py turns the shapes the shipped rulebooks use (the protection rule, harvesting on
one's own turn except in a phase, …) into the plain parameters of planting, harvesting and
trading. A statement of any other shape used to be refused by name; here it is compiled
instead, as a constraint always in force: its action is matched against the engine's actions
(engine/lasting.py, the same matching as a constraint laid down for a while) and its condition
is compiled by the evaluator, so any well-formed condition over the core's quantities plays —
counts, fields, counters, whose turn, which phase, a token's holder, and/or/not. A forbid
takes the actions it names away while its condition holds; a permission to harvest lists the
harvests it opens (the fields: each a choice of the player) and lets them past the harvest
timing. What cannot be matched is refused by the statement's words, when the game is created.
"""
from __future__ import annotations

from typing import Any

from ..core import conditions, effects, statements as core, timing
from .errors import RuleRef, UnsupportedRule
from .lasting import LastingSpec, compile_rule


def standing(statement: Any, ref: RuleRef) -> LastingSpec | None:
    """The constraint a forbid, allow or permit means, or None for another statement;
    UnsupportedRule for one whose action or timing the engine cannot match."""
    if isinstance(statement, (core.Forbid, core.Allow)):
        return compile_rule(statement, statement.action, statement.condition, isinstance(statement, core.Forbid), ref)
    if not isinstance(statement, core.Permit):
        return None
    when = statement.when
    if statement.must or statement.least is not None or statement.most is not None \
            or not isinstance(when, (timing.AnyTime, timing.During)) \
            or (isinstance(when, timing.During) and when.once_per_turn):
        raise UnsupportedRule(f"'{statement.to_text()}': a permission by condition is an option any time "
                              "or during a phase, with no count of times")
    if not isinstance(statement.action, effects.Harvest):
        raise UnsupportedRule(f"'{statement.to_text()}': a permission by condition lets a player harvest; "
                              "the engine lifts no other restriction by one yet")
    terms = [statement.condition] if statement.condition is not None else []
    if isinstance(when, timing.During) and when.phase:
        terms.append(conditions.InPhase(when.phase))
    condition = terms[0] if len(terms) == 1 else conditions.AllOf(tuple(terms)) if terms else None
    return compile_rule(statement, statement.action, condition, False, ref, statement.player)
