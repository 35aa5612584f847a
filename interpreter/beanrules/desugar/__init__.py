"""Desugaring: every sentence of the rule model rewritten into core statements.

One pass, after composition (``extends`` and ``translates`` applied) and the resolver's
checks: each rule gets a ``core`` list next to the sentence it came from, each bean a
``core`` card; then every core statement's names are checked against the model, and a name
that does not resolve is an error at the sentence's span. The rewrites themselves are a
library, one per sentence kind (:data:`REWRITES`), each with a documented example.
"""
from __future__ import annotations

import dataclasses
import marshal
from typing import Any

from ..core.categories import Statement
from ..core.node import Scope
from ..diagnostics import Diagnostic, Span
from ..memo import per_object, remember
from . import conditions, ending, harvesting, setup, steps, tokens, trading, turn  # noqa: F401 (registers the rewrites)
from .cards import card
from .registry import REWRITES, Rewrite

__all__ = ["REWRITES", "Rewrite", "desugar_rule", "desugar_model", "core_statements", "STANDARD_ZONES"]

# The zones the engine keeps whether or not a spec declares them.
STANDARD_ZONES = frozenset({"deck", "discard", "hand", "field", "offer", "set-aside", "coins",
                            "removed", "bank", "score"})


class NoRewrite(ValueError):
    """A rule of a kind no rewrite knows (a rule model from elsewhere)."""


def desugar_rule(rule: dict[str, Any]) -> tuple[Statement, ...]:
    """The core statements one rule of the rule model means."""
    found = REWRITES.get(rule["kind"])
    if found is None:
        raise NoRewrite(f"rule '{rule['id']}' is of kind '{rule['kind']}', which no rewrite knows")
    return found.function(rule)


def core_statements(model: dict[str, Any]) -> list[tuple[dict[str, Any], Statement]]:
    """Every core statement of a compiled model with the rule it came from, in model order."""
    from ..core.node import from_json
    return [(rule, from_json(data, f"/rules/{rule['id']}/core")) for rule in model["rules"]
            for data in rule["core"]]


def scope_of(model: dict[str, Any], statements: list[Statement]) -> Scope:
    """The names a model's core may use: its beans, phases and cards, the standard zones and
    those it declares, and the counters and tokens its statements declare."""
    return _Survey(statements).scope(model)


# What each declaring node adds to the scope: its JSON name -> (kind of name, field).
_DECLARES = {"declare-zone": ("zone", "zone"), "declare-zone-of-kind": ("zone", "zone"), "declare-counter": ("counter", "counter"),
             "declare-token": ("token", "token")}
_COUNTING = ("add-to-counter", "counter", "pay")  # nodes that read, add to or pay with a counter
# ... and a place, which may name a zone the spec declares (each player's, or the table's)


class _Survey:
    """One walk over a model's core statements: the names they declare, whether each counter
    is kept per player, and the nodes of each statement that name a counter. (Walking every
    statement once for each of these was a third of the time to desugar a model.)"""

    def __init__(self, statements: list[Statement]) -> None:
        self.declared: dict[str, set[str]] = {"zone": set(STANDARD_ZONES), "counter": set(), "token": set()}
        self.per_player: dict[str, bool] = {}
        self.zones_per_player: dict[str, tuple[bool, str]] = {}  # declared zone -> (each player's?, kind)
        self.counting: dict[int, Any] = {}  # id(statement) -> its nodes naming a counter
        for statement in statements:
            declared, per_player, counting = _surveyed(statement)
            for kind, name in declared:
                self.declared[kind].add(name)
            for kind, name, each in per_player:
                if kind == "counter":
                    self.per_player[name] = each
                else:
                    self.zones_per_player[name] = each
            self.counting[id(statement)] = counting

    def scope(self, model: dict[str, Any]) -> Scope:
        ids = frozenset(b["id"] for b in model["beans"])
        return Scope({"bean": ids, "card": ids, "phase": frozenset(p["id"] for p in model["phases"]),
                      **{k: frozenset(v) for k, v in self.declared.items()}})

    def counting_nodes(self, statement: Any) -> tuple[Any, ...]:
        """The nodes of `statement` naming a counter (a card or ability: from the same memo)."""
        found = self.counting.get(id(statement))
        return found if found is not None else _surveyed(statement)[2]


# What one statement declares and which of its nodes name a counter, walked once per statement
# object in the process: the same statement objects come back from the memo below for every
# model holding the rule (the walk was a third of the time to desugar a variant of classic).
# Keyed by the statement's id; the entry holds the statement (memo.py).
_SURVEYED: dict[tuple[int, Any], tuple[Any, Any]] = {}


