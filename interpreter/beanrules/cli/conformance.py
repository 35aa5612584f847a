"""``beanrules conformance [PATH…] [--rulebook NAME] [--json]``: run the conformance cases.

Prints a table per rulebook (cases, passed, failed), then every failure with its case,
citation, step and expected against actual, then the suite's total time. Exit 1 on any
failure, broken case file, or when no engine is there to run the cases.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the runner is imported only when the command runs
    from ..conformance import SuiteResult


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "conformance", help="run the conformance cases against the engine",
        description="Run the conformance cases (YAML files under conformance/) against the engine.")
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                        help="case files or directories (default: the whole suite)")
    parser.add_argument("--rulebook", metavar="NAME", help="only the cases of this spec (classic, translations/es, …)")
    parser.add_argument("--json", action="store_true", help='print {"rulebooks": {NAME: {cases, passed, failed}}}')
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..conformance import discover, engine_problem, run_files
    from ..paths import conformance_dir

    roots = args.paths or [conformance_dir()]
    missing = [p for p in roots if not p.exists()]
    if missing:
        import sys
        print(f"beanrules conformance: no such file or directory: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    suite = run_files(discover(roots), spec=args.rulebook)
    if args.json:
        print(json.dumps({"rulebooks": suite.summary(), "seconds": round(suite.seconds, 3)}, indent=2))
    else:
        _print(suite, engine_problem())
    return 0 if suite.ok and suite.results else 1


def _print(suite: "SuiteResult", problem: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    failures = [r for r in suite.results if r.status in ("failed", "error")]
    for result in failures:
        console.print(f"[bold red]{result.status.upper()}[/] ", end="")
        console.print(result.explain(), markup=False, soft_wrap=True)
        console.print()
    table = Table(title="Conformance", title_justify="left")
    for column in ("rulebook", "cases", "passed", "failed", "skipped"):
        table.add_column(column, justify="left" if column == "rulebook" else "right")
    for spec, row in sorted(suite.summary().items()):
        failed = str(row["failed"])
        table.add_row(spec, str(row["cases"]), str(row["passed"]),
                      f"[red]{failed}[/]" if row["failed"] else failed, str(row.get("skipped", 0)))
    console.print(table)
    if problem:
        console.print(f"[yellow]cases skipped: {problem}[/]")
    if not suite.results:
        console.print("[yellow]no cases found[/]")
    console.print(f"suite time: {suite.seconds:.2f} s")
