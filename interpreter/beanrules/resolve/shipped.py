"""Shipped specs compiled once per process.

A shipped spec (and every base it extends or translates, all shipped) compiles to the same
model every time its files are unchanged, yet many callers in one process ask for it again:
the docs build compiles each spec for every page that shows it, `verify` for its playouts
and its cases, the test suite in hundreds of tests, and every variant compiles its shipped
base. Each compile is 15–75 ms; a kept model is handed out as a copy loaded from its bytes in about
1.3 ms (model/copying.py).

Only a compilation that succeeded is kept, keyed by the file and whether it was the spec
named (checked as playable) or a base on the way to it; it is used again only while every
file it read still has the modification time and size it had. Files outside the shipped
specs folder are not kept here, as they may change between calls faster than their modification
time does: by_content.py keeps them by their text.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic
from ..model.copying import freeze
from ..paths import specs_dir
from . import by_content

Stamp = tuple[str, int, int]  # resolved path, modification time (ns), size


@dataclass(frozen=True)
class Kept:
    model: dict[str, Any]  # never handed out itself: callers copy it (compiler.py)
    diagnostics: tuple[Diagnostic, ...]
    texts: dict[str, str]  # display name -> text of every file read, in reading order
    stamps: tuple[Stamp, ...]  # of the same files, in the same order

    @property
    def depth(self) -> int:
        """How many files the chain holds: the spec and each base below it."""
        return len(self.stamps)


_KEPT: dict[tuple[str, bool], Kept] = {}


def is_shipped_file(resolved: Path) -> bool:
    return resolved.is_relative_to(specs_dir().resolve())


def stamp(resolved: Path) -> Stamp | None:
    try:
        stat = resolved.stat()
    except OSError:
        return None
    return (str(resolved), stat.st_mtime_ns, stat.st_size)


def lookup(resolved: Path, top: bool) -> Kept | None:
    """The kept compilation of this shipped file, if every file it read is unchanged."""
    kept = _KEPT.get((str(resolved), top))
    if kept is None:
        return None
    if any(stamp(Path(path)) != (path, mtime, size) for path, mtime, size in kept.stamps):
        del _KEPT[(str(resolved), top)]
        return None
    return kept


def keep(resolved: Path, top: bool, model: dict[str, Any], diagnostics: list[Diagnostic],
         stamps: list[Stamp | None], texts: dict[str, str]) -> None:
    """Keep a successful compilation of a shipped file that read only shipped files, each
    stamped before it was read (so a file changed while it was read is read again)."""
    if not all(s is not None and is_shipped_file(Path(s[0])) for s in stamps) or len(texts) != len(stamps):
        return
    freeze(model)  # copied for every caller and every variant of it: from bytes, faster
    _KEPT[(str(resolved), top)] = Kept(model, tuple(diagnostics), texts, tuple(stamps))  # type: ignore[arg-type]


def forget() -> None:
    """Drop every kept compilation, the shipped specs' and the other files' (by_content.py),
    for tests that change what compiling does."""
    _KEPT.clear()
    by_content.forget()
