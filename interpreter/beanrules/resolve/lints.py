"""Warnings of `check` about rules that check clean and play, yet can never act (issue #27): a
rule a designer wrote that the game would silently never apply.

Only what the rule's own core shows for certain is reported, at the rule's line, and only for
the rules the spec itself writes (a base's rules are the base's to answer for):

- a step on a harvest (a rule's, or a card's ability ``when harvested``) whose condition needs
  cards in the field harvested, which the harvest has emptied (``never-acts``);
- a card the spec declares that no ``use beans`` list names for any player count: all its
  copies stay out of the deck, so it never comes into play (``not-in-play``; a card that acts,
  or any card a variant adds: a rulebook may list beans of its box a game leaves out);
- a counter the spec declares that no rule or ability reads or adds to (``unused-counter``);
- a zone the spec declares that no rule or card names (``never-acts``);
- an end the spec writes that can never come: it needs a counter to reach a number, and no rule
  or card ever adds to that counter, pays with it or writes coins on it (``never-ends``: "the
  game can never end" where no other end can come either).

What else could keep a game from ending is not a warning because it cannot be written or is an
error: every effect is bounded (a ``repeat`` counts its rounds once, and a step on a card event
triggers nothing, engine/triggers.py), and an end on the deck running out that no phase played
every turn brings nearer is `check`'s error ``end-unreachable`` (resolve/playable.py). A game
that still does not end stops with an error naming its state, never hangs: the flow raises
Stalled after rounds of the table that neither ask for a decision nor take a card
(engine/flow.py), and bots' games stop at a bound of actions (engine/bots.py's play_out).
"""
from __future__ import annotations

from typing import Any, Iterator

from ..core import conditions, effects, places, quantities, statements as core, timing
from ..core.actors import Bound
from ..core.node import Node, _checked_of, from_json
from ..desugar import bean_card, rule_statements
from ..diagnostics import Diagnostic
from .model_rules import span_of

# The comparisons that fail for a count of 0 whatever the number (a count is never negative).
_NEEDS_CARDS = {">=": 1, "=": 1, ">": 0}


def never_acting(model: dict[str, Any]) -> list[Diagnostic]:
    """Every warning of a rule, card or counter the spec wrote that can never act."""
    return (_emptied_fields(model) + _cards_not_in_play(model) + _unused_counters(model) + _unused_zones(model)
            + _ends_that_never_come(model))


def _ends_that_never_come(model: dict[str, Any]) -> list[Diagnostic]:
    """An end (``end-when``) that needs a counter to reach a number no rule or card ever
    brings it to: the counter starts below it and nothing adds to it, pays with it or writes
    a harvest's coins on it."""
    statements = [(rule, s) for rule in model["rules"] for s in rule_statements(rule)]
    ends = [(rule, s) for rule, s in statements if isinstance(s, core.EndWhen)]
    if not ends:
        return []  # no end at all: check's error no-end (resolve/playable.py)
    starts = {s.counter: s.start for _, s in statements if isinstance(s, core.DeclareCounter)}
    nodes = [s for _, s in statements] + [a for bean in model["beans"] for a in bean_card(bean).abilities]
    raised = {n.counter for top in nodes for n in top.walk()
              if isinstance(n, (effects.AddToCounter, core.PayInto))}
    raised |= {n.resource for top in nodes for n in top.walk() if isinstance(n, effects.Pay) and n.resource}
    never = [(rule, end, need) for rule, end in ends
             for need in [_needed_count(end.condition)]
             if need is not None and need[0] not in raised and starts.get(need[0], 0) < need[1]]
    if not never:
        return []
    alone = len(never) == len(ends)  # no other end can come: the game would never end
    return [Diagnostic("warning", "never-ends",
                       ("the game can never end: " if alone else "")
                       + f"'{rule['text']}' can never hold: no rule or card adds to '{counter}', which starts "
                       f"at {starts.get(counter, 0)}", span_of(rule),
                       suggestion=f"add to it ('add 1 to own {counter}' in a rule's step or a card's ability), "
                       f"or end the game another way ('game ends when deck runs out 3 times')")
            for rule, end, (counter, _) in never if _own(model, rule)]


def _needed_count(condition: Any) -> tuple[str, int] | None:
    """(counter, N): the condition holds only while some counter is at least N (a comparison of
    a counter with a number, for some player or among terms that must all hold); else None."""
    if isinstance(condition, conditions.SomePlayer):
        return _needed_count(condition.where)
    if isinstance(condition, conditions.AllOf):
        return next((need for need in map(_needed_count, condition.terms) if need is not None), None)
    if (isinstance(condition, conditions.Compare) and isinstance(condition.left, quantities.CounterValue)
            and isinstance(condition.right, quantities.Number) and condition.op in (">=", ">", "=")):
        return condition.left.counter, condition.right.value + (condition.op == ">")
    return None


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
                           else f"move cards there and back: 'move 1 from own hand front to own {zone}' "
                                f"(a pile or row per player), 'move 1 from the {zone} top to own hand' "
                                "(the table's)"))
            for rule, zone, kind in declared if zone not in named]


