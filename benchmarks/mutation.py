"""Mutation score of the conformance suite: how many small bugs in the engine do the cases catch?

    python benchmarks/mutation.py [--module NAME …] [--function NAME …] [--limit N] [--seed S]
                                  [--jobs J] [--timeout S] [--cases PATH …] [--json]

Makes single-operator mutants of the engine (benchmarks/mutants.py: a comparison flipped, an
integer off by one, `and`/`or` swapped, `not` dropped, a statement deleted, a return value
changed) and runs the conformance cases (not the unit tests) against each, stopping at the first
case that fails. A mutant is killed when a case fails (a crash or a timeout counts), survives
when every case passes. Prints the score per engine module and every survivor, or --json.

How it stays fast: the engine is loaded once; each mutant's function is recompiled from the
mutated syntax tree and swapped in by replacing the live function's code object (so every
module that imported it sees the mutant), and put back afterwards. Before the mutants run, one
traced pass records which engine functions each case calls, so a mutant runs only the cases
that reach its function, fastest first. Survivors that benchmarks/mutation-triage.yaml names
(by a pattern of their key, with the reason) are reported as `equivalent` (no input can tell
them apart from the engine: they leave the score's denominator) or `out-of-reach` (only input
or output the case format cannot express reaches or shows them: they stay in the denominator,
and a second score, `reachable`, leaves them out).
Besides the conformance cases, the engine's own limit cases run (tests/limits/: specs the engine
refuses to play *yet*, each refused by `check` at its line and by the engine; what no conformance
case may demand, docs/conformance.md): after every conformance case that reaches a mutant, so a
mutant they alone kill is counted as such, and the report gives the conformance cases' own score
beside the suite's.
Runs on demand, never in CI; see docs/mutation.md.
"""
from __future__ import annotations

import argparse
import ast
import copy
import importlib
import json
import multiprocessing
import os
import re
import resource
import signal
import sys
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "interpreter"))
sys.path.insert(0, str(HERE))

import yaml  # noqa: E402

from beanrules.conformance import discover, load_file, run_case  # noqa: E402
from beanrules.conformance import loader  # noqa: E402
from beanrules.conformance.loader import compiled  # noqa: E402
from mutants import Mutant, enumerate_mutants, function_code, functions, mutated_tree  # noqa: E402
from mutation_sample import ratio_estimate, stratified, wilson  # noqa: E402

PACKAGE = "beanrules.engine"
ENGINE = ROOT / "interpreter" / "beanrules" / "engine"
# The engine modules the conformance contract reaches, the rules core's evaluator and program
# (program, evaluate), the counters, tokens and decisions (marks, decisions), the
# card abilities (abilities, effects, triggers), drawing as a player's action (draw_moves), a card
# followed by identity and a zone laid open (marked, exposure), the compiled phase transitions and
# the lazy proposal space (transitions, proposal_space), the
# permitted moves, lasting requirements and card selections (card_moves, requirements, selection),
# lasting constraints and permissions of any condition (lasting, permissions), coins written
# down (tally), cards that play as a bean type (kinds), the effects on hands (hand_effects) and
# carrying out an action in its two modes (acting) included; eventlog (a list that keeps nothing) has
# no logic to mutate. Left out: bots, simulate and terminal (players of the engine, not the
# engine), records and notation (game records and the action parser, which the unit tests pin
# down), view (no case expectation looks at a player's view), trace (rule coverage for verify),
# intervals (simulation statistics), errors and __init__ (no logic). --module runs any of them.
# NOT_ENGINE (below) leaves out a few functions of these modules.
DEFAULT_MODULES = ("abilities", "actions", "buying", "card_moves", "compiler", "declared", "decisions", "deck", "draw_moves",
                   "effect_env", "effects", "evaluate", "exposure", "flow", "game", "hand_effects", "harvesting",
                   "acting", "interned", "kinds", "lasting", "legal", "listers", "marked", "marks", "permissions", "planting", "program",
                   "proposal_space", "refusals", "requirements", "ruleset", "scoring", "selection", "setup", "state",
                   "tally", "trading", "transitions", "triggers")
