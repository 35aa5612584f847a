"""A plant by another player than the card's owner (engine/hand_effects.py's PlantFor): the
opponent plants the front card of the owner's hand on one of their fields, choosing which.

Among the fields that take the card under the planting rules; only where none does (and the
rules say a player harvests to make room) among the fields they may harvest (the harvest guards
and any lasting forbid hold), which they harvest first. One field to choose from: it is planted at once; several: a decision the game waits for,
labelled as the engine labels it; none: the use cannot happen (core.dead).
"""
from __future__ import annotations

from typing import Any

from ..core import effects, places, quantities
from ..core.categories import Node
from ..engine.hand_effects import harvest_forbidden, selected
from ..engine.harvesting import field_refusal
from ..engine.lasting import plant_refusal
from ..engine import evaluate
from . import core
from .planting import OnlyFields
from ..engine.state import State


def compile_decider(node: Node, prims: Any) -> "KPlantFor":
    """The kernel's decider for an effect the engine's DECIDERS run (KernelUnsupported: none)."""
    if isinstance(node, effects.Plant) and isinstance(node.cards, places.CardsIn):
        return KPlantFor(node, prims)
    raise core.KernelUnsupported(f"the effect '{node.to_text()}' that waits for a decision")


class KPlantFor:
    def __init__(self, node: effects.Plant, prims: Any):
        cards = node.cards
        if not (isinstance(cards.count, quantities.Number) and cards.count.value == 1):  # type: ignore[union-attr]
            raise core.KernelUnsupported(f"'{node.to_text()}': another player plants one card at a time")
        self.m = prims
        self.who = evaluate.players_of(node.player)
        self.pick = selected(cards)  # type: ignore[arg-type]

    def _options(self, g: State, env: dict) -> tuple[int, int, list[int], bool]:
        """(player, card, the fields they may choose, whether they harvest first)."""
        m = self.m
        held, chosen = self.pick(g, env)
        if not chosen:
            raise core.dead()
        player, card = self.who(g, env)[0], held[chosen[0]]
        if g.lasting:  # a constraint laid down on this very card (lasting.plant_refusal)
            if plant_refusal(g, m.rs, card) is not None:
                raise core.dead()
        fields = g.fields[player]
        fit = list(m.planting.taking(fields, player, card))
        if fit:
            return player, card, fit, False
        owed = m.rs.phase(g.phase).listers.room  # the engine's harvest owed to make room (listers.Room)
        if owed is None or not owed.holds(OnlyFields(player, fields), m.rs, player, card):
            raise core.dead()
        room = [i for i in range(len(fields)) if field_refusal(g, m.rs, player, i) is None  # the engine's own
                and m.planting.accepts(fields[:i] + [[]] + fields[i + 1:], player, card, i)  # once harvested
                and not (g.lasting and harvest_forbidden(g, m.rs, player, i))]
        if not room:
            raise core.dead()
        return player, card, room, True

    def start(self, g: State, env: dict) -> dict | None:
        player, card, options, harvest = self._options(g, env)
        if len(options) == 1:
            self._plant(g, env, options[0])
            return None
        what = f"a field to harvest for the {card}" if harvest else f"a field for the {card}"
        return {"player": player, "name": what, "options": [str(i + 1) for i in options]}

    def finish(self, g: State, env: dict, answer: str) -> None:
        self._plant(g, env, int(answer) - 1)

    def _plant(self, g: State, env: dict, index: int) -> None:
        player, card, options, harvest = self._options(g, env)
        if index not in options:
            raise core.dead()
        if harvest:  # only to make room for the card
            self.m.harvest(g, player, index)
        held, chosen = self.pick(g, env)
        del held[chosen[0]]
        g.fields[player][index].append(card)
