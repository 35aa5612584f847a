"""``beanrules play``: simulate bot games, or play one in the terminal against bots."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play", help="simulate bot games, or play one yourself (--human SEAT)",
        description="Simulate G games between bots and print, per seat, win share and mean coins, "
                    "turns and actions per game and the first player's advantage, each with a 95% "
                    "confidence interval; or play in the terminal against bots. Same arguments, same "
                    "output, whatever --jobs.")
    parser.add_argument("spec", help="spec name (classic, ...) or path to a .bean file")
    parser.add_argument("--players", type=int, metavar="N", help="number of players (default: the fewest the rules allow)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0; game i uses S+i)")
    parser.add_argument("--games", type=int, default=1, metavar="G", help="number of games (default 1)")
    parser.add_argument("--bots", default="random", metavar="KINDS",
                        help="bots per seat, comma separated, repeated around the table: random (any "
                             "legal action, chosen at random) or greedy; default: random at every seat")
    parser.add_argument("--no-trading", action="store_true", help="bots never propose trades")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help="play the games on J processes (or J Ray CPUs); same seeds, same totals, whatever J")
    parser.add_argument("--backend", choices=("process", "ray"), default="process",
                        help="process: local worker processes (default); ray: Ray tasks, on the cluster "
                             "RAY_ADDRESS names or a local Ray instance (needs the 'ray' extra)")
    parser.add_argument("--engine", choices=("auto", "kernel", "interpreter"), default="auto",
                        help="who plays bot games: auto (default) the playout kernel where it plays the "
                             "rules and bots and no --log is written, else the interpreter; the same games "
                             "either way (the output says which engine played them)")
    parser.add_argument("--json", action="store_true", help="print the statistics as one JSON object "
                        "(with 95%% intervals: Wilson for win shares, Student t for means)")
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
    if args.jobs < 1:
        return _fail("--jobs must be at least 1", 2)
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

    from ..engine.simulate import BackendUnavailable, GameFailed, simulate

    err = Console(stderr=True)
    # A bar on long runs in a terminal only: never into a pipe, a file or --json output.
    show = args.games > 1 and err.is_terminal and not args.json
    try:
        with Progress(TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err, transient=True, disable=not show) as progress:
            task = progress.add_task("games", total=args.games)
            stats, records = simulate(model, args.spec, n, args.seed, args.games, kinds,
                                      trades=not args.no_trading,
                                      on_game=lambda k: progress.advance(task, k), keep_records=bool(args.log),
                                      jobs=args.jobs, backend=args.backend, engine=args.engine)
    except BackendUnavailable as exc:
        return _fail(str(exc), 2)
    except ValueError as exc:  # --engine kernel where the kernel cannot play
        return _fail(str(exc), 2)
    except GameFailed as exc:
        return _fail(str(exc), 1)
    result = stats.to_json()
    result.update({"jobs": args.jobs, "backend": args.backend})
    if args.log:
        code = _write_log(args.log, records[0] if len(records) == 1 else records)
        if code:
            return code
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    _print_table(result, n)
    return 0


def _interval(ci: list, fmt: str) -> str:
    return "" if ci[0] is None else f"{format(ci[0], fmt)}..{format(ci[1], fmt)}"


def _print_table(result: dict, n: int) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False)
    table = Table(title=f"{result['spec']}: {result['games']} game(s), {n} players, seed {result['seed']}",
                  caption="95% intervals: Wilson for win shares, Student t for means")
    for column in ("seat", "player", "bot", "win share", "95% CI", "mean coins", "95% CI "):
        table.add_column(column, justify="left" if column in ("player", "bot") else "right", no_wrap=True)
    for seat in result["seats"]:
        table.add_row(str(seat["seat"]), seat["player"], seat["bot"], f"{seat['win_share']:.1%}",
                      _interval(seat["win_share_ci95"], ".1%"), f"{seat['mean_coins']:.2f}",
                      _interval(seat["mean_coins_ci95"], ".2f"))
    out.print(table)
    engine = result["engine"]
    out.print(f"played by the {engine}" + (f" ({result['engine_reason']})" if result["engine_reason"] else ""),
              soft_wrap=True)
    for label, key in (("turns per game", "turns_per_game"), ("actions per game", "actions_per_game")):
        ci = _interval(result[f"{key}_ci95"], ".1f")
        out.print(f"{label}: {result[key]:.2f}" + (f" (95% CI {ci})" if ci else ""))
    if n > 1:
        fpa = result["first_player_advantage"]
        share, coins = fpa["win_share_above_fair"], fpa["coins_above_others"]
        text = f"first player: win share {share['value']:+.1%} against a fair {fpa['fair_share']:.1%}"
        if share["ci95"][0] is not None:
            text += f" (95% CI {share['ci95'][0]:+.1%} to {share['ci95'][1]:+.1%})"
        text += f", coins {coins['value']:+.2f} against the others' mean"
        if coins["ci95"][0] is not None:
            text += f" (95% CI {coins['ci95'][0]:+.2f} to {coins['ci95'][1]:+.2f})"
        out.print(text)


def _write_log(path: str, data: object) -> int:
    for record in data if isinstance(data, list) else [data]:
        record["spec"] = _spec_for_log(record["spec"], Path(path))
    try:
        Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        return _fail(f"cannot write {path}: {exc.strerror or exc}", 1)
    return 0
