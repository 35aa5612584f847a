"""What one player may see: the state with hidden zones replaced by card counts."""
from __future__ import annotations

from typing import Any

from .ruleset import Ruleset
from .state import State

_SHARED = {"deck": "deck", "discard": "discard", "offer": "offer", "removed": "removed"}
_PER_PLAYER = {"hand": "hands", "set-aside": "set_aside", "coins": "coins"}


def _shown(cards: list[str], visibility: str, own: bool) -> Any:
    if visibility == "public" or (visibility == "owner-sees" and own):
        return list(cards)
    if visibility == "top-visible":
        return {"count": len(cards), "top": cards[-1] if cards else None}
    return len(cards)


def view(state: State, rs: Ruleset, player: str | None) -> dict[str, Any]:
    """`player` None: a spectator's view. Zones the model does not describe are public, except
    the deck (its order is the game's chance) and a player's own coins, always known to them."""
    out = state.to_json()
    vis = rs.visibility
    for zone, key in _SHARED.items():
        default = "hidden" if zone == "deck" else "public"
        if zone == "removed" and rs.coins_from_bank:  # the bank is the removed zone
            default = vis.get("bank", default)
        out[key] = _shown(getattr(state, key), vis.get(zone, default), False)
    for zone, key in _PER_PLAYER.items():
        default = "owner-sees" if zone in ("hand", "coins") else "public"
        visibility = vis.get(zone, default)
        if zone == "coins" and visibility == "hidden":
            visibility = "owner-sees"  # a player counts their own coin cards
        out[key] = {p: _shown(getattr(state, key)[p], visibility, p == player) for p in state.players}
    if state.lasting:  # a zone laid open for a while (engine/exposure.py): everyone sees it
        from .exposure import opened
        for zone, owner in opened(state, rs):
            key = _PER_PLAYER[zone]
            out[key][owner] = list(getattr(state, key)[owner])
    if vis.get("field", "public") != "public":
        out["fields"] = {p: [_shown(f, vis["field"], p == player) for f in fs] for p, fs in state.fields.items()}
    if state.decision is not None:  # who decides what is public, the names bound so far are not
        from .decisions import decision_view
        out["decision"] = decision_view(state.decision)
    # The seed and shuffle count would let a player compute the deck order.
    out["seed"] = None
    out["viewer"] = player
    return out
