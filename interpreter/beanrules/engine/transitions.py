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
`events` is not UNRECORDED. Entering and going on are compiled from one text per phase, each
step written out with what its firing means (`entering`, `running_steps`, `fired_step`), so a
phase runs its steps with no loop and no call but the steps'. The playout kernel compiles them
over its own state with its own steps, end test, steps at any time and end of the game bound in
(`Running`, kernel/machine.py), and writes the same lines into its generated loop (`Form`,
kernel/fast.py): one implementation enters, goes on in and leaves phases for both.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities
from ..memo import per_object
from .errors import Stalled
from .eventlog import UNRECORDED
from .obligations import completions
from .deck import take_cards
from .harvesting import settle
from .evaluate import COMPARISONS as _COMPARE, PLAYER_ZONES as _PER_PLAYER, SHARED_PILES as _SHARED, top_of_deck
from .ruleset import CoreStep, PhaseSpec, Ruleset
from .scoring import finish_game
from .state import State
from .trading import lapse_proposals
from .decisions import waits
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
    __slots__ = ("ending", "enter", "go_on", "leave", "complete", "end_phase")

    def __init__(self, ending: StateTest, enter: tuple[Enter, ...], go_on: tuple[GoOn, ...],
                 leave: tuple[Leave, ...], complete: tuple[StateTest, ...], end_phase: Leave):
        self.ending = ending  # state -> deck.ending
        self.enter = enter  # (state, events) -> "play", "skip", "wait" or "over"
        self.go_on = go_on  # after a step's decision was answered (flow.resume)
        self.leave = leave  # (state, events): the phase's exit steps (flow.end_phase)
        self.complete = complete  # state -> obligations.completion
        self.end_phase = end_phase  # (state, events): leave the phase, pass on to one with something to do


_OF: dict = {}


def of(rs: Ruleset) -> Transitions:
    """The transitions of this ruleset, compiled once (a phase's completion: obligations.py)."""
    return per_object(_OF, rs, None, lambda: compiled(rs, completions(rs)))


def compiled(rs: Ruleset, complete: tuple[StateTest, ...]) -> Transitions:
    """The transitions of this ruleset as closures; `complete`: the phases' completion tests."""
    run = running(rs)
    entries = tuple(tuple(bound_step(rs, step) for step in ph.entry) for ph in rs.phases)
    phases = tuple(compile_phase(rs, ph, entry, tuple(bound_step(rs, step) for step in ph.exit), run)
                   for ph, entry in zip(rs.phases, entries))
    leave = tuple(leave for _, _, leave in phases)
    names = {"ending": run.ending, "settle": run.settle, "finish": run.finish,
             **{f"p{ph.index}_complete": complete[ph.index] for ph in rs.phases}}
    end_phase = compile_passing(rs, entries, leave, lambda ph: f"not p{ph.index}_complete(state)", names)
    return Transitions(run.ending, tuple(enter for enter, _, _ in phases), tuple(go_on for _, go_on, _ in phases),
                       leave, complete, end_phase)


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
    """A condition that reads nothing but the state, as a closure over the state alone: how
    often the deck ran out (the end of most rules), or how many cards a zone of the active
    player holds (`skip when hand is empty`), compared with a constant. None: the evaluator's
    closure serves (evaluate.condition; the two agree by construction, the tests check they play
    alike). It is asked only of an end and of a skip's condition (bound_step), where the sentences
    write no other count."""
    if not (isinstance(node, conditions.Compare) and isinstance(node.right, quantities.Number)):
        return None
    test, bound = _COMPARE[node.op], node.right.value
    left = node.left
    if isinstance(left, quantities.DeckRunOuts):
        return lambda state: test(state.exhaustions, bound)
    if isinstance(left, quantities.Count) and left.bean is None and isinstance(left.place, places.Zone) \
            and isinstance(left.place.owner, actors.ActivePlayer) and left.place.zone in _PER_PLAYER:
        attr = _PER_PLAYER[left.place.zone]
        return lambda state: test(len(getattr(state, attr)[state.active]), bound)
    return None


