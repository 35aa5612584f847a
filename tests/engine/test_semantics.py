"""One table says what every core node means to the engine (engine/semantics.py): each node
type has one entry, the evaluator compiles by it alone, and every compiler it lists for a
node's shapes is the one that takes some node of a shipped spec or variant (none is shadowed
by another, as import order once shadowed engine/effects.py's swap)."""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest

from beanrules import compile_spec, list_specs
from beanrules.core.actors import Bound
from beanrules.core.categories import Node
from beanrules.core.effects import EndGame, Swap
from beanrules.core.node import NODES, from_json
from beanrules.core.places import Zone
from beanrules.core.quantities import Number
from beanrules.engine import Game, UnsupportedRule
from beanrules.engine import evaluate, semantics
from beanrules.engine.errors import IllegalAction
from by_name import seat, zone_of

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted(p for p in (ROOT / "conformance").rglob("*.bean"))


def test_every_core_node_type_has_exactly_one_entry():
    assert set(semantics.SEMANTICS) == set(NODES.values())
    for node_type, entry in semantics.SEMANTICS.items():
        assert entry.roles or entry.read_by or entry.not_run, f"{node_type.NODE} says nothing"
        assert not (entry.not_run and (entry.roles or entry.read_by)), f"{node_type.NODE}: run and not run"


def test_an_entry_kept_beside_its_compile_function_is_the_table_s():
    """A module named in BESIDE keeps its nodes' entries beside its functions (its ENTRIES): the
    table holds them as they are, and the module's own compile function is what runs."""
    for module in semantics.BESIDE:
        assert module.ENTRIES, f"{module.__name__} is named in BESIDE but keeps no entries"
        for node_type, entry in module.ENTRIES.items():
            assert semantics.SEMANTICS[node_type] is entry
            assert all(fn.__module__ == module.__name__ for fn in entry.roles.values()), node_type.NODE
    assert evaluate.number(Number(3))(None, {}) == 3  # evaluate.constant, from evaluate.ENTRIES


def test_a_node_given_two_entries_is_refused():
    """One registry: a node type that has an entry in the table and one beside its function
    (or in two modules) is an error when the table is made, naming the node and the module."""
    twice = ModuleType("beanrules.engine.twice")
    twice.ENTRIES = {Number: semantics.Semantics(not_run="twice")}  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="core node 'number' has two semantics entries .*beanrules.engine.twice"):
        semantics._merged(semantics._TABLE, semantics.BESIDE + (twice,))


def test_every_reader_the_table_names_exists():
    for node_type, entry in semantics.SEMANTICS.items():
        for dotted in entry.read_by:
            module, _, name = dotted.rpartition(".")
            try:
                found = importlib.import_module(f"beanrules.{dotted}")
            except ModuleNotFoundError:
                found = getattr(importlib.import_module(f"beanrules.{module}"), name)
            assert found is not None, f"{node_type.NODE}: {dotted}"


def test_the_evaluator_compiles_by_the_table_alone(monkeypatch):
    """Replacing an entry changes what the evaluator compiles: nothing else is asked."""
    marker = object()
    monkeypatch.setitem(semantics.SEMANTICS, Number, semantics.Semantics(roles={"quantity": lambda n: marker}))
    assert evaluate.number(Number(3)) is marker
    monkeypatch.setitem(semantics.SEMANTICS, Number, semantics.Semantics())
    with pytest.raises(UnsupportedRule, match="core quantity 'number'"):
        evaluate.number(Number(3))


def test_a_node_the_engine_does_not_run_is_refused_in_every_role():
    node = EndGame()
    with pytest.raises(UnsupportedRule, match="core effect 'end-game'"):
        evaluate.effect(node)


def test_swap_exchanges_two_hands_through_the_one_swap():
    """The one swap (hand_effects.swap) runs: card 03 of Kannibohne's kind of effect."""
    model = compile_spec("classic")
    game = Game.from_partial(model, ["Anna", "Greg", "Natalie"],
                             {"hands": {"Anna": ["red", "soy"], "Greg": ["blue"]}, "active": "Anna"})
    run = evaluate.effect(Swap(Zone("hand", Bound("a")), Zone("hand", Bound("b"))))
    events: list = []
    run(game.state, game.ruleset, {"a": seat(game.state, "Anna"), "b": seat(game.state, "Greg")}, events)
    assert zone_of(game.state, "hands", "Anna") == ["blue"] and zone_of(game.state, "hands", "Greg") == ["red", "soy"]
    assert events and events[0]["event"] == "swapped"


# ------------------------------------------------------------------ no shape shadowed
def _nodes(data: Any) -> Iterator[Node]:
    """Every core node in a compiled model (rules, cards and their abilities)."""
    if isinstance(data, dict):
        if isinstance(data.get("node"), str) and data["node"] in NODES:
            try:
                yield from from_json(data).walk()
            except Exception:  # not a core node after all (a plain field named "node")
                pass
            return
        for value in data.values():
            yield from _nodes(value)
    elif isinstance(data, list):
        for value in data:
            yield from _nodes(value)


def _taker(compilers: tuple, node: Node) -> Any:
    """The first of a node type's shape compilers that takes `node` (raising counts: it refuses
    the shape by name, and no later compiler is asked)."""
    for compile_node in compilers:
        try:
            if compile_node(node) is not None:
                return compile_node
        except (UnsupportedRule, IllegalAction, KeyError, AttributeError, TypeError, IndexError):
            return compile_node
    return None


def _models() -> Iterator[dict]:
    for name in list_specs():
        yield compile_spec(name)
    for path in VARIANTS:
        try:
            yield compile_spec(str(path))
        except Exception:  # a variant that is refused on purpose (conformance/variants/refused…)
            continue


def test_every_shape_compiler_takes_some_node_of_a_shipped_spec():
    shaped = {(t, role): fn.shapes for t, e in semantics.SEMANTICS.items()
              for role, fn in e.roles.items() if hasattr(fn, "shapes")}
    assert shaped, "the table lists no node compiled by shape"
    taken: dict[tuple, set] = {key: set() for key in shaped}
    seen: set = set()  # nodes by value: an id() could be reused once a model's nodes are freed
    for model in _models():
        players = model["players"]["min"]
        for node in _nodes(model):
            if node in seen or (type(node), "effect") not in shaped and \
                    not any((type(node), r) in shaped for r in semantics.ROLES):
                continue
            seen.add(node)
            node = evaluate.for_players(node, players)
            for role in semantics.ROLES:
                if (type(node), role) in shaped:
                    taken[(type(node), role)].add(_taker(shaped[(type(node), role)], node))
    for (node_type, role), compilers in shaped.items():
        unreached = [f"{c.__module__}.{c.__qualname__}" for c in compilers if c not in taken[(node_type, role)]]
        assert not unreached, f"'{node_type.NODE}' as {role}: no shipped node reaches {unreached}"
