"""The fast mode's state under the players' names: the engine's State it plays on keeps its
seats as its players (machine.new_game), so this is where seats become names (docs/architecture.md,
"One state"). Only differential tests, checks and records use this; a playout never names anything."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine.decisions import renamed_decision
from ..engine.state import State
from .machine import Machine
from .actions import action_of  # (kept here too: the differential tests and records name it so)


def named(m: Machine, g: State, names: list[str]) -> State:
    """The kernel's state `g` with its players named: the same zones (shared, not copied: the
    state JSON copies them), and a player's name wherever what leaves the state names one
    (proposals, the waiting decision, lasting entries)."""
    return replace(g, players=list(names), seat_of={name: seat for seat, name in enumerate(names)},
                   proposals=[{**p, "from": names[p["from"]], "to": names[p["to"]]} for p in g.proposals],
                   lasting=[_lasting(entry, names) for entry in g.lasting],
                   decision=None if g.decision is None else _decision(m, g, names))


def state_json(m: Machine, g: State, names: list[str]) -> dict[str, Any]:
    """The state JSON the interpreter would show of the same game."""
    return named(m, g, names).to_json()


def _lasting(entry: dict, names: list[str]) -> dict:
    """A constraint laid down for a while, names for seats (its card stays the very card:
    engine/marked.py writes where it lies)."""
    entry = {**entry, "owner": names[entry["owner"]]}
    if "open" in entry:
        entry["open"] = {**entry["open"], "player": names[entry["open"]["player"]]}
    return entry


def _decision(m: Machine, g: State, names: list[str]) -> dict[str, Any]:
    """The waiting decision as the interpreter keeps it: the engine's own (its walker ran on
    this state), its seats named by engine/decisions.py's renaming, `names` as the table."""
    assert g.decision is not None
    return renamed_decision(g, m.rs, g.decision, names)