# Functions of those modules that are not engine behaviour but helpers of the left-out players
# and records, kept beside the code they mirror for speed; unit tests pin them (named here).
# Never mutated unless --function names them. docs/mutation.md, "Scope", says why.
NOT_ENGINE = {
    ("ruleset.py", "model_hash"): "pins a game record to its rules (tests/engine/test_bot_helpers.py)",
    ("ruleset.py", "_without_spans"): "part of model_hash (tests/engine/test_bot_helpers.py)",
}
# Engine modules whose functools caches hold results of a few modules' code only (the action
# parser builds actions), so a mutant of any other module may keep them (Engine.reset_caches).
SELF_CONTAINED = {"notation.py": {"notation.py", "actions.py"}}
TRIAGE = HERE / "mutation-triage.yaml"
# The engine's own limit cases (specs it does not play yet, refused at their line): run with the
# conformance cases by default, after them, and counted apart (docs/mutation.md, "The engine's limits").
LIMITS = ROOT / "tests" / "limits"
VERDICTS = ("equivalent", "out-of-reach")


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so the case runner's `except Exception` lets it out."""


@dataclass
class Outcome:
    key: str
    status: str            # killed, timeout, survived, uncovered, error; or a triage verdict
    killer: str = ""       # the first case that failed
    cases_run: int = 0
    seconds: float = 0.0
    note: str = ""
    by_limits: bool = False  # killed by a limit case only (tests/limits/): every conformance case passed


# --- the engine, loaded once ----------------------------------------------------------------

@dataclass
class Engine:
    modules: dict[str, Any]                    # file name → module
    sources: dict[str, str]
    live: dict[tuple[str, str], Any]           # (file, qualname) → the function object run
    pristine: dict[tuple[str, str], Any]       # module-level containers as imported (caches empty)

    def reset_caches(self, mutated: str | None = None) -> None:
        """Put every module-level dict, list and set back as it was on import (the ruleset
        cache, the interned legal actions), and clear the functools caches: a result computed
        by a mutant must not outlive it, and a closure cached before the mutant (the core's
        effects, compiled once per node in decisions.py, call the compilers of marks, effects,
        evaluate and selection) must not hide it. Only the action parser's caches
        (SELF_CONTAINED: they depend on the parser and the actions alone, and rebuilding the
        parser costs 50 ms) are kept when the `mutated` module is neither."""
        for (file, name), saved in self.pristine.items():
            value = getattr(self.modules[file], name)
            value.clear()
            if isinstance(value, list):
                value.extend(saved)
            else:
                value.update(saved)
        for file, module in self.modules.items():
            if mutated is not None and mutated not in SELF_CONTAINED.get(file, {mutated}):
                continue
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def _unwrap(obj: Any) -> Any:
    for attr in ("fget", "__func__"):  # property, classmethod / staticmethod
        obj = getattr(obj, attr, obj)
    while hasattr(obj, "__wrapped__"):  # functools.cache and friends
        obj = obj.__wrapped__
    return obj


def load_engine() -> Engine:
    files = sorted(p.name for p in ENGINE.glob("*.py"))
    modules = {f: importlib.import_module(f"{PACKAGE}.{f[:-3]}") for f in files}
    pristine = {}
    for file, module in modules.items():
        for name, value in vars(module).items():
            if type(value) in (dict, list, set) and not name.startswith("__"):
                pristine[(file, name)] = type(value)(value)
    sources, live = {}, {}
    for file, module in modules.items():
        sources[file] = (ENGINE / file).read_text(encoding="utf-8")
        for qualname, _ in functions(ast.parse(sources[file])):
            owner, _, method = qualname.rpartition(".")
            holder = vars(module) if not owner else vars(vars(module)[owner])
            if method in holder:
                live[(file, qualname)] = _unwrap(holder[method])
    return Engine(modules, sources, live, pristine)


# --- which cases reach which function ---------------------------------------------------------

