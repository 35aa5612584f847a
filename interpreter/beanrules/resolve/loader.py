"""Finding spec files by name or path, and reading them into ASTs.

A spec name is its path under ``specs/`` without ``.bean`` (``classic``,
``translations/es``). Anything ending in ``.bean`` or naming an existing file is a path.
A spec given by path may ``extends`` a spec beside it or any shipped spec; a file that names a
spec (a game record, a case file) reaches only shipped specs and files in its own folder.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..limits import MAX_SPEC_BYTES
from ..memo import remember
from ..paths import specs_dir
from ..syntax.ast import Spec
from ..syntax.bounds import check_tree
from ..syntax.build import build_spec
from ..syntax.parser import decode_spec, parse_text, too_large


@dataclass(frozen=True)
class SpecFile:
    name: str  # the spec name (shipped specs) or the file's stem
    path: Path
    display: str  # how diagnostics name the file


def list_specs(root: Path | None = None) -> list[str]:
    """Every shipped spec name, sorted."""
    if root is None:
        return list(_shipped_names())
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.bean"))


@cache
def _shipped_names() -> tuple[str, ...]:
    return tuple(list_specs(specs_dir()))


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


def is_shipped(name: str) -> bool:
    """Whether `name` is the name of a shipped spec (not a path)."""
    return (not name.endswith(".bean") and not name.startswith((".", "/", "~"))
            and name in _shipped_names())


def _shipped_file(name: str) -> SpecFile:
    return SpecFile(name, specs_dir() / f"{name}.bean", "specs/" + name + ".bean")


def _path_file(candidate: Path) -> SpecFile:
    root = specs_dir().resolve()
    resolved = candidate.resolve()
    name = (resolved.relative_to(root).with_suffix("").as_posix()
            if resolved.is_relative_to(root) else candidate.stem)
    return SpecFile(name, candidate, _display(candidate))


def locate(name_or_path: str, near: Path | None = None, at: Span | None = None) -> tuple[SpecFile | None, list[Diagnostic]]:
    """Find a spec by name or path. ``near`` is the folder of the spec that refers to it
    (``extends``): a spec there, reached without leaving that folder, comes before a shipped
    one. From the command line a shipped name always means the shipped spec: a file of that
    name in the working folder counts only when given as a path (``./classic``)."""
    if near is not None:
        return _locate_near(name_or_path, near, at)
    if is_shipped(name_or_path):
        return _shipped_file(name_or_path), []
    candidate = Path(name_or_path)
    if name_or_path.endswith(".bean") or (candidate.suffix == "" and candidate.is_file()):
        if candidate.is_file():
            return _path_file(candidate), []
        return None, [Diagnostic("error", "missing-file", f"no such spec file: {name_or_path}", at,
                                 suggestion=did_you_mean(candidate.stem, list_specs()) and
                                 f"shipped specs are named without .bean, e.g. 'classic'")]
    return None, [_unknown(name_or_path, at)]


def _locate_near(name: str, near: Path, at: Span | None) -> tuple[SpecFile | None, list[Diagnostic]]:
    for root in (near, specs_dir()):
        path = root / f"{name}.bean"
        if not path.is_file():
            continue
        if not path.resolve().is_relative_to(root.resolve()):
            return None, [Diagnostic("error", "outside-folder",
                                     f"'{name}' is a link to a file outside {_display(root) or '.'}; "
                                     "a spec extends only specs in its own folder or shipped ones", at)]
        shipped = root == specs_dir()
        return SpecFile(name if shipped else path.stem, path, _display(path)), []
    return None, [_unknown(name, at)]


def locate_named(name_or_path: str, naming_file: Path, at: Span | None = None) -> tuple[SpecFile | None, list[Diagnostic]]:
    """The spec a file names (a game record's or a case file's ``spec``): a shipped spec, or
    a path relative to that file's folder that stays inside it. Nothing else on the machine
    is opened, whatever the file says."""
    if is_shipped(name_or_path):
        return _shipped_file(name_or_path), []
    folder = naming_file.parent.resolve()
    candidate = folder / name_or_path
    if not candidate.resolve().is_relative_to(folder):
        return None, [Diagnostic("error", "outside-folder",
                                 f"the spec '{name_or_path}' is neither a shipped spec nor a file "
                                 f"in the folder of {naming_file.name}", at,
                                 suggestion="name a shipped spec, or put the spec beside the file")]
    if not candidate.is_file():
        return None, [_unknown(name_or_path, at)]
    return _path_file(candidate), []


def _unknown(name: str, at: Span | None) -> Diagnostic:
    known = list_specs()
    hint = did_you_mean(name, known)
    return Diagnostic("error", "unknown-rulebook", f"unknown rulebook '{name}'", at,
                      suggestion=hint or ("known rulebooks: " + ", ".join(known)))


_CACHE: dict[tuple[str, int, int, str], tuple[Spec | None, str | None, list[Diagnostic]]] = {}


def read_spec(spec_file: SpecFile) -> tuple[Spec | None, str | None, list[Diagnostic]]:
    """Read, decode, parse and build one spec file (cached by path, size, mtime and the name its
    spans and diagnostics give it, bounded). The size is checked before a byte is read, and
    numbers and texts before the AST is built."""
    display = spec_file.display
    try:
        stat = spec_file.path.stat()
        key = (str(spec_file.path.resolve()), stat.st_mtime_ns, stat.st_size, display)
        if key in _CACHE:
            return _CACHE[key]
        if stat.st_size > MAX_SPEC_BYTES:
            return None, None, [too_large(display, stat.st_size)]
        with spec_file.path.open("rb") as handle:
            data = handle.read(MAX_SPEC_BYTES + 1)  # the file may grow after stat()
    except OSError as exc:
        return None, None, [Diagnostic("error", "unreadable",
                                       f"cannot read {display}: {exc.strerror}",
                                       Span(display, 1, 1, 1, 1))]
    text, diagnostics = decode_spec(data, display)
    spec = None
    if text is not None:
        spec, diagnostics = build_text(text, display)
    return remember(_CACHE, key, (spec, text, diagnostics))  # bounded, the oldest goes (memo.py)


def build_text(text: str, display: str) -> tuple[Spec | None, list[Diagnostic]]:
    """Parse and build spec text already decoded (a file's, or an editor's unsaved buffer)."""
    tree, diagnostics = parse_text(text, display)
    if tree is None:
        return None, diagnostics
    diagnostics = check_tree(tree, display)
    return (None if diagnostics else build_spec(tree, display, text)), diagnostics
