"""Lets pytest collect the engine's limit cases (limits.yaml) as it collects the conformance
cases: each case is its own item, named <spec>::<case id>."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.conformance.pytest_plugin import collect_file


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    return collect_file(file_path, parent)
