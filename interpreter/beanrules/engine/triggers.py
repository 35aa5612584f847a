"""Steps that run by themselves when something happens to a card: a card's ability with an
event timing (``when harvested with 2 cards``, ``when revealed``), a card on top of a field
that acts when any (or another) player plants or harvests (``when-player``: it runs for the
card's owner, once for each of their fields it tops), and a core ``do`` statement ``when a
card is planted / harvested / revealed / drawn``.

The engine calls :func:`fire` where the event happens (a harvest, a plant, a reveal, a
draw); with no trigger in the rules that is one test of an empty dict. A trigger's effect
runs for the player the event is about (the card's owner), with ``card``, ``field`` and
``cards`` bound to what it is about. Nothing chains: what an ability's own effect does
triggers nothing (:func:`inside_ability`), so every trigger runs a bounded effect once.

A step on a card event may ask a player to decide (a ``choose``, an ``ask``, an auction): its
effect runs through engine/decisions.py with the anchor "trigger", and the game waits for the
decision after the action, or the phase step, in which the event happened (engine/flow.py goes
on with the phase's next steps once it is answered). A second such step whose event comes while
a decision waits is queued with that decision (plain JSON: the rule, the event, the card) and
runs, in order, once it is answered.
The ruleset's compiler makes the triggers (engine/compiler.py, compile_triggers), which the
deck, harvests and plants fire from below it.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from . import decisions, evaluate
from .effect_env import OWNER, Held
from .errors import RuleRef

EVENTS = ("planted", "harvested", "revealed", "drawn", "given")
_ZONES = {"planted": "field", "revealed": "offer", "drawn": "hand"}  # where the card of each event lies


@dataclass(frozen=True)
class Trigger:
    event: str
    bean: str | None  # only a card of this type (an ability: its own card)
    cards: int | None  # a harvest of exactly this many cards
    condition: evaluate.Compiled | None
    run: evaluate.Compiled
    ref: RuleRef
    card: str | None  # the card whose ability this is (None: a rule's ``do``)
    name: str | None
    title: str | None
    watch: str | None = None  # "any" or "other": the card on top of its owner's field acts on that player's event
    decides: bool = False  # its effect may wait for a player's decision (engine/decisions.py)


ANCHOR = "trigger"  # the mechanism of a decision a trigger waits for (decisions.ANCHORS finds its effect)


def deciding_run(node: Any, ref: RuleRef) -> evaluate.Compiled:
    """The effect of a step on a card event that may wait for a decision: run by itself (what it
    pays it pays as it can), through the decisions machinery, found again by its rule."""
    return evaluate.Compiled(node, decisions.anchored(node, {"mechanism": ANCHOR, "rule": ref.id, "by_itself": True}))


_DEPTH = [0]


@contextmanager
def inside_ability() -> Iterator[None]:
    """While an ability's effect runs, the events it causes trigger nothing."""
    _DEPTH[0] += 1
    try:
        yield
    finally:
        _DEPTH[0] -= 1


def fire(state: Any, rs: Any, event: str, player: int, bean: str, events: list, *, zone: list | None = None,
         where: str = "", cards: list | None = None, field: int | str | None = None) -> None:
    """Run the triggers of `event` for a `bean` card of `player` (lying in `zone`, if it is
    still somewhere an effect can take it from)."""
    found = rs.triggers.get(event) if rs.triggers else None
    if not found or _DEPTH[0] or state.over:
        return
    for trigger in found:
        if trigger.watch is not None:
            _watched(state, rs, trigger, event, player, bean, events, cards, field)
            continue
        if (trigger.bean is not None and trigger.bean != bean and (bean is not None or trigger.bean not in (cards or ()))) or \
                (trigger.cards is not None and (cards is None or trigger.cards != len(cards))):
            continue
        env = _env(state, rs, trigger, event, player, bean, zone, where, cards, field)
        if trigger.condition is not None and not trigger.condition.fn(state, env):
            continue
        if trigger.decides and state.decision is not None:  # it waits its turn behind the decision
            state.decision.setdefault("queued", []).append(
                {"rule": trigger.ref.id, "event": event, "player": state.players[player], "bean": bean, "cards": cards,
                 "field": field, "where": where if zone is not None else None})
            continue
        _run(state, rs, trigger, event, player, bean, env, events)