# -- entering and leaving a phase: running its steps -------------------------------------------
Fire = Callable[[State, list], "str | None"]


def bound_step(rs: Ruleset, step: CoreStep) -> Fire:
    """The step with the rules bound: None when its condition does not hold, else "ran", "skip"
    or "wait". CoreStep.fire is its meaning; two shapes most rules have are bound to the state
    instead of going through the evaluator's closures: a reveal or a draw with no condition
    (state_effect), and skipping the phase on a condition read straight off the state
    (_state_test: `skip when hand is empty`). The sentences write no other (desugar/turn.py:
    a skip always has its condition, a reveal or a draw none; tokens.py's draw by the token's
    holder is no state test). The playout kernel runs its steps by it too, a step that may wait
    included (kernel/machine.py)."""
    if step.condition is None:
        effect = state_effect(rs, step.run.node)
        if effect is not None:
            return effect
    elif _skips_only(step):
        quick = _state_test(step.condition.node)
        if quick is not None:
            return lambda state, events: "skip" if quick(state) else None
    fire = step.fire

    def fire_step(state: State, events: list) -> str | None:
        return fire(state, rs, events)
    return fire_step


def state_effect(rs: Ruleset, node: Any) -> Fire | None:
    """A step's effect as a closure over the state alone, returning "ran", where it is one of the
    entry steps most rules have, with a fixed number of cards and nothing else to run (no card's
    "when revealed" or "when drawn" step, no hand limit): turning cards from the deck up into a
    shared zone, the active player drawing. None: the
    evaluator's closure serves (evaluate.effect; both take the cards by deck.take_cards, and
    the tests play every spec both ways)."""
    if rs.triggers:
        return None
    if isinstance(node, effects.Reveal) and top_of_deck(node.cards) and isinstance(node.cards.count, quantities.Number) \
            and isinstance(node.to, places.Zone) and node.to.owner is None and node.to.zone in _SHARED:
        wanted, zone = node.cards.count.value, node.to.zone

        def reveal(state: State, events: list = UNRECORDED) -> str:
            shown = take_cards(state, rs, wanted, events, getattr(state, zone))
            if events is not UNRECORDED:
                events.append({"event": "revealed", "player": state.players[state.active], "cards": shown})
            return "ran"
        return reveal
    if isinstance(node, effects.Draw) and node.end == "back" and not node.up_to and not rs.requirements \
            and isinstance(node.count, quantities.Number) and isinstance(node.player, actors.ActivePlayer):
        count = node.count.value

        def draw(state: State, events: list = UNRECORDED) -> str:
            player = state.active
            drawn = take_cards(state, rs, count, events)
            state.hands[player].extend(drawn)
            if events is not UNRECORDED:
                events.append({"event": "drew", "player": state.players[player], "cards": len(drawn)})
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
    in `g.ending`, its steps over its own deck and harvest)."""
    ending: StateTest  # state -> deck.ending
    settle: Callable[[Any, Any, list], None]  # (state, rs, events): the steps at any time
    finish: Callable[[Any, Any, list], None]  # (state, rs, events): the game ends (scoring.finish_game)


def running(rs: Ruleset) -> Running:
    """The engine's: its end test compiled for `rs`, harvesting.settle and scoring.finish_game."""
    return Running(end_test(rs), settle, finish_game)


# -- a phase's steps as source: one text, compiled here and written into the kernel's loop ---------
@dataclass(frozen=True)
class Form:
    """How the source of a phase's entry steps names what it reads and calls, and what it does
    when the phase is skipped, the game is over or a step waits. The defaults are the compiled
    closures' (`compile_phase`); the playout kernel writes the same lines into its generated
    loop with its own names (kernel/fast.py): its state `g`, no events (`events` None), its
    cached end test, its steps at any time and end of the game. `names`:
    the prefix of the names of the phase's compiled steps and rules (`names_of`), so phases
    share a namespace (`passing` writes every phase's lines into one function)."""
    state: str = "state"
    events: str | None = "events"
    ending: str = "ending(state)"
    settle: str = "settle(state, rs, events)"
    finish: str = "finish(state, rs, events)"
    names: str = ""
    on_skip: str = 'return "skip"'
    on_over: str = 'return "over"'
    on_wait: str = 'return "wait"'


