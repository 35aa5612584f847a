"""Reading case files: YAML (safely: beanrules.documents) → schema → checks against the rule model.

A file that cannot be read, or whose header is broken, yields only file errors; a broken
case is set aside with its errors and the file's other cases still load. Nothing here raises
for a bad file: every problem becomes a CaseError that names the file, the case and the path.
The schema goes first: nothing of the header or of a case is read before the schema has held
its shape (a case may be an empty item, a number, or name its spec with a list).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from ..documents import DocumentError, load_yaml, read_text
from ..limits import MAX_CASE_BYTES
from ..memo import remember
from .cases import Case, CaseError, CaseFile
from .checks import check_case, layout_problems
from . import refusals, startstate
from .modelinfo import ModelInfo, model_info
from .schema import render_path, schema_errors


def discover(paths: list[Path]) -> list[Path]:
    """The case files under the given files and directories, in a stable order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        else:
            found.append(path)
    return found


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def spec_key(target: str, case_file: Path | None = None) -> str:
    """How a case file's ``spec`` names what it runs on, as one key: a shipped spec's name
    (``classic``), or the absolute path of a ``.bean`` file named relative to the case file."""
    if target.endswith(".bean"):
        base = case_file.parent if case_file is not None else Path.cwd()
        return str((base / target).resolve())
    return target


def outside_folder(key: str, case_file: Path) -> str | None:
    """Why a case file may not name this spec path (None if it may): like a game record, a
    case file opens only shipped specs and ``.bean`` files in its own folder or below it,
    so a case file cannot make the tool read a file its user did not name."""
    if not key.endswith(".bean"):
        return None
    if Path(key).is_relative_to(case_file.parent.resolve()):
        return None
    return (f"the spec '{key}' is outside the folder of {case_file.name}: name a shipped spec, "
            "or put the spec beside the case file")


def _stamp(spec: str) -> int:
    """A spec file's modification time, so an edited file is compiled again."""
    try:
        return Path(spec).stat().st_mtime_ns if spec.endswith(".bean") else 0
    except OSError:
        return 0


def compiled(spec: str) -> tuple[dict[str, Any] | None, ModelInfo | None, str | None]:
    """(rule model, its facts, error) for a spec name or path, compiled once per version."""
    return _compiled(spec, _stamp(spec))


@cache
def _compiled(spec: str, stamp: int) -> tuple[dict[str, Any] | None, ModelInfo | None, str | None]:
    from .. import SpecError, compile_spec
    try:
        model = compile_spec(spec)
    except SpecError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "it has errors"
        return None, None, f"spec '{spec}' does not compile: {first}"
    except (FileNotFoundError, LookupError) as exc:
        return None, None, f"unknown spec '{spec}': {exc}"
    return model, model_info(spec, model), None


_PARSED: dict[tuple[str, int, int], tuple[str, Any, list[tuple[list[Any], str]]]] = {}


def _version(path: Path) -> tuple[str, int, int]:
    """Which version of a case file this is (an edited file is read again)."""
    stat = path.stat()
    return str(path.resolve()), stat.st_mtime_ns, stat.st_size


def _parse(path: Path) -> tuple[str, Any, list[tuple[list[Any], str]]]:
    """A case file's text, YAML document and schema errors, read once per version of the file:
    verify binds the whole suite to every spec, and parsing is most of that cost."""
    key = _version(path)
    if key not in _PARSED:
        text = read_text(path, MAX_CASE_BYTES)
        document = load_yaml(text)
        remember(_PARSED, key, (text, document, list(schema_errors(document))), 256)
    return _PARSED[key]


@dataclass(frozen=True)
class Planned:
    """A case as its file states it, before any rule model is compiled to check it: what
    :func:`outline` finds from the YAML alone (pytest names its items from these)."""

    index: int
    id: str
    raw: Any
    targets: tuple[str, ...]  # the spec keys it runs on (its own, or the file's)
    problems: tuple[CaseError, ...]  # found without a model: schema, duplicate id, spec outside the folder
    line: int


_OUTLINES: dict[tuple[tuple[str, int, int], str], tuple[CaseFile, Any, list[Planned]]] = {}


