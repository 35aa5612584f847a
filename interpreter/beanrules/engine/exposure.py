"""Zones laid open for a while: the core's ``lies-open`` inside a ``lasting`` effect.

"until end of phase draw of opponent: opponent hand lies open" lays a player's hand out on the
table: from then until the time is over, every player sees that zone, whatever it holds
meanwhile (cards drawn into it are seen as they come; a hand exchanged for another is laid out
as the new one). It is one more entry of ``state.lasting`` (engine/lasting.py keeps, dates and
drops it like a forbid), with ``"open": {"zone", "player"}``, the zone and whose it is, fixed
when it is laid down. It forbids and allows nothing: only what a player may see changes —
their view (engine/view.py), so the terminal's board and everything that reads views.
"""
from __future__ import annotations

from typing import Any

from ..core import actors, places, statements as core
from ..core.categories import Node
from . import evaluate
from .errors import UnsupportedRule

# The zones a player has for themselves, which a view may hide from others (engine/view.py).
_OWN_ZONES = ("hand", "set-aside", "coins")


def compile_open(node: Node, rule: core.LiesOpen) -> str:
    """The zone a ``lies-open`` lays open (UnsupportedRule, by its words, for another place)."""
    place = rule.place
    if not (isinstance(place, places.Zone) and place.zone in _OWN_ZONES and place.owner is not None):
        raise UnsupportedRule(f"'{node.to_text()}': the engine lays open a player's own zone "
                              f"({', '.join(_OWN_ZONES)}), not '{place.to_text()}'")
    if not isinstance(place.owner, (actors.Opponent, actors.CardOwner, actors.ActivePlayer)):
        raise UnsupportedRule(f"'{node.to_text()}': the engine lays open the zone of one player "
                              f"(the owner, the opponent or the active player), not of {place.owner.to_text()}")
    evaluate.players_of(place.owner)  # refuses, now, an owner it cannot read
    return place.zone


def opened_for(state: Any, rs: Any, spec: Any, env: dict) -> dict[str, str]:
    """{"zone", "player"}: the zone a constraint laid down now lays open, and whose it is."""
    place = spec.node.rule.place
    return {"zone": spec.opens, "player": state.players[evaluate.players_of(place.owner)(state, env)[0]]}
