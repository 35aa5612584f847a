"""The ``beanrules`` command line.

Each subcommand lives in its own module of this package with a ``register(subparsers)``
function that adds its parser and sets ``func``; heavy imports happen inside ``func`` so
that ``beanrules --help`` and ``beanrules check`` start fast.

Exit codes: 0 clean, 1 when a spec, case or game has errors, 2 for usage errors.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from .. import __version__

# The subcommands, in the order --help lists them.
COMMANDS = ["verify", "check", "compile", "diff", "fmt", "play", "replay", "conformance", "lsp"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="beanrules",
        description="Bohnanza rulebooks as data: check and compile .bean specs, play and "
                    "replay games, run the conformance suite.",
        epilog="Every command takes a spec name (classic, translations/es, …) "
               "or a path to a .bean file. 'beanrules COMMAND --help' says more.")
    parser.add_argument("--version", action="version", version=f"beanrules {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue  # a command not built yet
            raise
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly; BEANRULES_DEBUG=1 shows the traceback
        if os.environ.get("BEANRULES_DEBUG"):
            raise
        print(f"beanrules {args.command}: internal error: {type(exc).__name__}: {exc}\n"
              "  this is a bug in beanrules; run again with BEANRULES_DEBUG=1 to see where", file=sys.stderr)
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
