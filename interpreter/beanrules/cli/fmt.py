"""`beanrules fmt FILE… [--check] [--diff]`: give specs their canonical layout."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "fmt", help="lay out specs canonically: citations in a column (--check: only report)",
        description="Rewrite each .bean file in its canonical layout, the one the shipped specs "
                    "are written in: within each top-level block, the citation (§) that follows a "
                    "clause on its line stands at the block's usual column when at least three "
                    "spaces fit before it there, else three spaces after the clause. Only those "
                    "spaces change, so the spec means what it meant. A file that does not parse "
                    "is reported with its error and left as it is. Exit 0 when every file is (or "
                    "now is) laid out, 1 with --check when any would change or when any does not "
                    "parse, 2 when a file cannot be read.")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help=".bean files, or folders: every .bean file under them")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list the files that would change and exit 1 if any")
    parser.add_argument("--diff", action="store_true",
                        help="change nothing; print a unified diff of what would change (exit as --check)")
    parser.set_defaults(func=run)


def _files(arguments: list[str]) -> tuple[list[Path], list[str]]:
    found, missing = [], []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found += sorted(path.rglob("*.bean"))
        elif path.is_file():
            found.append(path)
        else:
            missing.append(argument)
    return found, missing


def run(args: argparse.Namespace) -> int:
    from ..limits import MAX_SPEC_BYTES
    from ..syntax.layout import format_text
    from ..syntax.parser import decode_spec
    from ..text import escape_controls

    files, missing = _files(args.files)
    if missing:
        for argument in missing:
            print(f"beanrules fmt: no such file or folder: {escape_controls(argument)}", file=sys.stderr)
        return 2
    only_report = args.check or args.diff
    unreadable = broken = changed = 0
    for path in files:
        shown = escape_controls(str(path))
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_SPEC_BYTES + 1)  # past the loader's bound: too large, unread
        except OSError as exc:
            print(f"beanrules fmt: cannot read {shown}: {exc.strerror or exc}", file=sys.stderr)
            unreadable += 1
            continue
        text, problems = decode_spec(data, str(path))
        if text is not None:
            formatted, problems = format_text(text, str(path))
        if text is None or formatted is None:
            for problem in problems:
                print(problem.render())
            broken += 1
            continue
        if formatted == text:
            continue
        changed += 1
        if args.diff:
            import difflib
            sys.stdout.writelines(difflib.unified_diff(
                text.splitlines(keepends=True), formatted.splitlines(keepends=True),
                fromfile=f"{path}", tofile=f"{path} (formatted)"))
        elif args.check:
            print(f"would reformat {shown}")
        else:
            bom = data[:3] if data.startswith(b"\xef\xbb\xbf") else b""
            path.write_bytes(bom + formatted.encode("utf-8"))
            print(f"reformatted {shown}")
    if unreadable:
        return 2
    count = len(files) - broken
    if only_report:
        print(f"{changed} of {count} file{'s' * (count != 1)} would be reformatted"
              + (f"; {broken} did not parse" if broken else ""), file=sys.stderr)
        return 1 if changed or broken else 0
    print(f"{changed} of {count} file{'s' * (count != 1)} reformatted"
          + (f"; {broken} did not parse" if broken else ""), file=sys.stderr)
    return 1 if broken else 0
