"""The game loop: entering phases and running their core steps (reveal, draw, skip: whatever
``do`` statements the phase has), leaving a phase that has nothing left to do (its closure
compiled from its statements: engine/obligations.py), passing the turn, and ending the game."""
from __future__ import annotations

from beanrules.engine import decisions, triggers
from beanrules.engine.deck import ending
from beanrules.engine.errors import Stalled
from beanrules.engine.eventlog import UNRECORDED
from beanrules.engine.harvesting import settle
from beanrules.engine.obligations import completions
from beanrules.engine.ruleset import PhaseSpec, Ruleset
from beanrules.engine.scoring import finish_game
from beanrules.engine.state import State
from beanrules.engine.trading import lapse_proposals
from types import SimpleNamespace as Transitions


def next_player(state: State, rs: Ruleset, player: str) -> str:
    players = state.players
    return players[(players.index(player) + rs.direction) % len(players)]


def _enter(state: State, rs: Ruleset, ph: PhaseSpec, events: list) -> str:
    """Start a phase: "over" when the game ended during its automatic steps, "skip" when
    a skip rule passes it by, "wait" when a step waits for a player's decision, "play"
    otherwise."""
    state.phase = ph.id
    state.planted = 0
    if events is not UNRECORDED:
        events.append({"event": "phase", "phase": ph.id, "active": state.active})
    return _run_entry(state, rs, ph, 0, events) if ph.entry else "play"


def _run_entry(state: State, rs: Ruleset, ph: PhaseSpec, first: int, events: list) -> str:
    was_ending = None  # ending() before the step: kept over a step whose condition did not hold
    for index in range(first, len(ph.entry)):  # the phase's core steps, run by the generic evaluator
        step = ph.entry[index]
        if was_ending is None:
            was_ending = ending(state, rs)
        fired = step.fire(state, rs, events)
        if fired is None:  # its condition did not hold: nothing changed (_after_step: go on)
            continue
        fired = triggers.waited(state, index, fired)
        outcome = _after_step(state, rs, ph, step, fired, was_ending, events)
        if outcome is not None:
            return outcome
        was_ending = None
    return "play"


def _after_step(state: State, rs: Ruleset, ph: PhaseSpec, step, fired: str | None, was_ending: bool,
                events: list) -> str | None:
    """What a fired step means for the phase: "skip", "over", "wait", or None (go on)."""
    if fired == "skip":
        events.append({"event": "skipped", "phase": ph.id, "rule": step.ref.id})
        return "skip"
    if fired is None:
        return None
    if rs.at_any_time:
        settle(state, rs, events)
    if ending(state, rs) and not was_ending and ph.id != rs.finish_during:
        state.decision = None  # the game is over: nobody is left to decide
        finish_game(state, rs, events)  # ran out outside the phase the end lets finish
        return "over"
    return "wait" if fired == "wait" else None


def resume(state: State, rs: Ruleset, action, events: list) -> None:
    """Go on after a player answered the decision a step of this phase waited for: the rest
    of that step, the steps on card events queued behind the decision, then the phase's steps
    after it (engine/decisions.py, engine/triggers.py)."""
    ph = rs.phase(state.phase)
    decision = state.decision
    index = decision.get("step", decision.get("after"))
    was_ending = ending(state, rs)
    fired = decisions.answer(state, rs, action, events) or "ran"
    if state.decision is None and decision.get("queued") and not state.over:
        fired = "wait" if triggers.run_queued(state, rs, decision["queued"], events, index) else fired
    if index is None:  # a decision of an effect run elsewhere (decisions.run): nothing more here
        return
    outcome = _after_step(state, rs, ph, ph.entry[index], fired, was_ending, events)
    if outcome is None:
        outcome = _run_entry(state, rs, ph, index + 1, events)
    if outcome == "skip":
        end_phase(state, rs, events)


def _leave(state: State, rs: Ruleset, ph: PhaseSpec, events: list) -> None:
    """Run the phase's ``do … at the end of`` steps (cards left to the opponent)."""
    for step in ph.exit:
        step.fire(state, rs, events)


