"""`beanrules verify [SPEC…]`: the main job. Every spec compiles cleanly, plays bot games in
which every invariant holds after every action, and passes its conformance cases."""
from __future__ import annotations

import argparse
import json
import sys
import time


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "verify", help="check, play and run the conformance cases of every spec (the main job)",
        description="For each spec (default: every shipped spec): compile it and report errors and "
                    "warnings; play bot games for every allowed player count, checking after every "
                    "action that no card appears or vanishes, hands keep their order, coins come "
                    "only from harvests as the beanometer says, the state round-trips through JSON, "
                    "and that each game ends and replays from its record; run the spec's "
                    "conformance cases. Exit 0 when all pass, 1 when anything fails.")
    parser.add_argument("specs", nargs="*", metavar="SPEC", help="spec names or .bean paths; default: all shipped specs")
    parser.add_argument("--games", type=int, default=3, metavar="N",
                        help="bot games per player count (default 3; 0 skips the playouts)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from ..checks.invariants import invariant_playouts
    from ..conformance import discover, load_file, run_case
    from ..diagnostics import SpecError
    from ..engine.errors import UnsupportedRule
    from ..engine.ruleset import compile_ruleset
    from ..paths import conformance_dir
    from ..resolve.compiler import compile_with_warnings, list_specs

    if args.games < 0:
        print("beanrules verify: --games must be 0 or more", file=sys.stderr)
        return 2
    started = time.perf_counter()
    names = args.specs or list_specs()
    cases: dict[str, list] = {}
    for path in discover([conformance_dir()]):
        for case in load_file(path).cases:
            cases.setdefault(case.spec, []).append(case)
    results = {}
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=args.json or not console.is_terminal) as progress:
        task = progress.add_task("verifying", total=len(names))
        for name in names:
            progress.update(task, description=f"verifying {name}")
            result: dict = {"compiled": False, "errors": [], "warnings": [], "playable": None,
                            "games": 0, "games_failed": [], "cases": 0, "cases_failed": []}
            results[name] = result
            try:
                model, warnings = compile_with_warnings(name)
            except SpecError as exc:
                result["errors"] = [d.render() for d in exc.errors]
                progress.advance(task)
                continue
            result["compiled"] = True
            result["warnings"] = [d.render() for d in warnings]
            try:
                compile_ruleset(model, model["players"]["min"])
                result["playable"] = True
            except UnsupportedRule as exc:
                result["playable"] = f"not playable yet: {exc}"
            if result["playable"] is True and args.games:
                report = invariant_playouts(model, model["rulebook"], args.games, args.seed)
                result["games"] = len(report.games)
                result["games_failed"] = [{"players": g.players, "seed": g.seed, "problems": g.problems}
                                          for g in report.failed]
            for case in cases.get(model["rulebook"], []):
                outcome = run_case(case)
                result["cases"] += 1
                if outcome.status != "passed":
                    result["cases_failed"].append(outcome.explain())
            progress.advance(task)
    for result in results.values():
        result["ok"] = result["compiled"] and not result["games_failed"] and not result["cases_failed"]
    seconds = time.perf_counter() - started
    failed = [n for n, r in results.items() if not r["ok"]]
    if args.json:
        print(json.dumps({"specs": results, "failed": failed, "seconds": round(seconds, 2)},
                         indent=2, ensure_ascii=False))
        return 1 if failed else 0
    out = Console(highlight=False)
    table = Table(title="beanrules verify")
    for column in ("spec", "compiles", "warnings", "games ok", "cases passed", "verdict"):
        table.add_column(column, justify="left" if column == "spec" else "right",
                         no_wrap=column in ("spec", "verdict"))
    for name, r in results.items():
        games = ("–" if not r["compiled"] else r["playable"] if r["playable"] is not True
                 else f"{r['games'] - len(r['games_failed'])}/{r['games']}")
        cases_cell = f"{r['cases'] - len(r['cases_failed'])}/{r['cases']}" if r["cases"] else "–"
        table.add_row(name, "yes" if r["compiled"] else f"no ({len(r['errors'])} errors)",
                      str(len(r["warnings"])), games, cases_cell, "ok" if r["ok"] else "FAIL")
    out.print(table)
    for name, r in results.items():
        games = [f"{g['players']} players, seed {g['seed']}: {p}" for g in r["games_failed"] for p in g["problems"]]
        for line in r["errors"] + r["warnings"] + games + r["cases_failed"]:
            out.print(f"[{name}] {line}", markup=False)
    for name in failed:  # named in plain words too: a narrow terminal may squeeze the table
        out.print(f"FAIL  {name}", markup=False)
    out.print(f"{len(results) - len(failed)} of {len(results)} specs verified in {seconds:.1f} s")
    return 1 if failed else 0
