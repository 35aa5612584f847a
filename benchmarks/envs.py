"""Environment speed: the PettingZoo environment (masks and observations) against the plain
engine, measured in one run.

    python benchmarks/envs.py [--spec classic] [--players 4] [--games N] [--rounds R] [--json]

Random play throughout, each loop with its own natural policy:
- engine: the engine's random bot over the listed legal actions, trading included (at most
  two proposals a player a turn, as the environments), through the engine's own loop
  (bots.play_out, no events kept): the plain engine's speed;
- core: beanrules.envs.core.Match, each step the acting player's mask and observation, a
  uniform pick among the legal ids (numpy);
- pettingzoo: pettingzoo.env(...) (with PettingZoo's wrappers), each step env.last() (the
  acting agent's observation vector and mask) and a uniform pick from the mask.
Steps are actions applied to the game (the environments' also count each choice of a card's
ability, one option a step). Rounds alternate the loops so all see the same machine load;
the median round is quoted, as steps per second of the process's CPU time (the machine is
shared: its wall-clock rate is printed too), with the machine's 1-minute load average.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))

try:
    import numpy as np  # noqa: E402
    from beanrules.envs import pettingzoo  # noqa: E402
except ModuleNotFoundError as missing:
    sys.exit(f"benchmarks/envs.py: {missing}")

from beanrules import compile_spec  # noqa: E402
from beanrules.engine import Game  # noqa: E402
from beanrules.engine.bots import make_bot, play_out  # noqa: E402
from beanrules.envs.core import Match, Table  # noqa: E402


def engine(spec: str, players: int, seeds: range) -> int:
    model = compile_spec(spec)
    steps = 0
    for s in seeds:
        game = Game(model, players, seed=s)
        bots = {p: make_bot("random", seed=f"{s}:{i}") for i, p in enumerate(game.players)}
        steps += play_out(game, bots, keep_events=False)
    return steps


def core(spec: str, players: int, seeds: range) -> int:
    table = Table(spec, players)
    steps = 0
    for s in seeds:
        match, rng = Match(table, seed=s), np.random.default_rng(s)
        while not match.over:
            player = match.to_act()
            match.observe(player)
            legal = np.flatnonzero(match.mask(player))
            match.step(int(rng.choice(legal)))
            steps += 1
    return steps


def petting(spec: str, players: int, seeds: range) -> int:
    env = pettingzoo.env(spec=spec, players=players)
    steps = 0
    for s in seeds:
        env.reset(seed=s)
        rng = np.random.default_rng(s)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps


LOOPS = {"engine": engine, "core": core, "pettingzoo": petting}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4, help="games per loop per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    load_before = os.getloadavg()[0]
    rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    walls: dict[str, list[float]] = {name: [] for name in LOOPS}
    steps: dict[str, int] = {}
    for r in range(args.rounds):
        seeds = range(r * args.games, (r + 1) * args.games)
        for name, loop in LOOPS.items():
            start, cpu = time.perf_counter(), time.process_time()
            n = loop(args.spec, args.players, seeds)
            rates[name].append(n / (time.process_time() - cpu))
            walls[name].append(n / (time.perf_counter() - start))
            steps[name] = steps.get(name, 0) + n
    median = {name: statistics.median(v) for name, v in rates.items()}
    wall = {name: statistics.median(v) for name, v in walls.items()}
    out = {"spec": args.spec, "players": args.players, "games_per_round": args.games, "rounds": args.rounds,
           "steps_per_cpu_second": {k: round(v) for k, v in median.items()},
           "steps_per_wall_second": {k: round(v) for k, v in wall.items()},
           "steps": steps,
           "pettingzoo_vs_engine": round(median["pettingzoo"] / median["engine"], 3),
           "core_vs_engine": round(median["core"] / median["engine"], 3),
           "load_average": [load_before, os.getloadavg()[0]]}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{args.spec}, {args.players} players, random play, {args.games} games a loop, median of "
          f"{args.rounds} rounds (load {load_before:.2f} -> {os.getloadavg()[0]:.2f})")
    for name in LOOPS:
        print(f"  {name:<11} {median[name]:>9,.0f} steps/s of CPU  {wall[name]:>9,.0f} steps/s of wall clock"
              f"   ({steps[name]:,} steps in all)")
    print(f"  pettingzoo / engine: {out['pettingzoo_vs_engine']:.3f}   core / engine: {out['core_vs_engine']:.3f}")


if __name__ == "__main__":
    main()
