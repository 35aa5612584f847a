"""Every case played a second time, through the engine's fast path (docs/conformance.md, "The
fast path plays alike").

The reference run applies each action parsed from its line, with its events kept, so the engine
checks it in full. Bots and playouts do otherwise: they apply the very action object the engine
has just listed (`legal_actions`; a one-card proposal as `proposals` built it) without keeping
events, and the engine carries such an action out without the re-check (docs/engine-contract.md,
"The fast path plays alike"). This module replays a case that way in a fresh game and compares
its state JSON with the reference run's after every `do` and `refuse` step: a divergence fails
the case, naming the step, how the action was applied and every path that differs.

It uses only the contract: Game, from_partial, legal_actions, proposals, apply(action,
keep_events=False), state_json, parse_action and IllegalAction(.rule).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from .cases import Case
from .compare import Mismatch, differences

LISTED = "as the object legal_actions listed"
BUILT = "as the proposal proposals() built"
PARSED = "parsed from its line (not listed)"
WITH, WITHOUT = "keeping its events", "without events"


@dataclass
class Divergence:
    """Where the fast play left the reference run."""
    step: int
    message: str
    mismatches: list[Mismatch] = field(default_factory=list)


@dataclass
class Replay:
    """The fast play of one case: how each `do` or `refuse` step was applied (step index →
    LISTED, BUILT or PARSED, and WITH or WITHOUT events), and the divergence that ended it, if
    any."""
    applied: dict[int, str] = field(default_factory=dict)
    divergence: Divergence | None = None


class _Diverged(Exception):
    def __init__(self, message: str, mismatches: list[Mismatch] | None = None) -> None:
        super().__init__(message)
        self.message, self.mismatches = message, mismatches or []


@dataclass
class Reference:
    """What the reference run left after each `do` and `refuse` step (by step index): the state
    JSON, and a `do` step's events."""
    states: dict[int, dict[str, Any]] = field(default_factory=dict)
    events: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def note(self, index: int, step: dict[str, Any], game: Any, events: list[dict[str, Any]] | None) -> None:
        if "do" in step:
            self.events[index] = list(events or [])
        if "do" in step or "refuse" in step:
            self.states[index] = game.state_json()


def reference(case: Case) -> Reference | None:
    """Where to keep the reference run of a case that gets a second play; None: it gets none
    (it applies no action, or rule coverage is being recorded: `verify` wraps Game.apply to
    trace the reference run, and the fast play would trace nothing new)."""
    if not any("do" in step for step in case.steps):
        return None  # nothing applied: both plays would be the starting state
    try:
        from beanrules.engine import trace
    except ImportError:  # an engine without the optional trace hook
        return Reference()
    return Reference() if trace.active() is None else None


def replay(case: Case, start: Callable[[], Any], ran: Reference) -> Replay:
    """Play `case` again in the game `start()` makes, through the fast path, and compare it with
    the reference run after each `do` and `refuse` step. Every second `do` step keeps its
    events, which must be the reference run's: the trusted moves build events too (a bot
    playing for a record or the terminal keeps them); the others keep none."""
    from beanrules.engine import IllegalAction, parse_action
    game, out, done = start(), Replay(), 0
    for index, step in enumerate(case.steps):
        if "do" not in step and "refuse" not in step:
            continue  # expectations and events read the game; the reference run checked them
        try:
            if "do" in step:
                keep, done = done % 2 == 1, done + 1
                how, events = _do(game, parse_action(step["do"]), IllegalAction, keep)
                out.applied[index] = how = f"{how}, {WITH if keep else WITHOUT}"
                if keep and events != ran.events[index]:
                    raise _Diverged(f"its events differ from the reference run's, applied {how} "
                                    "(expected: the reference run; actual: the fast path)",
                                    differences(ran.events[index], events, "events"))
            else:
                how = _refuse(game, parse_action(step["refuse"]), step["rule"], IllegalAction)
                out.applied[index] = how = f"{how}, {WITHOUT}"
            actual = game.state_json()
            if actual != ran.states[index]:
                raise _Diverged(f"the state differs from the reference run's after this step, applied {how} "
                                "(expected: the reference run; actual: the fast path)",
                                differences(ran.states[index], actual))
        except _Diverged as diverged:
            out.divergence = Divergence(index, "the fast path plays otherwise: " + diverged.message,
                                        diverged.mismatches)
            return out
        except Exception as exc:  # an engine crash on the fast path
            out.divergence = Divergence(index, f"the fast path plays otherwise: applied "
                                               f"{out.applied.get(index, 'through the fast path')}, the engine "
                                               f"raised {type(exc).__name__}: {exc}")
            return out
    return out


