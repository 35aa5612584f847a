"""The compiler's tests empty the process' kept compilations (`shipped.forget()`, which empties
`by_content`'s too) to see a spec compiled afresh. Each test here gets them back afterwards as
they were before it: without that, every later test on the same xdist worker compiled again
what the worker had kept (about 260 compiles in one worker of the test command, 1.6–2.0 s of
CPU)."""
from __future__ import annotations

from typing import Iterator

import pytest

from beanrules.resolve import by_content, shipped


@pytest.fixture(autouse=True)
def kept_compilations_come_back() -> Iterator[None]:
    # the tables themselves (a test may put an empty one in their place with monkeypatch, which
    # puts these back before this teardown runs) and what each held
    kept = [(table, dict(table)) for table in (shipped._KEPT, by_content._KEPT)]
    yield
    for table, before in kept:
        table.clear()
        table.update(before)
