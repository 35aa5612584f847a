"""Phase transitions compiled once per Ruleset: the end test, and entering each phase with its
entry steps (the ``do … at the start of`` statements), as closures.

flow.end_phase walks from one phase to the next, asking at every step whether the game has
come to its end (deck.ending), entering the next phase (flow._enter: its entry steps run through
the generic evaluator, each with the checks of flow._after_step) and asking whether that phase
has anything left to do (engine/obligations.py). The reference functions re-read the ruleset on
every call. A Transitions object holds the same three things for one ruleset, decided once:

- `ending(state)`: deck.ending, with an end condition that compares how often the deck ran out
  (or how many cards a zone holds) with a number read straight off the state;
- `enter[i](state, events)`: flow._enter for phase i, its entry steps bound with their
  conditions (the same shapes read straight off the state), a phase without entry steps reduced
  to setting the phase;
- `complete[i](state)`: whether phase i has nothing left to do, the one closure compiled from
  the phase's statements (obligations.completions), the same in the reference set.

They return what the reference functions return and change the state as they do, in the same
order (so the same random draws follow). The reference set (flow.reference_steps) wraps the
reference functions themselves (flow.end_phase falls back to it).
tests/engine/test_transitions.py plays every shipped spec with the compiled set (`of`, what a
game runs) against the reference set, comparing the full state after every action.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities
from ..memo import per_object
from .eventlog import UNRECORDED
from .obligations import completions
from .deck import take_cards
from .harvesting import settle
from .evaluate import _COMPARE, _PER_PLAYER, _SHARED, BY_ITSELF, RULES, top_of_deck
from .ruleset import CoreStep, PhaseSpec, Ruleset
from .scoring import finish_game
from .state import State
from .triggers import waited

StateTest = Callable[[State], bool]
Enter = Callable[[State, list], str]


class Transitions:
    """The end test, and entering and completing each phase (by index), for one ruleset."""
    __slots__ = ("ending", "enter", "complete")

    def __init__(self, ending: StateTest, enter: tuple[Enter, ...], complete: tuple[StateTest, ...]):
        self.ending = ending  # state -> deck.ending
        self.enter = enter  # (state, events) -> flow._enter: "play", "skip", "wait" or "over"
        self.complete = complete  # state -> obligations.completion


_OF: dict = {}


def of(rs: Ruleset) -> Transitions:
    """The transitions of this ruleset, compiled once (a phase's completion: obligations.py)."""
    return per_object(_OF, rs, None, lambda: compiled(rs, completions(rs)))


def compiled(rs: Ruleset, complete: tuple[StateTest, ...]) -> Transitions:
    """The transitions of this ruleset as closures; `complete`: the phases' completion tests."""
    ending = end_test(rs)
    return Transitions(ending, tuple(_enter(rs, ph, ending) for ph in rs.phases), complete)


# -- the end test (deck.ending) ----------------------------------------------------------------
def end_test(rs: Ruleset) -> StateTest:
    """deck.ending for this ruleset: whether one of its end conditions holds."""
    tests = tuple(_state_test(end.node) or _with_env(end.fn) for end in rs.ends)
    if not tests:
        return lambda state: False
    if len(tests) == 1:
        return tests[0]

    def any_end(state: State) -> bool:
        for test in tests:
            if test(state):
                return True
        return False
    return any_end


_NO_NAMES: dict = {}


def _with_env(fn: Callable[[Any, dict], bool]) -> StateTest:
    return lambda state: fn(state, _NO_NAMES)


def _state_test(node: Any) -> StateTest | None:
    """A condition that reads nothing but the state, as a closure over the state alone:
    a number read off the state compared with a constant. None: the evaluator's closure serves
    (evaluate.condition; the two agree by construction, the tests check they play alike)."""
    if not (isinstance(node, conditions.Compare) and isinstance(node.right, quantities.Number)):
        return None
    test, bound = _COMPARE[node.op], node.right.value
    left = node.left
    if isinstance(left, quantities.DeckRunOuts):
        return lambda state: test(state.exhaustions, bound)
    if isinstance(left, quantities.Count) and left.bean is None and isinstance(left.place, places.Zone):
        zone, owner = left.place.zone, left.place.owner
        if owner is None and zone in _SHARED:
            return lambda state: test(len(getattr(state, zone)), bound)
        if isinstance(owner, actors.ActivePlayer) and zone in _PER_PLAYER:
            attr = _PER_PLAYER[zone]
            return lambda state: test(len(getattr(state, attr)[state.active]), bound)
    return None


# -- entering a phase (flow._enter, flow._run_entry, flow._after_step) -------------------------
Fire = Callable[[State, list], "str | None"]


def _fire(rs: Ruleset, step: CoreStep) -> Fire:
    """CoreStep.fire: None when the condition does not hold, else "ran", "skip" or "wait"."""
    quick = _state_test(step.condition.node) if step.condition is not None else None
    condition = step.condition.fn if step.condition is not None and quick is None else None
    effect = _state_effect(rs, step.run.node)
    if effect is not None and step.condition is None:
        return effect
    if effect is not None and quick is not None:
        if effect is _skip:
            return lambda state, events: "skip" if quick(state) else None

        def fire_quick(state: State, events: list) -> str | None:
            return effect(state, events) if quick(state) else None
        return fire_quick
    run = step.run.fn
    if quick is not None:
        def fire(state: State, events: list) -> str | None:
            if not quick(state):
                return None
            return run(state, rs, {RULES: rs, BY_ITSELF: True, "#step": step}, events) or "ran"
        return fire

    def fire_checked(state: State, events: list) -> str | None:
        # the step: a decision in it says where to go on; it runs by itself, so it does what it
        # can (a pile short of cards gives those it has), as CoreStep.fire has it
        env = {RULES: rs, BY_ITSELF: True, "#step": step}
        if condition is not None and not condition(state, env):
            return None
        return run(state, rs, env, events) or "ran"
    return fire_checked


def _skip(state: State, events: list) -> str:
    return "skip"


def _state_effect(rs: Ruleset, node: Any) -> Fire | None:
    """A step's effect as a closure over the state alone, returning "ran" (or "skip"), where it
    is one of the entry steps most rules have, with a fixed number of cards and nothing else
    to run (no card's "when revealed" or "when drawn" step, no hand limit): skipping the phase,
    turning cards from the deck up into a shared zone, the active player drawing. None: the
    evaluator's closure serves (evaluate.effect; both take the cards by deck.take_cards, and
    the tests play every spec both ways)."""
    if isinstance(node, effects.SkipPhase) and node.phase is None:
        return _skip
    if rs.triggers:
        return None
    if isinstance(node, effects.Reveal) and top_of_deck(node.cards) and isinstance(node.cards.count, quantities.Number) \
            and isinstance(node.to, places.Zone) and node.to.owner is None and node.to.zone in _SHARED:
        wanted, zone = node.cards.count.value, node.to.zone

        def reveal(state: State, events: list) -> str:
            shown = take_cards(state, rs, wanted, events, getattr(state, zone))
            if events is not UNRECORDED:
                events.append({"event": "revealed", "player": state.active, "cards": shown})
            return "ran"
        return reveal
    if isinstance(node, effects.Draw) and node.end == "back" and not node.up_to and not rs.requirements \
            and isinstance(node.count, quantities.Number) and isinstance(node.player, actors.ActivePlayer):
        count = node.count.value

        def draw(state: State, events: list) -> str:
            player = state.active
            drawn = take_cards(state, rs, count, events)
            state.hands[player].extend(drawn)
            if events is not UNRECORDED:
                events.append({"event": "drew", "player": player, "cards": len(drawn)})
            return "ran"
        return draw
    return None


def _skips_only(step: CoreStep) -> bool:
    """The step skips the phase and does nothing else (no state change: the end test before it
    is not needed)."""
    return isinstance(step.run.node, effects.SkipPhase) and step.run.node.phase is None


def _enter(rs: Ruleset, ph: PhaseSpec, ending: StateTest) -> Enter:
    """flow._enter for one phase."""
    pid = ph.id
    if not ph.entry:
        def enter_plain(state: State, events: list) -> str:
            state.phase = pid
            state.planted = 0
            if events is not UNRECORDED:
                events.append({"event": "phase", "phase": pid, "active": state.active})
            return "play"
        return enter_plain
    steps = tuple((_fire(rs, step), step.ref.id, _skips_only(step)) for step in ph.entry)
    auto = bool(rs.at_any_time)
    deciding = any(t.decides for found in (rs.triggers or {}).values() for t in found)
    finishes_here = ph.id == rs.finish_during  # the deck may run out for the last time here

    def enter(state: State, events: list) -> str:
        state.phase = pid
        state.planted = 0
        if events is not UNRECORDED:
            events.append({"event": "phase", "phase": pid, "active": state.active})
        was_ending = None  # ending() before the step: kept over a step whose condition did not hold
        for index, (fire, rule, skips) in enumerate(steps):
            if was_ending is None and not skips:
                was_ending = ending(state)
            fired = fire(state, events)
            if fired is None:
                continue
            if deciding:  # a step on a card event it caused may wait (flow.waited)
                fired = waited(state, index, fired)
            if fired == "skip":
                if events is not UNRECORDED:
                    events.append({"event": "skipped", "phase": pid, "rule": rule})
                return "skip"
            if auto:
                settle(state, rs, events)
            if not finishes_here and not was_ending and ending(state):
                state.decision = None  # the game is over: nobody is left to decide
                finish_game(state, rs, events)  # ran out outside the phase the end lets finish
                return "over"
            if fired == "wait":
                return "wait"
            was_ending = None
        return "play"
    return enter
