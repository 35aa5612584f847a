"""The machinery every core node shares: one registry, JSON in and out, name checks, text.

A core node is a frozen dataclass registered under a JSON name with :func:`core`. Its fields
are plain values (int, str, bool, None), other nodes, or tuples of them. Everything generic is
driven by the dataclass fields and the registry, never by a list kept by hand:

- ``to_json`` / :func:`from_json`: ``{"node": "move", "cards": {...}, "to": {...}}``;
- ``check(scope)``: every name a node uses (a bean, phase, zone, counter, token, card, or a
  name bound earlier by ``choose``) must exist; a field declares what it names with
  :func:`names`;
- ``to_text()``: the node in English, from its own ``text`` (a node describes itself whatever
  its parent, as Ludii's ``toEnglish``);
- the JSON Schema of the core (``core/schema.py``) from the field types.

A category (``Num``, ``Cond``, ``Actor``, ``Place``, ``Cards``, ``Timing``, ``Effect``,
``Statement``, …) is a plain base class; a field typed with a category accepts any node of it.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterator, Mapping, TypeVar

from ..diagnostics import did_you_mean

NODES: dict[str, type["Node"]] = {}
"""Every core node type by its JSON name: the one registry."""

CATEGORIES: dict[str, type["Node"]] = {}
"""Every category by its class name (Num, Cond, …)."""

# What a name may refer to; a field says which with names(...).
NAME_KINDS = ("bean", "phase", "zone", "counter", "token", "card", "bound")


class CoreError(ValueError):
    """A core form that is not well formed (unknown node, missing or unknown field)."""


@dataclass(frozen=True)
class Problem:
    """A name that does not resolve, found by check(); the desugarer places it at the
    sentence's span."""

    message: str
    suggestion: str | None = None


# Names only some statements bind, and which: the hint where one is read elsewhere.
BOUND_BY: Mapping[str, str] = {
    "cards": "'count of harvested cards' reads the cards a harvest took: only a step on a harvest "
             "('when a card is harvested:') or an ability 'when harvested' has them"}


@dataclass(frozen=True)
class Scope:
    """What names exist where a node is checked: the model's names by kind, and the names
    bound so far (by ``choose``, ``let``, ``exists`` or implicitly by a statement)."""

    known: Mapping[str, frozenset[str]]
    bound: frozenset[str] = frozenset()

    def with_bound(self, *names: str) -> "Scope":
        return Scope(self.known, self.bound | frozenset(n for n in names if n))

    def resolve(self, kind: str, name: str) -> Problem | None:
        pool = self.bound if kind == "bound" else self.known.get(kind, frozenset())
        if name in pool:
            return None
        what = "name" if kind == "bound" else kind
        hint = did_you_mean(name, sorted(pool))
        if kind == "zone" and not hint:
            hint = "zones: " + ", ".join(sorted(pool)) + "; declare one: zone NAME is a pile per player, owner sees"
        if kind == "bound" and name in BOUND_BY:
            hint = BOUND_BY[name]
        elif kind == "bound" and not hint:
            hint = ("choose it first: choose NAME from PLACE" if not pool
                    else "names bound here: " + ", ".join(sorted(pool)))
        return Problem(f"unknown {what} '{name}'", hint)


def names(kind: str, default: Any = dataclasses.MISSING) -> Any:
    """A field that holds a name (or names) of `kind`, checked by check()."""
    assert kind in NAME_KINDS
    if default is dataclasses.MISSING:
        return field(metadata={"names": kind})
    return field(default=default, metadata={"names": kind})


BIND_KINDS = ("player", "cards", "card", "field", "number")
"""What a bound name may hold: a player (a seat, in the engine's state), cards picked (a list of
beans: ``choose``, ``at-random``), the one card an action or event is about, a field, a number."""

GIVEN: Mapping[str, str] = {"player": "player", "partner": "player", "field": "field", "card": "card"}
"""What each name a rule binds by itself holds (a statement's ``IMPLICIT``, an auction's tied
bidder read as ``player``): the acting or scored player, a trade's partner, the field and the
card an action or event is about. Every name a node makes known below it is one of these or a
binds() field of the node (tests/core/test_nodes.py)."""


def binds(kind: str | None = None, *, like: str | None = None) -> Any:
    """A field that introduces a name for what follows (``choose NAME``), declaring what the
    name holds: `kind`, one of BIND_KINDS, or `like`, the field of the node whose values it
    takes one of (a for-each's ``among``: a player among players, a field among fields), so its
    kind is that field's category's (core/categories.py, ``bound_kinds``). The engine reads the
    declaration (a waiting decision keeps the players it binds by name: engine/decisions.py),
    so a new node that binds a player needs no edit elsewhere."""
    assert (kind is None) != (like is None), "binds() takes a kind or the field it is like"
    assert kind is None or kind in BIND_KINDS, f"unknown kind {kind!r}"
    return field(metadata={"binds": kind or ("like", like)})


