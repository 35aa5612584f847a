"""Game records (spec, content hash of its rule model, seed, players, actions, final state)
and replaying them action by action.

A record commits to everything it claims: the final state, its hash, and `trace_hash`, a hash
of every action's events in order. Dropping an action whose effect the final state no longer
shows (a withdrawn or rejected proposal, which would have lapsed anyway) changes the trace, so
every action must replay and matter. A record without all three is reported as unverified.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, NotationError
from .game import Game
from .ruleset import model_hash

FORMAT = "beanrules-game-record/1"


def state_hash(state: Any) -> str:
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def trace_hash(game: Game) -> str:
    """The hash of the events of the game's setup and of each applied action, in order."""
    if not getattr(game, "traced", True):
        raise ValueError("this game was played with keep_events=False: it has no trace to record")
    return state_hash([game.start_events] + game.trace)


# What a record must hold to be verified, not only replayed.
EVIDENCE = ("final_state", "final_state_hash", "trace_hash")


# The model hash of a record made only to be replayed at once (replays): none is computed.
UNPINNED = "unpinned"


def make_record(spec: str, model: dict, game: Game, seed: int | str, bots: list[str] | None = None,
                pin: bool = True) -> dict:
    """The game's record. pin=False: its model_hash is UNPINNED (see replays)."""
    final = game.state_json()
    record: dict[str, Any] = {"format": FORMAT, "spec": spec, "model_hash": model_hash(model) if pin else UNPINNED,
                              "seed": seed, "players": list(game.players)}
    if bots is not None:
        record["bots"] = list(bots)
    record.update({"actions": list(game.history), "final_state": final,
                   "final_state_hash": state_hash(final), "trace_hash": trace_hash(game)})
    return record


def check_record(record: Any) -> list[str]:
    """What makes `record` not a game record (empty if it is one)."""
    if not isinstance(record, dict):
        return ["a game record is a JSON object"]
    problems = []
    if record.get("format") != FORMAT:
        problems.append(f"format must be '{FORMAT}'")
    for key, kind in (("spec", str), ("model_hash", str), ("players", list), ("actions", list),
                      ("final_state", dict), ("final_state_hash", str), ("trace_hash", str)):
        if key in record and not isinstance(record[key], kind) or key not in record and key not in EVIDENCE:
            problems.append(f"'{key}' missing or not a {kind.__name__}")
    if not isinstance(record.get("seed"), (int, str)) or isinstance(record.get("seed"), bool):
        problems.append("'seed' missing or not a number or string")
    if isinstance(record.get("actions"), list) and not all(isinstance(a, str) for a in record["actions"]):
        problems.append("'actions' must be strings in the action notation")
    return problems


@dataclass
class ReplayResult:
    ok: bool  # replayed and verified: every action, the final state and the trace match
    actions: int  # actions replayed successfully
    message: str
    game: Game | None = None
    unverified: bool = False  # replayed without a refusal, but the record lacks its evidence

    @property
    def status(self) -> str:
        return "ok" if self.ok else "UNVERIFIED" if self.unverified else "DIVERGES"


def _first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    if type(a) is not type(b):
        return f"{path}: recorded {json.dumps(a)[:80]}, replayed {json.dumps(b)[:80]}"
    if isinstance(a, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}: only in the {'replay' if key not in a else 'record'}"
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: recorded {len(a)} items, replayed {len(b)}"
        return None
    return None if a == b else f"{path}: recorded {json.dumps(a)}, replayed {json.dumps(b)}"


def replays(spec: str, model: dict, game: Game, seed: int | str) -> ReplayResult:
    """The game's record, replayed on the model it was played on (invariant playouts). The
    record's model hash is left out: it pins a record read back from a file to its rules
    (`beanrules replay` compares it), replay itself never reads it, and hashing the whole rule
    model cost as much as a tenth of a checked playout of a short game."""
    return replay(make_record(spec, model, game, seed, pin=False), model)


def replay(record: dict, model: dict) -> ReplayResult:
    """Re-run a record on `model`; stops at the first refused action or state difference."""
    problems = check_record(record)
    if problems:
        return ReplayResult(False, 0, "not a game record: " + "; ".join(problems))
    try:
        game = Game(model, record["players"], seed=record["seed"])
    except ValueError as exc:
        return ReplayResult(False, 0, f"cannot set the game up: {exc}")
    for number, line in enumerate(record["actions"], start=1):
        if game.is_over:
            return ReplayResult(False, number - 1, f"action {number} ({line!r}): the game is already over", game)
        try:
            game.apply(line)
        except NotationError as exc:
            return ReplayResult(False, number - 1, f"action {number} ({line!r}) is not an action: {exc.message}", game)
        except IllegalAction as exc:
            where = f" [{exc.rule}{', ' + exc.citation if exc.citation else ''}]" if exc.rule else ""
            return ReplayResult(False, number - 1, f"action {number} ({line!r}) refused: {exc.message}{where}", game)
    final = game.state_json()
    count = len(record["actions"])
    if "final_state" in record:
        difference = _first_difference(record["final_state"], final)
        if difference:
            return ReplayResult(False, count, f"final state differs at {difference}", game)
    if "final_state_hash" in record and record["final_state_hash"] != state_hash(final):
        return ReplayResult(False, count, "final state hash differs", game)
    if "trace_hash" in record and record["trace_hash"] != trace_hash(game):
        return ReplayResult(False, count, "the actions' events differ from the recorded ones "
                            "(an action was dropped, added or changed)", game)
    missing = [key for key in EVIDENCE if key not in record]
    if missing:
        return ReplayResult(False, count, f"{count} actions replayed, but the record has no "
                            f"{', '.join(missing)} to check them against", game, unverified=True)
    return ReplayResult(True, count, f"{count} actions replayed; final state identical, events identical", game)
