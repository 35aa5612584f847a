"""The library of rewrites: one small, named function per sentence kind.

Like Ludii's ``.def`` ludemeplexes, each rewrite documents itself: the sentence it rewrites
(``example``, compiled as written, inside ``phase`` if the sentence is a step of a phase)
and what its core means in English (``means``). tests/desugar runs every documented example,
and docs/language.md shows them, so the documentation cannot drift from the rewrite.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core.categories import Statement

RewriteFn = Callable[[dict[str, Any]], tuple[Statement, ...]]


@dataclass(frozen=True)
class Rewrite:
    kind: str
    function: RewriteFn
    example: str
    means: str
    phase: bool  # the example is a step written inside a phase

    @property
    def fragment(self) -> str:
        """The example as a spec fragment (in a phase of its own if it is a step), for
        :func:`beanrules.docs.examples.compile_example`."""
        if self.phase:
            return f'phase step "Step"   § r "p.1"\n  {self.example}   § r "p.1"\n'
        return f'{self.example}   § r "p.1"\n'

    @property
    def doc(self) -> str:
        return " ".join((self.function.__doc__ or "").split())


REWRITES: dict[str, Rewrite] = {}


def rewrite(kind: str, example: str, means: str, phase: bool = False) -> Callable[[RewriteFn], RewriteFn]:
    """Register the rewrite of sentence kind `kind`, with its documented example."""
    def register(fn: RewriteFn) -> RewriteFn:
        if kind in REWRITES:
            raise AssertionError(f"two rewrites for '{kind}'")
        REWRITES[kind] = Rewrite(kind, fn, example, means, phase)
        return fn
    return register
