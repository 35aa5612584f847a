"""The core: the small set of constructs the engine interprets, and only these.

Every sentence of the rules language is sugar that :mod:`beanrules.desugar` rewrites into core
statements (as Catala desugars its surface language). Each node is a frozen dataclass in one
registry (:data:`NODES`), with a JSON form, a ``check()`` of the names it uses and a
``to_text()`` in English. See docs/core.md.
"""
from __future__ import annotations

from . import actors, conditions, effects, places, quantities, statements, timing  # noqa: F401 (registers)
from .node import CATEGORIES, NODES, CoreError, Problem, Scope, from_json

__all__ = ["NODES", "CATEGORIES", "CoreError", "Problem", "Scope", "from_json", "category_of"]


def category_of(cls: type) -> list[str]:
    """The categories a node class belongs to (Num, Cond, …), in declaration order."""
    return [name for name, base in CATEGORIES.items() if issubclass(cls, base)]
