"""The kernel's actions: tuples whose first item is their kind, and the engine's action each
stands for (`action_of`, seats for names: the constraints ask the engine's matchers about it,
kernel/lasting.py; the differential tests and records compare by it).

Action tuples: (kind, seat, ...). Plants: (PLANT, seat, field, bean, zone) with zone None for
the front of the hand; (END, seat, what); (HARVEST, seat, field); (BUY, seat);
(PROPOSE, seat, partner, (zone, bean), (zone, bean) | None); (RESPOND, seat, verb, id); and
(MOVE, seat, verb, bean, position, zone), a move of one card a rule permits, named as
engine/card_moves.movable names it (zone: the declared zone its verb names, if any); (DRAW, seat), a draw by action (engine/draw_moves.py); and
the kinds of the modules that list them: USE (abilities.py), CHOOSE (decisions.py).
"""
from __future__ import annotations

from typing import Any

from ..engine.actions import (Action, BuyField, CardRef, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose,
                              Respond, UseAbility)
from .abilities import USE
from .decisions import CHOOSE

PLANT, END, HARVEST, BUY, PROPOSE, RESPOND = range(6)
MOVE = 6  # (7, 8: decisions' CHOOSE, abilities' USE)
DRAW = 12


def action_of(m: Any, names: list[str], action: tuple) -> Action:
    """The engine Action a kernel action tuple stands for (the one the interpreter listed)."""
    kind, seat = action[0], names[action[1]]
    if kind == PLANT:
        _, _, index, bean, zone = action
        return Plant(seat, bean, index + 1, zone)
    if kind == HARVEST:
        return Harvest(seat, action[2] + 1)
    if kind == END:
        return EndPhase(seat, action[2])
    if kind == BUY:
        return BuyField(seat)
    if kind == PROPOSE:
        _, _, partner, give, take = action
        return Propose(seat, names[partner], (CardRef(give[1], give[0]),),
                       () if take is None else (CardRef(take[1], take[0]),))
    if kind == RESPOND:
        return Respond(seat, action[2], action[3])
    if kind == USE:
        _, _, index, choices, field = action
        ability = m.abilities[index]
        return UseAbility(seat, ability.card, ability.named, field,
                          tuple(c if isinstance(c, str) else names[c] for c in choices))
    if kind == CHOOSE:
        option = action[2]
        return Choose(seat, option if isinstance(option, str) else names[option])
    if kind == MOVE:
        _, _, verb, bean, position, zone = action
        return MoveCard(seat, verb, bean, position, zone)
    if kind == DRAW:
        return DrawCard(seat)
    raise ValueError(f"not a kernel action: {action!r}")
