"""The kernel's differential sweep: a long run behind a marker.

    pytest -m kernel_sweep tests/kernel            # 40 seeds per spec, player count and bot mix
    BEANRULES_KERNEL_SEEDS=200 pytest -m kernel_sweep tests/kernel
"""
from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "kernel_sweep: the long kernel-against-interpreter sweep "
                                       "(run with pytest -m kernel_sweep; seeds: BEANRULES_KERNEL_SEEDS)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "kernel_sweep" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="the long sweep: pytest -m kernel_sweep")
    for item in items:
        if "kernel_sweep" in item.keywords:
            item.add_marker(skip)