class Node:
    """Base of every core node. Subclasses are frozen dataclasses made with @core(name)."""

    NODE: ClassVar[str] = ""
    # Names a node makes visible to its own children (e.g. a statement's acting player).
    IMPLICIT: ClassVar[tuple[str, ...]] = ()
    DOC: ClassVar[str] = ""

    # -------------------------------------------------------------- structure
    # These run millions of times in a test run (every compile walks every statement several
    # times), so they read the field names once per class and walk with a stack, not with
    # nested generators (``yield from`` costs a frame per level for every node yielded).
    def fields(self) -> Iterator[tuple[dataclasses.Field, Any]]:
        for f in _fields_of(type(self)):
            yield f, getattr(self, f.name)

    def children(self) -> list["Node"]:
        """The nodes directly below this one, in field order."""
        out: list[Node] = []
        for name in _names_of(type(self)):
            value = getattr(self, name)
            if type(value) is tuple:
                out.extend(item for item in value if isinstance(item, Node))
            elif isinstance(value, Node):
                out.append(value)
        return out

    def walk(self) -> Iterator["Node"]:
        """This node and every node below it, depth first."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            below = node.children()
            if below:
                below.reverse()
                stack.extend(below)

    def bound_names(self) -> tuple[str, ...]:
        """Names this node binds for the steps after it (choose, let)."""
        return tuple(v for v in (getattr(self, name) for name in _binding_of(type(self))) if v)

    # -------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"node": self.NODE}
        for name in _names_of(type(self)):
            out[name] = _json_value(getattr(self, name))
        return out

    # -------------------------------------------------------------- checks
    def check(self, scope: Scope) -> list[Problem]:
        """Every name this node and its children use resolves in `scope`."""
        problems: list[Problem] = []
        binding = self.IMPLICIT + self.bound_names()
        inner = scope.with_bound(*binding) if binding else scope
        for name, kind in _checked_of(type(self)):
            value = getattr(self, name)
            values = value if type(value) is tuple else (value,)
            if kind:
                for item in values:
                    if isinstance(item, str):
                        found = (inner if kind == "bound" else scope).resolve(kind, item)
                        if found:
                            problems.append(found)
            for item in values:
                if isinstance(item, Node):
                    problems += item.check(inner)
        return problems

    # -------------------------------------------------------------- text
    def text(self) -> str:  # pragma: no cover - every registered node overrides it (tested)
        return f"<{self.NODE}>"

    def to_text(self) -> str:
        """The node in English (a statement as a sentence, anything else as a phrase)."""
        return self.text()


@functools.cache
def _fields_of(cls: type) -> tuple[dataclasses.Field, ...]:
    """A node class's fields, looked up once (dataclasses.fields is slow in hot loops)."""
    return dataclasses.fields(cls)


@functools.cache
def _names_of(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in _fields_of(cls))


@functools.cache
def _checked_of(cls: type) -> tuple[tuple[str, str | None], ...]:
    """Each field of a node class with the kind of name it holds (None: no name)."""
    return tuple((f.name, f.metadata.get("names")) for f in _fields_of(cls))


@functools.cache
def _binding_of(cls: type) -> tuple[str, ...]:
    """The fields of a node class that bind a name (binds())."""
    return tuple(f.name for f in _fields_of(cls) if f.metadata.get("binds"))


def _json_value(value: Any) -> Any:
    if isinstance(value, Node):
        return value.to_json()
    if type(value) is tuple:
        return [_json_value(v) for v in value]
    return value


N = TypeVar("N", bound=type[Node])


def core(name: str) -> Callable[[N], N]:
    """Register a node class under its JSON name and make it a frozen dataclass."""
    def register(cls: N) -> N:
        if name in NODES:
            raise AssertionError(f"core node '{name}' registered twice")
        made = dataclass(frozen=True)(cls)
        made.NODE = name
        NODES[name] = made
        return made
    return register


def category(cls: N) -> N:
    """Mark a base class as a category of nodes (a field typed with it takes any of them)."""
    CATEGORIES[cls.__name__] = cls
    return cls


def from_json(data: Any, where: str = "") -> Any:
    """A core node (or a list of them) from its JSON form; CoreError says where it is wrong."""
    if isinstance(data, list):
        return tuple(from_json(item, f"{where}/{i}") for i, item in enumerate(data))
    if not isinstance(data, dict):
        return data
    kind = data.get("node")
    cls = NODES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        hint = did_you_mean(str(kind), sorted(NODES))
        raise CoreError(f"at {where or '/'}: unknown core node {kind!r}" + (f"; {hint}" if hint else ""))
    wanted = {f.name for f in dataclasses.fields(cls)}
    given = set(data) - {"node"}
    if given - wanted or wanted - given:
        parts = [f"unknown {', '.join(sorted(given - wanted))}" if given - wanted else "",
                 f"missing {', '.join(sorted(wanted - given))}" if wanted - given else ""]
        raise CoreError(f"at {where or '/'}: {kind}: " + "; ".join(p for p in parts if p))
    return cls(**{k: from_json(v, f"{where}/{k}") for k, v in data.items() if k != "node"})
