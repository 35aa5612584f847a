"""Warnings of `check` about rules that check clean and play, yet can never act (issue #27): a
rule a designer wrote that the game would silently never apply.

Only what the rule's own core shows for certain is reported, at the rule's line, and only for
the rules the spec itself writes (a base's rules are the base's to answer for).
"""
from __future__ import annotations

from typing import Any, Iterator

from ..core import conditions, quantities, statements as core, timing
from ..core.actors import Bound
from ..desugar import rule_statements
from ..diagnostics import Diagnostic
from .model_rules import span_of

# The comparisons that fail for a count of 0 whatever the number (a count is never negative).
_NEEDS_CARDS = {">=": 1, "=": 1, ">": 0}


def never_acting(model: dict[str, Any]) -> list[Diagnostic]:
    if not _harvest_takes_whole_field(model):
        return []  # a harvest of the top run may leave cards in the field
    out = []
    for rule in model["rules"]:
        if rule.get("origin") not in (None, model["rulebook"]):
            continue
        for statement in rule_statements(rule):
            if _reads_an_emptied_field(statement):
                out.append(Diagnostic(
                    "warning", "never-acts",
                    f"'{rule['text']}' can never act: when a card is harvested, the field has "
                    "already been emptied, so a count of this field is 0",
                    span_of(rule),
                    suggestion="count the cards the harvest took: 'count of harvested cards >= N'"))
                break
    return out


def _harvest_takes_whole_field(model: dict[str, Any]) -> bool:
    """The last rule saying what a harvest takes says the whole field (a later rule replaces
    an earlier one, as the engine reads them)."""
    parts = [s.part for rule in model["rules"] for s in rule_statements(rule) if isinstance(s, core.HarvestTakes)]
    return bool(parts) and parts[-1] == "whole"


def _reads_an_emptied_field(statement: Any) -> bool:
    """A step on a harvest whose condition needs cards in the field harvested."""
    if not (isinstance(statement, core.Do) and isinstance(statement.when, timing.When)
            and statement.when.event == "harvested" and statement.condition is not None):
        return False
    return any(_needs_cards_in_field(term) for term in _conjuncts(statement.condition))


def _conjuncts(condition: Any) -> Iterator[Any]:
    """The terms that must all hold."""
    if isinstance(condition, conditions.AllOf):
        for term in condition.terms:
            yield from _conjuncts(term)
    else:
        yield condition


def _needs_cards_in_field(term: Any) -> bool:
    if not isinstance(term, conditions.Compare) or not isinstance(term.right, quantities.Number):
        return False
    left = term.left
    least = _NEEDS_CARDS.get(term.op)
    return (least is not None and term.right.value >= least and isinstance(left, quantities.Count)
            and left.place == Bound("field"))
