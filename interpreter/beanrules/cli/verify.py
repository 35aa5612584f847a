"""`beanrules verify [SPEC…]`: the main job. Every spec compiles cleanly, says what its original
says (translations), plays bot games in which every invariant holds after every action, and
passes its conformance cases: its own and those of every spec it extends or translates, run on
the model compiled from the file given."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "verify", help="check, play and run the conformance cases of every spec (the main job)",
        description="For each spec (default: every shipped spec): compile it and report errors and "
                    "warnings (a translation that restates a value differently is an error); play "
                    "bot games for every allowed player count: the interpreter plays the first game "
                    "of the smallest count checking after every action that no card appears or "
                    "vanishes, hands keep their order, coins come only from harvests as the "
                    "beanometer says, the state round-trips through JSON, and that the game ends "
                    "and replays from its record; the playout kernel plays the others checking that "
                    "no card appears or vanishes, and must end the first game of every count as the "
                    "interpreter does (where the kernel does not play a spec, the interpreter checks "
                    "every invariant in the first game of every count; docs/simulation.md); run the conformance cases on the model "
                    "compiled from the spec given: its own cases and those of every spec it extends "
                    "or translates (an inherited case that exercises a rule the variant changed is "
                    "reported as changed by the variant, not as a failure). Exit 0 when all pass, "
                    "1 when anything fails.")
    parser.add_argument("specs", nargs="*", metavar="SPEC", help="spec names or .bean paths; default: all shipped specs")
    parser.add_argument("--games", type=int, default=3, metavar="N",
                        help="bot games per player count (default 3; 0 skips the playouts)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--cases", type=Path, action="append", default=[], metavar="PATH",
                        help="more case files or folders to look in (besides the shipped suite and "
                             "the spec's own folder); may be given more than once")
    parser.add_argument("--coverage", action="store_true",
                        help="also list each spec's rules that no case exercises")
    parser.add_argument("--report", action="store_true",
                        help="print the consistency report of the specs instead: contradictions "
                             "within a rulebook, differences between rulebooks by what each rule "
                             "governs, translation differences, assumed values")
    parser.add_argument("--verbose", action="store_true",
                        help="also list, per spec, the inherited cases changed by the variant, how its "
                             "games were played and how many of its cases were its own")
    parser.add_argument("--json", action="store_true",
                        help="print the results as one JSON object (everything --verbose lists, and more)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        print("beanrules verify: --games must be 0 or more", file=sys.stderr)
        return 2
    missing = [str(p) for p in args.cases if not p.exists()]
    if missing:
        print(f"beanrules verify: --cases: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.report:
        from ..checks.report import consistency_report, render_report
        report = consistency_report(args.specs or None)
        print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else render_report(report))
        return 0
    from rich.console import Console
    from rich.progress import Progress

    from ..checks.verdict import verify_spec
    from ..resolve.compiler import list_specs

    started = time.perf_counter()
    names = args.specs or list_specs()
    results = {}
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=args.json or not console.is_terminal) as progress:
        task = progress.add_task("verifying", total=len(names))
        for name in names:
            progress.update(task, description=f"verifying {name}")
            results[name] = verify_spec(name, args.games, args.seed, args.cases)
            progress.advance(task)
    seconds = time.perf_counter() - started
    failed = [n for n, r in results.items() if not r["ok"]]
    if args.json:
        print(json.dumps({"specs": results, "failed": failed, "summary": _counts(results),
                          "seconds": round(seconds, 2)}, indent=2, ensure_ascii=False))
        return 1 if failed else 0
    _print(results, failed, seconds, args.coverage, args.verbose)
    return 1 if failed else 0


def _counts(results: dict[str, dict]) -> dict[str, int]:
    """How many specs each kind of problem hit (a spec may have several)."""
    out = {"specs": len(results), "verified": sum(r["ok"] for r in results.values())}
    for problem in ("compile-errors", "translation-differs", "unplayable", "games-failed",
                    "cases-failed", "no-cases-where-base-has-some", "no-cases"):
        out[problem] = sum(problem in r["problems"] or problem in r["notes"] for r in results.values())
    return out


def _print(results: dict[str, dict], failed: list[str], seconds: float, coverage: bool, verbose: bool) -> None:
    """The table, then per spec only what needs a look: its errors, warnings and failures (and,
    with --verbose, the cases its variant changed, how its games were played and where its cases
    came from); then the summary line. A run where everything passes prints the table and the
    summary."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    out = Console(highlight=False)
    # No outer edge and collapsed padding: the longest shipped name fits an 80-column pipe.
    table = Table(title="beanrules verify", box=box.SIMPLE_HEAD, show_edge=False, collapse_padding=True)
    for column in ("spec", "compiles", "warn", "games", "cases", "inh.", "chg.", "verdict"):
        table.add_column(column, justify="left" if column == "spec" else "right",
                         no_wrap=column in ("spec", "games", "cases", "verdict"))
    for name, r in results.items():
        games = ("–" if not r["compiled"] else "unplayable" if r["playable"] is not True
                 else f"{r['games'] - len(r['games_failed'])}/{r['games']}")
        cases = r["cases"]
        ran = cases["own"] + cases["inherited"]
        cases_cell = f"{cases['passed']}/{ran - cases['changed']}" if ran else "none"
        verdict = "ok" if r["ok"] and not r["notes"] else "ok*" if r["ok"] else "FAIL"
        table.add_row(name, "yes" if r["compiled"] else f"no ({len(r['errors'])})",
                      str(len(r["warnings"])), games, cases_cell, str(cases["inherited"]),
                      str(cases["changed"]), verdict)
    out.print(table)
    if any(r["cases"]["changed"] for r in results.values()):
        out.print("chg.: inherited cases that no longer pass because the variant changed a rule they "
                  "exercise; not failures" + ("" if verbose else " (--verbose lists them)"), markup=False)
    for name, r in results.items():
        games = [f"{g['players']} players, seed {g['seed']}: {p}" for g in r["games_failed"] for p in g["problems"]]
        for line in r["errors"] + r["warnings"] + games + r["cases_failed"]:
            out.print(f"[{name}] {line}", markup=False)
        if r["playable"] not in (True, None):
            out.print(f"[{name}] {r['playable']}", markup=False)
        for note in r["notes"].values():
            out.print(f"[{name}] warning: {note}", markup=False)
        if verbose:
            _print_details(out, name, r)
        if coverage and r["compiled"]:
            uncovered = r["coverage"]["uncovered"]
            out.print(f"[{name}] coverage: {r['coverage']['exercised']} of {r['coverage']['rules']} rules "
                      f"exercised by a case" + (f"; no case exercises: {', '.join(uncovered)}" if uncovered else ""),
                      markup=False)
    for name in failed:  # named in plain words too: a narrow terminal may squeeze the table
        out.print(f"FAIL  {name}: {'; '.join(results[name]['problems'].values())}", markup=False, soft_wrap=True)
    counts = _counts(results)
    parts = [f"{counts[k]} {label}" for k, label in (
        ("compile-errors", "with compile errors"), ("translation-differs", "translations that differ"),
        ("unplayable", "unplayable"), ("games-failed", "with failed games"),
        ("cases-failed", "with failed cases"), ("no-cases-where-base-has-some", "ran no cases where the base has some"))
        if counts[k]]
    warned = f"; {counts['no-cases']} ran no cases (warning, marked ok*)" if counts["no-cases"] else ""
    out.print(f"{counts['verified']} of {counts['specs']} specs verified"
              + (f"; failed: {', '.join(parts)}" if parts else "") + warned + f" in {seconds:.1f} s", soft_wrap=True)


def _print_details(out: Any, name: str, r: dict) -> None:
    """--verbose: how the games were played, where the cases came from, and each case the variant
    changed, one line each (in full with --json)."""
    by = r.get("games_by")
    if by:
        rest = f"{by['kernel']} by the playout kernel" if by["kernel"] or not by["interpreter_quick"] else \
            f"{by['interpreter_quick']} by the interpreter checking that no card appears or vanishes " \
            f"(the kernel does not play it: {by['kernel_reason']})"
        out.print(f"[{name}] games: {by['interpreter']} by the interpreter, every invariant checked after "
                  f"every action; {rest}", markup=False)
    cases = r["cases"]
    if r["compiled"]:
        out.print(f"[{name}] cases: {cases['own']} own, {cases['inherited']} inherited"
                  + (f" ({', '.join(r['bases'])})" if r["bases"] else "")
                  + f", {cases['changed']} changed by the variant, {cases['passed']} passed", markup=False)
    for changed in r["cases_changed_brief"]:
        out.print(f"[{name}] changed by the variant: {changed}", markup=False, soft_wrap=True)