def _surveyed(statement: Any) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, Any], ...], tuple[Any, ...]]:
    """(the (kind, name) pairs `statement` declares, ("counter", name, per player) for each
    counter and ("zone", name, (per player, its kind)) for each zone of a kind it declares, in
    order, its nodes that name a counter or a declared zone)."""
    return per_object(_SURVEYED, statement, None, lambda: _survey(statement), _MADE_LIMIT)


def _survey(statement: Any) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, Any], ...], tuple[Any, ...]]:
    declared: list[tuple[str, str]] = []
    per_player: list[tuple[str, str, Any]] = []
    counting: list[Any] = []
    for node in statement.walk():
        name = node.NODE
        if name in _DECLARES:
            kind, attr = _DECLARES[name]
            declared.append((kind, getattr(node, attr)))
            if name == "declare-counter":
                per_player.append(("counter", node.counter, node.per_player))
            elif name == "declare-zone-of-kind":
                per_player.append(("zone", node.zone, (node.per_player, node.kind)))
        elif name in _COUNTING or (name == "zone" and node.zone not in STANDARD_ZONES):
            counting.append(node)
    return tuple(declared), tuple(per_player), tuple(counting)


def _span(data: dict[str, Any] | None) -> Span | None:
    return Span(**data) if data else None


def desugar_model(model: dict[str, Any]) -> list[Diagnostic]:
    """Give every rule its ``core`` and every bean its core card (in place); return an error
    for each name a core statement uses that the model does not have, at its sentence."""
    per_rule: list[tuple[dict[str, Any], tuple[Statement, ...]]] = []
    diagnostics: list[Diagnostic] = []
    for rule in model["rules"]:
        try:
            statements, rule["core"] = _made(rule, _rule_core)
        except NoRewrite as error:
            diagnostics.append(Diagnostic("error", "no-rewrite", str(error), _span(rule.get("span"))))
            statements, rule["core"] = (), []
        per_rule.append((rule, statements))
    cards = []
    for bean in model["beans"]:
        (made, alone), bean["core"] = _made(bean, _bean_core)
        cards.append((bean, made, alone))
    statements = [s for _, found in per_rule for s in found]
    survey = _Survey(statements)
    scope = survey.scope(model)
    checks = [(f"rule '{rule['id']}'", rule.get("span"), s) for rule, found in per_rule for s in found]
    for bean, made, alone in cards:
        # an ability's problems point at the ability, the card's own at the card
        checks.append((f"bean '{bean['id']}'", bean.get("span"), alone))
        checks += [(f"bean '{bean['id']}', ability {ability.name or i + 1}", data.get("span"), ability)
                   for i, (ability, data) in enumerate(zip(made.abilities, bean["abilities"]))]
    names = (tuple(sorted(scope.known.items())), scope.bound)
    for what, span, statement in checks:
        for problem in _problems(statement, scope, names):
            diagnostics.append(Diagnostic("error", "core-name", f"{what}: {problem.message}",
                                          _span(span), suggestion=problem.suggestion))
        nodes = survey.counting_nodes(statement)
        diagnostics += [Diagnostic("error", "counter-owner", f"{what}: {message}", _span(span), suggestion=hint)
                        for message, hint in _counter_owners(nodes, survey.per_player)]
        diagnostics += [Diagnostic("error", "zone-owner", f"{what}: {message}", _span(span), suggestion=hint)
                        for message, hint in _zone_owners(nodes, survey.zones_per_player)]
        diagnostics += [Diagnostic("error", "zone-kind", f"{what}: {message}", _span(span), suggestion=hint)
                        for message, hint in _harvests_piles(statement, survey.zones_per_player)]
    return diagnostics


# What a rule or bean desugared to, by its content: desugar_rule and card read nothing but the
# dict they are given, and a variant composed onto a base desugars every rule and bean of the
# base again (a copy of it, equal to it), as does every test writing a variant. The key is the
# item without the core it was given, marshalled in version 2, which writes equal contents as
# equal bytes (later versions flag objects held more than once, which depends on who else
# holds them). What was made is kept as the statements (frozen, only read here) and the bytes
# of their JSON, loaded afresh for each model (a model's core is its own to change). Bounded:
# the oldest goes first (memo.py).
_MADE: dict[bytes, tuple[Any, bytes]] = {}
_MADE_LIMIT = 4096  # rules and beans: the shipped specs and the variants a test run writes hold fewer


def _key(item: dict[str, Any]) -> bytes:
    return marshal.dumps([(k, v) for k, v in item.items() if k != "core"], 2)


def _made(item: dict[str, Any], make: Any) -> tuple[Any, Any]:
    """(what `make` makes of `item`, its JSON): kept, or made now and kept."""
    key = _key(item)
    hit = _MADE.get(key)
    if hit is None:
        made, data = make(item)
        hit = remember(_MADE, key, (made, marshal.dumps(data)), _MADE_LIMIT)
        return made, data
    return hit[0], marshal.loads(hit[1])


