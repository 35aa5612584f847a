"""`beanrules lsp`: the language server for `.bean` specs, on standard input and output."""
from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "lsp", help="run the language server for .bean specs (for an editor, on stdio)",
        description="Speak the Language Server Protocol on standard input and output, for an "
                    "editor to start: diagnostics as you type (every error and warning 'check' "
                    "gives, a 'did you mean' hint as a quick fix), hover (a rule's plain English "
                    "and core, a bean's beanometer and names, a citation's passage), go to "
                    "definition and references (a replaced rule in its base, across extends and "
                    "translates), completion (the grammar's keywords, the ids in scope), the "
                    "outline and formatting (the layout of 'beanrules fmt'). Needs the optional extra: pip install 'beanrules[lsp]'. "
                    "docs/editors.md shows how to set up VS Code, Neovim and Helix.")
    parser.add_argument("--stdio", action="store_true",
                        help="speak on standard input and output: the only transport, and the default "
                             "(accepted because editors' clients pass it)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from ..lsp.server import main
    except ModuleNotFoundError as exc:
        if exc.name not in ("pygls", "lsprotocol") and not (exc.name or "").startswith(("pygls.", "lsprotocol.")):
            raise
        print("beanrules lsp: the language server needs pygls and lsprotocol: "
              "pip install 'beanrules[lsp]'", file=sys.stderr)
        return 2
    main()
    return 0
