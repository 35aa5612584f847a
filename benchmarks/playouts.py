"""Playout speed: the interpreter against hand-written engines, measured in one run.

    python benchmarks/playouts.py [--games N] [--rounds R] [--json] [--before SRC] [--memory GAMES]
                                  [--spec NAME ...] [--players N ...]

Random policy throughout. Engines, measured in alternating rounds (each round times every
engine once, so all see the same machine load) and quoted as the median round:
- the interpreter (this checkout), classic, 4 players, no trading: the headline;
- the playout kernel (beanrules.kernel) playing the same games (same seeds, same actions);
- benchmarks/handwritten_classic.py, the project's hand-written classic engine (same API shape);
- ../shared/bench/lean_classic.py next to the repository, a lean hand-written engine, when present;
- with --before SRC, the interpreter and the kernel of another source tree (a folder holding
  `beanrules/`, e.g. an older commit's `interpreter/` from `git archive`), in a child process, so
  a change to either is measured before and after in the same run.
The interpreter and the kernel (and --before) also play classic with trading (4 players) and
how-to-play at 2 to 7 players without trading; with --spec NAME, also that spec at each player
count it allows (--players N: only those), --games games each, by the interpreter, the kernel
where it plays the spec, and --before. Prints games/s, µs per action and the ratios;
--json gives `kernel_vs_lean`, `interpreter_vs_lean` and `kernel_vs_interpreter` (null where an
engine is missing), and `load_average`: the machine's 1-minute load as the rounds began and ended.
--memory plays that many games with each engine (in a child process each) and reports how peak
memory grew after the first 10%.
"""
from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
LEAN = REPO.parent / "shared" / "bench" / "lean_classic.py"