def _span_index(engine: Engine) -> dict[str, list[tuple[int, int, str]]]:
    """Per engine file, the (first line, last line, qualname) of each mutable function."""
    index: dict[str, list[tuple[int, int, str]]] = {}
    for file, source in engine.sources.items():
        rows = []
        for qualname, node in functions(ast.parse(source)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            rows.append((first, node.end_lineno or node.lineno, qualname))
        index[str(ENGINE / file)] = rows
    return index


def trace_cases(engine: Engine, cases: list) -> tuple[list, dict[tuple[str, str], list[int]], list[str], list[float]]:
    """Run every case once on the real engine, recording the functions it calls and its time.
    Returns (cases that pass, function → indices of the cases reaching it fastest first,
    names of cases that fail unmutated and so cannot judge a mutant, seconds per passing case)."""
    spans = _span_index(engine)
    passing, failing, timings = [], [], []
    reach: dict[tuple[str, str], set[int]] = defaultdict(set)
    for case in cases:
        called: set[tuple[str, str]] = set()

        def profile(frame: Any, event: str, arg: Any) -> None:
            if event == "call":
                code = frame.f_code
                rows = spans.get(code.co_filename)
                if rows:
                    for first, last, qualname in rows:
                        if first <= code.co_firstlineno <= last:
                            called.add((Path(code.co_filename).name, qualname))
                            break
        engine.reset_caches()  # so cached work (the ruleset) is traced in every case that needs it
        began = time.perf_counter()
        sys.setprofile(profile)
        try:
            result = run_case(case)
        finally:
            sys.setprofile(None)
        if result.status != "passed":
            failing.append(result.name)
            continue
        index = len(passing)
        passing.append(case)
        timings.append(time.perf_counter() - began)
        for function in called:
            reach[function].add(index)
    # fastest first, the limit cases after every conformance case (so a kill is theirs only
    # where no conformance case makes it)
    ordered = {f: sorted(ix, key=lambda i: (is_limit(passing[i]), timings[i])) for f, ix in reach.items()}
    return passing, ordered, failing, timings


def is_limit(case: Any) -> bool:
    """A case of the engine's limits (tests/limits/), not of the conformance suite."""
    return Path(case.file).resolve().is_relative_to(LIMITS)


# --- running one mutant (in a worker process) ------------------------------------------------

_STATE: dict[str, Any] = {}


def _init_worker(timeout: float) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles ^C
    # A mutant that loops while allocating must not take the shared machine's memory with it.
    try:
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, resource.RLIM_INFINITY))
    except (ValueError, OSError):
        pass
    _STATE["timeout"] = timeout


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout


def _check_models(outcome: Outcome) -> None:
    """A mutant that writes into a rule model would poison every later mutant of this worker:
    compile the models afresh if one changed."""
    if any(compiled(spec)[0] != saved for spec, saved in _STATE["models"]):
        loader._compiled.cache_clear()  # compiled() reads through this cache, by the spec file's stamp
        outcome.note = "it changed the rule model (recompiled)"


