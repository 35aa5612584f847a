"""Which rules a game consulted: an optional hook for rule coverage (``verify --coverage``).

Off by default, and then it costs one test per action. Within ``with recording() as trace:``,
Game.apply hands this module what each action did (its events or its refusal, through
:func:`traced`), and a game's setup reports itself; :func:`note` reads them as the rules the engine applied: the rule
a refusal names, the beanometer and coin source of a payout, the reveal and draw steps of a
phase, the end of the game and its tie-break. It reads only the engine's public events, so a
new engine that emits the same events (docs/engine-contract.md) keeps the same trace. A rule is
found by what its core says (a payout, a permission to harvest, …), never by its sentence kind.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Iterator

from ..core import actors, effects, places, statements as core, timing
from ..core.categories import Effect
from ..desugar import NoRewrite, rule_statements
from ..memo import per_object
from .buying import sells_field  # the permit that sells a field
from .errors import IllegalAction
from .harvest_guards import is_guard as _guards_harvest
from .trade_guards import permits_trading, placement
from .kinds import compile_plays_as
from .listers import by_choice, front_phase, owes_harvest, zone_phase  # the permits the listers compile
from .program import ends_phase
from .notation import parse_action
from .permissions import is_guard as is_plant_guard

# What a rule says, found by the type of a core statement or by a test of one (the engine's own
# pickers where it has them: the listers', buying.sells_field).
Says = type | Callable[[Any], bool]
# Each test is made once (cached) so that it can key what it finds in a model (Trace.add).


@cache
def _does(effect: type, when: type | None = None) -> Callable[[Any], bool]:
    """A ``do`` statement with this effect (at this timing)."""
    return lambda s: isinstance(s, core.Do) and isinstance(s.effect, effect) and (when is None or isinstance(s.when, when))


def _decides(s: Any) -> bool:
    """A ``do`` statement whose effect asks a player to decide (choose, ask)."""
    return isinstance(s, core.Do) and any(isinstance(n, (effects.Choose, effects.Ask, effects.Auction))
                                          for n in s.effect.walk())


def _whole(s: Any) -> bool:
    return isinstance(s, core.HarvestTakes) and s.part == "whole"


@cache
def _plants_from(zone: str) -> Callable[[Any], bool]:
    return lambda s: zone_phase(s) is not None and s.action.cards.place.zone == zone


def _plants_front(s: Any) -> bool:
    """A permit of planting the front card of the hand (a FrontPlanting of engine/listers.py)."""
    return front_phase(s) is not None


def _ends_when_chosen(s: Any) -> bool:
    """A permit of ending a phase when the active player chooses (owed, the phase waits for it)."""
    return ends_phase(s) is not None and not s.must


@cache
def _trades(zone: str) -> Callable[[Any], bool]:
    """An allow of trading cards of this zone."""
    return lambda s: isinstance(s, core.Allow) and isinstance(s.action, effects.Trade) \
        and isinstance(s.action.gives, places.CardsIn) and isinstance(s.action.gives.place, places.Zone) \
        and s.action.gives.place.zone == zone


def _amounts(s: Any) -> bool:
    """A rule of how many cards a trade may move ("any number for any number")."""
    return isinstance(s, core.Allow) and isinstance(s.action, effects.Trade) \
        and isinstance(s.action.takes, places.TradedAmount)


def _deal_forbid(s: Any) -> bool:
    """A forbid of every trade while its condition holds, whatever cards it moves (who trades with
    whom, and when): it judges each proposal as a whole (TradeGuards.deal_refusal)."""
    return isinstance(s, core.Forbid) and isinstance(s.action, effects.Trade) \
        and s.action.gives is None and s.action.takes is None


@cache
def _consent(gift: bool) -> Callable[[Any], bool]:
    """The consent of a gift (a forbid of trading for no cards until the other side agrees), or
    of an exchange (for some cards)."""
    size = places.TradedAmount("no" if gift else "some")
    return lambda s: isinstance(s, core.Forbid) and isinstance(s.action, effects.Trade) and s.action.takes == size


_SAYS: dict[tuple[int, None], tuple[dict, list[tuple[str, list[Any]]]]] = {}


def _said(model: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """Each rule's core statements, once per model."""

    def said() -> list[tuple[str, list[Any]]]:
        out = []
        for rule in model["rules"]:
            try:
                statements = rule_statements(rule)
            except NoRewrite:
                statements = ()
            out.append((rule["id"], list(statements)))
        return out
    return per_object(_SAYS, model, None, said)


@dataclass
class Trace:
    """What one game (or one conformance case) made the engine consult."""

    rules: set[str] = field(default_factory=set)   # rule ids
    beans: set[str] = field(default_factory=set)   # beans whose beanometer paid or whose cards were dealt
    ending: bool = False                           # the last exhaustion happened; play went on

    def add(self, model: dict[str, Any], *says: Says) -> None:
        """The rules whose core says any of these."""
        self.rules.update(_saying(model, says))


