"""The playout kernel: a compiled Ruleset's rules as closures over integer seats (cards and
phases as the engine names them, so the engine's own functions run on its state where they can).

It plays exactly what the interpreter plays (engine/flow.py, legal.py, planting.py,
harvesting.py, trading.py, buying.py, deck.py; moves of one card and draws by action the
engine's own, card_moves.py and draw_moves.py, as moves.py's tuples; decisions and card
abilities by the engine's own walker and listing, kernel/decisions.py and abilities.py
keeping their tuples; every effect the engine's own, core.py), step for step: the
same legal actions in the same order, the same shuffles, the same phase machine. What it leaves out is what a playout
does not need: action objects, events, re-checks of an action it has just listed, names.
tests/kernel/ plays it against the interpreter on identical random streams.
"""
from __future__ import annotations

from functools import partial
from operator import attrgetter
from typing import Any, Callable

from ..engine.actions import BuyField, Choose, DrawCard, MoveCard
from ..engine.decisions import answer, waits
from ..engine.eventlog import UNRECORDED
from ..engine.obligations import KERNEL, completion
from ..engine.harvesting import coins_for, harvestable, harvester, run_length
from ..engine.actions import Harvest
from ..engine.interned import harvests
from ..engine.legal import proposal_lister, step_waits, tradeable_zones
from ..engine.abilities import keeps_open as ability_keeps_open, others_decide
from ..engine.card_moves import keeps_open as move_keeps_open
from ..engine.draw_moves import keeps_open as draw_keeps_open
from ..engine.trading import guards_of, remembered, trader
from ..engine.transitions import Running, bound_step, compile_phase
from ..engine.lasting import may_harvest
from ..engine.ruleset import CoreStep, Ruleset
from ..engine.setup import dealt
from . import core
from ..engine.state import State
from .abilities import compile_abilities
from .planting import Planting
from .lasting import listing
from .moves import legal
from .decisions import refused
from .triggers import check_triggers
from .fast import compile_random_loop
from .tally import compile_tally  # counters, coins written down, the target that ends the game

# (the action tuples' kinds: kernel/actions.py)


class Phase:
    """One phase, compiled: its plant step, pending steps, trading and entry steps; the steps
    as it ends (`exit`) and which pending steps are optional (`optional`, by pending step);
    entering it, going on in it after a decision and leaving it (`enter`, `go_on`, `leave`:
    the engine's compiled transitions, engine/transitions.py, run on the kernel's state)."""
    __slots__ = ("id", "index", "plant_min", "plant_max", "trade", "pending", "entry", "exit", "optional", "complete",
                 "harvests", "enter", "go_on", "leave")

    def __init__(self, id: str, index: int, plant: tuple[int, int] | None, trade: bool,
                 pending: tuple[tuple[bool, str], ...], entry: tuple):
        self.id, self.index, self.trade, self.pending, self.entry = id, index, trade, pending, entry
        self.plant_min, self.plant_max = (int(plant[0]), int(plant[1])) if plant else (None, None)
        self.exit: tuple = ()
        self.optional: tuple[bool, ...] = tuple(False for _ in pending)
        # nothing is left to do in it (engine/obligations.completion, compiled for the kernel's state)
        self.complete: Callable[[State], bool] = lambda g: False
        # (state, rs, player) -> the fields a player may harvest by choice now: the engine's
        # harvest lister of the phase (engine/listers.py: the harvest permits' timing, then the
        # harvest judge); None: no harvest permit applies in this phase
        self.harvests: Callable[[Any, Any, int], list[int]] | None = None


_ENV: dict = {}  # the empty environment (the engine's ends read none): closures never write into one

# the end test as the kernel keeps it: cached in g.ending, which the engine's deck writes as it runs out
_cached_ending = attrgetter("ending")

Step = Callable[..., "str | None"]  # (g, events=UNRECORDED): as engine/transitions.py's Fire