def proposals_as_listed(game: Any, listings: dict[str, list[Any]]) -> list[str]:
    """How `proposals(player)` differs from the proposals `legal_actions(player)` listed (the
    contract: as many, in its order), by its count and its first and last proposal. The runner
    asks at every expectation of what may happen, where the listings are made anyway."""
    problems = []
    for player, listing in listings.items():
        listed = [a for a in listing if type(a).__name__ == "Propose"]
        problem = _unlike(player, game.proposals(player), listed, sorted({0, len(listed) - 1}) if listed else [])
        if problem:
            problems.append(problem)
    return problems


def _unlike(player: str, space: Any, listed: list[Any], places: list[int]) -> str | None:
    """How proposals(player) (`space`) differs from the proposals legal_actions(player) listed:
    in number, or in a proposal it builds at one of these places. None: alike."""
    if len(space) != len(listed):
        return f"proposals({player!r}) counts {len(space)} proposals, legal_actions({player!r}) lists {len(listed)}"
    for place in places:
        built = space[place]
        if built != listed[place]:
            from beanrules.engine import to_notation
            return (f"proposals({player!r})[{place}] is {to_notation(built)!r}, but legal_actions({player!r}) "
                    f"lists {to_notation(listed[place])!r} there")
    return None


def _do(game: Any, action: Any, illegal: type[Exception], keep: bool) -> tuple[str, list[dict[str, Any]]]:
    found, how = _handed_out(game, action)
    try:
        events = game.apply(found, keep_events=keep)
    except illegal as exc:
        raise _Diverged(f"applied {how}, {WITH if keep else WITHOUT}, the action was refused by rule "
                        f"{getattr(exc, 'rule', None)!r}: {getattr(exc, 'message', None) or exc}") from None
    return how, list(events or [])


def _refuse(game: Any, action: Any, rule: Any, illegal: type[Exception]) -> str:
    allowed = rule if isinstance(rule, list) else [rule]
    found, how = _handed_out(game, action, exact=True)  # a refused line may well complete to a legal one
    try:
        game.apply(found, keep_events=False)
    except illegal as exc:
        if getattr(exc, "rule", None) not in allowed:
            raise _Diverged(f"applied {how}, {WITHOUT}, refused by another rule",
                            [("rule", " or ".join(map(str, allowed)), getattr(exc, "rule", None))]) from None
        return how
    raise _Diverged(f"applied {how}, {WITHOUT}, the action was allowed (the reference run refused it)")


def _handed_out(game: Any, action: Any, exact: bool = False) -> tuple[Any, str]:
    """The object the engine hands out now for `action`, and how it was found: a one-card
    proposal as proposals() builds it (at its place among the proposals legal_actions lists,
    which proposals() must count and build alike), any other action as legal_actions lists it;
    an action the engine does not list, as parsed. The listed action is the one equal to
    `action`, else (unless `exact`) the only one that completes it (_completes)."""
    player = action.player
    proposal = type(action).__name__ == "Propose"
    listing = game.legal_actions(player, trades=proposal)  # proposals only where one is wanted: there are hundreds
    found = _find(listing, action, exact)
    if found is None:
        return action, PARSED
    if not proposal:
        return found, LISTED
    listed = [a for a in listing if type(a) is type(action)]
    space, place = game.proposals(player), next(i for i, a in enumerate(listed) if a is found)
    problem = _unlike(player, space, listed, [place])
    if problem:
        raise _Diverged(problem)
    built = space[place]
    return built, BUILT


def _find(listing: list[Any], action: Any, exact: bool) -> Any:
    for candidate in listing:
        if candidate == action:
            return candidate
    if exact or not dataclasses.is_dataclass(action):
        return None
    completing = [c for c in listing if _completes(c, action)]
    return completing[0] if len(completing) == 1 else None


def _completes(candidate: Any, action: Any) -> bool:
    """`candidate` names every part `action` names alike, and may name more: a line that leaves
    out a field, a zone or a proposal's number (`Anna plants soy`, `Anna accepts`) means the
    legal action with the parts it gives, which legal_actions lists (it lists every legal
    action); where exactly one listed action completes the line, it is that action."""
    if type(candidate) is not type(action):
        return False
    for part in dataclasses.fields(action):
        given, named = getattr(action, part.name), getattr(candidate, part.name)
        if given is None:
            continue
        if isinstance(given, tuple) and isinstance(named, tuple):  # a proposal's cards
            if len(given) != len(named) or not all(map(_completes, named, given)):
                return False
        elif given != named:
            return False
    return True
