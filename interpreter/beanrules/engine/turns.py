"""Whether it is the time for a permitted action: the game goes on, it is the player's turn
(unless anyone may act in any turn) and the phase it is permitted in.

A card's ability (engine/abilities.py), a move of one card (card_moves.py) and a draw by
action (draw_moves.py) ask it first, each in its own `blocked`, so the three agree on what
"now" means and none of them builds a refusal to answer yes or no.
"""
from __future__ import annotations

from typing import Any


def off_turn(state: Any, seat: int, anyone: bool, phase: str | None) -> str | None:
    """Why it is not the time for the player at `seat`: "over" (the game is over), "turn" (not
    their turn, and not `anyone`'s action) or "phase" (not phase `phase`; None: any phase).
    None: it is."""
    if state.over:
        return "over"
    if seat != state.active and not anyone:
        return "turn"
    if phase is not None and state.phase != phase:
        return "phase"
    return None
