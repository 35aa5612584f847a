"""The kernel against the interpreter: for every shipped spec and player count, the same
actions, the same state after every action, the same scores and winners, on identical random
streams. Fast here (per spec and player count one game compared step by step and one
played by the generated loop, states compared as snapshots); `pytest -m kernel_sweep` runs many seeds with full state JSON (conftest.py)."""
from __future__ import annotations

import os

import pytest

from beanrules import compile_spec
from beanrules.resolve.compiler import list_specs

from kernel_differential import fast_difference, first_difference, sweep

SPECS = list_specs()
_MODELS: dict[str, dict] = {}


def model(name: str) -> dict:
    return _MODELS.get(name) or _MODELS.setdefault(name, compile_spec(name))


def counts(name: str) -> range:
    m = model(name)
    return range(m["players"]["min"], m["players"]["max"] + 1)


def played_counts(name: str) -> list[int]:
    """The player counts of a spec that the kernel plays (kernel_plays), all of them today."""
    return [players for players in counts(name) if kernel_plays(name, players)]


def kernel_plays(name: str, players: int) -> bool:
    """Whether the kernel plays this spec; where it does not (a mechanism it does not know yet),
    it must say so, and sweeps must then go to the interpreter."""
    from beanrules.engine.simulate import choose_engine
    from beanrules.kernel import kernel_reason
    reason = kernel_reason(model(name), players, ["random", "greedy"])
    if reason is not None:
        assert choose_engine(model(name), players, ["random", "greedy"], False) == ("interpreter", reason)
    return reason is None


# By spec, every player count in the test (a parametrization by count would compile every spec
# at collection, in every xdist worker, to read its counts). A count the kernel refuses is
# played by the interpreter (kernel_plays; test_support.py holds every shipped spec to being
# played by the kernel).
@pytest.mark.parametrize("name", SPECS)
def test_every_action_and_state_as_the_interpreter(name):
    for players in played_counts(name):
        # Random and greedy bots (as verify seats them; which starts alternates), trading on for
        # even player counts and off for odd ones: every spec with 3 or more counts gets both.
        trades = players % 2 == 0
        bots = ["random", "greedy"] if trades else ["greedy", "random"]
        assert first_difference(model(name), players, players, bots, trades) is None, players


@pytest.mark.parametrize("name", SPECS)
def test_the_playout_loop_ends_as_the_interpreter(name):
    for players in played_counts(name):
        # The generated loop (no observer) has no per-action hook: its final state, game length,
        # scores and winners must be the interpreter's.
        trades = players % 2 == 1
        assert fast_difference(model(name), players, players + 100, ["random"], trades) is None, players


def test_the_full_state_json_after_every_action():
    assert first_difference(model("how-to-play"), 3, 7, ["random", "greedy"], True, full=True) is None


@pytest.mark.kernel_sweep
@pytest.mark.parametrize("name", SPECS)
def test_sweep(name):
    for players in played_counts(name):
        sweep(model(name), players, int(os.environ.get("BEANRULES_KERNEL_SEEDS", "40")))
