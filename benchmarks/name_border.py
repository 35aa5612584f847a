"""Where player names should turn into seats: what each place would cost the interpreter.

`python benchmarks/name_border.py [--games N] [--rounds R]`: plays N interpreter playouts of
classic at 4 players without trading (random bots, seeds 0..N-1, keep_events=False: the
`benchmarks/playouts.py` headline), records every listing the bots read (`Game.listed`) and
every action applied, and times, per action applied (medians of R rounds, each round playing
the games once and timing each conversion once, so a noisy machine's drift hits all alike):
- `play`: the playouts themselves;
- `api listing`: every listing turned from seat actions into name actions, one new action each
  (what `Game` would do at the API if actions carried seats inside);
- `api apply`: the applied action turned from names to seats (ditto, on the way in);
- `table`: one look-up of the acting player's seat by name per action (what the engine does if
  actions keep names and it converts through a table bound once per game).
Issue #26's "One state" decides where names convert by these figures (docs/architecture.md).
"""
from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import fields

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.bots import RandomBot, play_out, turns


def _games(model: dict, games: int) -> tuple[float, int]:
    """(CPU seconds, actions) of the playouts."""
    actions, start = 0, time.process_time()
    for seed in range(games):
        game = Game(model, 4, seed=seed)
        actions += play_out(game, {p: RandomBot(seed=f"{seed}:{i}", trades=False)
                                   for i, p in enumerate(game.players)}, keep_events=False)
    return time.process_time() - start, actions


def _recorded(model: dict, games: int) -> tuple[list[list], list]:
    """The listings the bots read and the actions applied, in the same games."""
    listings: list[list] = []
    applied: list = []
    for seed in range(games):
        game = Game(model, 4, seed=seed)
        listed = game.listed

        def recording(player: str, trades: bool = True, listed=listed) -> list:
            out = listed(player, trades)
            listings.append(out)
            return out
        game.listed = recording  # type: ignore[method-assign]
        for _, action in turns(game, {p: RandomBot(seed=f"{seed}:{i}", trades=False)
                                      for i, p in enumerate(game.players)}, 100_000):
            applied.append(action)
            game.apply(action, False)
    return listings, applied


def _convert(action, table):
    """The same action with its player looked up in `table` (a new frozen action)."""
    values = [getattr(action, f.name) for f in fields(action)]
    values[0] = table[values[0]]  # every action's first field is its player
    return type(action)(*values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    model = compile_spec("classic")
    listings, applied = _recorded(model, args.games)
    seats = {name: seat for seat, name in enumerate(Game(model, 4).players)}
    names = list(seats)
    seat_listings = [[_convert(a, seats) for a in listing] for listing in listings]
    times: dict[str, list[float]] = {"play": [], "api listing": [], "api apply": [], "table": []}
    for _ in range(args.rounds):
        seconds, count = _games(model, args.games)
        times["play"].append(seconds / count)
        start = time.process_time()
        for listing in seat_listings:
            [_convert(a, names) for a in listing]
        times["api listing"].append((time.process_time() - start) / count)
        start = time.process_time()
        for action in applied:
            _convert(action, seats)
        times["api apply"].append((time.process_time() - start) / count)
        start = time.process_time()
        for action in applied:
            seats[action.player]
        times["table"].append((time.process_time() - start) / count)
    play = statistics.median(times["play"])
    print(f"{len(applied)} actions, {len(listings)} listings of {sum(map(len, listings))} actions")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<12} {median * 1e6:7.3f} µs per action  {median / play:7.1%} of a playout's")


if __name__ == "__main__":
    main()