def run_mutant(mutant: Mutant) -> Outcome:
    engine: Engine = _STATE["engine"]
    cases: list = _STATE["cases"]
    order: list[int] = _STATE["reach"].get((mutant.module, mutant.function), [])
    if not order:
        return Outcome(mutant.key, "uncovered", note="no case calls this function")
    target = engine.live.get((mutant.module, mutant.function))
    if target is None:
        return Outcome(mutant.key, "error", note="the function is not reachable to swap")
    try:
        tree = mutated_tree(engine.sources[mutant.module], mutant)
        code = function_code(compile(tree, str(ENGINE / mutant.module), "exec"), mutant.function)
    except (SyntaxError, LookupError, ValueError) as exc:
        return Outcome(mutant.key, "error", note=f"could not build the mutant: {exc}")
    original = target.__code__
    if code.co_freevars != original.co_freevars:  # a code object must keep its closure's shape
        return Outcome(mutant.key, "error", note="the mutant changes the function's closure")
    began = time.perf_counter()
    outcome = Outcome(mutant.key, "survived")
    signal.signal(signal.SIGALRM, _alarm)
    try:
        engine.reset_caches(mutant.module)
        target.__code__ = code
        # A mutant may only be slower, not wrong (a cache that never hits): the limit grows with
        # what its cases took unmutated (traced, so already about twice as slow as plain), so a
        # busy machine does not turn slowness into kills.
        expected = sum(_STATE["timings"][i] for i in order)
        signal.setitimer(signal.ITIMER_REAL, max(_STATE["timeout"], 2 * expected))
        for index in order:
            outcome.cases_run += 1
            try:
                result = run_case(cases[index])
            except Exception as exc:  # the mutant broke the runner's own checks: still a failure
                outcome.status, outcome.killer = "killed", cases[index].name
                outcome.note = f"the case runner raised {type(exc).__name__}"
                outcome.by_limits = is_limit(cases[index])
                break
            if result.status != "passed":
                outcome.status, outcome.killer = "killed", result.name
                outcome.by_limits = is_limit(cases[index])
                break
    except _Timeout:
        outcome.status, outcome.killer = "timeout", cases[order[outcome.cases_run - 1]].name
        outcome.by_limits = is_limit(cases[order[outcome.cases_run - 1]])
    except MemoryError:
        outcome.status, outcome.note = "killed", "ran out of memory"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        target.__code__ = original
        engine.reset_caches(mutant.module)
        _check_models(outcome)
    outcome.seconds = round(time.perf_counter() - began, 3)
    return outcome


# --- choosing mutants, reporting -------------------------------------------------------------

def choose(modules: list[str], names: list[str] | None, limit: int | None,
           seed: int) -> tuple[list[Mutant], dict[str, int]]:
    """The mutants to run (all, or a sample stratified by module: benchmarks/mutation_sample.py)
    and how many mutants each module has in all, which the sample's estimate scales up to."""
    everything = [m for module in modules for m in enumerate_mutants(ENGINE / f"{module}.py")]
    if names:
        everything = [m for m in everything if m.function in names or m.function.split(".")[-1] in names]
    else:
        everything = [m for m in everything if (m.module, m.function) not in NOT_ENGINE]
    population = dict(Counter(m.module for m in everything))
    if limit is not None and limit < len(everything):
        everything = stratified(everything, lambda m: m.module, limit, seed)
    return everything, population


@dataclass(frozen=True)
class Verdict:
    match: str      # a mutant key, where `*` stands for any text (and nothing else is special)
    verdict: str    # equivalent or out-of-reach
    why: str

    def matches(self, key: str) -> bool:
        return re.fullmatch(".*".join(map(re.escape, self.match.split("*"))), key, re.S) is not None


def load_triage(path: Path = TRIAGE) -> list[Verdict]:
    if not path.exists():
        return []
    try:
        rows = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        raise SystemExit(f"{path}: not valid YAML: {exc}") from None
    verdicts = []
    for number, row in enumerate(rows if isinstance(rows, list) else [rows], 1):
        if not isinstance(row, dict) or set(row) != {"match", "verdict", "why"} \
                or not all(isinstance(v, str) and v for v in row.values()):
            raise SystemExit(f"{path}: entry {number} needs exactly the texts match, verdict and why")
        if row["verdict"] not in VERDICTS:
            raise SystemExit(f"{path}: entry {number}: verdict {row['verdict']!r} is not one of {', '.join(VERDICTS)}")
        verdicts.append(Verdict(row["match"], row["verdict"], row["why"]))
    return verdicts


def apply_triage(mutants: list[Mutant], outcomes: dict[str, Outcome], verdicts: list[Verdict]) -> list[str]:
    """Mark the survivors the triage names (first matching entry wins). Returns warnings for
    entries that matched mutants but no survivor: the cases kill them now, so the entry is stale."""
    matched: dict[Verdict, list[str]] = {v: [] for v in verdicts}
    for mutant in mutants:
        outcome = outcomes[mutant.key]
        hit = next((v for v in verdicts if v.matches(mutant.key)), None)
        if hit is None:
            continue
        matched[hit].append(outcome.status)
        if outcome.status in ("survived", "uncovered"):
            outcome.status, outcome.note = hit.verdict, hit.why
    return [f"triage entry {v.match!r} ({v.verdict}) matches only killed mutants"
            for v, statuses in matched.items() if statuses and all(s in ("killed", "timeout") for s in statuses)]