def _own(model: dict[str, Any], item: dict[str, Any]) -> bool:
    return item.get("origin") in (None, model["rulebook"])


_EMPTIED = "the field has already been emptied, so a count of this field is 0"
_HARVESTED = "count the cards the harvest took: 'count of harvested cards >= N'"


def _emptied_fields(model: dict[str, Any]) -> list[Diagnostic]:
    if not _harvest_takes_whole_field(model):
        return []  # a harvest of the top run may leave cards in the field
    out = []
    for rule in model["rules"]:
        if not _own(model, rule):
            continue
        for statement in rule_statements(rule):
            if _reads_an_emptied_field(statement):
                out.append(Diagnostic(
                    "warning", "never-acts", f"'{rule['text']}' can never act: when a card is harvested, {_EMPTIED}",
                    span_of(rule), suggestion=_HARVESTED))
                break
    for bean in model["beans"]:
        if not _own(model, bean):
            continue
        for ability, data in zip(bean_card(bean).abilities, bean["abilities"]):
            if _ability_reads_an_emptied_field(ability):
                out.append(Diagnostic(
                    "warning", "never-acts", f"ability '{ability.name or data.get('title') or ''}' of card "
                    f"'{bean['id']}' never does what its condition guards: when the card is harvested, {_EMPTIED}",
                    span_of(data) or span_of(bean), suggestion=_HARVESTED))
    return out


def _ability_reads_an_emptied_field(ability: Any) -> bool:
    """An ability when its card is harvested whose effect is guarded (`if`, `only if`) by a
    condition that needs cards in the field harvested."""
    if not any(isinstance(t, timing.When) and t.event == "harvested" for t in ability.when):
        return False
    guards = [n.condition for n in ability.effect.walk() if isinstance(n, (effects.If, effects.Refuse))]
    return any(_needs_cards_in_field(term) for guard in guards for term in _conjuncts(guard))


def _cards_not_in_play(model: dict[str, Any]) -> list[Diagnostic]:
    """A card of the spec's own that no `use beans` list names, for any player count (a card
    that cannot be planted is `never-in-play`'s, an error of check): one that acts (an ability,
    a printed text), or any card a variant adds. A rulebook may list the beans of its box that
    a game leaves out (classic's coffee, wax and cocoa beans)."""
    lists = [r for r in model["rules"] if r["kind"] == "use-beans"]
    if not lists:
        return []  # no list: every bean is in play
    variant = model.get("extends") is not None
    named = set(_strings(lists[-1]["params"]["beans"]))
    return [Diagnostic("warning", "not-in-play",
                       f"card '{bean['id']}' is in no 'use beans' list, so its {bean['count']} "
                       f"cop{'y' if bean['count'] == 1 else 'ies'} stay out of the game and it never acts",
                       span_of(bean), suggestion=f"name it in '{lists[-1]['text']}' (replace that rule "
                       "in a variant), or remove the card")
            for bean in model["beans"]
            if _own(model, bean) and bean["plantable"] and bean["count"] and bean["id"] not in named
            and (variant or bean["abilities"] or bean.get("text"))]


def _strings(value: Any) -> Iterator[str]:
    """Every string in a parameter (a list of beans, or one per player count)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _unused_counters(model: dict[str, Any]) -> list[Diagnostic]:
    """A counter the spec declares that no statement or ability names."""
    declared: dict[str, dict] = {}
    used: set[str] = set()
    nodes: list[Node] = []
    for rule in model["rules"]:
        for statement in rule_statements(rule):
            if isinstance(statement, core.DeclareCounter):
                if _own(model, rule):
                    declared.setdefault(statement.counter, rule)
            else:
                nodes.append(statement)
    nodes += [a for bean in model["beans"] for a in bean_card(bean).abilities]
    for top in nodes:
        for node in top.walk():
            for name, kind in _checked_of(type(node)):
                if kind == "counter":
                    value = getattr(node, name)
                    used.update(value if isinstance(value, tuple) else (value,))
    return [Diagnostic("warning", "unused-counter",
                       f"counter '{name}' is declared, but no rule or card reads it or adds to it",
                       span_of(rule), suggestion=f"add to it ('add 1 to own {name}') and read it "
                       f"('if own {name} >= N'), or remove the rule")
            for name, rule in declared.items() if name not in used]


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