def end_phase(state: State, rs: Ruleset, events: list, steps: Transitions | None = None) -> None:
    """Leave the current phase for the next (or the next turn), then keep going while phases
    have nothing to do. `steps`: the end test, entering and completing each phase, compiled for
    these rules (engine/transitions.py); None: the reference functions of this module."""
    if steps is None:
        steps = reference_steps(rs)
    phases = rs.phases
    ph = phases[rs.phase_index[state.phase]]
    if ph.trade and state.proposals:
        lapse_proposals(state, events)
    if ph.exit:
        _leave(state, rs, ph, events)
    ending, enter, complete = steps.ending, steps.enter, steps.complete
    count = len(phases)
    limit = rs.exhaustion_limit
    # Turns that pass with no decision at all are fine while they take cards off the deck (the
    # deck runs out, the game ends). Rounds of the table that neither ask for a decision nor
    # take a card would loop for ever: `check` rejects such models, and the engine raises
    # Stalled rather than end a game the rules never ended.
    idle_turns = 0
    # How far the game has come towards its end: the deck's run-outs, then the cards taken since
    # the last one. It only grows (a reshuffle comes with a run-out) and is bounded by the end
    # rule, so idle turns that keep growing it end the game. None: no end rule to approach.
    progress = None if limit is None else (state.exhaustions, -len(state.deck))
    while True:
        last = ph.index + 1 >= count
        if ending(state):
            # The deck ran out for the last time during `finish_during`: only the phases the
            # end-finish rule names are still played.
            following = None if last else rs.phases[ph.index + 1]
            if following is None or ph.id not in rs.finish_phases or following.id not in rs.finish_phases:
                finish_game(state, rs, events)
                return
        if last:
            now = None if limit is None else (state.exhaustions, -len(state.deck))  # as `progress`
            idle_turns = 0 if now is not None and progress is not None and now > progress else idle_turns + 1
            progress = now
            if idle_turns > 4 * len(state.players):
                raise Stalled(f"{idle_turns} turns passed with no decision and no card taken from the deck",
                              {"phase": state.phase, "active": state.active, "turn": state.turn,
                               "waiting_for": []})
            state.active = next_player(state, rs, state.active)
            state.turn += 1
            if events is not UNRECORDED:
                events.append({"event": "turn", "active": state.active, "turn": state.turn})
            ph = phases[0]
        else:
            ph = phases[ph.index + 1]
        entered = enter[ph.index](state, events)
        if entered == "play":
            if not complete[ph.index](state):
                return
            if ph.exit:  # played through with nothing to decide: it ends here
                _leave(state, rs, ph, events)
        elif entered != "skip":  # "over", or "wait" (a step waits for a decision)
            return


_NO_NAMES: dict = {}  # the empty environment of a compiled condition


def reached_target(state: State, rs: Ruleset, events: list) -> None:
    """After an action: an end that reads more than the deck (a number of coins, a counter)
    ends the game as soon as it holds. Only such an end: one by the deck's run-outs, which may
    hold already while a rule to finish the turn lets the turn's last phases run, comes as the
    flow leaves a step (_after_step, end_phase)."""
    if rs.marks is not None and rs.marks.target_ends and not state.over and any(
            rs.ends[i].fn(state, _NO_NAMES) for i in rs.marks.target_ends):
        state.decision = None
        finish_game(state, rs, events)


def start(state: State, rs: Ruleset, events: list, steps: Transitions) -> None:
    """Enter the first phase of a freshly dealt game (`steps`: the game's transitions)."""
    entered = steps.enter[0](state, events)
    if entered == "skip" or (entered == "play" and steps.complete[0](state)):
        end_phase(state, rs, events, steps)


def reference_steps(rs: Ruleset) -> Transitions:
    """The transitions as this module's reference functions, bound to this ruleset (end_phase
    without the compiled ones; tests/engine/test_transitions.py plays them against those); a
    phase's completion is the one compiled closure either way."""
    def enter(ph: PhaseSpec):
        return lambda state, events: _enter(state, rs, ph, events)

    # whether a phase is complete: one closure for both paths (engine/obligations.py)
    return Transitions(ending=lambda state: ending(state, rs), enter=tuple(enter(ph) for ph in rs.phases), complete=completions(rs))
