"""A sample instance of every core node, built from its field types alone, so a new node is
covered by the generic tests the moment it is registered."""
from __future__ import annotations

import dataclasses
import sys
import typing

from beanrules.core import NODES, Scope
from beanrules.core.actors import ActivePlayer
from beanrules.core.categories import Node
from beanrules.core.conditions import Always
from beanrules.core.effects import EndGame
from beanrules.core.node import CATEGORIES
from beanrules.core.places import CardsIn, Zone
from beanrules.core.quantities import BeanList, Number, PlayersCase
from beanrules.core.statements import Winner
from beanrules.core.timing import AnyTime

SCOPE = Scope({"bean": frozenset({"blue", "stink"}), "card": frozenset({"blue", "stink"}),
               "phase": frozenset({"plant", "draw"}), "zone": frozenset({"deck", "hand", "offer"}),
               "counter": frozenset({"thalers"}), "token": frozenset({"thaler"})},
              frozenset({"player", "field", "card", "x"}))
NAME_FOR = {"bean": "blue", "card": "blue", "phase": "plant", "zone": "deck", "counter": "thalers",
            "token": "thaler", "bound": "x"}
BY_CATEGORY = {
    "Num": Number(2), "Cond": Always(), "Actor": ActivePlayer(), "Place": Zone("deck", None),
    "Cards": CardsIn(Zone("deck", None), "top", Number(1), False, None), "Timing": AnyTime(),
    "Effect": EndGame(), "Statement": Winner(True), "Case": PlayersCase(3, 4, Number(1)),
    "BeanSet": BeanList(("blue",)),
}


def _value(hint, kind: str | None):
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return typing.get_args(hint)[0]
    if origin in (typing.Union, __import__("types").UnionType):
        choices = [a for a in typing.get_args(hint) if a is not type(None)]
        return _value(choices[0], kind)
    if origin is tuple:
        return (_value(typing.get_args(hint)[0], kind),)
    if hint is bool:
        return True
    if hint is int:
        return 1
    if hint is str:
        return NAME_FOR[kind] if kind else "x"
    return BY_CATEGORY[hint.__name__]


def sample(cls: type[Node]) -> Node:
    space = {**vars(typing), **vars(sys.modules[cls.__module__]), **CATEGORIES}
    values = {}
    for f in dataclasses.fields(cls):
        hint = eval(f.type, space) if isinstance(f.type, str) else f.type
        values[f.name] = _value(hint, f.metadata.get("names"))
    return cls(**values)


def all_samples() -> dict[str, Node]:
    return {name: sample(cls) for name, cls in NODES.items()}