def outline(path: Path) -> tuple[CaseFile, Any, list[Planned]]:
    """A case file read and checked as far as it can be without compiling a spec: the file
    (with its errors, spec and specs; no cases), its YAML document and its planned cases.
    Worked out once per version of the file and way of showing its path: verify loads every
    case file for every spec it binds, and finding each case's line was most of that."""
    display = _display(path)
    try:
        key = (_version(path), display)
    except OSError:  # _outline says why the file cannot be read
        return _outline(path, display)
    if key not in _OUTLINES:
        remember(_OUTLINES, key, _outline(path, display), 256)
    file, document, planned = _OUTLINES[key]
    # The caller fills in its own cases and errors: a fresh file with the same findings.
    return replace(file, specs=list(file.specs), errors=list(file.errors), cases=[], broken={}), document, list(planned)


def _outline(path: Path, display: str) -> tuple[CaseFile, Any, list[Planned]]:
    result = CaseFile(path=path, display=display)
    try:
        text, document, problems = _parse(path)
    except DocumentError as exc:
        result.errors.append(CaseError(display, str(exc)))
        return result, None, []
    except OSError as exc:
        result.errors.append(CaseError(display, f"cannot read the file: {exc.strerror or exc}"))
        return result, None, []
    except UnicodeDecodeError as exc:
        result.errors.append(CaseError(display, f"not UTF-8 text at byte {exc.start}"))
        return result, None, []

    case_problems: dict[int, list[CaseError]] = {}
    raw_cases = document.get("cases") if isinstance(document, dict) else None
    raw_cases = raw_cases if isinstance(raw_cases, list) else []

    def label(index: int) -> str:
        raw = raw_cases[index] if index < len(raw_cases) else None
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            return raw["id"]
        return f"cases[{index}]"

    for parts, message in problems:
        if len(parts) >= 2 and parts[0] == "cases" and isinstance(parts[1], int):
            index = parts[1]
            case_problems.setdefault(index, []).append(
                CaseError(display, message, label(index), render_path(parts[2:])))
        else:
            result.errors.append(CaseError(display, message, None, render_path(parts)))
    if result.errors:
        return result, document, []  # the header is broken: no case can be trusted to inherit from it

    # A file may run its cases on several specs: a rulebook and its translations state the
    # same rules, so the same cases hold for each of them.
    specs = [document["spec"]] if isinstance(document["spec"], str) else list(document["spec"])
    specs = [spec_key(s, path) for s in specs]
    refused = [why for why in (outside_folder(s, path) for s in specs) if why]
    if refused:
        result.errors.extend(CaseError(display, why, None, "spec") for why in refused)
        return result, document, []
    result.spec, result.specs = specs[0], specs
    planned: list[Planned] = []
    seen: dict[str, int] = {}
    lines = _id_lines(text)
    for index, raw in enumerate(raw_cases):
        problems = case_problems.get(index, [])
        case_id = label(index)
        if case_id in seen:
            problems.append(CaseError(display, f"duplicate case id (also cases[{seen[case_id]}])", case_id, "id"))
        seen.setdefault(case_id, index)
        # Only a case the schema holds is read: an empty item (None), a number, or a spec
        # that is a list or a bool is a shape the schema has already said is wrong.
        own = spec_key(raw["spec"], path) if not problems and "spec" in raw else None
        if own is not None and outside_folder(own, path):
            problems.append(CaseError(display, str(outside_folder(own, path)), case_id, "spec"))
        targets = (own,) if own is not None else tuple(specs)
        line = lines.get(case_id, 0) if not problems else 0
        planned.append(Planned(index, case_id, raw, targets, tuple(problems), line))
    return result, document, planned


def load_file(path: Path, run_on: dict[str, str] | None = None) -> CaseFile:
    """Load a case file. Each case runs on the specs it names (the file's ``spec``, or its
    own). With ``run_on`` (spec key → the spec to run on, see :func:`spec_key`), only the cases
    written for those specs load, each built against the spec it is mapped to: the cases of
    ``classic`` run on an edited copy, or on a variant that inherits them."""
    result, document, planned = outline(path)
    for case in planned:
        problems = list(case.problems)
        if not problems:
            problems = build(case, document, result.display, run_on, result.cases)
        if problems:
            key = case.id if case.id not in result.broken else f"{case.id}@cases[{case.index}]"
            result.broken[key] = problems
    return result


def build(planned: Planned, document: Any, display: str, run_on: dict[str, str] | None,
          into: list[Case]) -> list[CaseError]:
    """Check a planned case against the rule model of each spec it runs on and add what
    loads to ``into``; the problems of the first spec it does not load on (none: it loaded)."""
    for target in planned.targets:
        if run_on is not None and target not in run_on:
            continue
        spec = run_on[target] if run_on is not None else target
        problems, case = _built(planned, document, display, spec, target)
        if case is None:
            return problems
        into.append(case)
    return []


