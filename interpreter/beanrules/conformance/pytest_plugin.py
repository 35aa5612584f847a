"""pytest collection of conformance cases: each case of each YAML file is one item named
``<spec>::<case id>``. conformance/conftest.py hands *.yaml files to :func:`collect_file`.

A file or case that does not load becomes an item that fails with the loader's message; when
no engine exposes the contract, every case item is skipped with the reason.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from .cases import Case, CaseError
from .loader import load_file
from .runner import CaseResult, engine_problem, run_case


class CaseFailed(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class CaseFileCollector(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        loaded = load_file(Path(self.path))
        spec = loaded.spec or "?"
        for error in loaded.errors:
            yield BrokenItem.from_parent(self, name=f"{spec}::{Path(error.file).name}", errors=[error])
        for key, errors in loaded.broken.items():
            yield BrokenItem.from_parent(self, name=f"{spec}::{key}", errors=errors)
        problem = engine_problem()
        for case in loaded.cases:
            item = CaseItem.from_parent(self, name=case.name, case=case)
            if problem:
                item.add_marker(pytest.mark.skip(reason=problem))
            yield item


class CaseItem(pytest.Item):
    def __init__(self, *, case: Case, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        result: CaseResult = run_case(self.case)
        if result.status == "skipped":
            pytest.skip(result.message)
        if result.status != "passed":
            raise CaseFailed(result.explain())

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            return excinfo.value.text
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        # pytest wants a 0-based line for skipped items
        return Path(self.path), max(self.case.line - 1, 0), f"{self.case.name} ({self.case.citation})"


class BrokenItem(pytest.Item):
    """A case (or a whole file) that the loader rejected: it fails with the loader's words."""

    def __init__(self, *, errors: list[CaseError], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.errors = errors

    def runtest(self) -> None:
        raise CaseFailed("\n".join(e.render() for e in self.errors))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            return excinfo.value.text
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return Path(self.path), 0, self.name


def collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".yaml":
        return CaseFileCollector.from_parent(parent, path=file_path)
    return None
