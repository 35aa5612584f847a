"""Record the golden playthroughs again: `python tests/golden/record.py [SPEC…]`.

Run it only when a change to a spec or to the engine is meant to change play, and say so in
the commit: the files in tests/golden/games/ are the engine's behaviour as it was recorded.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playthrough import GOLDEN_DIR, GAMES, file_name, play, write  # noqa: E402

from beanrules.engine.game import default_players  # noqa: E402
from beanrules.resolve.compiler import compile_spec  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", help="only these specs (default: every game of the manifest)")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(exist_ok=True)
    for game in GAMES:
        if args.specs and game.spec not in args.specs:
            continue
        started = time.perf_counter()
        path = GOLDEN_DIR / file_name(game)
        lines = write(path, play(compile_spec(game.spec), game.spec, default_players(game.players),
                                 game.seed, game.bots(), game.trades))
        print(f"{path.name}: {lines - 2} actions, {path.stat().st_size // 1024} KiB, "
              f"{time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