def unmatched(verdicts: list[Verdict], modules: list[str]) -> list[Verdict]:
    """The triage entries for these modules that match no mutant of theirs at all (NOT_ENGINE's
    included): the line they name moved to another function or is gone. Such an entry says
    nothing any more, and a moved line's survivors go untriaged (ruleset._compile's did when its
    body moved into _compile_rules)."""
    keys = {f"{module}.py": [m.key for m in enumerate_mutants(ENGINE / f"{module}.py")] for module in modules}
    return [v for v in verdicts if v.match.split(":", 1)[0] in keys
            and not any(v.matches(key) for key in keys[v.match.split(":", 1)[0]])]


COLUMNS = ("mutants", "killed", "equivalent", "out-of-reach", "survived")


def _column(status: str) -> str:
    return "killed" if status in ("killed", "timeout") else status if status in VERDICTS else "survived"


def tally(mutants: list[Mutant], outcomes: dict[str, Outcome],
          population: dict[str, int] | None = None) -> dict[str, dict[str, Any]]:
    """Per module and in total. score = killed / (mutants − equivalent); reachable = killed /
    (mutants − equivalent − out-of-reach). When the mutants are a sample of `population` (the
    number of mutants per module), each row also estimates both scores over all of its module's
    mutants with a 95% interval (Wilson's; the total over all modules, stratified: the combined
    ratio estimator): `estimate` and `reachable_estimate`, each [score, low, high] in percent."""
    table: dict[str, dict[str, Any]] = {}
    units: dict[str, list[str]] = {}
    # each mutant as the conformance cases alone judge it: killed by a limit case only is survived
    alone: dict[str, list[str]] = {}
    for mutant in mutants:
        outcome = outcomes[mutant.key]
        column = _column(outcome.status)
        row = table.setdefault(mutant.module, dict.fromkeys(COLUMNS + ("by limits",), 0))
        row["mutants"] += 1
        row[column] += 1
        row["by limits"] += column == "killed" and outcome.by_limits
        units.setdefault(mutant.module, []).append(column)
        alone.setdefault(mutant.module, []).append("survived" if column == "killed" and outcome.by_limits
                                                   else column)
    total = {k: sum(r[k] for r in table.values()) for k in COLUMNS + ("by limits",)}
    table = dict(sorted(table.items()))
    table["total"] = total
    for row in table.values():
        judged = row["mutants"] - row["equivalent"]
        row["score"] = round(100 * row["killed"] / judged, 1) if judged else 100.0
        reachable = judged - row["out-of-reach"]
        row["reachable_score"] = round(100 * row["killed"] / reachable, 1) if reachable else 100.0
        row["conformance_score"] = round(100 * (row["killed"] - row["by limits"]) / judged, 1) if judged else 100.0
    sampled = population is not None and any(population[m] > len(c) for m, c in units.items())
    if sampled:
        for name, row in table.items():
            modules = list(units) if name == "total" else [name]
            for field, counted, judged_by in (("estimate", ("killed", "survived", "out-of-reach"), units),
                                              ("reachable_estimate", ("killed", "survived"), units),
                                              ("conformance_estimate", ("killed", "survived", "out-of-reach"), alone)):
                if name == "total":
                    estimate = ratio_estimate({m: (population[m], [(c == "killed", c in counted) for c in judged_by[m]])
                                               for m in modules})
                else:
                    estimate = wilson(judged_by[name].count("killed"), sum(c in counted for c in judged_by[name]),
                                      population[name])
                row[field] = list(estimate.percent()) if estimate else None
    return table


