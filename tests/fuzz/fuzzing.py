"""What every fuzz test shares: its budget, its time limit, and which exceptions are allowed.

The rule of the suite: whatever the input, beanrules raises nothing but its own error types,
and nothing runs past a time budget. Under plain `pytest` each test runs a few derandomized
examples (the same ones on every run: CI stays deterministic); with
`--hypothesis-profile fuzz-long` it runs that profile's examples from the seed given.
"""
from __future__ import annotations

import signal
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from beanrules.diagnostics import SpecError
from beanrules.documents import DocumentError
from beanrules.engine import Game
from beanrules.engine.bots import make_bot
from beanrules.engine.errors import IllegalAction, NotationError, UnsupportedRule

# The project's own error types: anything else escaping is a bug the fuzz run reports.
OWN_ERRORS = (SpecError, IllegalAction, NotationError, UnsupportedRule, DocumentError)

EXAMPLE_SECONDS = 60  # far beyond any example's need: only a hang gets here


def budget(examples: int) -> settings:
    """`examples` derandomized examples, unless a fuzz profile was loaded for a long run."""
    if settings.get_current_profile_name().startswith("fuzz"):
        return settings(settings.default)
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


class PastBudget(Exception):
    """An example ran longer than EXAMPLE_SECONDS: a hang."""


@contextmanager
def time_budget(seconds: float = EXAMPLE_SECONDS) -> Iterator[None]:
    """Fail an example that hangs, instead of hanging the suite."""
    def expired(signum: int, frame: object) -> None:
        raise PastBudget(f"past the budget of {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# One line edit of a text: (draw, lines, index) → None, changing `lines` in place.
LineEdit = Callable[[Any, list[str], int], None]


def _swap(draw: Any, lines: list[str], i: int) -> None:
    j = draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]


LINE_EDITS: dict[str, LineEdit] = {
    "drop": lambda draw, lines, i: lines.pop(i) and None,
    "dup": lambda draw, lines, i: lines.insert(i, lines[i]),
    "swap": _swap,
    "junk": lambda draw, lines, i: lines.__setitem__(i, lines[i] + draw(st.text(max_size=12))),
}


@st.composite
def mutated(draw: Any, lines: list[str], edits: dict[str, LineEdit], most: int = 5) -> str:
    """`lines` with 1 to `most` edits, each one of LINE_EDITS or of `edits`, joined by newlines."""
    lines = list(lines)
    every = {**LINE_EDITS, **edits}
    for _ in range(draw(st.integers(1, most))):
        if not lines:
            break
        every[draw(st.sampled_from(sorted(every)))](draw, lines, draw(st.integers(0, len(lines) - 1)))
    return "\n".join(lines)


def one_game(model: dict, actions: int = 3_000, players: int | None = None) -> None:
    """One bot game of a spec `check` accepted, at its fewest players (or `players`), cut short
    after `actions`: checking its end is not a fuzz test's job. A game waiting for a player with no legal action is
    one of the engine-semantics crash classes that resolve/checks.py rejects (issue #10), not the
    subject either."""
    game = Game(model, players or model["players"]["min"], seed=1)
    bots = {p: make_bot("random" if i % 2 else "greedy", seed=f"1:{i}") for i, p in enumerate(game.players)}
    for _ in range(actions):
        if game.is_over:
            return
        waiting = game.waiting_for()
        if not waiting or not game.legal_actions(waiting[0]):
            return
        game.apply(bots[waiting[0]].choose(game, waiting[0]))
