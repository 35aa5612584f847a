"""Running cases against the engine (``beanrules.engine``, see docs/engine-contract.md).

The runner only uses the contract: Game.from_partial, from_state, apply, state_json, scores,
winners, is_over, history, legal_actions, proposals, who_may_act, waiting_for, parse_action/to_notation
and IllegalAction(.rule, .message). Besides what a case expects, every expectation checks the
contract's own promises (:func:`_promises`).
Everything an engine does wrong, crashes included, becomes a failed case with the step and
expected against actual; it never stops the suite. A case that passes is played a second time
through the engine's fast path (conformance/fastpath.py), which must leave the same states.
"""
from __future__ import annotations

import importlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..model.copying import copy_json
from . import fastpath, reload
from .cases import Case, CaseError
from .compare import compare, match_events
from .decisions import check_decisions, state_keys, uses_decisions
from .loader import compiled, load_file
from .refusals import refusal_failure
from .setup import card_total, starting_state
from .startstate import refused_state_failure

Status = Literal["passed", "failed", "error", "skipped"]


@dataclass
class CaseResult:
    spec: str
    name: str               # spec::case-id, or spec::file for a file that did not load
    file: str
    status: Status
    citation: str = ""
    description: str = ""
    step: int | None = None          # index of the failing step
    step_text: str = ""
    message: str = ""
    mismatches: list[tuple[str, Any, Any]] = field(default_factory=list)

    def explain(self) -> str:
        """The failure for people: what step, what was expected, what happened."""
        lines = [f"{self.name}  ({self.file})"]
        if self.citation:
            lines.append(f"  cites: {self.citation}")
        if self.description:
            lines.append(f"  case:  {self.description}")
        if self.step is not None:
            lines.append(f"  step {self.step}: {self.step_text}")
        if self.message:
            lines.extend("  " + line for line in self.message.splitlines())
        for path, expected, actual in self.mismatches:
            lines.append(f"  {path or '(value)'}: expected {expected!r}, actual {actual!r}")
        return "\n".join(lines)


@dataclass
class SuiteResult:
    results: list[CaseResult]
    seconds: float

    def summary(self) -> dict[str, dict[str, int]]:
        table: dict[str, dict[str, int]] = {}
        for result in self.results:
            row = table.setdefault(result.spec, {"cases": 0, "passed": 0, "failed": 0})
            row["cases"] += 1
            if result.status == "passed":
                row["passed"] += 1
            elif result.status == "skipped":
                row["skipped"] = row.get("skipped", 0) + 1
            else:
                row["failed"] += 1
        return table

    @property
    def ok(self) -> bool:
        return all(r.status == "passed" for r in self.results)


