"""pytest collection of conformance cases: each case of each YAML file is one item named
``<spec>::<case id>``. conformance/conftest.py hands *.yaml files to :func:`collect_file`.

A file or case that does not load becomes an item that fails with the loader's message; when
no engine exposes the contract, every case item is skipped with the reason.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from .cases import Case, CaseError, spec_label
from .loader import Planned, build, outline
from .runner import CaseResult, engine_problem, run_case


class CaseFailed(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class CaseFileCollector(pytest.File):
    """Collects the file from its outline (the YAML alone); a case is checked against its
    spec's rule model when it runs. pytest-xdist has every worker collect every item, so
    compiling the specs and starting each case's game while collecting was paid once per
    worker; now it is paid once, by the worker that runs the file."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.document: Any = None
        self.display = ""
        self._built: dict[int, tuple[dict[str, Case], list[CaseError]]] = {}

    def collect(self) -> Iterator[pytest.Item]:
        loaded, self.document, planned = outline(Path(self.path))
        self.display = loaded.display
        spec = loaded.spec or "?"
        for error in loaded.errors:
            yield BrokenItem.from_parent(self, name=f"{spec}::{Path(error.file).name}", errors=[error])
        broken: set[str] = set()
        problem = engine_problem()
        for case in planned:
            if case.problems:
                key = case.id if case.id not in broken else f"{case.id}@cases[{case.index}]"
                broken.add(key)
                yield BrokenItem.from_parent(self, name=f"{spec}::{key}", errors=list(case.problems))
                continue
            for target in case.targets:
                item = CaseItem.from_parent(self, name=f"{spec_label(target)}::{case.id}", planned=case, target=target)
                if problem:
                    item.add_marker(pytest.mark.skip(reason=problem))
                yield item

    def built(self, planned: Planned) -> tuple[dict[str, Case], list[CaseError]]:
        """The case built on each of its specs, or the problems of the first it does not load
        on (checked once per case, when its first item runs)."""
        if planned.index not in self._built:
            cases: list[Case] = []
            problems = build(planned, self.document, self.display, None, cases)
            self._built[planned.index] = ({case.target: case for case in cases}, problems)
        return self._built[planned.index]


class CaseItem(pytest.Item):
    def __init__(self, *, planned: Planned, target: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.planned, self.target = planned, target

    def runtest(self) -> None:
        collector = self.parent
        assert isinstance(collector, CaseFileCollector)
        cases, problems = collector.built(self.planned)
        if self.target not in cases:  # the case does not load on this spec (or an earlier one)
            raise CaseFailed("\n".join(e.render() for e in problems))
        # Untraced, unlike verify's runs (inheritance.run_traced): only an untraced run plays
        # the case a second time through the engine's fast path (conformance/fastpath.py).
        result: CaseResult = run_case(cases[self.target])
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
        cite = self.planned.raw["cite"]
        assert isinstance(self.parent, CaseFileCollector)
        source = cite.get("source", self.parent.document["source"])
        return Path(self.path), max(self.planned.line - 1, 0), f"{self.name} ({source}, {cite['where']})"


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
