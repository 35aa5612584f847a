"""Kernel against interpreter, spec by spec: random-bot playouts of each shipped spec the kernel
plays, at every player count, measured in one run.

    python benchmarks/kernel_specs.py [--games N] [--rounds R] [--spec NAME ...] [--trades] [--json]

Each round times the interpreter and the kernel once on every (spec, player count), alternating
(so both see the same machine load); the median round counts. Both play the same games (seeds
0..N-1, the random bots of benchmarks/playouts.py), so the action counts agree. A spec the
kernel does not play is listed with the kernel's reason, unmeasured. Prints games/s per engine
and `kernel_vs_interpreter`; --json gives the same as one object.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "interpreter"))
sys.path.insert(0, str(HERE))

from playouts import interpreter_run, kernel_run  # noqa: E402  (the same timed playouts)


def cases(specs: list[str]) -> tuple[list[tuple[str, int]], dict[str, str]]:
    """(spec, players) the kernel plays, and the specs it does not with its reason."""
    from beanrules import compile_spec
    from beanrules.kernel import kernel_reason
    played, refused = [], {}
    for spec in specs:
        model = compile_spec(spec)
        for n in range(model["players"]["min"], model["players"]["max"] + 1):
            reason = kernel_reason(model, n)
            if reason is None:
                played.append((spec, n))
            else:
                refused[f"{spec} {n}p"] = reason
    return played, refused


def measure(specs: list[str], games: int, rounds: int, trades: bool) -> dict:
    played, refused = cases(specs)
    for spec, n in played:  # warm up: compile models and kernels, fill caches
        interpreter_run(spec, n, 1, trades)
        kernel_run(spec, n, 1, trades)
    runs: dict[tuple[str, int, str], list[tuple[float, int]]] = {}
    load = os.getloadavg()[0]
    for _ in range(rounds):
        for spec, n in played:
            runs.setdefault((spec, n, "interpreter"), []).append(interpreter_run(spec, n, games, trades))
            runs.setdefault((spec, n, "kernel"), []).append(kernel_run(spec, n, games, trades))
    results = {}
    for spec, n in played:
        row = {}
        for engine in ("interpreter", "kernel"):
            seconds = statistics.median(r[0] for r in runs[(spec, n, engine)])
            actions = statistics.median(r[1] for r in runs[(spec, n, engine)])
            row[engine] = {"games_per_s": round(games / seconds, 1),
                           "us_per_action": round(seconds / actions * 1e6, 2)}
        row["kernel_vs_interpreter"] = round(row["kernel"]["games_per_s"] / row["interpreter"]["games_per_s"], 2)
        results[f"{spec} {n}p"] = row
    return {"games": games, "rounds": rounds, "trades": trades, "policy": "random", "results": results,
            "not_played_by_the_kernel": refused,
            "load_average": [round(load, 2), round(os.getloadavg()[0], 2)]}


def report(result: dict) -> None:
    print(f"{result['games']} games per engine and case, median of {result['rounds']} alternating rounds, "
          f"random bots, trading {'on' if result['trades'] else 'off'} (load {result['load_average']})")
    print(f"{'case':<32} {'interpreter g/s':>16} {'kernel g/s':>11} {'kernel/interp':>14}")
    for case, row in result["results"].items():
        print(f"{case:<32} {row['interpreter']['games_per_s']:>16} {row['kernel']['games_per_s']:>11} "
              f"{row['kernel_vs_interpreter']:>13}x")
    for case, reason in result["not_played_by_the_kernel"].items():
        print(f"{case:<32} interpreter only: {reason}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per engine, case and round (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; the median counts (default 5)")
    parser.add_argument("--spec", action="append", metavar="NAME",
                        help="a spec to measure (repeatable; default: every shipped spec)")
    parser.add_argument("--trades", action="store_true", help="random bots trade (default: they do not)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    from beanrules.resolve.compiler import list_specs
    result = measure(args.spec or list_specs(), args.games, args.rounds, args.trades)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
