"""`beanrules check [SPEC…]`: compile specs and report every problem found."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "check", help="check specs for errors (default: every shipped spec)",
        description="Compile each spec (parse, resolve extends/translates, check names, player "
                    "counts and citations, validate the rule model, and reject what the engine could "
                    "not play to its end as written: what checks, plays) and report every error and "
                    "warning with file:line:column, quoting the spec line (coloured when printing to a "
                    "terminal). A translation that restates a value differently from its original is "
                    "an error; a rule it leaves out that its own text states, a warning. With "
                    "--sources, every quoted citation and 'says' text is looked up in the source "
                    "files, and so is every conformance case's citation (all shipped cases, or "
                    "those of the SPECs named). Exit 0 when all are clean, 1 when any has errors.")
    parser.add_argument("specs", nargs="*", metavar="SPEC",
                        help="spec names (classic, translations/es, …) or .bean paths; default: all shipped specs")
    parser.add_argument("--sources", type=Path, metavar="DIR",
                        help="folder of the source texts (e.g. shared/rulebooks): find every quoted "
                             "§ text and says text in its source file and every cited section; a "
                             "miss is a warning that names both texts. Also looks up the "
                             "conformance cases' citations: every shipped case with no SPEC, "
                             "else the cases that run on the SPECs")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems, not the clean specs")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..checks.citations import check_citations
    from ..checks.translation import review
    from ..diagnostics import SpecError, count
    from ..lexer import highlight_for_terminal
    from ..text import escape_controls
    from ..resolve.compiler import compile_with_warnings, list_specs

    if args.sources is not None and not args.sources.is_dir():
        print(f"beanrules check: --sources: no such folder: {args.sources}", file=sys.stderr)
        return 2
    names = args.specs or list_specs()
    results = {}
    failed = 0
    for name in names:
        try:
            model, diagnostics = compile_with_warnings(name)
            diagnostics = review(name, model, diagnostics)
            if args.sources is not None:
                diagnostics += check_citations(model, args.sources)
            ok = not any(d.severity == "error" for d in diagnostics)
        except SpecError as exc:
            model, diagnostics, ok = None, exc.diagnostics, False
        failed += not ok
        results[name] = {"ok": ok, "diagnostics": diagnostics,
                         "rules": len(model["rules"]) if model else None,
                         "beans": len(model["beans"]) if model else None}
    # The conformance cases' own citations (checks/case_citations.py): warnings, never a failure.
    cases = None
    if args.sources is not None:
        from ..checks.case_citations import review_shipped, summary
        cases = review_shipped(args.sources, args.specs)
    if args.json:
        print(json.dumps({"specs": {n: {**r, "diagnostics": [d.to_json() for d in r["diagnostics"]]}
                                    for n, r in results.items()}, "failed": failed,
                          **({"cases": cases.to_json()} if cases is not None else {})}, indent=2,
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
    if cases is not None:
        for diagnostic in cases.diagnostics:
            print(diagnostic.render())
        print(summary(cases))
    print(f"{len(names) - failed} of {len(names)} specs clean")
    return 1 if failed else 0
