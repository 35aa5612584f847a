"""Moves of one card a rule permits (discarding a hand card, taking the discard pile's top
card), as engine/card_moves.py lists, checks and makes them, over the kernel's lists.

Each of the engine's MoveRules is kept with its zones' closures (the engine's, read on the
kernel's lists); whether a move is open is the engine's own test (card_moves.blocked). An action is (MOVE, seat, verb, bean, position), the engine's MoveCard field for
field, so a listing deduplicates exactly as legal.legal_actions does; applying one picks the
rule the engine's check picks (the first open one with that verb).
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.card_moves import blocked
from ..engine.evaluate import RULES
from ..engine.requirements import broken
from ..engine.selection import end_index, picked
from . import core
from ..engine.state import State

MOVE = 6  # the action kind, after machine.py's PLANT … RESPOND


class KMove:
    """One MoveRule, compiled for the kernel."""
    __slots__ = ("id", "verb", "source", "dest", "source_zone", "dest_zone", "pick", "end", "phase",
                 "most", "rs", "rule")

    def __init__(self, rule: Any, prims: core.Primitives):
        self.rule = rule  # the engine's MoveRule, which card_moves.blocked reads
        self.id, self.rs = rule.ref.id, prims.rs  # the rules, bound as the engine binds them (card_moves._env)
        self.verb = rule.verb
        self.source: Callable[[State, dict], list[int]] = rule.source.fn
        self.dest: Callable[[State, dict], list[int]] = rule.dest.fn
        self.source_zone, self.dest_zone = rule.source_zone, rule.dest_zone
        self.pick, self.end, self.most = rule.pick, rule.end, rule.most
        self.phase = rule.phase


def compile_moves(rules: tuple, prims: core.Primitives) -> tuple[KMove, ...]:
    return tuple(KMove(r, prims) for r in rules)


def times_moved(g: State, rule: KMove) -> int:
    turn, times = g.moved.get(rule.id, (None, 0))
    return times if turn == g.turn else 0


def breaks(rs: Any, g: State, rule: KMove, seat: int, index: int) -> bool:
    """card_moves._breaks: the move of the card at `index` would break a requirement (the
    hand limit: engine/requirements.py's, on the kernel's state), tried and undone."""
    if not rs.requirements:
        return False
    env = {"player": seat, RULES: rule.rs}
    held, dest = rule.source(g, env), rule.dest(g, env)
    card = held.pop(index)
    at = end_index(rule.dest_zone, rule.end, len(dest))
    dest.insert(at, card)
    try:
        return broken(g, rs) is not None
    finally:
        del dest[at]
        held.insert(index, card)


def options(moves: tuple[KMove, ...], g: State, seat: int, out: list[tuple], rs: Any) -> int:
    """Append the moves `seat` may make now (card_moves.options, without the phase end, which the
    caller adds); returns how many. `rs`: the engine's rules, whose requirements each move is
    tried against."""
    added, limited = 0, bool(rs.requirements)
    for rule in moves:
        if blocked(g, rule.rs, rule.rule, seat) is not None:  # (the engine's test: card_moves._why_not's)
            continue
        held = rule.source(g, {"player": seat, RULES: rule.rs})
        if rule.pick == "any":
            firsts = dict.fromkeys(held)  # each bean at its first place, in hand order
            chosen = []
            for i, bean in enumerate(held):
                if bean in firsts:
                    del firsts[bean]
                    chosen.append(i)
        else:
            chosen = picked(rule.source_zone, rule.pick, 1, len(held))
        by_place = rule.pick == "any" and rule.source_zone == "hand"  # a hand card by its place
        for index in chosen:
            if limited and breaks(rs, g, rule, seat, index):
                continue
            action = (MOVE, seat, rule.verb, None, index + 1) if by_place else \
                (MOVE, seat, rule.verb, held[index], None)
            if action not in out:
                out.append(action)
                added += 1
    return added


def apply(moves: tuple[KMove, ...], g: State, action: tuple) -> None:
    """card_moves.check then card_moves.do for a listed move: the first open rule of its verb."""
    _, seat, verb, bean, position = action
    rule = next(r for r in moves if r.verb == verb and blocked(g, r.rs, r.rule, seat) is None)
    env = {"player": seat, RULES: rule.rs}
    held, dest = rule.source(g, env), rule.dest(g, env)
    if rule.pick == "any":
        index = position - 1 if position is not None else held.index(bean)
    else:
        index = picked(rule.source_zone, rule.pick, 1, len(held))[0]
    card = held.pop(index)
    dest.insert(end_index(rule.dest_zone, rule.end, len(dest)), card)
    g.moved[rule.id] = [g.turn, times_moved(g, rule) + 1]
