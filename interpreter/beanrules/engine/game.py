"""The public game API (docs/engine-contract.md): Game, legal actions, apply, views."""
from __future__ import annotations

from typing import Any

from .actions import Action, Choose, Propose
from .errors import IllegalAction
from .answering import answers
from . import acting, decisions, lasting, requirements, trace, transitions, windows
from .eventlog import UNRECORDED
from .flow import end_phase, reached_target, start
from .harvesting import settle
from .legal import legal_actions, listings, proposal_space, waiting_for
from .notation import parse_action
from .proposal_space import NO_PROPOSALS, Proposals
from .compiler import compile_ruleset
from .ruleset import Ruleset
from .scoring import scores, winners
from .setup import new_state, partial_state
from .state import State, per_player
from .trading import follow, refollow
from .view import view


DEFAULT_NAMES = ("Anna", "Natalie", "Greg", "Maria", "Paul", "Lena", "Tom", "Sofia", "Jonas", "Ida")


def default_players(n: int) -> list[str]:
    if not 1 <= n <= len(DEFAULT_NAMES):
        raise ValueError(f"between 1 and {len(DEFAULT_NAMES)} players, not {n}")
    return list(DEFAULT_NAMES[:n])


class Game:
    """One game of the rules in a rule model.

    Game(model, players=["Anna", "Natalie", "Greg"], seed=7) shuffles and deals (the first
    name is the start player) and runs the automatic steps up to the first decision.
    """

    def __init__(self, model: dict, players: list[str] | int = 3, seed: int | str = 0):
        names = default_players(players) if isinstance(players, int) else list(players)
        self.model = model
        self._rules(compile_ruleset(model, len(names)))
        self.state: State = new_state(self.ruleset, names, seed)
        self.actions: list[Action] = []  # the applied actions: the game record
        self.trace: list[list[dict]] = []  # each applied action's events (records hash them)
        self.start_events: list[dict] = []
        self.traced = True  # False once an action was applied with keep_events=False: no trace
        start(self.state, self.ruleset, self.start_events, self._steps)
        if trace.active() is not None:
            trace.note(model, None, self.start_events)

    def _rules(self, rs: Ruleset) -> None:
        """Play by `rs`: its closures, compiled once per ruleset (whom each phase lists what for,
        the phase transitions, carrying out an action checked or as listed), and no listing
        held over from other rules."""
        self.ruleset = rs
        self._listings = listings(rs)  # the phase's listing of legal actions (legal.listings)
        self._steps = steps = transitions.of(rs)  # the end test, entering and completing each phase
        # whether a phase has nothing left to do, by its id (asked after every action)
        self._complete = {ph.id: steps.complete[ph.index] for ph in rs.phases}
        self._checked, self._as_listed = acting.movers(rs)  # carrying out an action, in either mode
        # whether something follows every action: harvests the rules make, a target reached
        self._settles = bool(rs.at_any_time) or bool(rs.target_ends)
        self._windows = windows.opens(rs)  # an action may open a window for abilities used in any turn
        self._proposal_space = proposal_space(rs)  # the one-card proposals, counted, built one at a time
        self._listing: tuple[State, list[Action]] | None = None  # the last listed actions, for their state
        self._offered: tuple[State, Proposals] | None = None  # the last proposals built (Game.proposals)
        self._kept: dict[tuple[str, bool], tuple[list[Action], bool]] | None = None  # see keep_listings

    @classmethod
    def _wrap(cls, model: dict, state: State) -> "Game":
        game = cls.__new__(cls)
        game.model = model
        game._rules(compile_ruleset(model, len(state.players)))
        game.state = state
        game.actions = []
        game.trace = []
        game.start_events = []
        game.traced = True
        return game

    @classmethod
    def from_state(cls, model: dict, state: dict[str, Any]) -> "Game":
        """Any full state (state_json() output); no automatic step runs."""
        loaded = State.from_json(state)
        game = cls._wrap(model, loaded)
        if loaded.phase not in game.ruleset.phase_index:
            raise ValueError(f"unknown phase '{loaded.phase}'")
        decisions.check_loaded(loaded, game.ruleset)
        requirements.check_start(loaded, game.ruleset)  # a hand past the hand limit: no game holds it
        unknown = [e["says"] for e in loaded.lasting if e["says"] not in game.ruleset.lastings]
        if unknown:
            raise ValueError(f"state.lasting: these rules lay down no constraint '{unknown[0]}'")
        expected = game.ruleset.declared.initial_zones(len(loaded.players))
        if (expected is None) != (loaded.zones is None) or set(expected or ()) != set(loaded.zones or ()) \
                or any(per_player(expected[k]) != per_player(v) for k, v in (loaded.zones or {}).items()):
            raise ValueError("state.zones must hold exactly the zones the rules declare: "
                             + (", ".join(expected) if expected else "none"))
        return game

    @classmethod
    def from_partial(cls, model: dict, players: list[str], partial: dict[str, Any], seed: int | str = 0) -> "Game":
        """A game from a partial state (conformance cases); see setup.partial_state."""
        rs = compile_ruleset(model, len(players))
        game = cls._wrap(model, partial_state(rs, list(players), partial, seed))
        if trace.active() is not None:
            trace.note(model, "partial", [], state=game.state)
        return game

    # -- reading -----------------------------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """The applied actions in the notation (rendered on demand: cheaper while playing)."""
        return [a.notation() for a in self.actions]

    @property
    def players(self) -> list[str]:
        return list(self.state.players)

    @property
    def is_over(self) -> bool:
        return self.state.over

    def state_json(self) -> dict[str, Any]:
        return self.state.to_json()

    def view(self, player: str | None) -> dict[str, Any]:
        return view(self.state, self.ruleset, player)

    def scores(self) -> dict[str, int]:
        return scores(self.state, self.ruleset)

    def winners(self) -> list[str]:
        return winners(self.state, self.ruleset) if self.state.over else []

    def legal_actions(self, player: str, trades: bool = True) -> list[Action]:
        """Legal actions of `player` now (one-card trade proposals only; trades=False: none).
        Applied right after, before anything else, one of them is carried out without the full
        re-check (engine/acting.py)."""
        return list(self.listed(player, trades))  # a copy: what the caller does with it widens nothing

    def listed(self, player: str, trades: bool = True) -> list[Action]:
        """legal_actions itself, not a copy, for the engine's own bots, which must not change it."""
        kept = self._kept
        if kept is not None:
            hit = kept.get((player, trades))
            if hit is not None:  # listed for this very state (keep_listings): no change since
                self._listing = (self.state, hit[0]) if hit[1] else None
                return hit[0]
        state = self.state
        seat = state.seat_of.get(player)  # the engine lists by seat (docs/architecture.md, "One state")
        if seat is None:  # no player of this game: nothing to do
            self._listing = None
            out = []
        elif state.decision is not None and not state.over:  # answers the rules let be given
            self._listing = None
            out = answers(state, self.ruleset, seat)
        elif state.over or state.lasting:
            self._listing = None  # a listing a lasting constraint shapes
            out = legal_actions(state, self.ruleset, seat, trades)
        else:
            out = self._listings[state.phase](state, seat, trades)
            self._listing = (state, out)
        if kept is not None:
            kept[(player, trades)] = (out, self._listing is not None)
        return out

    def keep_listings(self) -> None:
        """From now on, listed() answers a second ask for the same player (and trades) from
        the first until the next action is applied, which forgets them all. For a loop that
        alone changes the state, by apply (checks/invariants.py: the check that everyone the
        game waits for has a legal action lists them, and the bot then picks from the same
        list); a state changed any other way would be answered from a stale listing."""
        self._kept = {}

    def proposals(self, player: str) -> Proposals:
        """The one-card proposals of `player` now, in the order legal_actions(player) lists
        them, counted at once and built one at a time (there are hundreds; a bot picks one).
        Empty outside a phase that trades, while a decision waits, or once the game is over.
        Applied right after, before anything else, a proposal built here is carried out
        without the full re-check (engine/acting.py). While a constraint holds (one laid
        down for a while, or one by condition), which may forbid some, they are those
        legal_actions lists, checked in full."""
        state, rs = self.state, self.ruleset
        seat = state.seat_of.get(player)
        if state.over or state.decision is not None or seat is None \
                or not rs.phases[rs.phase_index[state.phase]].trade:
            return NO_PROPOSALS
        if state.lasting or rs.standing:  # a constraint may forbid some: those legal_actions lists, checked in full
            self._offered = None
            listed = [a for a in legal_actions(state, rs, seat, True) if type(a) is Propose]
            return Proposals((len(listed), listed.__getitem__, None))
        space = Proposals(self._proposal_space(state, seat))
        self._offered = (state, space)
        return space

    def who_may_act(self) -> set[str]:
        players = self.state.players
        return {players[p] for p in range(len(players)) if legal_actions(self.state, self.ruleset, p, True)}

    def waiting_for(self) -> list[str]:
        """Players whose decision the game needs to move on, most urgent first."""
        players = self.state.players
        return [players[p] for p in waiting_for(self.state, self.ruleset)]

    # -- acting ------------------------------------------------------------------------------
    def apply(self, action: Action | str, keep_events: bool = True) -> list[dict]:
        """Apply one action; returns its events. Raises IllegalAction (state untouched) or
        NotationError (for a string that is not an action). keep_events=False (bots, simulation,
        benchmarks): the same play, but no events are kept or returned, and the game has no
        trace for a record (`traced` becomes False)."""
        if trace.active() is None:
            return self._apply(action, keep_events)
        return trace.traced(self, action, lambda taken: self._apply(taken, keep_events))

    def _apply(self, action: Action | str, keep_events: bool) -> list[dict]:
        if type(action) is str:
            action = parse_action(action)
        state, rs = self.state, self.ruleset
        listing, offered = self._listing, self._offered
        self._listing = self._offered = None  # a listing (and the proposals built) hold until the next action
        if self._kept is not None:
            self._kept = {}
        events: list[dict] = [] if keep_events else UNRECORDED
        # Every branch checks completely before it changes anything; a requirement (the hand
        # limit) is checked after the action's own change, which is undone if it breaks one.
        # cards open proposals name by position, followed through the action (trading.follow)
        followed = follow(state) if state.proposals else None
        saved = requirements.snapshot(state) if rs.requirements else None
        window = state.decision if self._windows and windows.is_window(state.decision) else None
        move = None  # listed for this state just now: legal, so no re-check (engine/acting.py)
        if listing is not None and listing[0] is state:
            for candidate in listing[1]:
                if candidate is action:
                    move = self._as_listed.get(type(action))
                    break
        if move is None and offered is not None and offered[0] is state:
            for candidate in offered[1].built:  # one of the proposals handed out for this state
                if candidate is action:
                    move = self._as_listed[Propose]
                    break
        (move or self._checked)(state, action, events)
        if saved is not None:
            broken = requirements.newly_broken(state, rs, saved)
            if broken is not None:
                requirements.restore(state, saved)
                raise IllegalAction(broken.ref, f"{action.player} may not: '{action.notation()}' would "
                                                f"break '{broken.ref.text}'")
        if self._settles and not state.over:  # what follows any action under these rules
            if rs.at_any_time:
                settle(state, rs, events)
            if rs.target_ends:
                reached_target(state, rs, events)
        if self._windows and window is None and type(action) is not Choose and state.decision is None \
                and not state.over:  # the owners of abilities used in any turn may use them now
            windows.offer(state, rs, action.player)
        if not state.over and self._complete[state.phase](state):  # the phase has nothing left to do
            end_phase(state, rs, events, self._steps)
        if state.lasting:
            lasting.expire(state, rs, events)
        if followed:
            refollow(state, followed)
        self.actions.append(action)
        if keep_events:
            self.trace.append(events)
        else:
            self.traced = False
        return events
