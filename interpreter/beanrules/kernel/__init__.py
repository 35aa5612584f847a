"""The playout kernel: a rule model compiled, when it is loaded, into closures over integer seats
(cards and phases as the engine names them), that plays bot games exactly as the interpreter does, only faster.

    from beanrules.kernel import kernel_for, play
    machine = kernel_for(model, 4)            # raises KernelUnsupported (with the reason)
    result = play(machine, seed=7, bots=["random"] * 4, trades=False)

The interpreter stays the reference: tests/kernel/ plays both on identical random streams
for every shipped spec and player count and compares every action and every state. What the
kernel does not know (a rule kind, a mechanism, a core node, a bot) it refuses by name, and
callers (simulation, verify, benchmarks) play those games with the interpreter. See
docs/simulation.md, "The playout kernel".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..engine.errors import Stalled, UnsupportedRule
from ..engine.compiler import compile_ruleset
from ..memo import per_object
from ..model.copying import original_of
from .bots import KERNEL_BOTS, KRandomBot
from .core import KernelUnsupported
from .machine import Machine
from .moves import apply, next_to_act
from ..engine.state import State
from .support import check_ruleset

__all__ = ["KernelUnsupported", "KResult", "Machine", "kernel_for", "kernel_reason", "play"]


@dataclass(frozen=True)
class KResult:
    scores: tuple[int, ...]  # per seat
    winners: tuple[int, ...]  # seats
    turns: int
    actions: int
    state: State


_CACHE: dict[tuple[int, int], tuple[dict, Machine]] = {}


def kernel_for(model: dict, players: int) -> Machine:
    """The kernel of this model for this many players (compiled once per model object), or
    KernelUnsupported naming what it does not play. UnsupportedRule: the engine does not either."""
    model = original_of(model)  # an unchanged copy of a compiled model shares its kernel (model/copying.py)

    def make() -> Machine:
        rs = compile_ruleset(model, players)
        check_ruleset(rs)
        return Machine(rs)
    return per_object(_CACHE, model, players, make)  # bounded, the oldest goes (memo.py)


def kernel_reason(model: dict, players: int, bots: list[str] | tuple[str, ...] = ("random",)) -> str | None:
    """Why the kernel cannot play these games (None: it can)."""
    unknown = sorted(set(bots) - set(KERNEL_BOTS))
    if unknown:
        return f"the kernel has no {', '.join(unknown)} bot"
    try:
        kernel_for(model, players)
    except KernelUnsupported as exc:
        return f"the kernel does not play {exc}"
    except UnsupportedRule as exc:
        return str(exc)
    return None


def play(machine: Machine, seed: int | str, bots: list[str], bot_seeds: list[int | str] | None = None,
         trades: bool = True, max_actions: int = 100_000,
         observe: Callable[[Machine, State, tuple], Any] | None = None) -> KResult:
    """One bot game, as engine.bots.play_out plays it (bot i's seed "seed:i" unless given).
    `observe(machine, state, action)` is called after every action (tests, checks). Raises
    Stalled where play_out would."""
    n = machine.n
    seeds = bot_seeds if bot_seeds is not None else [f"{seed}:{i}" for i in range(n)]
    players = [KERNEL_BOTS[bots[i]](seed=seeds[i], trades=trades) for i in range(n)]
    g = machine.new_game(seed)
    if observe is None and all(type(p) is KRandomBot for p in players):
        count = machine.random_loop(g, players, trades, max_actions)
        return KResult(tuple(machine.scores(g)), tuple(machine.winners(g)), g.turn, count, g)
    count = 0
    while not g.over:
        seat = next_to_act(machine, g)
        if seat is None:
            raise Stalled("the game waits for nobody, yet it is not over",
                          {"phase": g.phase, "active": g.active, "turn": g.turn})
        action = players[seat].choose(machine, g, seat)
        apply(machine, g, action)
        count += 1
        if observe is not None:
            observe(machine, g, action)
        if count >= max_actions and not g.over:
            raise Stalled(f"the game did not end within {max_actions} actions",
                          {"phase": g.phase, "active": g.active, "turn": g.turn})
    return KResult(tuple(machine.scores(g)), tuple(machine.winners(g)), g.turn, count, g)