def _made_alone(item: dict[str, Any], make: Any) -> Any:
    """What `make` makes of `item`, from the same memo as _made, without the copy of its JSON
    (for the engine, which reads the objects alone)."""
    hit = _MADE.get(_key(item))
    return hit[0] if hit is not None else _made(item, make)[0]


def bean_card(bean: dict[str, Any]) -> Any:
    """``cards.card(bean)`` from the same memo: the engine makes every card's abilities for
    every player count it compiles (engine/abilities.py), so the same card object comes back
    for an equal bean, and what is kept per node (engine/one_model.py) is found again."""
    return _made_alone(bean, _bean_core)[0]


def rule_statements(rule: dict[str, Any]) -> tuple[Statement, ...]:
    """``desugar_rule(rule)`` from the same memo, without its JSON: the engine desugars every
    rule of every model it compiles (engine/program.py), and the models of a run share most of
    their rules (variants of classic), so the same statement objects come back for each, and
    what is kept per statement (engine/one_model.py) is found again."""
    return _made_alone(rule, _rule_core)


# The problems a statement made above has in a scope: the same statement objects come back
# from the memo for every model holding the rule, and most models a test run compiles name the
# same beans, phases and counters. Keyed by the statement's id (the entry holds the statement,
# so the id cannot be reused while kept) and the scope's names.
_CHECKED: dict[tuple[int, Any], tuple[Any, tuple[Any, ...]]] = {}


def _problems(statement: Any, scope: Scope, names: Any) -> tuple[Any, ...]:
    """The names `statement` leaves unresolved, each once: one sentence may stand for a node
    used in several places (a takeover passes its token in each branch), and the writer wrote
    the name once."""
    return per_object(_CHECKED, statement, names, lambda: tuple(dict.fromkeys(statement.check(scope))),
                      _MADE_LIMIT)


def _rule_core(rule: dict[str, Any]) -> tuple[tuple[Statement, ...], list[Any]]:
    statements = desugar_rule(rule)
    return statements, [s.to_json() for s in statements]


def _bean_core(bean: dict[str, Any]) -> tuple[tuple[Any, Any], Any]:
    """(the card, the card without its abilities, checked apart from them), its JSON."""
    made = card(bean)
    return (made, dataclasses.replace(made, abilities=())), made.to_json()


def _counter_owners(nodes: Any, per_player: dict[str, bool]) -> list[tuple[str, str]]:
    """A counter named with whose it is that the table keeps, or without that each player
    keeps: (message, hint) for each (the engine would have no number to read or add to)."""
    out = []
    for node in nodes:
        if node.NODE == "zone":
            continue
        if node.NODE == "pay":  # coins (resource None), or a counter each player has
            if node.resource is not None and per_player.get(node.resource) is False:
                out.append((f"counter '{node.resource}' is the table's: no player holds it to pay with",
                            f"counter {node.resource} per player"))
            continue
        if node.counter not in per_player:
            continue
        if per_player[node.counter] and node.player is None:
            out.append((f"counter '{node.counter}' is kept per player: say whose",
                        f"own {node.counter}, opponent {node.counter}, …"))
        elif not per_player[node.counter] and node.player is not None:
            out.append((f"counter '{node.counter}' is the table's, not a player's",
                        f"name it alone: {node.counter}"))
    return out


def _harvests_piles(statement: Any, declared: dict[str, tuple[bool, str]]) -> list[tuple[str, str]]:
    """A harvest of a declared zone that is not a field (a pile, a row): (message, hint) for
    each, as only a field grows one bean type that a beanometer pays."""
    out = []
    for node in statement.walk():
        field = getattr(node, "field", None) if node.NODE == "harvest" else None
        if field is not None and field.NODE == "zone" and declared.get(field.zone, (None, "field"))[1] != "field":
            out.append((f"{field.zone} is a {declared[field.zone][1]}: only a field is harvested",
                        f"zone {field.zone} is a field for the table, public"))
    return out


def _zone_owners(nodes: Any, declared: dict[str, tuple[bool, str]]) -> list[tuple[str, str]]:
    """A declared zone named as the table's that each player has, or with whose it is that the
    table has: (message, hint) for each (the engine would have no one pile to move cards of)."""
    out = []
    for node in nodes:
        each, kind = declared.get(node.zone, (None, "")) if node.NODE == "zone" else (None, "")
        if each is None or (node.owner is not None) == each:
            continue
        if each:
            out.append((f"{node.zone} is a {kind} of each player: say whose",
                        f"own {node.zone}, opponent {node.zone}, …"))
        else:
            out.append((f"{node.zone} is a {kind} for the table, not a player's", f"name it so: the {node.zone}"))
    return out