def _env(state: Any, rs: Any, trigger: Trigger, event: str, player: int, bean: str, zone: list | None, where: str,
         cards: list | None, field: int | str | None) -> dict:
    env = {evaluate.RULES: rs, evaluate.BY_ITSELF: True, evaluate.RULE: trigger.ref.id, OWNER: player,
           "player": player, "cards": cards,
           "card": Held(bean, zone, where, False, _ZONES.get(event), None if event == "revealed" else player)
           if zone is not None else None}
    if field is not None:  # a name: a field of the table (engine/zones.py)
        env["field"], env["field#"] = _field(state, player, field), field
    return env


def _field(state: Any, player: int, field: int | str) -> list[str]:
    """The field an event names: a player's own (an index) or one of the table (a name)."""
    return state.fields[player][field] if type(field) is int else state.zones[field]


def _run(state: Any, rs: Any, trigger: Trigger, event: str, player: int, bean: str, env: dict, events: list) -> None:
    events.append({"event": "ability", "player": state.players[player], "card": trigger.card or bean,
                   "ability": trigger.name or trigger.ref.id, "title": trigger.title, "on": event})
    with inside_ability():
        trigger.run.fn(state, rs, env, events)


def waited(state: Any, index: int, fired: str) -> str:
    """What phase step `index` did, "wait" where a step on a card event it caused waits for a
    decision: the phase goes on after that step once it is answered (engine/flow.py's resume)."""
    if fired != "wait" and state.decision is not None and "step" not in state.decision:
        state.decision["after"] = index
        return "wait"
    return fired


def run_queued(state: Any, rs: Any, queued: list[dict], events: list, after: int | None) -> bool:
    """Run the steps on card events queued behind a decision just answered, in order, until one
    waits: the rest are queued behind its decision, with the phase step to go on `after` (True:
    one waits). A queued step finds its card where the event left it (the offer, the hand, the
    field), if it is still there."""
    for k, item in enumerate(queued):
        trigger = next(t for t in rs.triggers[item["event"]] if t.ref.id == item["rule"] and t.decides)
        player, bean, field = state.seat_of[item["player"]], item["bean"], item["field"]
        zone = None
        if item["where"] is not None:
            zone = (_field(state, player, field) if item["event"] == "planted" and field is not None
                    else state.hands[player] if item["event"] == "drawn" else state.offer)
        env = _env(state, rs, trigger, item["event"], player, bean, zone, item["where"] or "", item["cards"], field)
        _run(state, rs, trigger, item["event"], player, bean, env, events)
        if state.decision is not None:
            rest = queued[k + 1:] + state.decision.pop("queued", [])
            if rest:
                state.decision["queued"] = rest
            if after is not None:
                state.decision["after"] = after
            return True
    return False


def _watched(state: Any, rs: Any, trigger: Trigger, event: str, player: int, bean: str, events: list,
             cards: list | None, field: int | None) -> None:
    """A card on top of a field acts on `player`'s plant or harvest: for each player it watches
    for (in turn order from the one who acted), once for each of their fields it tops; not for
    the card just planted itself (it watches others' plants, not its own)."""
    players, n = state.players, len(state.players)
    first = player
    for k in range(n):
        owner = (first + rs.direction * k) % n
        if trigger.watch == "other" and owner == player:
            continue
        for index, cards_there in enumerate(state.fields[owner]):
            if not cards_there or cards_there[-1] != trigger.card or state.over:
                continue
            if event == "planted" and owner == player and index == field:
                continue  # the card was just planted here: its own plant
            env = {evaluate.RULES: rs, evaluate.BY_ITSELF: True, OWNER: owner, "player": owner,
                   "cards": list(cards) if cards is not None else [bean],
                   "card": Held(trigger.card, cards_there, f"field {index + 1} of {players[owner]}", False, "field",
                                owner),
                   "field": cards_there, "field#": index, "field@": owner}
            events.append({"event": "ability", "player": players[owner], "card": trigger.card, "field": index + 1,
                           "ability": trigger.name or trigger.ref.id, "title": trigger.title, "on": event,
                           "by": players[player]})
            with inside_ability():
                trigger.run.fn(state, rs, env, events)
