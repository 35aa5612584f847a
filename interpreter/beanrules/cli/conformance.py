"""``beanrules conformance [PATH…] [--spec SPEC | --rulebook NAME] [--json]``: run the conformance cases.

Prints a table per rulebook (cases, passed, failed), then every failure with its case,
citation, step and expected against actual, then the suite's total time. With ``--spec``
the cases run on the model compiled from that spec (a name or a .bean path): its own cases
and those of every spec it extends or translates. Exit 1 on any failure, broken case file,
or when no engine is there to run the cases; 2 for an unknown spec or a missing path.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the runner is imported only when the command runs
    from ..conformance import SuiteResult


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "conformance", help="run the conformance cases against the engine",
        description="Run the conformance cases (YAML files under conformance/) against the engine. "
                    "With --spec, run the cases that hold for one spec on the model compiled from it: "
                    "its own and those of every spec it extends or translates.")
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="case files or directories (default: the whole suite, and with --spec "
                             "also the spec's own folder)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--spec", metavar="SPEC",
                       help="run the cases of this spec (a name or a .bean path) on the model compiled from it")
    which.add_argument("--rulebook", metavar="NAME", help="the same as --spec NAME (classic, translations/es, …)")
    parser.add_argument("--json", action="store_true", help='print {"rulebooks": {NAME: {cases, passed, failed}}, '
                        '"changed_by_variant": [...], "seconds": S}')
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..conformance import SuiteResult, discover, engine_problem, run_files
    from ..paths import conformance_dir

    missing = [p for p in args.paths if not p.exists()]
    if missing:
        print(f"beanrules conformance: no such file or directory: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    spec = args.spec or args.rulebook
    changed: list[str] = []
    if spec is None:
        suite = run_files(discover(args.paths or [conformance_dir()]))
    else:
        import time

        from ..conformance.binding import bind
        from ..conformance.inheritance import broken_outcomes, run_binding
        began = time.perf_counter()
        binding = bind(spec, only=args.paths or None)
        if binding is None:
            from ..resolve.compiler import list_specs
            print(f"beanrules conformance: unknown rulebook '{spec}' (known: {', '.join(list_specs())}, "
                  "or a path to a .bean file)", file=sys.stderr)
            return 2
        outcomes = run_binding(binding) + broken_outcomes(binding.broken)
        changed = [o.explain() for o in outcomes if o.status == "changed"]
        results = [o.result for o in outcomes if o.status != "changed" and o.result is not None]
        suite = SuiteResult(results, time.perf_counter() - began)
    if args.json:
        print(json.dumps({"rulebooks": suite.summary(), "changed_by_variant": changed,
                          "seconds": round(suite.seconds, 3)}, indent=2))
    else:
        _print(suite, engine_problem(), changed)
    return 0 if suite.ok and (suite.results or changed) else 1


def _print(suite: "SuiteResult", problem: str | None, changed: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    failures = [r for r in suite.results if r.status in ("failed", "error")]
    for result in failures:
        console.print(f"[bold red]{result.status.upper()}[/] ", end="")
        console.print(result.explain(), markup=False, soft_wrap=True)
        console.print()
    for line in changed:
        console.print("[yellow]CHANGED BY THE VARIANT[/] ", end="")
        console.print(line, markup=False, soft_wrap=True)
    table = Table(title="Conformance", title_justify="left")
    for column in ("rulebook", "cases", "passed", "failed", "skipped"):
        table.add_column(column, justify="left" if column == "rulebook" else "right")
    for spec, row in sorted(suite.summary().items()):
        failed = str(row["failed"])
        table.add_row(spec, str(row["cases"]), str(row["passed"]),
                      f"[red]{failed}[/]" if row["failed"] else failed, str(row.get("skipped", 0)))
    console.print(table)
    if changed:
        console.print(f"{len(changed)} inherited case(s) changed by the variant (not failures)")
    if problem:
        console.print(f"[yellow]cases skipped: {problem}[/]")
    if not suite.results and not changed:
        console.print("[yellow]no cases found[/]")
    console.print(f"suite time: {suite.seconds:.2f} s")
