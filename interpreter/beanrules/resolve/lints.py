"""Warnings of `check` about rules that check clean and play, yet can never act (issue #27): a
rule a designer wrote that the game would silently never apply.

Only what the rule's own core shows for certain is reported, at the rule's line, and only for
the rules the spec itself writes (a base's rules are the base's to answer for).
"""
from __future__ import annotations

from typing import Any, Iterator

from ..core import conditions, places, quantities, statements as core, timing
from ..core.actors import Bound
from ..core.node import from_json
from ..desugar import rule_statements
from ..diagnostics import Diagnostic
from .model_rules import span_of

# The comparisons that fail for a count of 0 whatever the number (a count is never negative).
_NEEDS_CARDS = {">=": 1, "=": 1, ">": 0}


def never_acting(model: dict[str, Any]) -> list[Diagnostic]:
    return _emptied_field_reads(model) + _unused_zones(model)


def _unused_zones(model: dict[str, Any]) -> list[Diagnostic]:
    """A zone the spec declares (``zone NAME is a KIND …``) that no rule or card names: it
    would lie empty all game."""
    declared = [(rule, s.zone, s.kind) for rule in model["rules"] if rule.get("origin") in (None, model["rulebook"])
                for s in rule_statements(rule) if isinstance(s, core.DeclareZoneOfKind)]
    if not declared:
        return []
    named: set[str] = set()
    others = [s for rule in model["rules"] for s in rule_statements(rule)
              if not isinstance(s, (core.DeclareZoneOfKind, core.DeclareZone))]
    others += [from_json(bean["core"], f"/beans/{bean['id']}/core") for bean in model["beans"] if bean.get("core")]
    for statement in others:
        named.update(n.zone for n in statement.walk() if isinstance(n, places.Zone))
    return [Diagnostic("warning", "never-acts",
                       f"zone '{zone}' can never act: no rule or card names it, so it lies empty all game",
                       span_of(rule), suggestion=(
                           f"say who may use it: 'any player may plant into {zone} when …'" if kind == "field"
                           else "no sentence moves cards into a pile or row yet: a field for the table is "
                                "planted into and harvested by the rules that permit it"))
            for rule, zone, kind in declared if zone not in named]


def _emptied_field_reads(model: dict[str, Any]) -> list[Diagnostic]:
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