def names_of(ph: PhaseSpec, entry: tuple[Fire, ...], prefix: str = "") -> dict[str, Any]:
    """The names the source of phase `ph` reads, for its compiled entry steps `entry`."""
    names: dict[str, Any] = {f"{prefix}phase": ph.id, "UNRECORDED": UNRECORDED, "waited": waited}
    for k, (fire, step) in enumerate(zip(entry, ph.entry)):
        names[f"{prefix}step_{k}"], names[f"{prefix}rule_{k}"] = fire, step.ref.id
    return names


def entering(rs: Ruleset, ph: PhaseSpec, form: Form = Form()) -> list[str]:
    """Lines that enter phase `ph` and run its entry steps (then fall through: the phase is played)."""
    s, p = form.state, form.names
    lines = [f"{s}.phase = {p}phase", f"{s}.planted = 0"]
    if form.events is not None:
        lines += [f"if {form.events} is not UNRECORDED:",
                  f'    {form.events}.append({{"event": "phase", "phase": {p}phase, "active": {s}.players[{s}.active]}})']
    return lines + running_steps(rs, ph, 0, form)


def running_steps(rs: Ruleset, ph: PhaseSpec, first: int, form: Form = Form()) -> list[str]:
    """Lines that run phase `ph`'s entry steps from `first` on, each followed by what it
    means for the phase once it fired (`fired_step`)."""
    s, events = form.state, form.events or "UNRECORDED"
    lines: list[str] = []
    for k in range(first, len(ph.entry)):
        if _ends_here(rs, ph, k):  # the end test before the step, where the game may end after it
            lines.append(f"was_ending = {form.ending}")
        lines.append(f"fired = {form.names}step_{k}({s}, {events})")
        if _deciding(rs):
            lines += ["if fired is not None:", f"    fired = waited({s}, {k}, fired)"]
        lines.append("if fired is not None:")
        lines += [f"    {line}" for line in fired_step(rs, ph, k, form)]
    return lines


def fired_step(rs: Ruleset, ph: PhaseSpec, k: int, form: Form = Form(), answered: bool = False) -> list[str]:
    """Lines saying what step `k` of phase `ph` means for the phase once it fired (`fired`,
    not None; `was_ending`: the end test before it): a skip skips the phase; else the steps at
    any time run, the game ends where the deck ran out outside the phase the end lets finish,
    and a step that waits for a decision stops the phase there (a step that may: one with a
    decision in it, where a card event may ask one, or whose decision was just `answered`)."""
    lines = ['if fired == "skip":']
    if form.events is not None:
        lines += [f"    if {form.events} is not UNRECORDED:",
                  f'        {form.events}.append({{"event": "skipped", "phase": {form.names}phase, '
                  f'"rule": {form.names}rule_{k}}})']
    lines.append(f"    {form.on_skip}")
    if _skips_only(ph.entry[k]):  # it fires nothing but a skip
        return lines
    if rs.at_any_time:
        lines.append(form.settle)
    if _ends_here(rs, ph, k):
        lines += [f"if not was_ending and {form.ending}:",
                  f"    {form.state}.decision = None  # the game is over: nobody is left to decide",
                  f"    {form.finish}",
                  f"    {form.on_over}"]
    if answered or _deciding(rs) or waits(ph.entry[k].run.node):
        lines += ['if fired == "wait":', f"    {form.on_wait}"]
    return lines


