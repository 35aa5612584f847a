"""``beanrules play``: simulate bot games, or play one in the terminal against bots."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play", help="simulate bot games, or play one yourself (--human SEAT)",
        description="Simulate G games between bots and print mean coins per seat, win share, "
                    "turns and actions per game; or play in the terminal against bots. "
                    "Same arguments, same output.")
    parser.add_argument("spec", help="spec name (classic, ...) or path to a .bean file")
    parser.add_argument("--players", type=int, metavar="N", help="number of players (default: the fewest the rules allow)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (game i uses S+i)")
    parser.add_argument("--games", type=int, default=1, metavar="G", help="number of games (default 1)")
    parser.add_argument("--bots", default="random", metavar="KINDS",
                        help="bots per seat, comma separated, repeated around the table: random (any "
                             "legal action, chosen at random) or greedy; default: random at every seat")
    parser.add_argument("--no-trading", action="store_true", help="bots never propose trades")
    parser.add_argument("--json", action="store_true", help="print the statistics as one JSON object")
    parser.add_argument("--log", metavar="FILE", help="write the game record(s) to FILE (JSON); a human game's record is written "
                             "however it ends (finished, quit, Ctrl-D, Ctrl-C)")
    parser.add_argument("--human", metavar="SEAT", help="play yourself at SEAT (a number from 1, or a player name)")
    parser.set_defaults(func=run)


def _fail(message: str, code: int) -> int:
    print(f"beanrules play: error: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    from .. import SpecError, compile_spec
    from ..engine import UnsupportedRule, compile_ruleset, default_players
    from ..engine.bots import BOTS

    try:
        model = compile_spec(args.spec)
    except SpecError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    lo, hi = model["players"]["min"], model["players"]["max"]
    n = args.players if args.players is not None else lo
    if not lo <= n <= hi:
        return _fail(f"{model['rulebook']} is played by {lo} to {hi} players, not {n}", 2)
    if args.games < 1:
        return _fail("--games must be at least 1", 2)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOTS]
    if not kinds or unknown:
        return _fail(f"unknown bot {', '.join(repr(k) for k in unknown) or '(none given)'}; "
                     f"bots: {', '.join(BOTS)}", 2)
    try:
        compile_ruleset(model, n)
        names = default_players(n)
    except (UnsupportedRule, ValueError) as exc:
        return _fail(str(exc), 1)
    if args.human is not None:
        seat = _seat(args.human, names)
        if seat is None:
            return _fail(f"no seat {args.human!r}: give 1 to {n} or one of {', '.join(names)}", 2)
        from ..engine.terminal import play_human
        record = play_human(model, args.spec, names, args.seed, seat, kinds, trades=not args.no_trading)
        code = 130 if record["ended"] == "interrupted" else 0
        if args.log:
            code = _write_log(args.log, record) or code
            if code != 1:
                print(f"game record ({record['ended']}, {len(record['actions'])} actions) written to "
                      f"{args.log}", file=sys.stderr)
        return code
    return _simulate(args, model, n, kinds)


def _spec_for_log(spec: str, log: Path) -> str:
    """How the record names its spec: a shipped spec by name, a spec file by its path from the
    record's folder (replay opens nothing else); a file elsewhere stays as given, and replaying
    it needs --spec."""
    from ..resolve.loader import is_shipped
    if is_shipped(spec):
        return spec
    try:
        return Path(spec).resolve().relative_to(log.parent.resolve()).as_posix()
    except ValueError:
        return spec


def _seat(text: str, names: list[str]) -> int | None:
    if text.isdigit():
        seat = int(text)
        return seat - 1 if 1 <= seat <= len(names) else None
    return names.index(text) if text in names else None


def _simulate(args: argparse.Namespace, model: dict, n: int, kinds: list[str]) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from ..engine.simulate import simulate

    err = Console(stderr=True)
    show = args.games > 1 and err.is_terminal
    with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True, disable=not show) as progress:
        task = progress.add_task("games", total=args.games)
        stats, records = simulate(model, args.spec, n, args.seed, args.games, kinds,
                                  trades=not args.no_trading,
                                  on_game=lambda _i: progress.advance(task), keep_records=bool(args.log))
    result = stats.to_json()
    if args.log:
        code = _write_log(args.log, records[0] if len(records) == 1 else records)
        if code:
            return code
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    out = Console(highlight=False)
    table = Table(title=f"{result['spec']}: {result['games']} game(s), {n} players, seed {result['seed']}")
    for column in ("seat", "player", "bot", "mean coins", "win share"):
        table.add_column(column, justify="right" if column in ("seat", "mean coins", "win share") else "left")
    for seat in result["seats"]:
        table.add_row(str(seat["seat"]), seat["player"], seat["bot"], f"{seat['mean_coins']:.2f}",
                      f"{seat['win_share']:.1%}")
    out.print(table)
    out.print(f"turns per game: {result['turns_per_game']:.2f}   actions per game: {result['actions_per_game']:.2f}")
    return 0


def _write_log(path: str, data: object) -> int:
    for record in data if isinstance(data, list) else [data]:
        record["spec"] = _spec_for_log(record["spec"], Path(path))
    try:
        Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        return _fail(f"cannot write {path}: {exc.strerror or exc}", 1)
    return 0
