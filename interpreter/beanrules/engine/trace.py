"""Which rules a game consulted: an optional hook for rule coverage (``verify --coverage``).

Off by default, and then it costs nothing: Game.apply runs as written. Within
``with recording() as trace:``, Game.apply is wrapped to hand this module what each action did
(its events or its refusal), and a game's setup reports itself; :func:`note` reads them as the rules the engine applied: the rule
a refusal names, the beanometer and coin source of a payout, the reveal and draw steps of a
phase, the end of the game and its tie-break. It reads only the engine's public events, so a
new engine that emits the same events (docs/engine-contract.md) keeps the same trace.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator


@dataclass
class Trace:
    """What one game (or one conformance case) made the engine consult."""

    rules: set[str] = field(default_factory=set)   # rule ids
    beans: set[str] = field(default_factory=set)   # beans whose beanometer paid or whose cards were dealt
    ending: bool = False                           # the last exhaustion happened; play went on

    def add_kinds(self, model: dict[str, Any], *kinds: str, **params: Any) -> None:
        for rule in model["rules"]:
            if rule["kind"] in kinds and all(rule["params"].get(k) == v for k, v in params.items()):
                self.rules.add(rule["id"])


_active: Trace | None = None


@contextmanager
def recording() -> Iterator[Trace]:
    """Record what every game consults until the block ends. While it lasts, Game.apply is
    wrapped to report each action; outside it Game.apply runs as written, at no cost."""
    from .game import Game
    global _active
    outer, _active = _active, Trace()
    plain = Game.apply
    if outer is None:
        Game.apply = _traced(plain)  # type: ignore[method-assign]
    try:
        yield _active
    finally:
        _active = outer
        if outer is None:
            Game.apply = plain  # type: ignore[method-assign]


def _traced(apply: Callable[..., list[dict[str, Any]]]) -> Callable[..., list[dict[str, Any]]]:
    from .errors import IllegalAction
    from .notation import parse_action

    def traced_apply(game: Any, action: Any) -> list[dict[str, Any]]:
        if type(action) is str:
            action = parse_action(action)
        try:
            events = apply(game, action)
        except IllegalAction as refusal:
            note(game.model, action, [], refusal)
            raise
        note(game.model, action, events, state=game.state)
        return events
    traced_apply.__doc__ = apply.__doc__
    return traced_apply


def active() -> Trace | None:
    return _active


def _harvest(trace: Trace, model: dict[str, Any], event: dict[str, Any], manual: bool) -> None:
    trace.beans.add(event["bean"])
    trace.add_kinds(model, "payout", "coin-source", "whole-field")
    if event.get("auto"):
        trace.add_kinds(model, "auto-harvest")
    elif manual:
        trace.add_kinds(model, "harvest-any-time", "harvest-own-turn", "harvest-only-paying")
        if event["cards"] == 1:  # a single bean came off: the protection rule let it
            trace.add_kinds(model, "protection")
    if event.get("unpaid") is not None:
        trace.add_kinds(model, "zone", zone="bank")


def _planted(trace: Trace, model: dict[str, Any], event: dict[str, Any], state: Any) -> None:
    if event["from"] == "hand":
        trace.add_kinds(model, "plant-from-hand", "hand-order")
    else:
        trace.add_kinds(model, "plant-pending", zone=event["from"])
    fields = state.fields[event["player"]] if state is not None else []
    field = fields[event["field"] - 1] if len(fields) >= event["field"] else []
    if len(field) > 1 and field[-1] == event["bean"]:
        # joined cards already there: of its own type, or covering another (mixed fields)
        trace.add_kinds(model, "one-type-per-field" if field[-2] == event["bean"] else "mixed-fields")
    elif len(field) == 1 and any(f and f[-1] == event["bean"] for f in fields if f is not field):
        trace.add_kinds(model, "same-type-many-fields")  # a second field of a type already growing


def note(model: dict[str, Any], action: Any, events: list[dict[str, Any]], refused: Any = None,
         state: Any = None) -> None:
    """Record what one action made the engine consult (None: a dealt game's setup, "partial":
    a game set up from a partial state); `state` is the game's state after it."""
    trace = _active
    if trace is None:
        return
    if refused is not None:
        if getattr(refused, "rule", None):
            trace.rules.add(refused.rule)
        return
    kind = type(action).__name__
    if trace.ending and action not in (None, "partial"):
        trace.add_kinds(model, "end-finish")  # the deck ran out for the last time, yet play goes on
    if kind == "EndPhase" and action.what == "trading":
        trace.add_kinds(model, "trade-end")
    if kind == "BuyField":
        trace.add_kinds(model, "buy-field")
    over = False
    for event in events:
        name = event["event"]
        if name == "planted":
            _planted(trace, model, event, state)
        elif name == "harvested":
            _harvest(trace, model, event, manual=not over and kind == "Harvest")
        elif name == "revealed":
            trace.add_kinds(model, "reveal")
        elif name == "drew":
            # who draws how many in phase 4 may turn on a token, and a takeover is tried there
            trace.add_kinds(model, "draw", "token-draw", "token-takeover", "token")
        elif name in ("chose", "token-passed", "moved", "picked-at-random"):
            trace.add_kinds(model, "token-takeover", "token")
        elif name == "skipped":
            trace.rules.add(event["rule"])
        elif name == "turn":
            trace.add_kinds(model, "turn-order")
        elif name == "deck-exhausted":
            trace.add_kinds(model, "end-on-exhaustion")
            trace.ending = True
        elif name == "reshuffled":
            trace.ending = False
            trace.add_kinds(model, "reshuffle", "coins-out-of-play")
        elif name == "proposed":
            trace.add_kinds(model, "trade", "trade-partners", "trade-amounts")
            zones = {r.get("zone") for r in event["give"] + event["take"]}
            if "hand" in zones:
                trace.add_kinds(model, "tradeable-hand")
            if "offer" in zones:
                trace.add_kinds(model, "tradeable-offer", "offer-owner")
        elif name == "traded":  # a gift takes nothing back
            trace.add_kinds(model, "gift-consent" if not event["got"] else "trade-consent", "traded-to-set-aside")
        elif name == "rejected":
            trace.add_kinds(model, "trade-consent", "gift-consent")
        elif name == "game-over":
            over, trace.ending = True, False
            trace.add_kinds(model, "final-harvest", "hand-score", "winner")
            best = max(event["scores"].values(), default=0)
            if sum(score == best for score in event["scores"].values()) > 1:
                trace.add_kinds(model, "tie-farthest-seat", "tie-most-hand-cards", "tie-shared", "tie-token-holder")
    if action == "partial":  # a game from a partial state: fields and the cards left are the rules'
        trace.add_kinds(model, "players", "use-beans", "remove-beans", "fields")
    elif action is None:  # a dealt game: the setup rules and every bean in the box
        trace.add_kinds(model, "players", "use-beans", "remove-beans", "fields", "deal", "start-player")
        trace.beans.update(b["id"] for b in model["beans"])