def print_report(mutants: list[Mutant], outcomes: dict[str, Outcome], table: dict, seconds: float,
                 cases: int, failing: list[str], warnings: list[str],
                 population: dict[str, int] | None = None, seed: int = 0) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    console = Console()
    console.width = max(console.width, 120)  # the table's headers and the survivors' code lines
    sampled = "estimate" in table["total"]
    grid = Table(title=f"Mutation score of the conformance suite and the engine's limits ({cases} cases)")
    extra = ("of", "estimated score (95% CI)", "estimated reachable (95% CI)") if sampled else ()
    for column in ("module", *COLUMNS, "score", "reachable", *extra):
        grid.add_column(column, justify="left" if column == "module" else "right")
    for module, row in table.items():
        cells = [str(row[k]) for k in COLUMNS] + [f"{row['score']}%", f"{row['reachable_score']}%"]
        if sampled:
            size = sum(population.values()) if module == "total" else population[module]
            cells += [str(size), _interval(row["estimate"]), _interval(row["reachable_estimate"])]
        grid.add_row(module, *cells, style="bold" if module == "total" else None)
    console.print(grid)
    survivors = [m for m in mutants if outcomes[m.key].status in ("survived", "uncovered", "error")]
    if survivors:
        console.print(f"\n[bold]{len(survivors)} survivors[/bold] (file:line  function  mutation  code):")
        for m in survivors:
            note = outcomes[m.key].note
            again = re.search(r" (#\d+)$", m.key)  # which of several identical changes on the line
            mutation = f"{m.mutation} {again.group(1)}" if again else m.mutation
            console.print(escape(f"  {m.where:16} {m.function:24} {mutation:32} {m.code}")
                          + (f"   [dim]({escape(note)})[/dim]" if note else ""), highlight=False,
                          soft_wrap=True)
    for name in failing:
        console.print(f"[yellow]warning:[/yellow] {escape(name)} fails on the unmutated engine; left out")
    for warning in warnings:
        console.print(f"[yellow]warning:[/yellow] {escape(warning)}")
    kills = sum(1 for o in outcomes.values() if o.status == "timeout")
    total = table["total"]
    judged = total["mutants"] - total["equivalent"]
    console.print(f"\n{total['killed']} of {judged} non-equivalent mutants killed ({total['score']}%; "
                  f"{kills} by timeout); {total['killed']} of {judged - total['out-of-reach']} leaving out "
                  f"the out-of-reach ({total['reachable_score']}%); {seconds:.0f} s", highlight=False)
    console.print(f"{total['by limits']} of them killed by the engine's limit cases only (tests/limits/): "
                  f"the conformance cases alone kill {total['killed'] - total['by limits']} "
                  f"({total['conformance_score']}%)", highlight=False)
    if sampled:
        console.print(f"A sample stratified by module (seed {seed}) of {total['mutants']} of the "
                      f"{sum(population.values())} mutants: estimated score {_interval(total['estimate'])}, "
                      f"leaving out the out-of-reach {_interval(total['reachable_estimate'])}; "
                      f"by the conformance cases alone {_interval(total['conformance_estimate'])}", highlight=False)


