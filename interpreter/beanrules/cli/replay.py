"""``beanrules replay``: re-run a game record, check every action and the final state."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay", help="re-run a game record and check it",
        description="Re-run the actions of a game record (written by 'beanrules play --log') on "
                    "its rulebook, check each action and the final state, and say where the "
                    "replay diverges if it does. Exit code 0 when every record replays exactly.")
    parser.add_argument("file", help="a game record (JSON object) or a list of them")
    parser.add_argument("--spec", help="replay on this spec instead of the one the record names")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .. import SpecError, compile_spec
    from ..engine import model_hash
    from ..engine.records import check_record, replay

    path = Path(args.file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        print(f"beanrules replay: error: no such file: {args.file}", file=sys.stderr)
        return 1
    except (OSError, UnicodeDecodeError) as exc:
        print(f"beanrules replay: error: cannot read {args.file}: {exc}", file=sys.stderr)
        return 1
    except json.JSONDecodeError as exc:
        print(f"beanrules replay: error: {args.file}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}",
              file=sys.stderr)
        return 1
    records = data if isinstance(data, list) else [data]
    if not records:
        print(f"beanrules replay: error: {args.file} holds no game record", file=sys.stderr)
        return 1
    models: dict[str, dict] = {}
    failures = 0
    for number, record in enumerate(records, start=1):
        label = f"{args.file}" + (f" game {number}" if len(records) > 1 else "")
        problems = check_record(record)
        if problems:
            print(f"{label}: not a game record: {'; '.join(problems)}")
            failures += 1
            continue
        spec = args.spec or record["spec"]
        if spec not in models:
            try:
                models[spec] = compile_spec(spec)
            except SpecError as exc:
                print(f"{label}: spec '{spec}' does not compile:\n{exc}", file=sys.stderr)
                return 1
        model = models[spec]
        if model_hash(model) != record["model_hash"]:
            print(f"{label}: note: the rule model of '{spec}' differs from the one the game was played "
                  f"with ({record['model_hash'][:19]}…)")
        result = replay(record, model)
        print(f"{label}: {'ok' if result.ok else 'DIVERGES'}: {result.message}")
        failures += not result.ok
    return 1 if failures else 0
