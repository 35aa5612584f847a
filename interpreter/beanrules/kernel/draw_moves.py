"""Drawing as the active player's action, one card each (engine/draw_moves.py), over the
kernel's state: an action (DRAW, seat), listed where the engine lists "Anna draws", with the
engine's say over ending the phase (no end while a draw is owed; an end where the phase waits
only for a draw the player may give up). The draw runs the kernel's compiled core ``draw`` of
one card, so the deck runs out and is reshuffled as an automatic draw's; how often the player
drew this turn is kept in ``g.moved`` by rule id, as the engine keeps it.
"""
from __future__ import annotations

from typing import Any

from ..engine.draw_moves import blocked
from ..engine.evaluate import RULES
from . import core
from ..engine.state import State

DRAW = 12  # the action kind (after machine.py's, card_moves', decisions' and abilities' kinds)
END = 1  # actions.END (not imported: actions imports this module for DRAW)


class KDraw:
    """One DrawRule, compiled for the kernel."""
    __slots__ = ("id", "phase", "least", "most", "run", "rule")

    def __init__(self, rule: Any, prims: core.Primitives):
        self.rule = rule  # the engine's DrawRule, which draw_moves.blocked reads
        self.id, self.least, self.most = rule.ref.id, rule.least, rule.most
        self.phase = rule.phase
        self.run = core.effect(rule.draw.node, prims)


def compile_draws(rules: tuple, prims: core.Primitives) -> tuple[KDraw, ...]:
    return tuple(KDraw(r, prims) for r in rules)


def rule_now(m: Any, g: State) -> KDraw | None:
    for rule in m.draws:
        if rule.phase == g.phase:
            return rule
    return None


def drawn(g: State, rule: KDraw) -> int:
    turn, times = g.moved.get(rule.id, (None, 0))
    return times if turn == g.turn else 0


def may(m: Any, g: State, rule: KDraw, seat: int) -> bool:
    """draw_moves.refusal is None, for the rule of this phase: the engine's own test."""
    return blocked(g, m.rs, rule.rule, seat) is None


def listed(m: Any, g: State, seat: int, out: list[tuple]) -> list[tuple]:
    """draw_moves.listed: the draw where it may be made, no end of the phase while one is
    owed, an end where the phase has no other step to end it."""
    rule = rule_now(m, g)
    if rule is None or seat != g.active or g.decision is not None:
        return out
    can = may(m, g, rule, seat)
    if can:
        out.append((DRAW, seat))
        if drawn(g, rule) < rule.least:  # owed: the phase's end is not the player's yet
            return [a for a in out if not (a[0] == END and a[2] == "phase")]
        ph = m.phase_of[g.phase]
        if ph.plant_max is None and not ph.trade and not any(a[0] == END for a in out):
            out.append((END, seat, "phase"))  # giving up the right to draw
    return out


def apply(m: Any, g: State, action: tuple) -> None:
    seat = action[1]
    rule = rule_now(m, g)
    assert rule is not None  # listed, so there is one
    g.moved[rule.id] = [g.turn, drawn(g, rule) + 1]
    rule.run(g, {"player": seat, RULES: m.rs})
