"""Finding spec files by name or path, and reading them into ASTs.

A spec name is its path under ``specs/`` without ``.bean`` (``classic``,
``translations/es``). Anything ending in ``.bean`` or naming an existing file is a path.
A spec given by path may ``extends`` a spec beside it or any shipped spec.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..paths import specs_dir
from ..syntax.ast import Spec
from ..syntax.build import build_spec
from ..syntax.parser import decode_spec, parse_text


@dataclass(frozen=True)
class SpecFile:
    name: str  # the spec name (shipped specs) or the file's stem
    path: Path
    display: str  # how diagnostics name the file


def list_specs(root: Path | None = None) -> list[str]:
    """Every shipped spec name, sorted."""
    root = root or specs_dir()
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.bean"))


def _display(path: Path) -> str:
    """How messages and spans name a file: a shipped spec always as specs/NAME.bean (so its
    model does not depend on where beanrules runs), any other file relative to the current
    folder where it lies below it."""
    resolved = path.resolve()
    root = specs_dir().resolve()
    if resolved.is_relative_to(root):
        return "specs/" + resolved.relative_to(root).as_posix()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def locate(name_or_path: str, near: Path | None = None, at: Span | None = None) -> tuple[SpecFile | None, list[Diagnostic]]:
    """Find a spec by name or path. ``near`` is the folder of the spec that refers to it."""
    candidate = Path(name_or_path)
    if name_or_path.endswith(".bean") or (candidate.suffix == "" and candidate.is_file()):
        if candidate.is_file():
            root = specs_dir().resolve()
            resolved = candidate.resolve()
            name = (resolved.relative_to(root).with_suffix("").as_posix()
                    if resolved.is_relative_to(root) else candidate.stem)
            return SpecFile(name, candidate, _display(candidate)), []
        return None, [Diagnostic("error", "missing-file", f"no such spec file: {name_or_path}", at,
                                 suggestion=did_you_mean(candidate.stem, list_specs()) and
                                 f"shipped specs are named without .bean, e.g. 'classic'")]
    for root in ([near] if near else []) + [specs_dir()]:
        path = root / f"{name_or_path}.bean"
        if path.is_file():
            shipped = root == specs_dir()
            return SpecFile(name_or_path if shipped else path.stem, path, _display(path)), []
    known = list_specs()
    hint = did_you_mean(name_or_path, known)
    return None, [Diagnostic("error", "unknown-rulebook", f"unknown rulebook '{name_or_path}'", at,
                             suggestion=hint or ("known rulebooks: " + ", ".join(known)))]


_CACHE: dict[tuple[str, int, int], tuple[Spec | None, str | None, list[Diagnostic]]] = {}


def read_spec(spec_file: SpecFile) -> tuple[Spec | None, str | None, list[Diagnostic]]:
    """Read, decode, parse and build one spec file (cached by path, size and mtime)."""
    try:
        stat = spec_file.path.stat()
        key = (str(spec_file.path.resolve()), stat.st_mtime_ns, stat.st_size)
        if key in _CACHE:
            return _CACHE[key]
        data = spec_file.path.read_bytes()
    except OSError as exc:
        return None, None, [Diagnostic("error", "unreadable",
                                       f"cannot read {spec_file.display}: {exc.strerror}",
                                       Span(spec_file.display, 1, 1, 1, 1))]
    text, diagnostics = decode_spec(data, spec_file.display)
    spec = None
    if text is not None:
        tree, diagnostics = parse_text(text, spec_file.display)
        if tree is not None:
            spec = build_spec(tree, spec_file.display, text)
    result = (spec, text, diagnostics)
    _CACHE[key] = result
    return result
