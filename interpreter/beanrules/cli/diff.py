"""`beanrules diff A B`: compare two rulebooks rule by rule."""
from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "diff", help="compare two rulebooks rule by rule",
        description="Compile two specs and compare their rule models by stable rule id: rules and "
                    "beans only one of them has, rules whose kind, parameters or phase differ, beans "
                    "whose cards or beanometer differ, a different turn. Each difference shows where "
                    "both specs state it and what they cite. Wording and citations alone are not "
                    "differences. Exit 0 when the rulebooks agree, 1 when they differ or a spec has "
                    "errors, 2 for usage errors.")
    parser.add_argument("a", metavar="SPEC_A", help="the first spec (name or .bean path)")
    parser.add_argument("b", metavar="SPEC_B", help="the second spec (name or .bean path)")
    parser.add_argument("--json", action="store_true", help="print the comparison as one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..checks.diff import compare_models, render_text
    from ..diagnostics import SpecError
    from ..resolve.compiler import compile_spec

    models = []
    for name in (args.a, args.b):
        try:
            models.append(compile_spec(name, playable=False))  # a draft rulebook can be compared too
        except SpecError as exc:
            for diagnostic in exc.diagnostics:
                print(diagnostic.render(), file=sys.stderr)
            return 1
    result = compare_models(*models)
    if args.json:
        print(json.dumps({"a": result.a, "b": result.b, "identical": result.identical,
                          "same": result.same, "differences": [d.to_json() for d in result.differences]},
                         indent=2, ensure_ascii=False))
    else:
        print(render_text(result))
    return 0 if result.identical else 1
