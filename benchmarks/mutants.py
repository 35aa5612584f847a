"""Single-operator mutants of a Python module, found and applied on its syntax tree.

Used by benchmarks/mutation.py. Only code inside functions and methods is mutated (what a test
suite can observe by calling it); class bodies, decorators, default values, annotations,
docstrings and f-strings are left alone. The operators:

    compare    `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`, `in` ↔ `not in`, `is` ↔ `is not`
    constant   an integer n → n + 1; True ↔ False
    boolean    `and` ↔ `or`; `not x` → `x`
    delete     a statement → `pass` (calls, stores into attributes or items, raise, break,
               continue, an `if` without else, an early bare `return`)
    return     `return X` → `return None`, or `return not (X)` when X is a truth value

A mutant is named by its site's index in a fixed walk of its function, so re-parsing the
source and walking again finds the same node: mutants are plain data that can cross processes.
"""
from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

_FLIP: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
                           ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn,
                           ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_SYMBOL: dict[type, str] = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
                            ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
                            ast.IsNot: "is not"}
# Statements whose removal changes behaviour rather than just leaving a name unbound.
_DELETABLE = (ast.Expr, ast.AugAssign, ast.Raise, ast.Break, ast.Continue, ast.Delete)


@dataclass(frozen=True)
class Mutant:
    module: str       # file name inside the package, e.g. "legal.py"
    function: str     # qualified name of the function or method, e.g. "Game.apply"
    site: int         # index of the site in the walk of that function
    line: int
    operator: str     # compare, constant, boolean, delete, return
    mutation: str     # what changes, e.g. "`<` → `<=`"
    code: str         # the source line, stripped
    key: str = ""     # stable name across edits elsewhere in the file (see enumerate_mutants)

    @property
    def where(self) -> str:
        return f"{self.module}:{self.line}"


@dataclass
class _Site:
    node: ast.AST
    operator: str
    mutation: str
    apply: Callable[[], None]


def functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(qualified name, node) of every module-level function and every method of a
    module-level class."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{item.name}", item


def _is_docstring(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str))


def _is_truth(node: ast.expr) -> bool:
    return (isinstance(node, (ast.Compare, ast.BoolOp)) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
            or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"any", "all", "bool"}))


def _set(parent: ast.AST, field: str, index: int | None, new: ast.AST) -> Callable[[], None]:
    def apply() -> None:
        if index is None:
            setattr(parent, field, new)
        else:
            getattr(parent, field)[index] = new
    return apply


def _sites(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[_Site]:
    """Every mutation site of one function, in a fixed order (depth first, source order)."""
    sites: list[_Site] = []

    def visit(node: ast.AST, parent: ast.AST | None, field: str, index: int | None) -> None:
        if isinstance(node, ast.JoinedStr):  # f-strings: messages, not behaviour
            return
        _node_sites(node, parent, field, index, sites)
        for child_field, value in ast.iter_fields(node):
            if child_field in {"decorator_list", "returns", "annotation"} or isinstance(value, ast.arguments):
                continue  # evaluated when the function is defined, or never
            if isinstance(value, list):
                for i, child in enumerate(value):
                    if isinstance(child, ast.AST):
                        visit(child, node, child_field, i)
            elif isinstance(value, ast.AST):
                visit(value, node, child_field, None)

    for i, stmt in enumerate(func.body):
        if i == 0 and _is_docstring(stmt):
            continue
        visit(stmt, func, "body", i)
    return sites


def _node_sites(node: ast.AST, parent: ast.AST | None, field: str, index: int | None,
                sites: list[_Site]) -> None:
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            def flip(node: ast.Compare = node, i: int = i, op: ast.cmpop = op) -> None:
                node.ops[i] = _FLIP[type(op)]()
            sites.append(_Site(node, "compare", f"`{_SYMBOL[type(op)]}` → `{_SYMBOL[_FLIP[type(op)]]}`", flip))
    elif isinstance(node, ast.Constant) and parent is not None:
        value = node.value
        if isinstance(value, bool):
            sites.append(_Site(node, "constant", f"`{value}` → `{not value}`",
                               _set(parent, field, index, ast.Constant(not value))))
        elif isinstance(value, int):
            # -n is `-` applied to n: n + 1 makes it -(n + 1), so say so
            sign = "-" if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub) else ""
            sites.append(_Site(node, "constant", f"`{sign}{value}` → `{sign}{value + 1}`",
                               _set(parent, field, index, ast.Constant(value + 1))))
    elif isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        names = {ast.And: "and", ast.Or: "or"}

        def swap(node: ast.BoolOp = node, other: type = other) -> None:
            node.op = other()
        sites.append(_Site(node, "boolean", f"`{names[type(node.op)]}` → `{names[other]}`", swap))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and parent is not None:
        sites.append(_Site(node, "boolean", "`not x` → `x`", _set(parent, field, index, node.operand)))
    if isinstance(node, ast.stmt) and parent is not None and index is not None:
        _statement_sites(node, parent, field, index, sites)


