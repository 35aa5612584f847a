"""The layers import downward (docs/architecture.md): the stages before the rule model know
nothing of how a game is played, the engine knows nothing of the commands, docs or cases that
use it, and the engine's import cycles only shrink.

The cycle bounds are a ratchet, not a goal: the issue "One semantics" ends with an engine whose
modules import each other without a cycle. Lower a bound when a change breaks a cycle; a change
that grows one fails here and says which modules it joined."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "interpreter" / "beanrules"

# The largest strongly connected set of modules that import each other, per package, and how
# many such sets there are, today.
LARGEST_CYCLE = {"engine": 28, "kernel": 16}
CYCLES = {"engine": 1, "kernel": 1}


def _imports(path: Path, package: str) -> set[str]:
    """The modules of the same package `path` imports (at the top or inside a function)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def _graph(package: str) -> dict[str, set[str]]:
    modules = {p.stem: p for p in (PACKAGE / package).glob("*.py")}
    return {name: _imports(path, package) & set(modules) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(members)
    return found


def test_the_cycle_finder_finds_a_cycle_and_no_false_one():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", sorted(LARGEST_CYCLE))
def test_import_cycles_do_not_grow(package):
    cycles = _cycles(_graph(package))
    largest = max(cycles, key=len, default=set())
    assert len(largest) <= LARGEST_CYCLE[package], \
        f"{package}/: {len(largest)} modules import each other in a cycle: {sorted(largest)}"
    assert len(cycles) <= CYCLES[package], \
        f"{package}/: {len(cycles)} sets of modules import each other: {[sorted(c) for c in cycles]}"


def _package_imports(package: str) -> set[str]:
    """The sibling packages of beanrules that `package` imports from."""
    found: set[str] = set()
    for path in (PACKAGE / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2 and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.level >= 2:
                found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("package", ["syntax", "desugar", "core", "model"])
def test_the_stages_before_the_rule_model_know_nothing_of_play(package):
    assert not _package_imports(package) & {"engine", "kernel"}


@pytest.mark.parametrize("package", ["engine", "kernel"])
def test_the_engine_knows_nothing_of_its_users(package):
    assert not _package_imports(package) & {"cli", "docs", "conformance", "checks", "envs"}
