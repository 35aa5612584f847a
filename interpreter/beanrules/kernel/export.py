"""The kernel's actions and state in the interpreter's terms: engine Action values and the state
JSON of docs/engine-contract.md. Only differential tests, checks and records use this; a
playout never names anything."""
from __future__ import annotations

from typing import Any

from .machine import Machine
from .lasting import located
from .actions import action_of  # (kept here too: the differential tests and records name it so)
from .state import KState


def state_json(m: Machine, g: KState, names: list[str], template: dict[str, Any]) -> dict[str, Any]:
    """The state JSON the interpreter would show. `template`: the interpreter's JSON of a state
    of the same game, for keys the kernel does not hold (their values must not change, which
    the support check makes sure of). The kernel's cards are the engine's bean strings: a zone
    is copied as it is."""
    cards = list

    def ref(card: tuple[str, int]) -> dict:
        return {"zone": card[0], "bean": card[1]}

    out = dict(template)
    out.update({
        "players": list(names), "start_player": names[g.start_player], "active": names[g.active],
        "phase": g.phase, "turn": g.turn, "deck": cards(g.deck), "discard": cards(g.discard),
        "exhaustions": g.exhaustions, "offer": cards(g.offer),
        "hands": {names[p]: cards(g.hands[p]) for p in range(g.n)},
        "fields": {names[p]: [cards(f) for f in g.fields[p]] for p in range(g.n)},
        "set_aside": {names[p]: cards(g.set_aside[p]) for p in range(g.n)},
        "coins": {names[p]: cards(g.coins[p]) for p in range(g.n)},
        "removed": cards(g.removed),
        "proposals": [{"id": pid, "from": names[src], "to": names[dst], "give": [ref(give)],
                       "take": [] if take is None else [ref(take)]} for pid, src, dst, give, take in g.proposals],
        "planted": g.planted, "over": g.over, "seed": g.seed, "shuffles": g.shuffles,
        "next_proposal": g.next_proposal})
    for key in ("moved", "decision", "used", "lasting", "winners"):
        out.pop(key, None)
    if g.lasting:
        out["lasting"] = lasting_json(g, names)
    if g.used:
        out["used"] = [list(u) for u in g.used]
    if g.moved:
        out["moved"] = {rule: list(times) for rule, times in g.moved.items()}
    if g.tokens:
        out["tokens"] = {t: None if s is None else names[s] for t, s in g.tokens.items()}
    if g.decision is not None:
        out["decision"] = decision_json(m, g, names)
    if g.counters:
        out["counters"] = counters_json(g, names)
    if g.winners is not None:
        out["winners"] = [names[p] for p in g.winners]
    return out


def lasting_json(g: KState, names: list[str]) -> list[dict[str, Any]]:
    """The constraints laid down for a while, as the interpreter keeps them (names for seats)."""
    out = []
    for entry in g.lasting:
        entry = {**entry, "owner": names[entry["owner"]]}
        if entry["until"] is not None:
            entry["until"] = dict(entry["until"])
        if "open" in entry:
            entry["open"] = {**entry["open"], "player": names[entry["open"]["player"]]}
        if "card" in entry:  # the card it names, where it lies now
            card = located(g, entry)
            entry["card"] = {"bean": card["bean"], "index": card["index"],
                             "player": None if card["player"] is None else names[card["player"]]}
        out.append(entry)
    return out


def decision_json(m: Machine, g: KState, names: list[str]) -> dict[str, Any]:
    """The waiting decision as the interpreter keeps it: names for seats and beans."""
    d = g.decision
    assert d is not None
    walker = m.ability_walkers[d["rule"]] if "anchor" in d else \
        m.phase_of[g.phase].entry[d["step"]].walker  # type: ignore[attr-defined]

    def at(where: dict) -> dict:
        return {**where, "owner": None if where["owner"] is None else names[where["owner"]]}

    def bound(name: str, value: Any) -> Any:
        if name in walker.seats:
            return names[value]
        if name in walker.cards:
            return list(value)
        if name.endswith("@") and name[:-1] in walker.cards and value is not None:
            return at(value)
        if name in ("owner", "player"):  # an ability's owner and player (engine.effect_env.OWNER)
            return names[value]
        return value
    options = [o if isinstance(o, str) else names[o] for o in d["options"]]
    out = {**d, "player": names[d["player"]], "options": options,
           "names": {k: bound(k, v) for k, v in d["names"].items()}}
    if "cards" in d:  # a choice among cards: each with where it lies
        out["cards"] = [{"value": list(o["value"]), "at": at(o["at"])} for o in d["cards"]]
    return out


def counters_json(g: KState, names: list[str]) -> dict[str, Any] | None:
    """The counters as the state JSON holds them (kernel/tally.py): a number per player by name,
    or the table's number; None where the rules declare none."""
    if not g.counters:
        return None
    return {c: {names[p]: v for p, v in enumerate(value)} if type(value) is list else value
            for c, value in g.counters.items()}
