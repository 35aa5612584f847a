"""The environments' tests (beanrules.envs, the `envs` extra: pip install '.[envs]').

Each test module skips as a whole where PettingZoo or OpenSpiel is not installed. The test
command runs a small share: every shipped spec and the test variant at one player count, for
a few hundred actions. The full sweep - every shipped spec at every player count through
PettingZoo's api_test and seed_test and OpenSpiel's random_sim_test on whole games - is marked
`envs`: skipped here unless pytest -m envs, and run so by .ci/run after it installs the extra.
"""
from __future__ import annotations

import re

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if re.search(r"\benvs\b", config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="the full environment sweep: pytest -m envs (.ci/run runs it)")
    for item in items:
        if item.get_closest_marker("envs") is not None:
            item.add_marker(skip)