class _StepFailed(Exception):
    def __init__(self, message: str, mismatches: list[tuple[str, Any, Any]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mismatches = mismatches or []


def engine_problem() -> str | None:
    """Why the engine cannot run cases, or None if it exposes the contract."""
    try:
        engine = importlib.import_module("beanrules.engine")
    except ImportError as exc:
        return f"the engine (beanrules.engine) is not available: {exc}"
    missing = [n for n in ("Game", "IllegalAction") if not hasattr(engine, n)]
    if not missing:
        missing = [f"Game.{m}" for m in ("from_partial", "apply", "state_json") if not hasattr(engine.Game, m)]
    if missing:
        return f"the engine (beanrules.engine) lacks {', '.join(missing)} of the contract"
    return None


def _step_text(step: dict[str, Any]) -> str:
    if "do" in step:
        return f"do: {step['do']}"
    if "refuse" in step:
        return f"refuse: {step['refuse']}  (rule: {step['rule']})"
    if "expect" in step:
        return f"expect: {step['expect']}"
    return f"events: {step.get('events')}"


def run_case(case: Case) -> CaseResult:
    where = f"{case.file}:{case.line}" if case.line else case.file
    result = CaseResult(case.spec, case.name, where, "passed", case.citation, case.description)
    if case.refused is not None:  # a spec that check must refuse: no game is played
        failure = refusal_failure(case)
        if failure:
            result.status, result.message = "failed", failure
        return result
    problem = engine_problem()
    if problem:
        result.status, result.message = "skipped", problem
        return result
    from beanrules.engine import Game, IllegalAction

    model, info, error = compiled(case.spec)
    assert model is not None and info is not None, error  # the loader only passes cases whose spec compiled
    if case.refused_state is not None:  # a start no game could reach: the engine must refuse it
        failure = refused_state_failure(case, model, info)
        if failure:
            result.status, result.message = "failed", failure
        return result
    partial = starting_state(case, info)
    try:
        if case.dealt:
            game = Game(model, players=list(case.players), seed=case.seed)
        else:
            game = Game.from_partial(model, list(case.players), copy_json(partial), seed=case.seed)
        start = game.state_json()
    except Exception as exc:  # an engine bug must fail this case, not the suite
        result.status = "failed"
        result.message = f"the engine could not set up the starting state: {type(exc).__name__}: {exc}"
        return result
    if card_total(start) != card_total(partial):  # a partial state with nothing named is the whole box
        result.status = "failed"
        result.message = ("the engine's starting state does not hold the cards the case laid out "
                          f"(totals {dict(card_total(start))} instead of {dict(card_total(partial))})")
        return result

    events: list[dict[str, Any]] | None = None
    run = _Run(game, model, Game, IllegalAction)
    reference = fastpath.reference(case)  # what the second play compares with (None: no second play)
    for index, step in enumerate(case.steps):
        try:
            events = _run_step(run, step, events)
            if reference is not None:
                reference.note(index, step, game, events)
        except _StepFailed as failure:
            result.status = "failed"
            result.step, result.step_text = index, _step_text(step)
            result.message, result.mismatches = failure.message, failure.mismatches
            return result
        except Exception as exc:  # an engine crash in this step
            result.status = "failed"
            result.step, result.step_text = index, _step_text(step)
            result.message = f"the engine raised {type(exc).__name__}: {exc}"
            return result
    if reference is not None:  # the same case through the fast path (conformance/fastpath.py)
        diverged = fastpath.replay(case, lambda: Game.from_state(model, start), reference).divergence
        if diverged is not None:
            result.status = "failed"
            result.step, result.step_text = diverged.step, _step_text(case.steps[diverged.step])
            result.message, result.mismatches = diverged.message, diverged.mismatches
    return result


def _rules(allowed: list[str | None]) -> str:
    if allowed == [None]:
        return "no rule (the engine contract's own refusal)"
    return "rule " + " or ".join(str(a) for a in allowed)


def _refusal(exc: Exception) -> str:
    return f"refused by rule {getattr(exc, 'rule', None)!r}: {getattr(exc, 'message', None) or exc}"


@dataclass
class _Run:
    """A case being run: the game, its model, the engine's Game class and refusal type, and
    the actions applied so far."""
    game: Any
    model: dict[str, Any]
    game_class: type
    illegal: type[Exception]
    applied: list[str] = field(default_factory=list)
    loaded: Any = None  # the game loaded back from the state JSON at the last expect step (reload.py)


def _promises(run: _Run, state: dict[str, Any], decisions: bool) -> list[str]:
    """What the engine contract promises at any point, whatever the case expects: the state
    JSON loads back as the same state (`Game.from_state` round-trips exactly), `is_over` agrees
    with it, `history` lists the applied actions, and — where the case asks what may happen —
    `who_may_act` names exactly the players with a legal action and `proposals` counts and
    builds the proposals `legal_actions` lists. The loaded game must also play on alike
    (reload.py): it answers the same now, and the next action gives the same events and state."""
    game, problems = run.game, []
    run.loaded = run.game_class.from_state(run.model, copy_json(state))
    again = run.loaded.state_json()
    problems += reload.differ_now(game, run.loaded, state["players"])
    if again != state:
        problems.append("Game.from_state(state_json()) is another state: "
                        + "; ".join(f"{path}: {want!r} became {got!r}" for path, want, got in compare(state, again)))
    if game.is_over != state["over"]:
        problems.append(f"is_over is {game.is_over!r} while the state says over: {state['over']!r}")
    if list(game.history) != run.applied:
        problems.append(f"history is {list(game.history)} after the actions {run.applied}")
    if decisions:
        listings = {p: game.legal_actions(p) for p in state["players"]}
        acting = {p for p, listed in listings.items() if listed}
        problems += fastpath.proposals_as_listed(game, listings)
        if set(game.who_may_act()) != acting:
            problems.append(f"who_may_act() is {sorted(game.who_may_act())}, but the players with a legal "
                            f"action are {sorted(acting)}")
    return problems


def _run_step(run: _Run, step: dict[str, Any], events: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    game, illegal = run.game, run.illegal
    if "do" in step:
        try:
            applied = list(game.apply(step["do"]) or [])
        except illegal as exc:
            raise _StepFailed(f"expected the action to be allowed, but it was {_refusal(exc)}") from None
        from beanrules.engine import parse_action, to_notation
        run.applied.append(to_notation(parse_action(step["do"])))
        loaded, run.loaded = run.loaded, None
        if loaded is not None:  # the game loaded back at the last expect step, given the same action
            broken = reload.differ_after(loaded, step["do"], applied, game.state_json(), illegal)
            if broken:
                raise _StepFailed("\n".join(["the engine breaks a promise of the engine contract", *broken]))
        return applied
    if "refuse" in step:
        allowed = step["rule"] if isinstance(step["rule"], list) else [step["rule"]]  # [None]: no rule
        before = copy_json(game.state_json())
        try:
            game.apply(step["refuse"])
        except illegal as exc:
            if getattr(exc, "rule", None) not in allowed:
                raise _StepFailed(f"refused, but by the wrong rule: {_refusal(exc)}",
                                  [("rule", allowed[0] if len(allowed) == 1 else " or ".join(map(str, allowed)),
                                    getattr(exc, "rule", None))]) from None
            after = game.state_json()
            if after != before:
                raise _StepFailed("refused, but the state changed",
                                  [m for m in compare(before, after)]) from None
            broken = [] if run.loaded is None else reload.differ_refused(run.loaded, step["refuse"], exc, illegal)
            if broken:
                raise _StepFailed("\n".join(["the engine breaks a promise of the engine contract", *broken]))
            return events
        raise _StepFailed(f"expected a refusal by {_rules(allowed)}, but the action was allowed")
    if "expect" in step:
        expect = state_keys(step["expect"])
        actual = dict(game.state_json())
        if "scores" in expect:
            actual["scores"] = game.scores()
        if "winners" in expect:
            actual["winners"] = list(game.winners())
        if "seen" in expect:  # what each player named may see: their view (hidden zones as counts)
            actual["seen"] = {player: game.view(player) for player in expect["seen"]}
        mismatches = compare(expect, actual)
        problems = _decisions(game, step["expect"])
        if mismatches or problems:
            what = " and ".join(w for w, bad in (("the state", mismatches), ("what may happen", problems)) if bad)
            verb = "differ" if mismatches and problems else "differs"
            raise _StepFailed("\n".join([f"{what} {verb} from the expectation", *problems]), mismatches)
        broken = _promises(run, game.state_json(), uses_decisions(step["expect"]))
        if broken:
            raise _StepFailed("\n".join(["the engine breaks a promise of the engine contract", *broken]))
        return events
    if events is None:
        raise _StepFailed("an events step must follow an action (do:)")
    missing = match_events(step["events"], events)
    if missing:
        raise _StepFailed(f"{missing}\nactual events: {events}")
    return events


def _decisions(game: Any, expect: dict[str, Any]) -> list[str]:
    """What differs in the legal actions and the players waited for (the engine's notation
    makes both sides canonical)."""
    if not uses_decisions(expect):
        return []
    from beanrules.engine import parse_action, to_notation
    _trace_listing(game, expect, parse_action)
    return check_decisions(game, expect, parse_action, to_notation)


def _trace_listing(game: Any, expect: dict[str, Any], parse: Any) -> None:
    """While rules are traced (``verify``, ``--coverage``), a `legal` expectation exercises the
    rules that decide what is listed: both what the engine lists and what the case names."""
    try:
        from beanrules.engine import trace
    except ImportError:  # an engine without the optional trace hook: nothing is recorded
        return
    if trace.active() is None or getattr(game, "model", None) is None:
        return
    actions: list[Any] = []
    for player, want in (expect.get("legal") or {}).items():
        actions += game.legal_actions(player)
        lines = want if isinstance(want, list) else [
            *want.get("includes", []), *want.get("excludes", []), *want.get("non_proposals", [])]
        for line in lines:
            try:
                actions.append(parse(line))
            except ValueError:  # reported by the check itself
                pass
    trace.listed(game.model, actions)


def error_result(error: CaseError, spec: str | None) -> CaseResult:
    name = f"{spec or '?'}::{error.case_id or Path(error.file).name}"
    return CaseResult(spec or "?", name, error.file, "error", message=error.render())


def run_files(paths: list[Path], spec: str | None = None) -> SuiteResult:
    """Every case of every file (one failing result per file or case that did not load)."""
    began = time.perf_counter()
    results: list[CaseResult] = []
    for path in paths:
        loaded = load_file(path)
        if spec is not None and loaded.spec is not None and spec not in loaded.specs:
            if all(c.spec != spec for c in loaded.cases):
                continue
        for error in loaded.errors:
            results.append(error_result(error, loaded.spec))
        for case_id, errors in loaded.broken.items():
            result = error_result(errors[0], loaded.spec)
            result.message = "\n".join(e.render() for e in errors)
            results.append(result)
        for case in loaded.cases:
            if spec is None or case.spec == spec:
                results.append(run_case(case))
    return SuiteResult(results, time.perf_counter() - began)
