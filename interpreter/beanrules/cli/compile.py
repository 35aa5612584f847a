"""`beanrules compile SPEC [-o FILE]`: print or write a spec's rule model as JSON."""
from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "compile", help="compile a spec to its JSON rule model",
        description="Compile one spec to its rule model: plain JSON, valid against the "
                    "rule-model schema (beanrules/model/rule-model.schema.json).")
    parser.add_argument("spec", metavar="SPEC", help="a spec name (classic, translations/es, …) or a .bean path")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the JSON here instead of to standard output")
    parser.add_argument("--compact", action="store_true", help="no indentation")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..diagnostics import SpecError
    from ..resolve.compiler import compile_with_warnings

    try:
        model, warnings = compile_with_warnings(args.spec)
    except SpecError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        return 1
    for diagnostic in warnings:
        print(diagnostic.render(), file=sys.stderr)
    text = json.dumps(model, indent=None if args.compact else 1, ensure_ascii=False) + "\n"
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as exc:
            print(f"beanrules compile: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return 2
    else:
        sys.stdout.write(text)
    return 0
