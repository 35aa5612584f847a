"""Which cases run against which compiled model: a spec's own cases and those it inherits.

A spec is verified by what was written in it, not by its name: its own cases (written for its
rulebook name or for its file) and the cases of every spec it ``extends`` or ``translates``
all run on the model compiled from the file given. Case files are looked for in the shipped
suite, beside the spec file, and in any folder or file the caller adds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..paths import conformance_dir, specs_dir
from ..resolve.loader import SpecFile, locate, read_spec
from .cases import Case, CaseError
from .loader import discover, load_file, spec_key


@dataclass(frozen=True)
class SpecId:
    """One spec of a lineage: the key it compiles by, and every key a case file may name it by."""

    key: str                 # a shipped spec's name, or the absolute path of its file
    name: str                # its rulebook name (the header's)
    how: str                 # "self", "extends" or "translates" (how the spec below uses it)
    aliases: frozenset[str]  # keys that case files use for it


@dataclass
class Binding:
    """The cases bound to one spec's model."""

    spec: SpecId
    ancestors: list[SpecId]                           # nearest base first
    own: list[Case] = field(default_factory=list)
    inherited: list[Case] = field(default_factory=list)  # each with .target the ancestor's key
    broken: list[CaseError] = field(default_factory=list)
    # inherited cases that do not even load on this spec's model: (case id, why)
    inherited_broken: list[tuple[str, list[CaseError]]] = field(default_factory=list)

    def ancestor(self, target: str) -> SpecId | None:
        return next((a for a in self.ancestors if target in a.aliases), None)


def _spec_id(spec_file: SpecFile, name: str, how: str) -> SpecId:
    path = str(spec_file.path.resolve())
    shipped = spec_file.path.resolve().is_relative_to(specs_dir().resolve())
    key = spec_file.name if shipped else path
    return SpecId(key, name, how, frozenset({key, path, name}))


def lineage(spec: str) -> tuple[SpecId, list[SpecId]] | None:
    """The spec and its bases (nearest first), read from the headers; None if it is not found."""
    spec_file, _ = locate(spec)
    if spec_file is None:
        return None
    chain: list[SpecId] = []
    seen: set[Path] = set()
    how = "self"
    while spec_file is not None and spec_file.path.resolve() not in seen:
        seen.add(spec_file.path.resolve())
        parsed, _, _ = read_spec(spec_file)
        if parsed is None:
            break
        chain.append(_spec_id(spec_file, parsed.header.name, how))
        base = parsed.header.extends or parsed.header.translates
        if base is None:
            break
        how = "extends" if parsed.header.extends else "translates"
        spec_file, _ = locate(base.name, near=spec_file.path.parent)
    if not chain:
        return None
    return chain[0], chain[1:]


def case_roots(lineage: list[SpecId], extra: list[Path] = ()) -> list[Path]:
    """Where a spec's cases may be: the shipped suite, the folder of the spec and of each base
    given by path (not the shipped specs' folder), and any given paths."""
    roots = [conformance_dir()]
    for spec in lineage:
        if spec.key.endswith(".bean") and Path(spec.key).parent not in roots:
            roots.append(Path(spec.key).parent)
    return roots + [p for p in extra if p not in roots]


def _case_files(roots: list[Path]) -> list[Path]:
    """The shipped suite's tree; a spec's own folder only at its top (not every folder below
    it); a given file as it is."""
    files: list[Path] = []
    suite = conformance_dir().resolve()
    for root in roots:
        if root.is_dir() and root.resolve() != suite:
            found = sorted(p for p in root.glob("*.yaml") if p.is_file())
        else:
            found = discover([root])
        files += [f for f in found if f not in files]
    return files


def bind(spec: str, extra: list[Path] = (), only: list[Path] | None = None) -> Binding | None:
    """Every case that runs on `spec`'s model, own and inherited, from the usual places and
    `extra` (or from `only` these files and folders); None if the spec is unknown."""
    found = lineage(spec)
    if found is None:
        return None
    me, ancestors = found
    binding = Binding(me, ancestors)
    run_on = {alias: me.key for s in [me, *ancestors] for alias in s.aliases}
    seen: set[tuple[str, str]] = set()
    for path in (discover(only) if only is not None else _case_files(case_roots([me, *ancestors], list(extra)))):
        loaded = load_file(path, run_on)
        # a case written for both the spec and its base (a rulebook and its translation) is its own
        for case in sorted(loaded.cases, key=lambda c: c.target not in me.aliases):
            if (case.file, case.id) in seen:
                continue
            seen.add((case.file, case.id))
            (binding.own if case.target in me.aliases else binding.inherited).append(case)
        binding.broken += loaded.errors
        if loaded.broken:
            # Which spec was each broken case written for? Loaded on its own specs, it says.
            written: dict[str, set[str]] = {}
            for case in load_file(path).cases:
                written.setdefault(case.id, set()).add(case.target)
            for case_id, errors in loaded.broken.items():
                targets = written.get(case_id.split("@")[0], set())
                if targets and not targets & me.aliases:
                    binding.inherited_broken.append((case_id, errors))
                else:
                    binding.broken += errors
    return binding


__all__ = ["Binding", "SpecId", "bind", "case_roots", "lineage", "spec_key"]
