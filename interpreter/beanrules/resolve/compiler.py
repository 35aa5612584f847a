"""The compiler driver: spec name or path to a validated rule model.

    locate → read (parse, build AST) → compile the base first (extends / translates)
    → compose → check → desugar (each rule's core) → validate against the rule-model schema
    → playable (what checks, plays)

A base is compiled without the last stage: it is checked as a spec of its own when named,
and what a variant inherits is checked in the variant. ``playable=False`` stops before it, for
fragments that are not whole rulebooks (the language reference's examples, composition tests).

Errors anywhere are collected as diagnostics and raised together as one SpecError.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..desugar import desugar_model
from ..diagnostics import Diagnostic, SpecError, Span, attach_source, capped
from ..limits import MAX_EXTENDS
from ..model.copying import copy_model, note_copy
from ..model.validate import schema_problems
from . import bounds, by_content, checks, shipped
from .glosses import missing_glosses
from .compose import Composer, start_model
from ..syntax.ast import Spec
from ..syntax.parser import decode_spec
from .loader import SpecFile, build_text, list_specs, locate, read_spec
from .lints import never_acting
from .playable import check_playable

__all__ = ["compile_spec", "compile_with_warnings", "list_specs"]


class _Compilation:
    """One compile run: shares the texts read (for diagnostics) and detects extends cycles."""

    def __init__(self, playable: bool = True, overlays: dict[Path, str] | None = None) -> None:
        self.texts: dict[str, str] = {}
        # unsaved editor buffers by resolved path, read instead of the file (the language server)
        self.overlays = overlays or {}
        self.models: dict[Path, dict] = {}  # every model compiled in this run, the bases' too
        self.specs: dict[Path, Spec | None] = {}  # the syntax tree of every buffer read instead of its file
        self.stack: list[Path] = []
        self.playable = playable
        self.read: list[tuple[shipped.Stamp | None, str]] = []  # every file read: stamp before reading, display

    def compile(self, spec_file: SpecFile, at: Span | None = None) -> tuple[dict | None, list[Diagnostic]]:
        """The model (the kept one itself for a shipped spec compiled before in this process:
        copy it before changing it) and the diagnostics."""
        resolved = spec_file.path.resolve()
        if len(self.stack) >= MAX_EXTENDS:
            return None, [Diagnostic("error", "too-deep", f"more than {MAX_EXTENDS} rulebooks extend "
                                     "or translate one another in a chain here", at)]
        if resolved in self.stack:
            chain = " → ".join(p.stem for p in self.stack[self.stack.index(resolved):] + [resolved])
            return None, [Diagnostic("error", "cycle", f"rulebooks extend each other in a cycle: {chain}", at)]
        if not shipped.is_shipped_file(resolved) or any(shipped.is_shipped_file(p) for p in self.overlays):
            return self._kept_model(resolved, *self._compile(spec_file, resolved, at))
        top = self.playable and not self.stack  # the spec named is checked as playable, a base not
        kept = shipped.lookup(resolved, top)
        # a kept chain is used only where compiling it afresh would stay within MAX_EXTENDS
        if kept is not None and len(self.stack) + kept.depth <= MAX_EXTENDS:
            self.texts.update(kept.texts)
            self.read.extend(zip(kept.stamps, kept.texts))
            return self._kept_model(resolved, kept.model, list(kept.diagnostics))
        first = len(self.read)
        model, diagnostics = self._compile(spec_file, resolved, at)
        if model is not None:
            chain = self.read[first:]
            shipped.keep(resolved, top, model, diagnostics, [stamp for stamp, _ in chain],
                         {display: self.texts[display] for _, display in chain})
        return self._kept_model(resolved, model, diagnostics)

    def _kept_model(self, resolved: Path, model: dict | None,
                    diagnostics: list[Diagnostic]) -> tuple[dict | None, list[Diagnostic]]:
        if model is not None:
            self.models[resolved] = model
        return model, diagnostics

    def _compile(self, spec_file: SpecFile, resolved: Path, at: Span | None) -> tuple[dict | None, list[Diagnostic]]:
        stamp = shipped.stamp(resolved)
        if resolved in self.overlays:
            spec, text, diagnostics = _read_overlay(self.overlays[resolved], spec_file.display)
            self.specs[resolved] = spec
        else:
            spec, text, diagnostics = read_spec(spec_file)
        if text is not None:
            self.texts[spec_file.display] = text
            self.read.append((stamp, spec_file.display))
        if spec is None:
            return None, diagnostics
        header = spec.header
        base_model = None
        mode = "fresh"
        base_ref = header.extends or header.translates
        if header.extends and header.translates:
            return None, [Diagnostic("error", "extends-and-translates",
                                     "a rulebook either extends or translates another, not both",
                                     header.translates.span)]
        if base_ref is not None:
            mode = "extends" if header.extends else "translates"
            base_file, found = locate(base_ref.name, near=spec_file.path.parent, at=base_ref.span)
            if base_file is None:
                return None, found
            self.stack.append(resolved)
            try:
                base_model, base_diagnostics = self.compile(base_file, at=base_ref.span)
            finally:
                self.stack.pop()
            if base_model is None:
                if any(d.code == "cycle" for d in base_diagnostics):
                    return None, base_diagnostics
                return None, [Diagnostic("error", "broken-base", f"{mode} '{base_ref.name}', which has errors",
                                         base_ref.span)] + base_diagnostics
        top = self.playable and not self.stack  # the spec named, not a base on the way to it
        if self.overlays or shipped.is_shipped_file(resolved):  # kept by shipped.py; a buffer afresh
            return self._build(spec, base_model, mode, top)
        return by_content.compiled(resolved, spec_file.display, text, top, base_model,
                                   lambda: self._build(spec, base_model, mode, top))

    def _build(self, spec: Spec, base_model: dict | None, mode: str,
               top: bool) -> tuple[dict | None, list[Diagnostic]]:
        """Compose the spec onto its base's model, check it, desugar it, validate it and (the
        spec named) check that it plays."""
        header = spec.header
        model = start_model(spec, base_model)
        composer = Composer(spec, model, mode)
        composer.apply()
        diagnostics = (composer.diagnostics + bounds.check_model(model)
                       + checks.check(spec, model, composer.reopened))
        if any(d.severity == "error" for d in diagnostics):
            return None, diagnostics
        diagnostics += desugar_model(model)
        if any(d.severity == "error" for d in diagnostics):
            return None, diagnostics
        diagnostics += [Diagnostic("error", "schema", f"rule model breaks its schema: {message}",
                                   _clause_span(model, path) or header.span)
                        for path, message in schema_problems(model)]
        if any(d.severity == "error" for d in diagnostics):
            return None, diagnostics
        if top:
            diagnostics += check_playable(model, header.span)
            if any(d.severity == "error" for d in diagnostics):
                return None, diagnostics
            diagnostics += never_acting(model)
        return model, diagnostics + missing_glosses(spec, model)


def _read_overlay(text: str, display: str) -> tuple[Spec | None, str | None, list[Diagnostic]]:
    """An editor's buffer read as its file would be: the same bounds, then parsed and built."""
    decoded, diagnostics = decode_spec(text.encode("utf-8", "surrogatepass"), display)
    if decoded is None:
        return None, None, diagnostics
    spec, diagnostics = build_text(decoded, display)
    return spec, decoded, diagnostics


