"""The layers import downward (docs/architecture.md): the stages before the rule model know
nothing of how a game is played, the engine knows nothing of the commands, docs or cases that
use it, and neither the engine's modules nor the kernel's import each other in a cycle.

An import inside a function counts as one at the top: moving an import into a function to
dodge a cycle leaves the cycle where it was. A change that makes one fails here and says which
modules it joined."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "interpreter" / "beanrules"

# The largest strongly connected set of modules that import each other, per package, and how
# many such sets there are: none in either (the kernel's last, machine, fast, moves and lasting,
# went when the action tuples' kinds moved to kernel/actions.py and the machine handed lasting
# its listing).
LARGEST_CYCLE = {"engine": 0, "kernel": 0}
CYCLES = {"engine": 0, "kernel": 0}


def _imports(path: Path, package: str) -> set[str]:
    """The modules of `package` that `path`, one of its modules, imports: at the top or inside a
    function, relatively (``from .x import``, ``from . import x``, ``from ..engine import x``) or
    by the absolute name (``from beanrules.engine.x import``, ``import beanrules.engine.x``)."""
    own = f"beanrules.{package}"
    found: set[str] = set()

    def add(module: str, names: list[str]) -> None:
        if module == own:
            found.update(names)  # from . import x: x may be a module of the package
        elif module.startswith(own + "."):
            found.add(module[len(own) + 1:].split(".")[0])

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = own.split(".")[:len(own.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            add(module, [alias.name for alias in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, [])
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


def test_an_import_counts_wherever_it_stands_and_however_it_is_spelled(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("from . import a, b as c\nfrom .d.e import f\nfrom ..engine import g\n"
                      "from ..kernel import h\nimport beanrules.engine.i\nfrom os import path\n\n\n"
                      "def late():\n    from beanrules.engine.j import k\n", encoding="utf-8")
    assert _imports(module, "engine") == {"a", "b", "d", "g", "i", "j"}


def test_the_engine_imports_without_a_cycle():
    """The engine's modules stand in layers (docs/architecture.md, "The engine's layers"): each
    imports only modules below it, so each can be read, and changed, knowing only those."""
    assert _cycles(_graph("engine")) == []


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


def _documented_layers() -> dict[str, int]:
    """Each engine module's row in docs/architecture.md's table "The engine's layers", from 0
    at the ground."""
    text = (PACKAGE.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("## The engine's layers", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| layer")]
    return {name: i for i, row in enumerate(rows) for name in re.findall(r"`(\w+)`", row.split("|")[2])}


def test_the_documented_layers_are_the_code_s():
    """docs/architecture.md names every module of the engine in one layer, and no module imports
    one that the table places above it."""
    layer = _documented_layers()
    graph = _graph("engine")
    assert set(layer) == set(graph) - {"__init__"}
    upward = [(module, imported) for module, imports in graph.items() if module in layer
              for imported in imports if layer[imported] > layer[module]]
    assert upward == []
