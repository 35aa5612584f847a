"""Where the shipped grammar, specs and schemas live.

An installed wheel carries them inside the package (``beanrules/_data``, put there by the
build); a source checkout or an editable install finds them at the top of the repository.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
_BUNDLED = PACKAGE_DIR / "_data"
_REPO = PACKAGE_DIR.parent.parent


def _first_existing(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return candidates[-1]


@cache
def grammar_file() -> Path:
    return _first_existing(_BUNDLED / "grammar" / "beanrules.lark", _REPO / "grammar" / "beanrules.lark")


@cache
def specs_dir() -> Path:
    return _first_existing(_BUNDLED / "specs", _REPO / "specs")


@cache
def conformance_dir() -> Path:
    return _first_existing(_BUNDLED / "conformance", _REPO / "conformance")


def schema_file(name: str) -> Path:
    return PACKAGE_DIR / "model" / name