def _interval(estimate: list[float] | None) -> str:
    return "-" if estimate is None else f"{estimate[0]}% ({estimate[1]}–{estimate[2]}%)"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/mutation.py",
        description="Mutate the engine and run the conformance suite against each mutant; "
                    "print the score per engine module and every survivor.")
    parser.add_argument("--module", action="append", metavar="NAME",
                        help=f"engine module to mutate (repeatable; default: {', '.join(DEFAULT_MODULES)})")
    parser.add_argument("--function", action="append", metavar="NAME",
                        help="mutate only this function or method (repeatable), e.g. may_buy or Game.apply")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="run a random sample of about N mutants, stratified by module (each module "
                             "its share, at least 3), and estimate the scores with a 95%% interval")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: CPUs)")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds a mutant may take before it counts as killed, at least; the limit "
                             "is twice what its cases took unmutated (traced) when that is more (default 10)")
    parser.add_argument("--cases", action="append", type=Path, metavar="PATH",
                        help="case files or folders (default: conformance/ and the engine's limits, tests/limits/)")
    parser.add_argument("--triage", type=Path, default=TRIAGE,
                        help="YAML list of {match, verdict, why}: survivors triaged as equivalent or "
                             "out-of-reach (default: benchmarks/mutation-triage.yaml)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    for name in args.module or []:
        if not (ENGINE / f"{name}.py").is_file():
            parser.error(f"no engine module {name!r} (in {ENGINE})")
    if args.limit is not None and args.limit < 1 or args.jobs < 1:
        parser.error("--limit and --jobs must be at least 1")
    return args


def measure(args: argparse.Namespace, progress: bool = True) -> dict[str, Any]:
    began = time.perf_counter()
    mutants, population = choose(args.module or list(DEFAULT_MODULES), args.function, args.limit, args.seed)
    engine = load_engine()
    cases = [c for path in discover(args.cases or [ROOT / "conformance", LIMITS]) for c in load_file(path).cases]
    passing, reach, failing, timings = trace_cases(engine, cases)
    models = [(spec, copy.deepcopy(compiled(spec)[0])) for spec in sorted({c.spec for c in passing})]
    _STATE.update(engine=engine, cases=passing, reach=reach, models=models, timings=timings)
    outcomes: dict[str, Outcome] = {}
    context = multiprocessing.get_context("fork")  # workers inherit the loaded engine and cases
    # One mutant per worker, each forked afresh from the traced engine: what a mutant leaves in a
    # cache the tool does not know of (resolve/by_content.py keeps a spec that compiled clean, a
    # spec a mutant let through included) cannot reach the next mutant. Runs that kept a worker
    # for many mutants saw one slow case fail late under unrelated mutants (seed 27, December 2026).
    with context.Pool(args.jobs, _init_worker, (args.timeout,), maxtasksperchild=1) as pool:
        stream = pool.imap_unordered(run_mutant, mutants, chunksize=1)
        if progress:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
            from rich.console import Console
            columns = (TextColumn("mutants"), BarColumn(), MofNCompleteColumn(),
                       TextColumn("{task.fields[killed]} killed"), TimeRemainingColumn())
            with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("mutants", total=len(mutants), killed=0)
                killed = 0
                for outcome in stream:
                    outcomes[outcome.key] = outcome
                    killed += outcome.status in ("killed", "timeout")
                    bar.update(task, advance=1, killed=killed)
        else:  # not a terminal (a long run in a log): a line at every tenth and every survivor
            for done, outcome in enumerate(stream, 1):  # as found, so triage can start before the end
                outcomes[outcome.key] = outcome
                if outcome.status in ("survived", "uncovered", "error"):
                    print(f"{outcome.status}: {outcome.key}", file=sys.stderr, flush=True)
                if done * 10 // len(mutants) != (done - 1) * 10 // len(mutants):
                    print(f"mutants: {done}/{len(mutants)}", file=sys.stderr, flush=True)
    verdicts = load_triage(args.triage)
    warnings = apply_triage(mutants, outcomes, verdicts)
    if not args.function:  # (with --function only some of a module's mutants are made)
        warnings += [f"triage entry {v.match!r} ({v.verdict}) matches no mutant of the engine: its line moved or is gone"
                     for v in unmatched(verdicts, args.module or list(DEFAULT_MODULES))]
    seconds = time.perf_counter() - began
    table = tally(mutants, outcomes, population)
    return {"mutants": mutants, "outcomes": outcomes, "table": table, "seconds": seconds,
            "cases": len(passing), "failing": failing, "warnings": warnings, "population": population}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    run = measure(args, progress=sys.stderr.isatty())
    if args.json:
        print(json.dumps({
            "modules": run["table"], "seconds": round(run["seconds"], 1), "cases": run["cases"],
            "seed": args.seed, "limit": args.limit, "population": run["population"],
            "failing_unmutated": run["failing"],
            "warnings": run["warnings"],
            "mutants": [asdict(m) | asdict(run["outcomes"][m.key]) for m in run["mutants"]],
        }, indent=1, ensure_ascii=False))
    else:
        print_report(run["mutants"], run["outcomes"], run["table"], run["seconds"], run["cases"],
                     run["failing"], run["warnings"], run["population"], args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
