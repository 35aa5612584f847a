"""Cases that play nothing: a spec that `check` must refuse before any game starts.

Like the invalid instances of the JSON-Schema-Test-Suite (`"valid": false`) or test262's
negative tests (`negative: {phase, type}`), such a case names an input and the error every
implementation of the rules language must report for it: the error's code (docs/checks.md)
and the line of the spec file it is reported at. Only a construct the language gives no
meaning (`the opponent` in a game of three) or one that could never act (an ability used in
a phase that passes by itself) may be a refusal case; what this engine does not play *yet*
may not, since a case stands for every engine and a better one may play it
(docs/conformance.md, "Specs that must be refused").
The spec is checked afresh every run (not from the loader's cache of compiled specs), so a
broken check fails the case: the engine's own checks before play run inside `check`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .cases import Case


def build(raw: dict[str, Any], index: int, document: dict[str, Any], display: str, line: int,
          spec: str) -> Case:
    cite = raw["cite"]
    return Case(file=display, index=index, id=raw["id"], spec=spec,
                source=cite.get("source", document["source"]), where=cite["where"], quote=cite.get("quote"),
                description=raw["description"], players=tuple(raw.get("players", ())), start="", seed=0, state={}, steps=(),
                line=line, refused=dict(raw["refused"]))


def refusal_failure(case: Case) -> str | None:
    """Why the spec was not refused as the case says (None: it was): by `check`, and where the
    case names players, by the engine asked to start a game of them."""
    return _check_failure(case) or (_engine_failure(case) if case.players else None)


def _engine_failure(case: Case) -> str | None:
    from ..engine import Game, UnsupportedRule
    from ..resolve.compiler import compile_spec
    try:
        model = compile_spec(case.spec, playable=False)
        Game(model, players=list(case.players), seed=0)
    except UnsupportedRule:
        return None
    except Exception as exc:  # a crash is not the refusal the contract promises
        return f"the engine crashed instead of refusing the rule model: {type(exc).__name__}: {exc}"
    return f"the engine started a game of {len(case.players)} players; expected UnsupportedRule"


def _check_failure(case: Case) -> str | None:
    from ..diagnostics import SpecError
    from ..resolve.compiler import compile_spec
    want = case.refused or {}
    error, line = want.get("error"), want.get("line")
    try:
        compile_spec(case.spec)
    except SpecError as exc:
        found = [(d.code, d.span.line if d.span else None, d.span.file if d.span else None) for d in exc.errors]
        if any(code == error and at == line and _same_file(file, case.spec) for code, at, file in found):
            return None
        return (f"check refused the spec, but not with {error} at line {line}: "
                + "; ".join(f"{code} at {Path(file).name if file else '?'}:{at}" for code, at, file in found))
    except Exception as exc:  # a crash of the checker is a failure of the case, not of the suite
        return f"check crashed instead of refusing the spec: {type(exc).__name__}: {exc}"
    return f"check accepted the spec; expected it refused with {error} at line {line}"


def _same_file(file: str | None, spec: str) -> bool:
    if file is None:
        return False
    try:
        return Path(file).resolve() == Path(spec).resolve()
    except OSError:
        return False
