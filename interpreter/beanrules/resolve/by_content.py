"""Specs given by path compiled once per content, per process.

A shipped spec is kept by its files' stamps (shipped.py); a file elsewhere may change between
two calls faster than its modification time does, so it was compiled afresh on every call. Yet
one process often compiles the same file with the same text again: a test run compiles its
variants in test after test (about 350 repeated compiles in a run, 6 s of CPU), the docs build
each cookbook recipe for every page that shows it. Here a compilation is kept by what it was
compiled from: the file's resolved path and the name diagnostics give it, its text as read
this time, whether it is the spec named (checked as playable) or a base on the way to it, and
its base's model (the kept object itself, which nobody changes: a base compiled again is another
object, so whatever changed below a spec misses here too). A changed text is another key.

Only what compiled without error is kept, and only what was read from a file (an editor's
unsaved buffers always compile afresh). The kept model is never handed out: the compiler
copies it for every caller, as it does a shipped one.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..diagnostics import Diagnostic
from ..memo import remember

_LIMIT = 256  # compilations; more than a test worker repeats, a few MB of models


@dataclass(frozen=True)
class Kept:
    model: dict[str, Any]  # never handed out itself: callers copy it (compiler.py)
    diagnostics: tuple[Diagnostic, ...]
    base: dict[str, Any] | None  # held so that its id stays its own while this is kept


_KEPT: dict[tuple[str, str, str, bool, int], Kept] = {}


def compiled(resolved: Path, display: str, text: str, top: bool, base: dict[str, Any] | None,
             compile_: Callable[[], tuple[dict[str, Any] | None, list[Diagnostic]]],
             ) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """The kept compilation of this text of this file onto this base, or `compile_()`'s, kept
    when it succeeded."""
    key = (str(resolved), display, text, top, id(base))
    kept = _KEPT.get(key)
    if kept is not None and kept.base is base:
        return kept.model, list(kept.diagnostics)
    model, diagnostics = compile_()
    if model is not None:
        remember(_KEPT, key, Kept(model, tuple(diagnostics), base), _LIMIT)
    return model, diagnostics


def forget() -> None:
    """Drop every kept compilation (for tests that change what compiling does)."""
    _KEPT.clear()
