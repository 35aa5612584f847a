"""What one state would cost the kernel: its hot operations on three representations.

`python benchmarks/one_state.py [--repeat N]`: nanoseconds per operation (medians), for
- `kernel`: the kernel's own state as it was then (KState, gone since: the kernel plays on the
  engine's State): seats 0..n-1 index plain lists, beans are ints;
- `engine`: engine/state.py's State: dicts keyed by player names, beans are type strings;
- `shared`: seats 0..n-1 index plain lists (as the kernel's), beans are the engine's strings.
The operations are the ones a classic playout repeats (the generated loop's listing of plants,
a plant, a harvest's payout, who is next, whether any hand holds cards, a copy of the zones,
the planting judge's remembered key). Issue #26's "one state" is chosen by these figures
(docs/architecture.md, "One state").
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import timeit

BEANS = {"coffee": 24, "wax": 22, "blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12,
         "black-eyed": 10, "red": 8, "garden": 6}
PAYOUT = {"coffee": [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3], "wax": [0, 0, 0, 0, 1, 1, 1, 2, 2, 3],
          "blue": [0, 0, 0, 0, 1, 1, 1, 2, 2, 2], "chili": [0, 0, 0, 1, 1, 1, 2, 2, 3],
          "stink": [0, 0, 0, 1, 1, 2, 2, 3], "green": [0, 0, 0, 1, 1, 2, 3], "soy": [0, 0, 1, 1, 2, 2, 3],
          "black-eyed": [0, 0, 1, 1, 2, 3], "red": [0, 0, 1, 2, 3], "garden": [0, 0, 0, 2, 3]}
NAMES = ["ann", "bob", "cat", "dan"]


def _tables(kind: str, rng: random.Random) -> dict:
    """A mid-game classic table of 4 players in one representation, and what its operations read."""
    order = list(BEANS)
    deck = [b for b in order for _ in range(BEANS[b])]
    rng.shuffle(deck)
    hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
    fields = [[[deck[40 + i]] * (1 + i % 3), [deck[50 + i]] * (i % 2)] for i in range(4)]
    number = {b: i for i, b in enumerate(order)}
    if kind == "kernel":
        to = number.__getitem__
        payout = [PAYOUT[b] for b in order]
        seats = list(range(4))
    else:
        to = sys.intern
        payout = {b: PAYOUT[b] for b in order}
        seats = NAMES if kind == "engine" else list(range(4))
    hands = [[to(b) for b in h] for h in hands]
    fields = [[[to(b) for b in f] for f in fs] for fs in fields]
    if kind == "engine":
        hands, fields = dict(zip(NAMES, hands)), dict(zip(NAMES, fields))
    bean = to(order[3])
    return {"hands": hands, "fields": fields, "payout": payout, "bean": bean, "seat": seats[2],
            "players": seats, "n": 4, "memo": {}, "values": (hands.values() if kind == "engine" else hands)}


OPERATIONS = {
    # the generated loop's listing: the fields a bean may go onto under one type per field
    "list plants": "fs = fields[seat]; [i for i, f in enumerate(fs) if not f or f[-1] == bean]",
    # a plant from the front of the hand, then undone (the table stays the same)
    "plant": "h = hands[seat]; b = h.pop(0); fields[seat][0].append(b); fields[seat][0].pop(); h.insert(0, b)",
    # a harvest's coins: the payout row of the field's bean, read at its size
    "payout": "f = fields[seat][0]; t = payout[f[-1]]; c = t[len(f)] if len(f) < len(t) else t[-1]",
    # the next player in turn order
    "next seat": "players[(players.index(seat) + 1) % n]",
    "next seat (int)": "(seat + 1) % n",
    # a phase that trades stays open while any hand holds cards
    "any hand": "any(values)",
    # a copy of every player's zones (the kernel copies states to try an ability's choices)
    "copy zones": "[list(h) for h in values]; [[list(f) for f in fs] for fs in (fields.values() if type(fields) is dict else fields)]",
    # the planting judge's remembered answer (engine/permissions.py): its key, one lookup
    "judge key": "k = (bean, *[f[-1] if f else None for f in fields[seat]]); memo.get(k) or memo.setdefault(k, 1)",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31)
    args = parser.parse_args()
    number = 20_000
    kinds = ("kernel", "engine", "shared")
    print(f"{'operation':<16}" + "".join(f"{k:>10}" for k in kinds) + "   (ns per operation, medians)")
    for name, statement in OPERATIONS.items():
        envs = {kind: _tables(kind, random.Random(1)) for kind in kinds}
        if name == "next seat (int)":
            del envs["engine"]  # the engine's players are names: no arithmetic on them
        timers = {kind: timeit.Timer(statement, globals=env) for kind, env in envs.items()}
        times: dict[str, list[float]] = {kind: [] for kind in timers}
        for _ in range(args.repeat):  # the kinds in turn, so a noisy machine's drift hits all alike
            for kind, timer in timers.items():
                times[kind].append(timer.timeit(number) / number * 1e9)
        print(f"{name:<16}" + "".join(f"{statistics.median(times[k]):>10.1f}" if k in times else f"{'-':>10}"
                                      for k in kinds))

if __name__ == "__main__":
    main()
