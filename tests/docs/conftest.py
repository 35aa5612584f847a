"""One documentation build per test session, shared by every test that reads the built site.
A session fixture is built once per pytest-xdist worker: those tests are all in
test_site_links.py, so under `--dist loadfile` (pyproject's addopts) one worker builds it.

Set BEANRULES_SITE to a folder already built with ``mkdocs build --strict`` to reuse it.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("BEANRULES_SITE")
    if given:
        return Path(given)
    pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install '.[docs]'")
    site = tmp_path_factory.mktemp("site")
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                           cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode == 0, build.stderr[-3000:]
    return site
