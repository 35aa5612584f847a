"""``beanrules replay``: re-run a game record, check every action and the final state."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay", help="re-run a game record and check it",
        description="Re-run the actions of a game record (written by 'beanrules play --log') on "
                    "its rulebook, check each action, the final state and every action's events, "
                    "and say where the replay diverges if it does. The record's spec must be a "
                    "shipped spec or a file in the record's own folder. Exit code 0 when every "
                    "record replays exactly; a record without its final state or hashes is "
                    "UNVERIFIED (exit code 1).")
    parser.add_argument("file", help="a game record (JSON object) or a list of them")
    parser.add_argument("--spec", help="replay on this spec instead of the one the record names")
    parser.set_defaults(func=run)


def _error(args: argparse.Namespace, message: str) -> int:
    from ..text import escape_controls
    print(f"beanrules replay: error: {escape_controls(message)}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    from .. import SpecError, compile_spec
    from ..documents import DocumentError, load_json, read_text
    from ..engine import model_hash
    from ..engine.records import check_record, replay
    from ..limits import MAX_RECORD_BYTES
    from ..resolve.loader import locate_named
    from ..text import escape_controls

    path = Path(args.file)
    try:
        data = load_json(read_text(path, MAX_RECORD_BYTES))
    except FileNotFoundError:
        return _error(args, f"no such file: {args.file}")
    except (OSError, UnicodeDecodeError) as exc:
        return _error(args, f"cannot read {args.file}: {exc}")
    except DocumentError as exc:
        return _error(args, f"{args.file}: {exc}")
    records = data if isinstance(data, list) else [data]
    if not records:
        return _error(args, f"{args.file} holds no game record")
    models: dict[str, dict] = {}
    failures = 0
    for number, record in enumerate(records, start=1):
        label = escape_controls(f"{args.file}" + (f" game {number}" if len(records) > 1 else ""))
        problems = check_record(record)
        if problems:
            print(f"{label}: not a game record: {'; '.join(problems)}")
            failures += 1
            continue
        spec = args.spec or record["spec"]
        shown = escape_controls(spec)
        if spec not in models:
            target = spec
            if not args.spec:  # named by the record: only shipped specs and files beside it
                found, diagnostics = locate_named(spec, path)
                if found is None:
                    print(f"{label}: {escape_controls(diagnostics[0].message)}", file=sys.stderr)
                    return 1
                target = found.name if found.display.startswith("specs/") else str(found.path)
            try:
                models[spec] = compile_spec(target)
            except SpecError as exc:
                print(f"{label}: spec '{shown}' does not compile:\n{exc}", file=sys.stderr)
                return 1
        model = models[spec]
        if model_hash(model) != record["model_hash"]:
            print(f"{label}: note: the rule model of '{shown}' differs from the one the game was "
                  f"played with ({escape_controls(record['model_hash'][:19])}…)")
        result = replay(record, model)
        print(f"{label}: {result.status}: {escape_controls(result.message)}")
        failures += not result.ok
    return 1 if failures else 0