def _ends_here(rs: Ruleset, ph: PhaseSpec, k: int) -> bool:
    """The game ends as step `k` of `ph` fired where the deck ran out for the last time in it:
    not in the phase the end lets finish, nor by a step that only skips (it changes nothing)."""
    return ph.id != rs.finish_during and not _skips_only(ph.entry[k])


def _deciding(rs: Ruleset) -> bool:
    """A step on a card event a phase's step caused may wait for a decision (triggers.waited)."""
    return any(t.decides for found in (rs.triggers or {}).values() for t in found)


def compile_phase(rs: Ruleset, ph: PhaseSpec, entry: tuple[Fire, ...], exits: tuple[Fire, ...],
                  run: Running) -> tuple[Enter, GoOn, Leave]:
    """Entering phase `ph` (its entry steps from the first), going on after one of its steps
    fired out of turn (a step that waited for a decision, once it is answered: the meaning of
    its firing, then the steps after it), and leaving it (its exit steps). `entry`, `exits`:
    the phase's steps compiled for the state they run on (the engine's by bound_step); `run`: what
    the steps call on it. Entering and going on are compiled from the lines `entering`,
    `fired_step` and `running_steps` write, the lines the kernel's loop writes in."""
    def indented(lines: list[str]) -> list[str]:
        return [f"    {line}" for line in lines]
    source = ["def enter(state, events):", *indented(entering(rs, ph)), '    return "play"',
              "def go_on(state, events, index, fired, was_ending):"]
    for k in range(len(ph.entry)):
        source += [f"    if index == {k}:",
                   *indented(indented(fired_step(rs, ph, k, answered=True) + running_steps(rs, ph, k + 1))),
                   '        return "play"']
    source.append('    raise IndexError(index)  # (no such step)')
    namespace = {**names_of(ph, entry), "rs": rs, "ending": run.ending, "settle": run.settle, "finish": run.finish}
    exec(compile("\n".join(source) + "\n", f"<the transitions of phase {ph.index}>", "exec"), namespace)  # noqa: S102

    def leave(state: State, events: list) -> None:
        # the phase ends whatever its exit steps return: a skip has no phase left to pass by
        for fire in exits:
            fire(state, events)
    return namespace["enter"], namespace["go_on"], leave


# -- passing on: leaving a phase for the next ones, turn by turn (flow.end_phase) ---------------
def phase_form(ph: PhaseSpec, form: Form = Form()) -> Form:
    """`form` for phase `ph`'s lines inside `passing`: its names prefixed by the phase, so every
    phase shares one namespace; a skip passes on to the next phase, an end or a wait stops."""
    return replace(form, names=f"p{ph.index}_", on_skip="continue", on_over="return", on_wait="return")


