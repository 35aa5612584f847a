"""A memo that lasts while one rule model is compiled for the engine, and no longer.

Compiling a Ruleset desugars every rule, resolves its by-players values and makes every card's
abilities for its player count, and several steps asked for the same again (the abilities
players use, the triggers and the lasting constraints each made every card's abilities anew;
the phases that wait for a decision resolved the whole program again); the check that a spec
plays (resolve/playable.py) compiles a Ruleset for every player count, desugaring every rule
and walking every statement each time. Inside :func:`scope` each is made once: the rules'
statements, the program per player count, the abilities per count, the kinds of node a tree
holds. The memo is keyed by the identity of the model
or rule it was made from, which is sound only while nothing changes them: so it lives only
for the length of a compile (the model is not changed while it is compiled) and is dropped
when the outermost scope ends. Outside a scope nothing is kept by :func:`made_once`.

What depends on one node object alone (the kinds of node a tree holds, what the engine reads of
a statement, a node resolved for a player count, the closure an effect or condition compiles
to) is kept for the process instead, by :func:`of_node`: nodes never change, and the
statements of a rule are the same objects in every model that holds the rule.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Hashable, Iterator

from ..memo import per_object

_MEMO: dict[tuple[str, int, Hashable], tuple[Any, Any]] | None = None


@contextmanager
def scope() -> Iterator[None]:
    """Keep what is made by :func:`made_once` until this (outermost) scope ends."""
    global _MEMO
    if _MEMO is not None:  # nested: the outer scope keeps and drops the memo
        yield
        return
    _MEMO = {}
    try:
        yield
    finally:
        _MEMO = None


def made_once(what: str, source: Any, extra: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, or what it gave before in this scope for the same `what`, `source` object
    and `extra`. The memo holds `source`, so its identity cannot pass to another object while
    kept; nothing may change `source` for the length of the scope."""
    if _MEMO is None:
        return make()
    key = (what, id(source), extra)
    if key not in _MEMO:
        _MEMO[key] = (source, make())
    return _MEMO[key][1]


# What is made of one node and nothing else, kept in the process: a node is a frozen dataclass,
# so what it holds or reads as never changes, and the statements of a rule are the same objects
# in every model holding it (desugar.rule_statements), so a test run's models, mostly variants
# of classic, find what was made for their shared rules. Keyed by the node's id; the entry holds
# the node, so its id cannot pass to another object while kept.
_PER_NODE: dict[tuple[int, Hashable], tuple[Any, Any]] = {}
_PER_NODE_LIMIT = 32768  # entries: more than a test run's models make (memo.py: the oldest goes)


def of_node(what: str, node: Any, extra: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, which must depend on `node` (and `extra`) alone, made once per node object."""
    return per_object(_PER_NODE, node, (what, extra), make, _PER_NODE_LIMIT)


def holds(node: Any, kind: type) -> bool:
    """Whether `node` or a node below it is a `kind`. The kinds a tree holds are gathered in one
    walk and kept: a statement no player count changes is the same object at every count and
    in every model with its rule, so the steps that look for the opponent, a lasting constraint
    or a by-players value do not walk it again for each count or model."""
    def answer() -> bool:
        found = of_node("kinds", node, None, lambda: frozenset(type(n) for n in node.walk()))
        return any(issubclass(k, kind) for k in found)
    return of_node("holds", node, kind, answer)


def condition_holds(statement: Any, kind: type) -> bool:
    """Whether the statement has a condition and it holds a `kind` (what a planting guard's
    condition weighs: permissions.weighs_types, plant_verdict's fields of the table)."""
    condition = statement.condition
    return condition is not None and holds(condition, kind)
