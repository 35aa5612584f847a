"""When a phase has nothing left to do: one closure per phase, compiled from its statements.

The meaning (docs/core.md, "Which actions keep a phase open"): a phase ends by itself once no
action that a statement scoped to it permits can still be taken, and no step of it waits for a
decision. Each such statement gives the phase one test, "its action can still be taken", with
the rules' numbers bound when it is compiled:

- ``permit`` plant from the hand, *least*–*most*: fewer than *most* planted and a card in hand;
- ``permit`` plant every card of a zone (plant-pending): cards left there that someone can plant
  (a constraint in force may leave them unplantable for now: legal.step_waits);
- ``permit`` trade: a card that could still change hands;
- ``permit`` draw by action: a draw the active player may still make (fewer than *most*, a card
  to draw, and no ``require`` such as the hand limit that the draw would break);
- ``permit`` move one card (discard, take): a move the active player may still make;
- a text card's ability of the phase: one its owner may still use;
- a phase the active player declares finished: any harvest they may make.

*Least* does not decide completion: a permitted action that is still possible keeps the phase
open whether it is owed or not, and what is owed decides only whether the active player may end
the phase before it ends by itself (legal._end, draw_moves.end_refusal). A harvest permitted at
any time keeps no phase open, except one the player declares finished (rs.declared_ends).

A phase compiles only the tests of the statements that apply during it (a phase without
abilities compiles no ability check), and the same closure serves the reference path
(flow.reference_steps) and the hot path (engine/hotpath.py).
"""
from __future__ import annotations

from typing import Callable

from ..memo import per_object
from .abilities import keeps_open as ability_keeps_open
from .card_moves import keeps_open as move_keeps_open
from .draw_moves import keeps_open as draw_keeps_open
from .lasting import may_harvest
from .legal import step_waits
from .ruleset import _SHARED_ATTR, PendingStep, PhaseSpec, Ruleset
from .state import State

StateTest = Callable[[State], bool]
Open = tuple[str, StateTest]  # what keeps the phase open (for the tests), and its test


def open_tests(rs: Ruleset, ph: PhaseSpec) -> tuple[Open, ...]:
    """The tests of the statements that apply during `ph`: the phase stays open while one holds."""
    tests: list[Open] = []
    if ph.plant is not None:
        most = ph.plant.max
        tests.append(("planting", lambda s: s.planted < most and bool(s.hands[s.active])))
    if ph.trade:
        tests.append(("trading", lambda s: bool(s.offer) or any(s.hands.values())))
    tests += [("zone-planting", _pending(rs, step)) for step in ph.pending]
    if any(spec.where == "field-top" and spec.phase == ph.id for spec in rs.abilities):
        tests.append(("ability", lambda s: ability_keeps_open(s, rs)))
    if any(rule.phase == ph.id for rule in rs.draws):
        tests.append(("drawing", lambda s: draw_keeps_open(s, rs)))
    if ph.id in rs.declared_ends:
        tests.append(("harvest-before-declared-end", lambda s: may_harvest(s, rs, s.active)))
    if any(rule.phase in (None, ph.id) for rule in rs.moves):
        tests.append(("moving", lambda s: move_keeps_open(s, rs)))
    return tuple(tests)


def _pending(rs: Ruleset, step: PendingStep) -> StateTest:
    """legal.step_waits for one plant-pending step: the zone's cards read straight off the state
    while no constraint is in force that could make them unplantable."""
    if rs.standing:  # forbids by condition, always in force: the full test every time
        return lambda s: step_waits(s, rs, step)
    if step.attr is None:
        attr = _SHARED_ATTR[step.zone]
        return lambda s: bool(getattr(s, attr)) and (not s.lasting or step_waits(s, rs, step))
    attr = step.attr
    if step.who == "active":
        return lambda s: bool(getattr(s, attr)[s.active]) and (not s.lasting or step_waits(s, rs, step))
    return lambda s: any(getattr(s, attr).values()) and (not s.lasting or step_waits(s, rs, step))


def completion(rs: Ruleset, ph: PhaseSpec) -> StateTest:
    """Whether phase `ph` has nothing left to do (for a state in that phase, not over)."""
    tests = tuple(test for _, test in open_tests(rs, ph))
    if not tests:  # a phase that only runs its steps
        return lambda s: s.decision is None
    if len(tests) == 1:
        only = tests[0]
        return lambda s: s.decision is None and not only(s)

    def complete(s: State) -> bool:
        if s.decision is not None:  # a step of the phase waits for a player's decision
            return False
        for test in tests:
            if test(s):
                return False
        return True
    return complete


_COMPLETIONS: dict = {}


def completions(rs: Ruleset) -> tuple[StateTest, ...]:
    """The completion closure of every phase of `rs`, by phase index, compiled once per ruleset."""
    return per_object(_COMPLETIONS, rs, None, lambda: tuple(completion(rs, ph) for ph in rs.phases))
