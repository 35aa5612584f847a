"""The game loop: entering phases and running their core steps (reveal, draw, skip: whatever
``do`` statements the phase has), going on after a step's decision, leaving a phase that has
nothing left to do (its completion compiled from its statements: engine/obligations.py) by its
exit steps, passing the turn, and ending the game. The steps run as compiled per ruleset in
engine/transitions.py."""
from __future__ import annotations

from . import decisions, triggers
from .errors import Stalled
from .eventlog import UNRECORDED
from .ruleset import Ruleset
from .scoring import finish_game
from .state import State
from .trading import lapse_proposals
from .transitions import Transitions, of


def next_player(state: State, rs: Ruleset, player: str) -> str:
    players = state.players
    return players[(players.index(player) + rs.direction) % len(players)]


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
    have nothing to do. `steps`: the end test, entering and completing each phase, compiled for
    these rules (engine/transitions.py)."""
    phases = rs.phases
    ph = phases[rs.phase_index[state.phase]]
    if ph.trade and state.proposals:
        lapse_proposals(state, events)
    ending, enter, leave, complete = steps.ending, steps.enter, steps.leave, steps.complete
    if ph.exit:  # its ``do … at the end of`` steps (cards left to the opponent)
        leave[ph.index](state, events)
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
                leave[ph.index](state, events)
        elif entered != "skip":  # "over", or "wait" (a step waits for a decision)
            return


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
