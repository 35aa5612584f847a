"""What a loaded case file is made of: cases ready to run, and the errors of those that are not."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..memo import remember


def spec_label(spec: str) -> str:
    """A spec key for people: a shipped name as it is, a path relative to here if it can be."""
    if not spec.endswith(".bean"):
        return spec
    key = (spec, os.getcwd())
    if key not in _LABELS:  # resolving asks the file system, and every case result is named so
        try:
            label = str(Path(spec).resolve().relative_to(Path(key[1]).resolve()))
        except ValueError:
            label = spec
        remember(_LABELS, key, label, 1024)
    return _LABELS[key]


_LABELS: dict[tuple[str, str], str] = {}  # (spec key, working folder) -> its label


@dataclass(frozen=True)
class CaseError:
    """A problem in a case file, placed as precisely as the file allows."""

    file: str
    message: str
    case_id: str | None = None
    path: str = ""          # where in the case (or file): steps[2].refuse, state.hands.Anna[3]

    def render(self) -> str:
        where = self.file
        if self.case_id is not None:
            where += f": case '{self.case_id}'"
        if self.path:
            where += f" at {self.path}"
        return f"{where}: {self.message}"

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True)
class Case:
    """One case with the file's defaults filled in (spec, source)."""

    file: str
    index: int              # position in the file's case list, for messages
    id: str
    spec: str
    source: str
    where: str
    quote: str | None
    description: str
    players: tuple[str, ...]
    start: str
    seed: int
    state: dict[str, Any]
    steps: tuple[dict[str, Any], ...]
    line: int = 0           # 1-based line of the case's id in the file (0: unknown)
    dealt: bool = False     # start from the engine's own shuffle and deal, not a partial state
    target: str = ""        # the spec the case was written for, when it runs on another one
    refused: dict[str, Any] | None = None  # {error, line}: `check` must refuse the spec (conformance/refusals.py)
    refused_state: dict[str, Any] | None = None  # {at, rule}: the engine must refuse the start (startstate.py)

    @property
    def name(self) -> str:
        """How pytest and the reports call the case."""
        return f"{spec_label(self.spec)}::{self.id}"

    @property
    def citation(self) -> str:
        return f"{self.source}, {self.where}"


@dataclass
class CaseFile:
    path: Path
    display: str                                        # path as shown in messages
    spec: str | None = None                             # the file's (first) default spec
    specs: list[str] = field(default_factory=list)      # every spec the file's cases run on
    cases: list[Case] = field(default_factory=list)     # the cases that loaded cleanly
    broken: dict[str, list[CaseError]] = field(default_factory=dict)  # case id → its errors
    errors: list[CaseError] = field(default_factory=list)             # errors of the file itself

    @property
    def all_errors(self) -> list[CaseError]:
        return self.errors + [e for errs in self.broken.values() for e in errs]
