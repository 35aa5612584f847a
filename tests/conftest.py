"""Hypothesis profiles for the fuzz suite (tests/fuzz). Registered here, where pytest reads them
before it loads a profile given with --hypothesis-profile.

The `sweep` marker: further seeds of a playout that the test command plays with one seed. They
add coverage, not another kind of check, so `python -m pytest` skips them and `.ci/run` runs
them as a command of their own (`python -m pytest -m sweep`).

Also: compiled test modules are cached even where PYTHONDONTWRITEBYTECODE is set (as on the
project's shared machines). pytest rewrites the asserts of every test module as it imports it
and keeps the result as bytecode; without that cache every xdist worker rewrote all ~90 test
modules on every run, ~4 s of CPU each. The cache goes where Python puts it anyway
(`__pycache__/`, ignored by git), and is used only while its source file is unchanged.

And: the cyclic garbage collector is tuned for the test process (as mypy tunes it for its
build). A test run keeps a large heap alive (compiled models, rulesets and parse trees in the
process caches, hypothesis' data), and with CPython's defaults every full collection walks all
of it: over the whole test command (2 xdist workers, a timer on each collection) the collector
took 26.8 s of CPU. Collecting the young generation after 50,000 new container objects instead
of 700 (and the older ones after 20 of those instead of 10), and moving everything alive once
the tests are collected out of the collector's sight (gc.freeze), brought it to 5.4 s (7.3 s
with 10,000 and 10). Garbage with cycles is still collected, only less often; the engine itself
is untouched (`beanrules verify` spends 0.7 s of 20 s collecting). The heap is frozen again once
the tests have run: the full collections pytest makes as a session ends then skip it."""
from __future__ import annotations

import gc
import os
import re
import sys

import pytest
from hypothesis import HealthCheck, settings

sys.dont_write_bytecode = False  # before pytest imports any test module (see above)
# The xdist workers and the processes tests start inherit the environment: without the variable
# they keep compiled modules too, among them pytest's rewrite of its plugins (hypothesis, xdist,
# platformdirs: ~90 modules, ~0.5 s of CPU in every process, which loads them before this file).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
gc.set_threshold(50_000, 20, 20)  # see above: the young generation at 50,000 objects, not 700

# The long run (docs/limits.md): pytest -m fuzz --hypothesis-profile fuzz-long --hypothesis-seed N
settings.register_profile(
    "fuzz-long", max_examples=5_000, deadline=None, derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything alive once the tests are collected (modules, the specs compiled while
    collecting) stays alive to the end: out of the collector's sight from here on (see above)."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Everything alive once the tests have run is frozen too: pytest's unraisable-exception
    plugin collects garbage with a full `gc.collect()` as the session ends (twice in every
    process), which walked the whole heap the tests left behind (the kept compilations,
    rulesets and closures) for nothing, 1-3 s of CPU in each xdist worker (see above)."""
    gc.freeze()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if re.search(r"\bsweep\b", config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a further seed of a sweep: pytest -m sweep (.ci/run runs it)")
    for item in items:
        if "sweep" in item.keywords:
            item.add_marker(skip)
