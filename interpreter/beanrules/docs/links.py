"""Relative links between generated pages: a spec named ``a/b`` lives one folder deeper."""
from __future__ import annotations


def up(spec: str) -> str:
    """The way from a page ``KIND/SPEC.md`` (``rulebooks/…``, ``cases/…``) back to the docs root."""
    return "../" * (spec.count("/") + 1)
