"""Constraints by condition (engine/lasting.py) on the kernel's state: those a card lays down
for a while (``until …: the opponent may not harvest``, ``… hand lies open``) and a rule's
planting guards always in force (the Ruleset's `standing`, kernel/support.py).

The kernel matches nothing itself: `g.lasting` holds the engine's entries, seats for names, and
an action tuple is asked about as the engine's action it stands for (actions.action_of, seats for
names), so the engine's compiled constraints (`forbidding`, `plant_refusal`), its dates
(`deadline`, `in_force`), its lapses (`waived`, `unplantable`) and its listing under them
(`constrain`: without what a forbid takes away, with the harvests a lasting permission opens
and "ends planting" where the required plant lapsed) run unchanged; an entry is laid down by
the engine's own effect on the kernel's state (kernel/core.py). What stays here is the
kernel's side: the listing whose plants and harvests say whether a planting step nobody can
finish lapsed (`listing`, for the engine's legal.stuck) and dropping passed entries (`expire`).
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.actions import Action, Harvest
from ..engine.lasting import constrain as engine_constrain, forbidding, in_force as engine_in_force
from ..engine.marked import locate
from ..engine.state import State
from .actions import END, HARVEST, PLANT, action_of


def engine_action(m: Any, g: State, a: tuple) -> Action:
    """The engine's action a kernel tuple stands for, seats for names (kernel/export.py)."""
    return action_of(m, g.players, a)


def forbidden(m: Any, g: State, action: tuple) -> bool:
    """A forbid in force names this action: engine/lasting.py's own matchers, on the kernel's state."""
    return forbidding(g, m.rs, engine_action(m, g, action)) is not None


def in_force(m: Any, g: State, entry: dict) -> bool:
    return engine_in_force(g, m.rs, entry)


def expire(m: Any, g: State) -> None:
    """Drop what no longer lasts (after an action): a constraint on a card also once the card
    has left every hand."""
    g.lasting = [e for e in g.lasting if in_force(m, g, e)
                 and ("card" not in e or locate(g, e["card"]) is not None)]


# ------------------------------------------------------------------ in play
def _engine_plants(m: Any, g: State, listed: list[tuple]) -> list[Action]:
    """The plants and harvests among `listed`, as the engine's actions (all a lapse asks of them)."""
    kinds = (PLANT, HARVEST)
    return [engine_action(m, g, a) for a in listed if a[0] in kinds]


def listing(m: Any, legal: Callable[[Any, State, int], list[tuple]]) -> Callable[[State, Any, int], list[Action]]:
    """What legal.stuck asks (whether a plant lapsed), on the kernel's state: the kernel's
    listing of what `seat` may do (`legal`: moves.legal, handed in by the machine), its plants
    and harvests as the engine's actions."""
    def plants_and_harvests(g: State, rs: Any, seat: int) -> list[Action]:
        return _engine_plants(m, g, legal(m, g, seat))
    return plants_and_harvests


def constrain(m: Any, g: State, seat: int, listed: list[tuple]) -> list[tuple]:
    """lasting.constrain itself, asked about the engine's actions the listed tuples stand for:
    the tuples it keeps, then what it adds (a harvest a permission opens, "ends planting")."""
    actions = [engine_action(m, g, a) for a in listed]
    ours = dict(zip(actions, listed))
    harvest, end = HARVEST, END
    return [ours.get(a) or ((harvest, seat, a.field - 1) if type(a) is Harvest else (end, seat, a.what))
            for a in engine_constrain(g, m.rs, seat, actions)]

