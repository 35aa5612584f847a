"""What one entry of the semantics table is (engine/semantics.py), so that a module that
compiles a node can keep the node's entry beside the compile function.

An entry names, for each role the node can play (an actor, a place, a quantity, a condition,
an effect), the one function that compiles it into a closure over the game state; or, for a
node the ruleset reads into the program, the functions that read it; or why the engine does
not run it. A module that keeps entries lists them in a module-level ``ENTRIES`` dict, a plain
value read by the table, which names every such module: nothing registers itself when it is
imported, so which compiler runs never depends on import order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..core.categories import Node

ROLES = ("actor", "place", "quantity", "condition", "effect")
"""What a compiled node is: who (a list of players), where (a zone's list of cards), how many,
whether, or what happens."""

Compiler = Callable[[Any], Any]


@dataclass(frozen=True)
class Semantics:
    """The meaning of one core node type: its compiler in each role it plays (a function of the
    node that returns a closure, or None for a shape it does not run), and, for a node the
    ruleset reads into the program instead, the functions that read it (dotted names)."""

    roles: Mapping[str, Compiler] = field(default_factory=dict)
    read_by: tuple[str, ...] = ()
    not_run: str | None = None  # why the engine refuses the node wherever it stands

    def __post_init__(self) -> None:
        unknown = set(self.roles) - set(ROLES)
        assert not unknown, f"unknown roles {unknown}"


def shapes(*compilers: Compiler) -> Compiler:
    """One node type compiled by the first of `compilers` that takes the node's shape."""
    def compile_shape(node: Node) -> Any:
        for compile_node in compilers:
            found = compile_node(node)
            if found is not None:
                return found
        return None
    compile_shape.shapes = compilers  # type: ignore[attr-defined]  (for docs and tests)
    return compile_shape


def run(**roles: Compiler) -> Semantics:
    """The entry of a node compiled to a closure, by role."""
    return Semantics(roles=roles)


def read(*by: str) -> Semantics:
    """The entry of a node the program reads (the dotted names of its readers)."""
    return Semantics(read_by=by)
