"""The built documentation site, shared by every test that reads it (the `built_site` fixture).

Building the site is the suite's single longest step (about 30 s of CPU: every generated page,
the simulation figures, the search index), and `.ci/run` builds it anyway for its strict docs
check. So the tests that read the built site run where a site is at hand:

    BEANRULES_SITE=site python -m pytest -m site tests/docs   # on a site built with mkdocs build --strict
    python -m pytest -m site tests/docs                       # builds it first (once per session)

`.ci/run` runs the first, on the site it has just built. Plain `python -m pytest` skips them
with that reason, unless BEANRULES_SITE names a built site. Every test that asks for
`built_site` is marked `site` here, so a new one needs no marker of its own. A session fixture
is built once per pytest-xdist worker: those tests are all in test_site_links.py, so under
`--dist loadfile` (pyproject's addopts) one worker builds it.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP_REASON = ("reads the built site: .ci/run runs it on the site it builds "
               "(BEANRULES_SITE=DIR pytest -m site tests/docs, or pytest -m site to build one)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = "site" in (config.getoption("-m") or "") or bool(os.environ.get("BEANRULES_SITE"))
    for item in items:
        if "built_site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)
            if not chosen:
                item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


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
