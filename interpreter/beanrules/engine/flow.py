"""The game loop: entering phases and running their core steps (reveal, draw, skip: whatever
``do`` statements the phase has), going on after a step's decision, leaving a phase that has
nothing left to do (its completion compiled from its statements: engine/obligations.py) by its
exit steps, passing the turn, and ending the game. The steps and the passing on run as
compiled per ruleset in engine/transitions.py."""
from __future__ import annotations

from . import decisions, triggers
from .ruleset import Ruleset
from .scoring import finish_game
from .state import State
from .transitions import Transitions, of


def resume(state: State, rs: Ruleset, action, events: list, steps: Transitions | None = None) -> None:
    """Go on after a player answered the decision a step of this phase waited for: the rest
    of that step, the steps on card events queued behind the decision, then the phase's steps
    after it (engine/decisions.py, engine/triggers.py). `steps`: the game's transitions (None:
    those compiled for these rules)."""
    if steps is None:
        steps = of(rs)
    phase = rs.phase_index[state.phase]
    decision = state.decision
    index = decision.get("step", decision.get("after"))
    was_ending = steps.ending(state)
    fired = decisions.answer(state, rs, action, events) or "ran"
    if state.decision is None and decision.get("queued") and not state.over:
        fired = "wait" if triggers.run_queued(state, rs, decision["queued"], events, index) else fired
    if index is None:  # a decision of an effect run elsewhere (decisions.run): nothing more here
        return
    if steps.go_on[phase](state, events, index, fired, was_ending) == "skip":
        end_phase(state, rs, events, steps)


def end_phase(state: State, rs: Ruleset, events: list, steps: Transitions) -> None:
    """Leave the current phase for the next (or the next turn), then keep going while phases
    have nothing to do. `steps`: the game's transitions, whose end_phase is compiled for these
    rules from the text the playout kernel writes into its loop (transitions.passing)."""
    steps.end_phase(state, events)


_NO_NAMES: dict = {}  # the empty environment of a compiled condition


def reached_target(state: State, rs: Ruleset, events: list) -> None:
    """After an action: an end that reads more than the deck (a number of coins, a counter)
    ends the game as soon as it holds. Only such an end: one by the deck's run-outs, which may
    hold already while a rule to finish the turn lets the turn's last phases run, comes as the
    flow leaves a step (engine/transitions.py, end_phase)."""
    if rs.target_ends and not state.over and any(rs.ends[i].fn(state, _NO_NAMES) for i in rs.target_ends):
        state.decision = None
        finish_game(state, rs, events)


def start(state: State, rs: Ruleset, events: list, steps: Transitions) -> None:
    """Enter the first phase of a freshly dealt game (`steps`: the game's transitions)."""
    entered = steps.enter[0](state, events)
    if entered == "skip" or (entered == "play" and steps.complete[0](state)):
        end_phase(state, rs, events, steps)