def _clause_span(model: dict, path: list) -> Span | None:
    """The span of the innermost rule or bean on the path of a schema error: the clause that
    wrote the offending value (the header when the value belongs to no clause)."""
    found, node = None, model
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and isinstance(node.get("span"), dict):
            found = node["span"]
    if found is None:
        return None
    return Span(found["file"], found["line"], found["column"], found["end_line"], found["end_column"])


def compile_with_warnings(name_or_path: str, playable: bool = True) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Compile a spec; return its rule model and any warnings, or raise SpecError.
    ``playable=False`` skips the last stage (a fragment, not a rulebook to play)."""
    compilation = _Compilation(playable)
    spec_file, diagnostics = locate(name_or_path)
    model = None
    if spec_file is not None:
        model, diagnostics = compilation.compile(spec_file)
    diagnostics = attach_source(capped(diagnostics), compilation.texts)
    if model is None:
        raise SpecError(diagnostics)
    handed = copy_model(model)  # the caller's own: the kept model stays as compiled
    note_copy(handed, model)  # while unchanged, it shares the rulesets compiled from the model
    return handed, diagnostics


@dataclass
class TextCompilation:
    """What compiling a spec's text gave (compile_text): never raises."""

    model: dict[str, Any] | None  # the kept model itself for a shipped base: read it, do not change it
    diagnostics: list[Diagnostic]
    models: dict[Path, dict[str, Any]]  # by resolved path: the spec's own and every base's
    texts: dict[str, str]  # display name -> text of every file read
    paths: dict[str, Path]  # display name -> the file's resolved path
    specs: dict[Path, Spec | None]  # by resolved path: the syntax tree of each buffer read


def compile_text(text: str, path: Path, overlays: dict[Path, str] | None = None,
                 playable: bool = True) -> TextCompilation:
    """Compile `text` as if it were the file at `path` (an editor's unsaved buffer), with the
    other buffers in `overlays` read instead of their files (a base open in the editor)."""
    compilation = _Compilation(playable, {**(overlays or {}), path.resolve(): text})
    spec_file, diagnostics = locate(str(path))
    model = None
    if spec_file is not None:
        model, diagnostics = compilation.compile(spec_file)
    return TextCompilation(model, attach_source(capped(diagnostics), compilation.texts),
                           compilation.models, compilation.texts,
                           {display: Path(stamp[0]) for stamp, display in compilation.read if stamp},
                           compilation.specs)


def compile_spec(name_or_path: str, playable: bool = True) -> dict[str, Any]:
    """A spec name (``classic``) or path to its validated rule model; SpecError if broken
    (with ``playable``, the default, also if the engine could not play it as written)."""
    return compile_with_warnings(name_or_path, playable)[0]