# -- the interpreter (also run by the --serve child, importing `beanrules` from its own tree) --
def interpreter_run(spec: str, players: int, games: int, trades: bool) -> tuple[float, int]:
    """(seconds, actions) for `games` random-bot games with seeds 0..games-1."""
    from beanrules import compile_spec
    from beanrules.engine import Game
    from beanrules.engine.bots import RandomBot, play_out

    model = _MODELS.get(spec) or _MODELS.setdefault(spec, compile_spec(spec))
    # Playouts keep no events where the engine allows it (an older tree, --before, may not).
    fast = {"keep_events": False} if "keep_events" in inspect.signature(play_out).parameters else {}
    actions = 0
    start = time.process_time()
    for seed in range(games):
        game = Game(model, players, seed=seed)
        bots = {p: RandomBot(seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(game.players)}
        actions += play_out(game, bots, **fast)
    return time.process_time() - start, actions


_MODELS: dict[str, dict] = {}


def kernel_run(spec: str, players: int, games: int, trades: bool) -> tuple[float, int]:
    """(seconds, actions) for the same games played by the playout kernel (beanrules.kernel)."""
    from beanrules import compile_spec
    from beanrules.kernel import kernel_for, play

    model = _MODELS.get(spec) or _MODELS.setdefault(spec, compile_spec(spec))
    machine = kernel_for(model, players)  # compiled once per model and player count, as `play` does
    bots = ["random"] * players
    actions = 0
    start = time.process_time()
    for seed in range(games):
        actions += play(machine, seed, bots, trades=trades).actions
    return time.process_time() - start, actions


def player_counts(spec: str) -> range:
    """Every player count the spec allows."""
    from beanrules import compile_spec

    model = _MODELS.get(spec) or _MODELS.setdefault(spec, compile_spec(spec))
    return range(model["players"]["min"], model["players"]["max"] + 1)


def kernel_plays(spec: str, players: int) -> bool:
    """Whether the playout kernel plays these games (else only the interpreters are timed)."""
    from beanrules import compile_spec
    from beanrules.kernel import kernel_reason

    model = _MODELS.get(spec) or _MODELS.setdefault(spec, compile_spec(spec))
    return kernel_reason(model, players) is None


def serve(src: str) -> int:
    """The --before child: import beanrules from SRC, answer one JSON request per line."""
    sys.path.insert(0, src)
    for line in sys.stdin:
        engine, spec, players, games, trades = json.loads(line)
        run = kernel_run if engine == "kernel" else interpreter_run
        print(json.dumps(run(spec, players, games, trades)), flush=True)
    return 0


class Before:
    """The interpreter or the kernel of another source tree, timed in a child process on request."""

    def __init__(self, src: str):
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", src], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def run(self, spec: str, players: int, games: int, trades: bool, engine: str = "interpreter") -> tuple[float, int]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps([engine, spec, players, games, trades]) + "\n")
        self.proc.stdin.flush()
        seconds, actions = json.loads(self.proc.stdout.readline())
        return seconds, actions

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()


# -- the hand-written engines ------------------------------------------------------------------
def handwritten_run(players: int, games: int) -> tuple[float, int]:
    from handwritten_classic import play_game
    actions = 0
    start = time.process_time()
    for seed in range(games):
        actions += play_game(players, seed).actions
    return time.process_time() - start, actions


def load_lean():
    """lean_classic's module, or None when ../shared/bench/lean_classic.py is not there."""
    if not LEAN.is_file():
        return None
    spec = importlib.util.spec_from_file_location("lean_classic", LEAN)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def lean_run(lean, games: int) -> tuple[float, int]:
    """lean_classic's own API: Game(players, rng).play(), 4 players (all it plays)."""
    actions = 0
    start = time.process_time()
    for seed in range(games):
        game = lean.Game(4, random.Random(seed))
        game.play()
        actions += game.actions
    return time.process_time() - start, actions


# -- measuring ---------------------------------------------------------------------------------
def summary(runs: list[tuple[float, int]], games: int) -> dict:
    seconds = statistics.median(r[0] for r in runs)
    actions = statistics.median(r[1] for r in runs)
    return {"games_per_s": round(games / seconds, 1), "us_per_action": round(seconds / actions * 1e6, 2),
            "actions_per_game": round(actions / games, 1), "rounds": len(runs)}


def measure(args: argparse.Namespace) -> dict:
    sys.path.insert(0, str(REPO / "interpreter"))
    sys.path.insert(0, str(HERE))
    lean = load_lean()
    before = Before(args.before) if args.before else None
    g = args.games
    small = max(1, g // 5)
    # (label, games, engine -> timing function); every round runs each once, in this order.
    configs: list[tuple[str, int, dict]] = []
    headline = {"interpreter": lambda: interpreter_run("classic", 4, g, False),
                "kernel": lambda: kernel_run("classic", 4, g, False),
                "handwritten": lambda: handwritten_run(4, g)}
    if lean is not None:
        headline["lean"] = lambda: lean_run(lean, g)
    if before:
        headline["before"] = lambda: before.run("classic", 4, g, False)
        headline["kernel before"] = lambda: before.run("classic", 4, g, False, "kernel")
    configs.append(("classic 4p", g, headline))
    trading = {"interpreter": lambda: interpreter_run("classic", 4, small, True),
               "kernel": lambda: kernel_run("classic", 4, small, True)}
    if before:
        trading["before"] = lambda: before.run("classic", 4, small, True)
        trading["kernel before"] = lambda: before.run("classic", 4, small, True, "kernel")
    configs.append(("classic 4p trading", small, trading))
    for n in range(2, 8):
        engines = {"interpreter": (lambda n=n: interpreter_run("how-to-play", n, small, False)),
                   "kernel": (lambda n=n: kernel_run("how-to-play", n, small, False))}
        if before:
            engines["before"] = (lambda n=n: before.run("how-to-play", n, small, False))
            engines["kernel before"] = (lambda n=n: before.run("how-to-play", n, small, False, "kernel"))
        configs.append((f"how-to-play {n}p", small, engines))
    for spec in args.spec:
        for n in args.players or player_counts(spec):
            engines = {"interpreter": (lambda spec=spec, n=n: interpreter_run(spec, n, g, False))}
            kernel = kernel_plays(spec, n)
            if kernel:
                engines["kernel"] = (lambda spec=spec, n=n: kernel_run(spec, n, g, False))
            if before:
                engines["before"] = (lambda spec=spec, n=n: before.run(spec, n, g, False))
                if kernel:
                    engines["kernel before"] = (lambda spec=spec, n=n: before.run(spec, n, g, False, "kernel"))
            configs.append((f"{spec} {n}p", g, engines))
    for _, _, engines in configs:  # warm up: compile the models, fill the caches
        for fn in engines.values():
            fn()
    load_before = os.getloadavg()[0]  # a shared machine: how busy it was while the rounds ran
    runs: dict[tuple[str, str], list] = {}
    for _ in range(args.rounds):
        for label, _, engines in configs:
            for engine, fn in engines.items():
                runs.setdefault((label, engine), []).append(fn())
    if before:
        before.close()
    table = {label: {engine: summary(runs[(label, engine)], games) for engine in engines}
             for label, games, engines in configs}
    head = table["classic 4p"]
    ratio = (lambda a, b: round(head[a]["games_per_s"] / head[b]["games_per_s"], 3)
             if a in head and b in head else None)
    result = {"games": g, "rounds": args.rounds, "policy": "random", "results": table,
              "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
              "interpreter_vs_lean": ratio("interpreter", "lean"),
              "kernel_vs_lean": ratio("kernel", "lean"),
              "kernel_vs_interpreter": ratio("kernel", "interpreter"),
              "handwritten_vs_lean": ratio("handwritten", "lean"),
              "interpreter_vs_handwritten": ratio("interpreter", "handwritten"),
              "lean": str(LEAN) if lean is not None else None}
    if before:
        result["after_vs_before"] = {label: round(r["interpreter"]["games_per_s"] / r["before"]["games_per_s"], 3)
                                     for label, r in table.items()}
        result["kernel_after_vs_before"] = {label: round(r["kernel"]["games_per_s"] / r["kernel before"]["games_per_s"], 3)
                                            for label, r in table.items() if "kernel before" in r}
    return result


def memory(games: int) -> dict:
    """Peak memory over `games` classic 4-player games, per engine, each in a fresh child
    process (peak RSS only grows, so one process could not tell the engines apart)."""
    out = {}
    for engine in ("kernel", "interpreter"):
        child = subprocess.run([sys.executable, __file__, "--memory-child", engine, str(games)],
                               capture_output=True, text=True, check=True)
        out[engine] = json.loads(child.stdout)
    return out


def memory_child(engine: str, games: int) -> int:
    """The --memory child: play the games with one engine, print its peak memory as JSON."""
    sys.path.insert(0, str(REPO / "interpreter"))
    from beanrules import compile_spec
    from beanrules.engine import Game
    from beanrules.engine.bots import RandomBot, play_out
    from beanrules.kernel import kernel_for, play

    def peak_kb() -> int:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    model = compile_spec("classic")
    early = 0
    for seed in range(games):
        if engine == "kernel":
            play(kernel_for(model, 4), seed, ["random"] * 4, trades=False)
        else:
            game = Game(model, 4, seed=seed)
            play_out(game, {p: RandomBot(seed=f"{seed}:{i}", trades=False) for i, p in enumerate(game.players)},
                     keep_events=False)
        if seed == games // 10:
            early = peak_kb()
    print(json.dumps({"games": games, "peak_kb_after_10_percent": early, "peak_kb_at_end": peak_kb(),
                      "growth_kb": peak_kb() - early}))
    return 0


def report(result: dict) -> None:
    print(f"random policy, median of {result['rounds']} alternating rounds "
          f"(a shared machine: compare ratios within one run, not figures between runs)")
    print("load average (1 min) as the rounds began and ended: {} and {}".format(*result["load_average"]))
    print(f"{'configuration':<20} {'engine':<14} {'games/s':>9} {'µs/action':>10} {'actions/game':>13}")
    for label, engines in result["results"].items():
        for engine, r in engines.items():
            print(f"{label:<20} {engine:<14} {r['games_per_s']:>9} {r['us_per_action']:>10} "
                  f"{r['actions_per_game']:>13}")
    for key in ("kernel_vs_lean", "interpreter_vs_lean", "kernel_vs_interpreter", "interpreter_vs_handwritten",
                "handwritten_vs_lean"):
        print(f"{key}: {result[key]}")
    if "after_vs_before" in result:
        print("after_vs_before (games/s):", ", ".join(f"{k} {v}" for k, v in result["after_vs_before"].items()))
        print("kernel_after_vs_before (games/s):",
              ", ".join(f"{k} {v}" for k, v in result["kernel_after_vs_before"].items()))
    for engine, m in result.get("memory", {}).items():
        print(f"memory, {engine}, over {m['games']} games: peak {m['peak_kb_after_10_percent']} kB after 10%, "
              f"{m['peak_kb_at_end']} kB at the end (+{m['growth_kb']} kB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100,
                        help="classic 4-player games per engine and round (default 100; trading and "
                             "how-to-play play a fifth of that)")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds; the median counts (default 7)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--before", metavar="SRC", help="also time the interpreter in SRC (a folder holding beanrules/)")
    parser.add_argument("--memory", type=int, default=0, metavar="GAMES", help="also check memory over GAMES games per engine")
    parser.add_argument("--spec", action="append", default=[], metavar="NAME",
                        help="also time this spec (a shipped name or a path; repeatable), --games games "
                             "at each player count it allows")
    parser.add_argument("--players", type=int, nargs="+", metavar="N",
                        help="with --spec: only these player counts")
    parser.add_argument("--serve", metavar="SRC", help=argparse.SUPPRESS)
    parser.add_argument("--memory-child", nargs=2, metavar=("ENGINE", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.players and not args.spec:
        parser.error("--players goes with --spec")
    for spec in args.spec if not args.serve else ():
        try:
            allowed = player_counts(spec)  # every --spec is played at each --players count
        except Exception as exc:  # a spec that does not compile: its own message, no traceback
            parser.error(f"--spec {spec}: {exc}")
        wrong = [n for n in args.players or () if n not in allowed]
        if wrong:
            parser.error(f"{spec} is played by {allowed.start} to {allowed.stop - 1} players, not "
                         f"{', '.join(map(str, wrong))} (--players applies to every --spec)")
    if args.serve:
        return serve(args.serve)
    if args.memory_child:
        return memory_child(args.memory_child[0], int(args.memory_child[1]))
    result = measure(args)
    if args.memory:
        result["memory"] = memory(args.memory)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