def _statement_sites(node: ast.stmt, parent: ast.AST, field: str, index: int, sites: list[_Site]) -> None:
    body = getattr(parent, field)
    last = index == len(body) - 1
    deletable = (isinstance(node, _DELETABLE) and not _is_docstring(node)) \
        or (isinstance(node, (ast.Assign, ast.AnnAssign))
            and all(isinstance(t, (ast.Attribute, ast.Subscript))
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))) \
        or (isinstance(node, ast.If) and not node.orelse) \
        or (isinstance(node, ast.Return) and node.value is None and not last)
    if deletable and not (len(body) == 1 and isinstance(node, ast.Expr) and _is_docstring(node)):
        sites.append(_Site(node, "delete", "statement deleted",
                           _set(parent, field, index, ast.copy_location(ast.Pass(), node))))
    if isinstance(node, ast.Return) and node.value is not None:
        value = node.value
        if isinstance(value, ast.Constant) and (value.value is None or isinstance(value.value, bool)):
            return  # None has nothing to change; a bool constant is the constant operator's
        if _is_truth(value):
            new = ast.UnaryOp(ast.Not(), value)
            mutation = "`return X` → `return not X`"
        else:
            new = ast.Constant(None)
            mutation = "`return X` → `return None`"

        def change(node: ast.Return = node, new: ast.expr = new) -> None:
            node.value = ast.copy_location(new, node.value) if node.value is not None else new
        sites.append(_Site(node, "return", mutation, change))


def enumerate_mutants(path: Path) -> list[Mutant]:
    """Every mutant of a module. The key (module, function, mutation, source line, and a
    number when the same change recurs on an identical line) does not change when other
    code moves, so a triage list can name mutants by it."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    out: list[Mutant] = []
    seen: Counter = Counter()
    for qualname, func in functions(ast.parse(source)):
        for site_index, site in enumerate(_sites(func)):
            line = getattr(site.node, "lineno", func.lineno)
            code = lines[line - 1].strip()
            base = f"{path.name}:{qualname}: {site.mutation} in `{code}`"
            seen[base] += 1
            key = base if seen[base] == 1 else f"{base} #{seen[base]}"
            out.append(Mutant(path.name, qualname, site_index, line, site.operator, site.mutation, code, key))
    return out


def mutated_tree(source: str, mutant: Mutant) -> ast.Module:
    """The module's tree with this one mutant applied."""
    tree = ast.parse(source)
    func = dict(functions(tree))[mutant.function]
    uses_class = any(isinstance(n, ast.Name) and n.id in ("super", "__class__") for n in ast.walk(func))
    sites = _sites(func)
    sites[mutant.site].apply()
    if uses_class:
        # A method calling super() closes over __class__; its mutant must keep that free
        # variable even when the call is deleted, or its code cannot replace the live one's.
        func.body.append(ast.parse("if False:\n    __class__").body[0])
    return ast.fix_missing_locations(tree)


def function_code(module_code, qualname: str):  # noqa: ANN001, ANN201  (code objects)
    """The code object of a module-level function or method inside a compiled module."""
    name, _, method = qualname.partition(".")
    for const in module_code.co_consts:
        if not hasattr(const, "co_name") or const.co_name != name:
            continue
        if not method:
            return const
        for inner in const.co_consts:  # a class body's code holds its methods' code
            if hasattr(inner, "co_name") and inner.co_name == method:
                return inner
    raise LookupError(f"no code for {qualname}")
