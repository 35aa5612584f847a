"""Phase transitions compiled once per Ruleset: the end test, entering each phase with its entry
steps (the ``do … at the start of`` statements), going on after a step that waited for a
decision, and whether a phase has anything left to do, as closures. They are the only
implementation: engine/flow.py walks the game through them (start, end_phase, resume).

- `ending(state)`: deck.ending, an end condition that compares how often the deck ran out (or
  how many cards a zone holds) with a number read straight off the state;
- `enter[i](state, events)`: enter phase i and run its entry steps, each bound with its
  condition (the same shapes read straight off the state), each effect most rules have
  (skip, reveal, draw) bound to the state, any other through the evaluator's closure; after a
  fired step: the steps at any time, the end of the game when the deck ran out, a wait;
- `go_on[i](state, events, index, fired, was_ending)`: the same after step `index` fired out of
  the loop (its decision was answered), then the steps after it;
- `leave[i](state, events)`: run phase i's exit steps (the ``do … at the end of`` statements),
  each compiled as an entry step is;
- `complete[i](state)`: whether phase i has nothing left to do, the one closure compiled from
  the phase's statements (obligations.completions).

A compiled game and the bots' fast mode share these closures: the events are built only where
`events` is not UNRECORDED. The playout kernel compiles the same loop of each phase
(`compile_phase`) over its own state, with its own steps, end test, steps at any time and end
of the game bound in (`Running`, kernel/machine.py): one implementation enters, goes on in and
leaves phases for both.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities
from ..memo import per_object
from .eventlog import UNRECORDED
from .obligations import completions
from .deck import take_cards
from .harvesting import settle
from .evaluate import COMPARISONS as _COMPARE, PLAYER_ZONES as _PER_PLAYER, SHARED_PILES as _SHARED, top_of_deck
from .ruleset import CoreStep, PhaseSpec, Ruleset
from .scoring import finish_game
from .state import State
from .triggers import waited

StateTest = Callable[[State], bool]
Enter = Callable[[State, list], str]
Leave = Callable[[State, list], None]


# (state, events, index, fired, was_ending) -> "play", "skip", "wait" or "over": what step
# `index` of the phase did (`fired`; `was_ending`: deck.ending before it), then the steps after it
GoOn = Callable[[State, list, int, str, bool], str]


class Transitions:
    """The end test, and entering, going on in and completing each phase (by index), for one
    ruleset."""
    __slots__ = ("ending", "enter", "go_on", "leave", "complete")

    def __init__(self, ending: StateTest, enter: tuple[Enter, ...], go_on: tuple[GoOn, ...],
                 leave: tuple[Leave, ...], complete: tuple[StateTest, ...]):
        self.ending = ending  # state -> deck.ending
        self.enter = enter  # (state, events) -> "play", "skip", "wait" or "over"
        self.go_on = go_on  # after a step's decision was answered (flow.resume)
        self.leave = leave  # (state, events): the phase's exit steps (flow.end_phase)
        self.complete = complete  # state -> obligations.completion


_OF: dict = {}


def of(rs: Ruleset) -> Transitions:
    """The transitions of this ruleset, compiled once (a phase's completion: obligations.py)."""
    return per_object(_OF, rs, None, lambda: compiled(rs, completions(rs)))


def compiled(rs: Ruleset, complete: tuple[StateTest, ...]) -> Transitions:
    """The transitions of this ruleset as closures; `complete`: the phases' completion tests."""
    run = running(rs)
    phases = tuple(compile_phase(rs, ph, tuple(_fire(rs, step) for step in ph.entry), tuple(_fire(rs, step) for step in ph.exit),
                         run) for ph in rs.phases)
    return Transitions(run.ending, tuple(enter for enter, _, _ in phases), tuple(go_on for _, go_on, _ in phases),
                       tuple(leave for _, _, leave in phases), complete)


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


# -- entering and leaving a phase: running its steps -------------------------------------------
Fire = Callable[[State, list], "str | None"]


def _fire(rs: Ruleset, step: CoreStep) -> Fire:
    """The step with the rules bound: None when its condition does not hold, else "ran", "skip"
    or "wait". CoreStep.fire is its meaning; where the condition reads nothing but the state and
    the effect is one most rules have (_state_test, _state_effect), both are bound to the state
    instead of going through the evaluator's closures."""
    quick = _state_test(step.condition.node) if step.condition is not None else None
    effect = _state_effect(rs, step.run.node)
    if effect is None or (step.condition is not None and quick is None):
        fire = step.fire

        def fire_step(state: State, events: list) -> str | None:
            return fire(state, rs, events)
        return fire_step
    if quick is None:
        return effect
    if effect is _skip:
        return lambda state, events: "skip" if quick(state) else None

    def fire_quick(state: State, events: list) -> str | None:
        return effect(state, events) if quick(state) else None
    return fire_quick


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


@dataclass(frozen=True)
class Running:
    """What a phase's transitions call that depends on the state they run on: the end test, the
    steps at any time and the end of the game. The engine's (`running`) work on its `State`
    with its events; the playout kernel binds its own (kernel/machine.py: its end test cached
    in `g.ending`, its steps over its own deck and harvest), so one loop enters, goes on in
    and leaves phases for both."""
    ending: StateTest  # state -> deck.ending
    settle: Callable[[Any, Any, list], None]  # (state, rs, events): the steps at any time
    finish: Callable[[Any, Any, list], None]  # (state, rs, events): the game ends (scoring.finish_game)


def running(rs: Ruleset) -> Running:
    """The engine's: its end test compiled for `rs`, harvesting.settle and scoring.finish_game."""
    return Running(end_test(rs), settle, finish_game)


def compile_phase(rs: Ruleset, ph: PhaseSpec, entry: tuple[Fire, ...], exits: tuple[Fire, ...],
          run: Running) -> tuple[Enter, GoOn, Leave]:
    """Entering phase `ph` (its entry steps from the first), and going on after one of its
    steps fired out of turn (a step that waited for a decision, once it is answered): one loop
    over the phase's steps serves both. Then leaving it: its exit steps. `entry` and `exits`:
    the phase's steps compiled for the state they run on (the engine's by _fire), `run`: what
    the loop calls on it."""
    pid = ph.id
    steps = tuple((fire, step.ref.id, _skips_only(step)) for fire, step in zip(entry, ph.entry))
    count = len(steps)
    ending, settle, finish = run.ending, run.settle, run.finish
    auto = bool(rs.at_any_time)
    # a step on a card event the phase step caused may wait for a decision (triggers.waited)
    deciding = any(t.decides for found in (rs.triggers or {}).values() for t in found)
    finishes_here = ph.id == rs.finish_during  # the deck may run out for the last time here

    def proceed(state: State, events: list, index: int = -1, fired: str | None = None,
                was_ending: bool | None = None) -> str:
        """Enter the phase and run its steps (no `fired`: `enter`), or go on after step `index`
        fired (`go_on`): one loop, so a step's meaning for the phase is written once."""
        if fired is None:
            state.phase = pid
            state.planted = 0
            if events is not UNRECORDED:
                events.append({"event": "phase", "phase": pid, "active": state.active})
        for index in range(index + 1, count + 1):  # step `index - 1` fired (`fired`), or none did
            if fired is not None:  # what the fired step means for the phase
                if fired == "skip":
                    if events is not UNRECORDED:
                        events.append({"event": "skipped", "phase": pid, "rule": steps[index - 1][1]})
                    return "skip"
                if auto:
                    settle(state, rs, events)
                if not finishes_here and not was_ending and ending(state):
                    state.decision = None  # the game is over: nobody is left to decide
                    finish(state, rs, events)  # ran out outside the phase the end lets finish
                    return "over"
                if fired == "wait":
                    return "wait"
                was_ending = None  # ending() before the step: kept over a step whose condition did not hold
            if index == count:
                break
            fire, _, skips = steps[index]
            # the end test before the step (a step that only skips changes nothing)
            if was_ending is None and not skips:
                was_ending = ending(state)
            fired = fire(state, events)
            if deciding and fired is not None:
                fired = waited(state, index, fired)
        return "play"

    enter: Enter = proceed
    if not steps:  # the loop with no step to run (the phases most rules have): entering only
        def enter(state: State, events: list) -> str:
            state.phase = pid
            state.planted = 0
            if events is not UNRECORDED:
                events.append({"event": "phase", "phase": pid, "active": state.active})
            return "play"

    def leave(state: State, events: list) -> None:
        # the phase ends whatever its exit steps return: a skip has no phase left to pass by
        for fire in exits:
            fire(state, events)
    return enter, proceed, leave