def _step(step: CoreStep, prims: core.Primitives, index: int | None = None) -> Step:
    """A CoreStep as the kernel runs it: the engine's own (transitions.bound_step: CoreStep.fire
    with the rules bound, or bound to the state where its effect is one most rules have), on the
    kernel's state without events. A step that may wait for a decision is walked by the engine's
    walker too (engine/decisions.py; only the `index`-th step of a phase may wait, so its
    decision is found again as the engine finds it), and an effect the kernel does not play is
    refused by name."""
    node, rule = step.run.node, step.ref.id
    if waits(node) and index is None:
        raise core.KernelUnsupported(f"rule '{rule}': a decision outside a phase's steps")
    why = refused(node)
    if why is not None:
        raise core.KernelUnsupported(why)
    return bound_step(prims.rs, step)


class Machine(core.Primitives):
    """The rules of one Ruleset (one model, one player count) as the kernel plays them."""

    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.n = rs.players
        self.bean_names: tuple[str, ...] = tuple(rs.bean_counts)  # cards are these strings, as the engine's
        # the beanometer: the engine's own, on the kernel's fields (its cards are the engine's)
        self.coins_for: Callable[[list[str]], int] = partial(coins_for, rs)
        self.run_length: Callable[[list[str]], int] = partial(run_length, rs)
        self.box = [b for b in rs.beans for _ in range(rs.bean_counts[b])]
        self.out = [b for b in rs.removed_beans for _ in range(rs.bean_counts[b])]
        self.harvest = _harvest(rs, self.n)
        self.payout = rs.payout  # (the bots' hint: kernel/bots.py)
        self.fields_at_start = rs.fields
        self.direction = rs.direction
        self.planting = Planting(rs)  # the engine's planting judge (kernel/planting.py)
        self.auto = bool(rs.at_any_time)  # steps at any time (the harvest as soon as a field pays)
        # numbers the generated loop (fast.py) writes into its source: int() keeps them numbers
        buy = rs.permits.get(BuyField)  # the permit of buying a field (engine/buying.py), if any
        self.buy_cost = int(buy.cost) if buy else None
        self.buy_max = int(buy.max_fields) if buy and buy.max_fields is not None else None
        # trading: the engine's own guards (engine/trade_guards.py) and its lister of proposals
        # (legal.proposal_lister), asked on the kernel's state: seats for names, the engine's cards
        self.guards = guards_of(rs)
        # the engine's answer to a proposal (the cards an accept moves, whether it may be made:
        # trading.remembered, where by_turn lets it remember) and its trade (trading.trader)
        self.accept_cards = remembered(rs)
        self.trade = trader(rs)
        self.proposal_rows = proposal_lister(rs)
        self.tradeable = tradeable_zones(rs)  # (offer cards, hand cards) may be traded: the bots' hint
        self.phase_ids = tuple(p.id for p in rs.phases)
        self.finish_during = rs.finish_during
        self.finish_phases = rs.finish_phases
        self.watch_progress = rs.exhaustion_limit is not None
        check_triggers(rs.triggers)  # steps a card runs by itself: the engine's (engine/triggers.py)
        self.unplantable = frozenset(rs.unplantable)  # cards never planted nor traded
        self.lastings = rs.lastings  # what an effect may lay down for a while (engine/lasting.py's specs)
        # planting guards always in force that may take a required plant away for good: then
        # the plant lapses as in the engine (kernel/lasting.py), so every listing asks them
        self.standing = bool(rs.standing)
        # what a plant that lapsed asks (legal.stuck): the kernel's listing, as the engine's actions
        self.listing = listing(self, legal)
        self.abilities = compile_abilities(rs.abilities)
        # the phases an ability on top of a field keeps open while it may be used (abilities.keeps_open)
        self.open_phases = frozenset(a.phase for a in self.abilities if a.on_field and a.phase is not None)
        self.ends = tuple(e.fn for e in rs.ends)  # the engine's own (deck.ending)
        self.target_tests = tuple(self.ends[i] for i in rs.target_ends)
        for step in rs.on_deck_out:  # run by the engine's deck as it runs out (engine/deck.py)
            _step(step, self)  # (refused here where the kernel does not play it)
        self.on_deck_out = rs.on_deck_out
        self.at_end = tuple(_step(s, self) for s in rs.at_end)
        self.any_time = tuple(_step(s, self) for s in rs.at_any_time)  # tested first (program._tested_first)
        self.score_terms = tuple(t.fn for t in rs.score_terms)
        self.winner_highest = rs.winner_highest
        self.tie_breaks = tuple((t.key.fn if t.key is not None else None, t.highest)
                                for t in rs.tie_breaks)
        self.tally = compile_tally(rs, self)  # counters, coins written down, an end by a target
        self.target_ends = self.tally is not None and self.tally.target_ends
        # moves of one card and draws by action: the engine's rules, listed and made by its own
        # functions on this state (engine/card_moves.py, draw_moves.py; kernel/moves.py encodes them)
        self.moves = rs.permits.get(MoveCard, ())
        # each phase's planting permits, as the engine compiled them (engine/listers.py)
        self.phases = tuple(Phase(p.id, p.index, (p.listers.front.least, p.listers.front.most) if p.listers.front
                                  else None, p.trade, tuple((s.who == "everyone", s.zone) for s in p.listers.every),
                                   tuple(_step(s, self, j) for j, s in enumerate(p.entry))) for p in rs.phases)
        self.phase_of = {ph.id: ph for ph in self.phases}  # the state keeps a phase by its id, as the engine's
        for ph, spec in zip(self.phases, rs.phases):
            ph.exit = tuple(_step(s, self) for s in spec.exit)  # as it ends: cards left to the opponent
            ph.optional = tuple(s.optional for s in spec.listers.every)
            permitted = spec.listers
            ph.harvests = permitted.harvests if permitted.harvesting else None
        self.draws = rs.permits.get(DrawCard, ())
        for rule in self.draws:  # the draw it runs, refused by name where the kernel does not play it
            why = core.refused(rule.draw.node)
            if why is not None:
                raise core.KernelUnsupported(why)
        self.opens = opens = self.open_tests()  # the engine's completion of each phase, on this state
        for ph, spec in zip(self.phases, rs.phases):
            ph.complete = completion(rs, spec, opens, KERNEL)
        # entering, going on in and leaving each phase: the engine's transitions, with the
        # kernel's steps, its end test (cached in g.ending as the engine's deck runs out),
        # its steps at any time and its end of the game
        running = Running(_cached_ending, lambda g, rs, events: self.run_any_time(g),
                          lambda g, rs, events: self.finish(g))
        for ph, spec in zip(self.phases, rs.phases):
            ph.enter, ph.go_on, ph.leave = compile_phase(rs, spec, ph.entry, ph.exit, running)
        # a step, or an ability whose choice another player makes, may wait for a decision
        self.decides = any(waits(s.run.node) for p in rs.phases for s in p.entry) or \
            any(others_decide(a.run.node) for a in rs.abilities)
        # The random bots' loop and the phase changes (flow.end_phase), generated for these rules.
        self.random_loop, self.end_phase = compile_random_loop(self)

    # -- setting up ---------------------------------------------------------------------------
    def new_game(self, seed: Any) -> State:
        """Shuffled and dealt as engine/setup.py does, then the automatic steps up to the first decision."""
        g = dealt(self.rs, list(range(self.n)), seed)  # the engine's state, its seats as players
        g.ending = self.is_ending(g)
        ph = self.phases[0]
        entered = ph.enter(g, UNRECORDED)
        if entered == "skip" or (entered == "play" and ph.complete(g)):
            self.end_phase(g)
        return g

    # -- the end test (cached in g.ending: engine/deck.py writes it as the deck runs out) ------
    def is_ending(self, g: State) -> bool:
        for end in self.ends:
            if end(g, _ENV):
                return True
        return False

    def target_reached(self, g: State) -> bool:
        """An end that reads more than the deck holds (flow.reached_target's test)."""
        for end in self.target_tests:
            if end(g, _ENV):
                return True
        return False

    # -- harvesting --------------------------------------------------------------------------
    harvest: Callable[[State, int, int], None]  # (g, seat, field index): _harvest

    def run_any_time(self, g: State) -> None:
        """harvesting.settle: the steps at any time, after an action or an automatic step."""
        for step in self.any_time:
            if g.over:
                return
            step(g, UNRECORDED)

    def harvestable(self, g: State, seat: int) -> list[int]:
        """The fields `seat` may harvest now: harvesting.harvestable itself, on the kernel's state
        (its seats index the fields, its phase is the phase's id, its cards the engine's)."""
        return harvestable(g, self.rs, seat)

    # -- the phase machine (engine/flow.py; entering and leaving phases: Phase.enter, leave) ----
    def resume(self, g: State, option: Any) -> None:
        """flow.resume: the answer to the waiting decision (decisions.answer, the engine's own),
        then the phase's steps after it; nothing runs after an ability's (an anchored decision)."""
        decision, was_ending = g.decision, g.ending
        fired = answer(g, self.rs, Choose(decision["player"], option), UNRECORDED) or "ran"  # type: ignore[index]
        if "anchor" in decision:  # type: ignore[operator]
            return
        if self.phase_of[g.phase].go_on(g, UNRECORDED, decision["step"], fired, was_ending) == "skip":  # type: ignore[index]
            self.end_phase(g)

    def open_tests(self) -> dict[str, Callable]:
        """What keeps a phase open, tested on the kernel's state, under the names (and with the
        arguments) engine/obligations.py's completion calls them."""
        # the engine's own tests on this state: a pending step's (legal.step_waits) asked with the
        # kernel's listing
        return {"ability_keeps_open": ability_keeps_open,
                "draw_keeps_open": draw_keeps_open, "may_harvest": may_harvest, "move_keeps_open": move_keeps_open,
                "step_waits": partial(step_waits, listing=self.listing)}

    def may_harvest(self, g: State, seat: int) -> bool:
        """`seat` may harvest one of their fields now: lasting.may_harvest itself, on the
        kernel's state (the constraints in force are the engine's entries, seats for names)."""
        return may_harvest(g, self.rs, seat)

    def settle(self, g: State) -> None:
        ph = self.phase_of[g.phase]
        if ph.plant_max is not None and g.planted < ph.plant_max and g.hands[g.active]:
            return
        if ph.complete(g):
            self.end_phase(g)

    def finish(self, g: State) -> None:
        g.proposals.clear()
        if self.tally is not None:
            self.tally.decide(g)  # who first reached the target, before the final harvest
        for step in self.at_end:
            step(g, UNRECORDED)
        g.over = True

    # -- scores --------------------------------------------------------------------------------
    def scores(self, g: State) -> list[int]:
        return [sum(term(g, {"player": p}) for term in self.score_terms) for p in range(self.n)]

    def winners(self, g: State) -> list[int]:
        if not g.over:
            return []
        if g.winners is not None:  # fixed as the end came (kernel/tally.py)
            return list(g.winners)
        if self.winner_highest is None:
            return []
        score = self.scores(g)
        tied = _best(list(range(self.n)), score, self.winner_highest)
        for key, highest in self.tie_breaks:
            if len(tied) == 1 or key is None:
                break
            tied = _best(tied, [key(g, {"player": p}) if p in tied else 0 for p in range(self.n)], highest)
        return tied


def _harvest(rs: Ruleset, n: int) -> Callable[[State, int, int], None]:
    """harvesting.do_harvest on the kernel's state: the engine's harvester, handed the engine's
    harvest action of the seat's field (interned, as the engine's listings hand them out)."""
    harvest_field, rows = harvester(rs), tuple(harvests(seat) for seat in range(n))  # type: ignore[arg-type]

    def harvest(g: State, seat: int, index: int) -> None:
        try:
            action = rows[seat][index]
        except IndexError:  # more fields than a row holds (interned.ROW)
            action = Harvest(seat, index + 1)
        harvest_field(g, action)  # (unrecorded, not a step's)
    return harvest


def _best(seats: list[int], value: list[int], highest: bool) -> list[int]:
    among = [value[p] for p in seats]
    target = max(among) if highest else min(among)
    return [p for p in seats if value[p] == target]