_SAYING: dict[tuple[int, tuple[Says, ...]], tuple[dict, frozenset[str]]] = {}


def _saying(model: dict[str, Any], says: tuple[Says, ...]) -> frozenset[str]:
    """The rules of a model whose core says any of these, once per model and tests: a traced
    case asks the same few questions of the same model at nearly every action. The tests are
    module-level (or cached) functions and types, so a key stays the same question."""
    def find() -> frozenset[str]:
        tests = [(lambda s, t=t: isinstance(s, t)) if isinstance(t, type) else t for t in says]
        return frozenset(rule_id for rule_id, said in _said(model) if any(test(s) for s in said for test in tests))
    return per_object(_SAYING, model, says, find, 1024)


_active: Trace | None = None


@contextmanager
def recording() -> Iterator[Trace]:
    """Record what every game consults until the block ends: while it lasts, Game.apply
    reports each action here (:func:`traced`); outside it, it runs as written."""
    global _active
    outer, _active = _active, Trace()
    try:
        yield _active
    finally:
        _active = outer


def traced(game: Any, action: Any, apply: Callable[[Any], list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Apply `action` to `game` by `apply`, and note what it made the engine consult (its
    events, or the refusal, which is raised on)."""
    if type(action) is str:
        action = parse_action(action)
    try:
        events = apply(action)
    except IllegalAction as refusal:
        note(game.model, action, [], refusal)
        raise
    note(game.model, action, events, state=game.state)
    return events


def active() -> Trace | None:
    return _active


def _harvest(trace: Trace, model: dict[str, Any], event: dict[str, Any], manual: bool) -> None:
    trace.beans.add(event["bean"])
    trace.add(model, core.Payout, core.CoinSource, _whole)
    if event.get("auto"):
        trace.add(model, _does(Effect, timing.AnyTime))
    elif type(event["field"]) is str:  # a field of the table: the rule that lets this player harvest it
        trace.add(model, _permits(effects.Harvest))
    elif manual:  # the harvest timing let it, and the harvest guards' judge (engine/harvest_guards.py)
        trace.add(model, by_choice, _guards_harvest)
    if event.get("unpaid") is not None:
        trace.add(model, _declares_bank)


def _declares_bank(s: Any) -> bool:
    return isinstance(s, core.DeclareZone) and s.zone == "bank"


def _permits_draw(s: Any) -> bool:
    """The permit of a draw by action (engine/draw_moves.py)."""
    return isinstance(s, core.Permit) and isinstance(s.action, effects.Draw)


def _planted(trace: Trace, model: dict[str, Any], event: dict[str, Any], state: Any) -> None:
    if event["from"] == "hand":
        trace.add(model, _plants_front, _forbids(effects.Reorder))
    else:
        trace.add(model, _plants_from(event["from"]))
    if type(event["field"]) is str:  # a field of the table (engine/zones.py): the rule that let it
        trace.add(model, _permits(effects.Plant))
        return
    fields = state.fields[state.seat_of[event["player"]]] if state is not None else []
    field = fields[event["field"] - 1] if len(fields) >= event["field"] else []
    plays_as = compile_plays_as(model)  # cards that play as a bean type join that type's fields
    if len(field) > 1 and field[-1] == event["bean"]:
        # joined cards already there: of its own type, or covering another (mixed fields)
        same = plays_as.get(field[-2], field[-2]) == plays_as.get(event["bean"], event["bean"])
        trace.add(model, _plant_guard(True, True) if same else _plant_guard(False, True))
    elif len(field) == 1 and any(f and f[-1] == event["bean"] for f in fields if f is not field):
        trace.add(model, _plant_guard(False, False))  # a second field of a type already growing


@cache
def _plant_guard(forbid: bool, on_top: bool) -> Callable[[Any], bool]:
    """A forbid (else an allow) of planting the card on the field (permissions.is_guard) whose
    condition weighs the card against the top card of the field planted onto (`on_top`: one
    type per field, or the allow that lets a card cover it), or does not (a second field of a
    type already growing)."""
    return lambda s: is_plant_guard(s) and isinstance(s, core.Forbid) == forbid \
        and _on_top(s.condition) == on_top


def _on_top(condition: Any) -> bool:
    """The condition reads the top card of the field planted onto."""
    return condition is not None and any(isinstance(n, places.CardsIn) and n.place == actors.Bound("field")
                                         and n.pick == "top" for n in condition.walk())


@cache
def _may_during(phase: str) -> Callable[[Any], bool]:
    """What a player may do while this phase lasts: whether the phase waits for them or ends by
    itself (flow: a phase with nothing left to do ends) turns on it whenever the game is there."""
    return lambda s: isinstance(s, core.Permit) and isinstance(s.when, timing.During) \
        and s.when.phase == phase


@cache
def _permits(effect: type) -> Callable[[Any], bool]:
    """A permission, constraint or allowance about this kind of action."""
    return lambda s: isinstance(s, (core.Permit, core.Forbid, core.Allow)) and isinstance(s.action, effect)


@cache
def _forbids(effect: type) -> Callable[[Any], bool]:
    """A forbid of this kind of action."""
    return lambda s: isinstance(s, core.Forbid) and isinstance(s.action, effect)


# What decides whether an action of each kind is listed as legal: a case that asserts the
# legal actions exercises these rules even when no action is taken (a variant that changes one
# of them changes what such a case sees).
_LISTED_BY: dict[str, tuple[Says, ...]] = {
    "Harvest": (by_choice, owes_harvest, _permits(effects.Harvest)),
    # every forbid and allow of planting (the planting guards among them) judges a plant
    "Plant": (_plants_front, zone_phase, _forbids(effects.Reorder), owes_harvest, _permits(effects.Plant)),
    "Propose": (core.BelongsTo, _permits(effects.Trade)),  # every rule of trading judges a proposal
    "Respond": (_consent(True), _consent(False), permits_trading),
    "EndPhase": (_ends_when_chosen, permits_trading),
    "BuyField": (sells_field, _forbids(effects.AddField)),
    "UseAbility": (core.Ability, _permits(effects.UseAbility)),
}


def listed(model: dict[str, Any], actions: list[Any]) -> None:
    """Record the rules that decide whether these actions are legal: the actions an engine
    listed, and those a case expected it to list (``legal:``)."""
    trace = _active
    if trace is None:
        return
    for kind in {type(action).__name__ for action in actions}:
        says = _LISTED_BY.get(kind)
        if says:
            trace.add(model, *says)


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
    # a requirement (the hand limit) holds at all times: Game.apply checks it after every action,
    # and a draw (the deal too) gives only as many cards as it lets a hand hold
    trace.add(model, core.Require)
    if trace.ending and action not in (None, "partial"):
        trace.add(model, core.FinishTurn)  # the deck ran out for the last time, yet play goes on
    if kind == "EndPhase" and action.what == "trading":
        trace.add(model, _ends_when_chosen)
    if kind == "BuyField":
        trace.add(model, sells_field)
    if kind == "DrawCard":  # a draw by action
        trace.add(model, _permits_draw)
    over = False
    for event in events:
        name = event["event"]
        if name == "planted":
            _planted(trace, model, event, state)
        elif name == "harvested":
            _harvest(trace, model, event, manual=not over and kind == "Harvest")
        elif name == "revealed":
            trace.add(model, _does(effects.Reveal))
        elif name == "drew":
            # who draws how many in phase 4 may turn on a token, and a takeover is tried there
            trace.add(model, _does(effects.Draw), _decides, core.DeclareToken)
        elif name in ("chose", "token-passed", "moved", "picked-at-random"):
            trace.add(model, _decides, core.DeclareToken)
        elif name in ("skipped", "lasting", "paid", "auction", "auctioned"):
            # a step that skipped the phase; a constraint laid down; coins a rule paid; a lot sold
            trace.rules.add(event["rule"])
        elif name == "ability":  # a rule's own step names its rule; a card's ability, its card
            if any(rule["id"] == event.get("ability") for rule in model["rules"]):
                trace.rules.add(event["ability"])
            trace.beans.add(event.get("card"))
        elif name == "turn":
            trace.add(model, core.TurnOrder)
        elif name == "phase":
            trace.add(model, _may_during(event["phase"]))
        elif name == "deck-exhausted":
            trace.add(model, core.EndWhen)
            trace.ending = True
        elif name == "reshuffled":
            trace.ending = False
            trace.add(model, _does(effects.Shuffle, timing.WhenDeckRunsOut), _forbids(effects.Move))
        elif name == "proposed":
            trace.add(model, permits_trading, _deal_forbid, _amounts)
            zones = {r.get("zone") for r in event["give"] + event["take"]}
            if "hand" in zones:
                trace.add(model, _trades("hand"))
            if "offer" in zones:
                trace.add(model, _trades("offer"), core.BelongsTo)
        elif name == "traded":  # a gift takes nothing back
            trace.add(model, _consent(not event["got"]), placement)
        elif name == "rejected":
            trace.add(model, _consent(True), _consent(False))
        elif name == "game-over":
            over, trace.ending = True, False
            trace.add(model, _does(Effect, timing.AtGameEnd), core.Score, core.Winner)
            best = max(event["scores"].values(), default=0)
            if sum(score == best for score in event["scores"].values()) > 1:
                trace.add(model, core.TieBreak)
    if action == "partial":  # a game from a partial state: fields and the cards left are the rules'
        trace.add(model, core.Players, core.InPlay, core.OutOfPlay, core.Fields)
        if state is not None and state.phase:  # it starts in a phase: what players may do there
            trace.add(model, _may_during(state.phase))
    elif action is None:  # a dealt game: the setup rules and every bean in the box
        trace.add(model, core.Players, core.InPlay, core.OutOfPlay, core.Fields,
                  _does(effects.Deal, timing.AtSetup), core.ChooseStartPlayer)
        trace.beans.update(b["id"] for b in model["beans"])
