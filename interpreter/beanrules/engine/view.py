"""What one player may see: the state with hidden zones replaced by card counts."""
from __future__ import annotations

from typing import Any

from .decisions import decision_view
from .evaluate import PLAYER_ZONES as _PER_PLAYER, SHARED_PILES as _SHARED
from .harvest_rule import coin_bank
from .lasting import opened
from .ruleset import Ruleset
from .selection import picked
from .state import State, per_player


def _shown(cards: list[str], visibility: str, own: bool, zone: str) -> Any:
    if visibility == "public" or (visibility == "owner-sees" and own):
        return list(cards)
    if visibility == "top-visible":  # the card at the zone's top: a hand's front, the deck's top
        at = picked(zone, "top", 1, len(cards))  # (selection.py: which end of its list that is)
        return {"count": len(cards), "top": cards[at[0]] if at else None}
    return len(cards)


def visibility(rs: Ruleset, zone: str) -> str:
    """How the rules show a zone (`deck`, `hand`, `field`, …): public, owner-sees, top-visible or
    hidden. Zones the model does not describe are public, except the deck (its order is the
    game's chance) and hands and coins (their owner's); a player always counts their own coins."""
    vis = rs.visibility
    if zone in _SHARED:
        default = "hidden" if zone == "deck" else "public"
        if zone == "removed" and coin_bank(rs) == zone:  # the bank is the removed zone
            default = vis.get("bank", default)
        return vis.get(zone, default)
    if zone == "field":
        return vis.get("field", "public")
    if zone in rs.declared.zones:  # a zone the rules declare says how it is shown
        return rs.declared.zones[zone].visibility
    shown = vis.get(zone, "owner-sees" if zone in ("hand", "coins") else "public")
    return "owner-sees" if zone == "coins" and shown == "hidden" else shown


def shows(rs: Ruleset, zone: str, own: bool) -> bool:
    """Whether a view shows every card of the zone: a shared zone (own False), or a player's
    own zone (own True) or another's (own False), unless laid open for a while."""
    shown = visibility(rs, zone)
    return shown == "public" or (shown == "owner-sees" and own)


def view(state: State, rs: Ruleset, player: str | None) -> dict[str, Any]:
    """`player` None: a spectator's view (visibility says how each zone is shown)."""
    out = state.to_json()
    for zone in _SHARED:  # (each the state's attribute of the same name)
        out[zone] = _shown(getattr(state, zone), visibility(rs, zone), False, zone)
    for zone, key in _PER_PLAYER.items():
        shown = visibility(rs, zone)
        out[key] = {p: _shown(cards, shown, p == player, zone) for p, cards in zip(state.players, getattr(state, key))}
    if state.lasting:  # a zone laid open for a while (engine/exposure.py): everyone sees it
        for zone, owner in opened(state, rs):  # (the entry names its owner)
            key = _PER_PLAYER[zone]
            out[key][owner] = list(getattr(state, key)[state.seat_of[owner]])
    if state.zones is not None:  # the zones the rules declare, as their declarations say (engine/zones.py)
        out["zones"] = {name: ({p: _shown(c, visibility(rs, name), p == player, name) for p, c in zip(state.players, cards)}
                               if per_player(cards) else _shown(cards, visibility(rs, name), False, name))
                        for name, cards in state.zones.items()}
    field = visibility(rs, "field")
    if field != "public":
        out["fields"] = {p: [_shown(f, field, p == player, "field") for f in fs] for p, fs in zip(state.players, state.fields)}
    if state.decision is not None:  # who decides what is public, the names bound so far are not
        out["decision"] = decision_view(state.decision)
    # The seed and shuffle count would let a player compute the deck order.
    out["seed"] = None
    out["viewer"] = player
    return out
