"""`beanrules check [SPEC…]`: compile specs and report every problem found."""
from __future__ import annotations

import argparse
import json
import os
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check", help="check specs for errors (default: every shipped spec)",
        description="Compile each spec (parse, resolve extends/translates, check names, player "
                    "counts and citations, validate the rule model, and reject what the engine could "
                    "not play to its end as written: what checks, plays) and report every error and "
                    "warning with file:line:column, quoting the spec line (coloured when printing to a "
                    "terminal). Exit 0 when all are clean, 1 when any has errors.")
    parser.add_argument("specs", nargs="*", metavar="SPEC",
                        help="spec names (classic, translations/es, …) or .bean paths; default: all shipped specs")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems, not the clean specs")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import SpecError, count
    from ..lexer import highlight_for_terminal
    from ..text import escape_controls
    from ..resolve.compiler import compile_with_warnings, list_specs

    names = args.specs or list_specs()
    results = {}
    failed = 0
    for name in names:
        try:
            model, diagnostics = compile_with_warnings(name)
            ok = True
        except SpecError as exc:
            diagnostics, ok = exc.diagnostics, False
        failed += not ok
        results[name] = {"ok": ok, "diagnostics": diagnostics,
                         "rules": len(model["rules"]) if ok else None,
                         "beans": len(model["beans"]) if ok else None}
    if args.json:
        print(json.dumps({"specs": {n: {**r, "diagnostics": [d.to_json() for d in r["diagnostics"]]}
                                    for n, r in results.items()}, "failed": failed}, indent=2,
                         ensure_ascii=False))
        return 1 if failed else 0
    # Colour the quoted spec lines only for a person at a terminal (and not under NO_COLOR).
    colour = highlight_for_terminal if sys.stdout.isatty() and not os.environ.get("NO_COLOR") else None
    for name, result in results.items():
        for diagnostic in result["diagnostics"]:
            print(diagnostic.render(colour))
        if result["ok"] and not args.quiet:
            warnings = count(result["diagnostics"], "warning")
            extra = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
            print(f"ok    {escape_controls(name)}: {result['rules']} rules, {result['beans']} beans{extra}")
        elif not result["ok"]:
            errors = count(result["diagnostics"], "error")
            print(f"FAIL  {escape_controls(name)}: {errors} error{'s' * (errors != 1)}")
    print(f"{len(names) - failed} of {len(names)} specs clean")
    return 1 if failed else 0
