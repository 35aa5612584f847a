"""Lets pytest collect the cookbook's cases (NAME.yaml beside NAME.bean) as conformance cases,
each its own item named <spec>::<case id>, as conformance/conftest.py does for the suite."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.conformance.pytest_plugin import collect_file


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    return collect_file(file_path, parent)