# (planned case, document, display, spec, model, target) -> what _build made of it; the key's
# objects are held in the value, so no id in a key can be another object's while the entry lasts.
_BUILT: dict[tuple[int, int, str, str, int, str], tuple[Any, tuple[list[CaseError], Case | None]]] = {}


def _built(planned: Planned, document: Any, display: str, spec: str,
           target: str) -> tuple[list[CaseError], Case | None]:
    """The case built on `spec` for `target` (or its problems), once per planned case, spec and
    rule model: verify binds every case file to each spec it verifies, and checking a case
    starts its game. What decides the result is all in the key: the case (a planned case is
    made once per version of its file, see outline), the file's document and shown path, and
    the spec's rule model as compiled (once per version). The same case object comes back
    each time, so what is worked out from a case can be kept by it (inheritance.run_traced)."""
    if "refused" in planned.raw:  # a spec that must not compile: no model, nothing costly to keep
        return _targeted(_build(planned.raw, planned.index, document, display, planned.line, spec), target)
    model = compiled(spec)[0]
    key = (id(planned), id(document), display, spec, id(model), target)
    if key not in _BUILT:
        made = _targeted(_build(planned.raw, planned.index, document, display, planned.line, spec), target)
        remember(_BUILT, key, ((planned, document, model), made), 4096)
    problems, case = _BUILT[key][1]
    return list(problems), case


def _targeted(built: tuple[list[CaseError], Case | None], target: str) -> tuple[list[CaseError], Case | None]:
    problems, case = built
    return problems, (None if case is None else replace(case, target=target))


# A case's `id:` line: a list item's key or a key of its own, the id bare or quoted (a case
# id is lowercase letters, digits and '-', the schema says, so the id ends where they end).
_ID_LINE = re.compile(r"""^[ \t-]*id:[ \t]*['"]?([a-z0-9][a-z0-9-]*)['"]?\s*$""", re.M)


def _id_lines(text: str) -> dict[str, int]:
    """Where each case id is first given in the text (1-based), for reports (the loaded
    document keeps no positions); one pass over the file, not one per case."""
    lines: dict[str, int] = {}
    at, line = 0, 1
    for found in _ID_LINE.finditer(text):
        line += text.count("\n", at, found.start())
        at = found.start()
        lines.setdefault(found.group(1), line)
    return lines


def _build(raw: dict[str, Any], index: int, document: dict[str, Any],
           display: str, line: int, spec: str) -> tuple[list[CaseError], Case | None]:
    if "refused" in raw:  # a spec that must not compile: nothing to check against a model
        return [], refusals.build(raw, index, document, display, line, spec)
    model, info, error = compiled(spec)
    if error or info is None or model is None:
        return [CaseError(display, error or "no rule model", raw["id"], "spec")], None
    problems = [CaseError(display, message, raw["id"], where) for where, message in check_case(raw, info)]
    cite = raw["cite"]
    case = Case(
        file=display, index=index, id=raw["id"], spec=spec,
        source=cite.get("source", document["source"]), where=cite["where"], quote=cite.get("quote"),
        description=raw["description"], players=tuple(raw["players"]),
        start=raw.get("start", raw["players"][0]), seed=int(raw.get("seed", 0)),
        state=dict(raw.get("state") or {}), steps=tuple(raw.get("steps", ())), line=line,
        dealt=bool(raw.get("dealt", False)), refused_state=raw.get("refused_state"),
    )
    # Whether the game can start at all is the engine's to say (conformance/startstate.py),
    # asked of a state the runner can lay out as the case means it.
    laid_out = not any(layout_problems(case.state, info.for_players(len(case.players))))
    refusal = _start_refusal(case, model, info) if laid_out else None
    if refusal is not None:
        problems.insert(0, CaseError(display, refusal[1], raw["id"], refusal[0]))
    return (problems, None) if problems else ([], case)


def _start_refusal(case: Case, model: dict[str, Any], info: ModelInfo) -> tuple[str, str] | None:
    """(path, why) when the engine refuses to start the case's game. A case that expects the
    start refused is broken only where the spec does not even take its players (it was written
    for another player count: a variant's, say), unless the players are what it is about."""
    if case.refused_state is None:
        return startstate.start_problem(case, model, info)
    if startstate.lies_under("players", case.refused_state["at"]):
        return None
    exc = startstate.start(case, model, info, players_only=True)
    if startstate.impossible(exc) and startstate.case_path(exc.key) == "players":
        return "players", f"{exc} (the case expects the start refused at {case.refused_state['at']})"
    return None
