"""The engine's verdict on a case's start: whether a game of these players can start from it.

A start no game of the rules could reach (players the rules do not allow, an unknown phase, an
active player who is not playing, more cards of a bean than the game has, …) is refused by the
engine itself (`ImpossibleState`, docs/engine-contract.md, "Partial states"), with the key of
the state it faults. The loader asks the engine rather than checking the same things a second
time, and reports the refusal as the case's error at that key; a case of the kind
`refused_state` expects such a refusal, at a key it names (docs/conformance.md, "Start states
that must be refused"). Both start the game exactly as the runner does.
"""
from __future__ import annotations

from typing import Any

from .cases import Case
from .modelinfo import ModelInfo
from .setup import starting_state

# State JSON keys that the case format spells otherwise (everything else is `state.KEY`).
_CASE_KEYS = {"players": "players", "start_player": "start", None: "state"}


def case_path(key: str | None) -> str:
    """Where in a case the engine's key points: `players`, `start`, `state` (the state as a
    whole) or `state.KEY` (`state.active`, `state.hands.Bob`)."""
    return _CASE_KEYS.get(key, f"state.{key}")


def lies_under(path: str, at: str) -> bool:
    """Whether `path` is `at` or a key below it (the engine may name a player's zone where a
    case names the zone)."""
    return path == at or path.startswith((at + ".", at + "["))


def start(case: Case, model: dict[str, Any], info: ModelInfo, players_only: bool = False) -> Exception | None:
    """What the engine raised when asked to start the case's game (None: it started): from the
    engine's own deal for a dealt case, else from the case's partial state as the runner lays it
    out. With `players_only`, from an empty state of the case's players (do they fit the spec?)."""
    try:
        from beanrules.engine import Game
    except ImportError:  # no engine: nothing to ask (the runner skips every case then)
        return None
    try:
        if case.dealt:
            Game(model, players=list(case.players), seed=case.seed)
        else:
            partial = {} if players_only else starting_state(case, info)  # a fresh dict: nothing to copy
            Game.from_partial(model, list(case.players), partial, seed=case.seed)
    except Exception as exc:  # the caller tells a refusal from a crash
        return exc
    return None


def impossible(exc: Exception | None) -> bool:
    """Whether the engine refused a start no game could reach (the contract's refusal)."""
    return isinstance(exc, ValueError) and hasattr(exc, "key")


def start_problem(case: Case, model: dict[str, Any], info: ModelInfo) -> tuple[str, str] | None:
    """(path in the case, why) when the engine refuses to start the case's game; None when it
    starts, or fails in another way (the runner reports that as the case's failure)."""
    try:
        exc = start(case, model, info)
    except Exception:  # the runner's layout of a state the loader's own checks already fault
        return None
    if not impossible(exc):
        return None
    return case_path(exc.key), str(getattr(exc, "message", exc))


def refused_state_failure(case: Case, model: dict[str, Any], info: ModelInfo) -> str | None:
    """Why the engine did not refuse the case's start as the case says (None: it did)."""
    at = (case.refused_state or {}).get("at", "")
    exc = start(case, model, info)
    if exc is None:
        return f"the engine started the game; expected it to refuse the start at {at}"
    if not impossible(exc):
        return f"the engine crashed instead of refusing the start: {type(exc).__name__}: {exc}"
    path = case_path(exc.key)
    if not lies_under(path, at):
        return f"the engine refused the start at {path}, expected at {at}: {exc}"
    return None