def passing(rs: Ruleset, form: Form, left_to_do: Callable[[PhaseSpec], str]) -> list[str]:
    """The body of end_phase (`form`: the state and events it reads, as `phase_form` gives them
    for each phase): leave the current phase (its open proposals lapse, its exit steps run),
    then pass on: the game ends where the end test holds (outside the phases the end lets
    finish), the turn passes after the last phase, and each phase is entered with its entry
    steps until one has something left to do (`left_to_do(ph)`: an expression) or a step waits
    or ends the game. Numbers and phases are written in; the engine compiles it
    (compile_passing) and the playout kernel writes it into its generated loop (kernel/fast.py).

    Turns that pass with no decision at all are fine while they take cards off the deck (the
    deck runs out, the game ends). Rounds of the table that neither ask for a decision nor take
    a card would loop for ever: `check` rejects such models, and the game raises Stalled rather
    than end a game the rules never ended. How far the game has come towards its end is the
    deck's run-outs, then the cards taken since the last one (as one number: fewer than 10**9
    cards); it only grows (a reshuffle comes with a run-out) and is bounded by the end rule, so
    idle turns that keep growing it end the game. No end rule to approach: every turn is idle."""
    s, events = form.state, form.events or "UNRECORDED"
    phases, last = rs.phases, len(rs.phases) - 1
    lines = [f"phase = AT[{s}.phase]"]
    for ph in phases:
        if ph.trade:
            lines += [f"if phase == {ph.index} and {s}.proposals:", f"    lapse_proposals({s}, {events})"]
        if ph.exit:  # its ``do … at the end of`` steps (cards left to the opponent)
            lines += [f"if phase == {ph.index}:", f"    {phase_form(ph, form).names}leave({s}, {events})"]
    watch = rs.exhaustion_limit is not None
    progress = f"{s}.exhaustions * 1000000000 - len({s}.deck)"
    lines += ["idle = 0", f"progress = {progress if watch else None}", "while True:"]
    end = [f"    if {form.ending}:", f"        {form.finish}", "        return"]
    for ph in phases:  # leave phase `ph` for the next one
        lines.append(f"    {'if' if ph.index == 0 else 'elif'} phase == {ph.index}:")
        if ph.index < last:
            if not (ph.id in rs.finish_phases and phases[ph.index + 1].id in rs.finish_phases):
                lines += [f"    {line}" for line in end]
            lines.append(f"        phase = {ph.index + 1}")
            continue
        lines += [f"    {line}" for line in end]
        if watch:
            lines += [f"        now = {progress}", "        idle = 0 if now > progress else idle + 1",
                      "        progress = now"]
        else:
            lines.append("        idle += 1")
        lines += [f"        if idle > {4 * rs.players}:",
                  "            raise Stalled(f'{idle} turns passed with no decision and no card taken from the deck',"
                  f" {{'phase': {s}.phase, 'active': {s}.players[{s}.active], 'turn': {s}.turn, 'waiting_for': []}})"]
        lines.append(f"        {s}.active = ({s}.active + {rs.direction}) % {rs.players}")  # (seats, on either state)
        lines.append(f"        {s}.turn += 1")
        if form.events is not None:
            lines += [f"        if {form.events} is not UNRECORDED:",
                      f'            {form.events}.append({{"event": "turn", "active": {s}.players[{s}.active], '
                      f'"turn": {s}.turn}})']
        lines.append("        phase = 0")
    for ph in phases:  # enter phase `ph`: its entry steps, then stop where it has something to do
        within = phase_form(ph, form)
        lines.append(f"    {'if' if ph.index == 0 else 'elif'} phase == {ph.index}:")
        lines += [f"        {line}" for line in entering(rs, ph, within)]
        lines += [f"        if {left_to_do(ph)}:", "            return"]
        if ph.exit:  # played through with nothing to decide: it ends here
            lines.append(f"        {within.names}leave({s}, {events})")
    return lines


def passing_names(rs: Ruleset, entries: tuple[tuple[Fire, ...], ...], leave: tuple[Leave, ...],
                  form: Form = Form()) -> dict[str, Any]:
    """The names `passing`'s lines read besides the form's own: every phase's compiled entry
    steps and exit steps (`entries`, `leave`: by phase index), under its prefix."""
    names: dict[str, Any] = {"AT": rs.phase_index, "Stalled": Stalled, "lapse_proposals": lapse_proposals}
    for ph in rs.phases:
        prefix = phase_form(ph, form).names
        names.update(names_of(ph, entries[ph.index], prefix))
        names[f"{prefix}leave"] = leave[ph.index]
    return names


def compile_passing(rs: Ruleset, entries: tuple[tuple[Fire, ...], ...], leave: tuple[Leave, ...],
                    left_to_do: Callable[[PhaseSpec], str], names: dict[str, Any]) -> Leave:
    """end_phase(state, events) from `passing`'s lines, with the engine's names (`names`: the
    end test, the steps at any time, the end of the game and what `left_to_do` reads)."""
    source = ["def end_phase(state, events):", *(f"    {line}" for line in passing(rs, Form(), left_to_do))]
    namespace = {**passing_names(rs, entries, leave), **names, "rs": rs}
    exec(compile("\n".join(source) + "\n", "<passing on from a phase>", "exec"), namespace)  # noqa: S102
    return namespace["end_phase"]
