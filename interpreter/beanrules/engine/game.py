"""The public game API (docs/engine-contract.md): Game, legal actions, apply, views."""
from __future__ import annotations

from typing import Any

from ..diagnostics import did_you_mean
from .actions import Action, BuyField, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose, Respond, UseAbility
from .answering import answers
from . import abilities, triggers
from .buying import buy_refusal, do_buy
from . import card_moves, decisions, draw_moves, hotpath, lasting, requirements, trace, windows, zones
from .errors import IllegalAction, game_over
from .eventlog import UNRECORDED
from .flow import end_phase, reached_target, resume, start
from .harvesting import do_harvest, settle, table_refusal
from .listers import harvest_refusal
from .kinds import same_type
from .legal import legal_actions, waiting_for, waits_only_for_abilities
from .notation import parse_action
from .planting import check_plant, do_plant, pending_cards, pending_zones
from .proposal_space import NO_PROPOSALS, Proposals
from .compiler import compile_ruleset
from .ruleset import Ruleset
from .scoring import scores, winners
from .setup import new_state, partial_state
from .state import State
from .trading import add_proposal, check_propose, check_respond, do_respond, follow, refollow
from .view import view

def _suggest(word: str, candidates: tuple[str, ...]) -> str:
    hint = did_you_mean(word, candidates)
    return f"; {hint}" if hint else ""




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
        self.ruleset: Ruleset = compile_ruleset(model, len(names))
        self.state: State = new_state(self.ruleset, names, seed)
        self.actions: list[Action] = []  # the applied actions: the game record
        self.trace: list[list[dict]] = []  # each applied action's events (records hash them)
        self.start_events: list[dict] = []
        self.traced = True  # False once an action was applied with keep_events=False: no trace
        self.plan = hotpath.plan_for(self.ruleset)  # the per-phase closures of the hot path
        self.listing: tuple[State, list[Action]] | None = None  # the last listed actions (hotpath.listed)
        self.offered: tuple[State, Proposals] | None = None  # the last proposals built (Game.proposals)
        self.kept: dict[tuple[str, bool], tuple[list[Action], bool]] | None = None  # see keep_listings
        start(self.state, self.ruleset, self.start_events, self.plan.steps)
        if trace.active() is not None:
            trace.note(model, None, self.start_events)

    @classmethod
    def _wrap(cls, model: dict, state: State) -> "Game":
        game = cls.__new__(cls)
        game.model = model
        game.ruleset = compile_ruleset(model, len(state.players))
        game.state = state
        game.actions = []
        game.trace = []
        game.start_events = []
        game.traced = True
        game.plan = hotpath.plan_for(game.ruleset)
        game.listing = None
        game.offered = None
        game.kept = None
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
        expected = zones.initial(game.ruleset.declared, loaded.players)
        if (expected is None) != (loaded.zones is None) or set(expected or ()) != set(loaded.zones or ()) \
                or any(isinstance(expected[k], dict) != isinstance(v, dict) for k, v in (loaded.zones or {}).items()):
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
        re-check (engine/hotpath.py)."""
        return list(self.listed(player, trades))  # a copy: what the caller does with it widens nothing

    def listed(self, player: str, trades: bool = True) -> list[Action]:
        """legal_actions itself, not a copy, for the engine's own bots, which must not change it."""
        kept = self.kept
        if kept is not None:
            hit = kept.get((player, trades))
            if hit is not None:  # listed for this very state (keep_listings): no change since
                self.listing = (self.state, hit[0]) if hit[1] else None
                return hit[0]
        state = self.state
        if state.decision is not None and not state.over:  # answers the rules let be given
            self.listing = None
            out = answers(state, self.ruleset, player)
        elif state.over or state.lasting or player not in state.hands:
            self.listing = None  # a listing a lasting constraint shapes
            out = legal_actions(state, self.ruleset, player, trades)
        else:
            out = self.plan.by_id[state.phase].lister(state, player, trades)
            self.listing = (state, out)
        if kept is not None:
            kept[(player, trades)] = (out, self.listing is not None)
        return out

    def keep_listings(self) -> None:
        """From now on, listed() answers a second ask for the same player (and trades) from
        the first until the next action is applied, which forgets them all. For a loop that
        alone changes the state, by apply (checks/invariants.py: the check that everyone the
        game waits for has a legal action lists them, and the bot then picks from the same
        list); a state changed any other way would be answered from a stale listing."""
        self.kept = {}

    def proposals(self, player: str) -> Proposals:
        """The one-card proposals of `player` now, in the order legal_actions(player) lists
        them, counted at once and built one at a time (there are hundreds; a bot picks one).
        Empty outside a phase that trades, while a decision waits, or once the game is over.
        Applied right after, before anything else, a proposal built here is carried out
        without the full re-check (engine/hotpath.py). While a constraint holds (one laid
        down for a while, or one by condition), which may forbid some, they are those
        legal_actions lists, checked in full."""
        state, rs = self.state, self.ruleset
        if state.over or state.decision is not None or player not in state.hands \
                or not rs.phases[rs.phase_index[state.phase]].trade:
            return NO_PROPOSALS
        if state.lasting or rs.standing:  # a constraint may forbid some: those legal_actions lists, checked in full
            self.offered = None
            listed = [a for a in legal_actions(state, rs, player, True) if type(a) is Propose]
            return Proposals((len(listed), listed.__getitem__))
        space = Proposals(self.plan.proposals(state, player))
        self.offered = (state, space)
        return space

    def who_may_act(self) -> set[str]:
        return {p for p in self.state.players if legal_actions(self.state, self.ruleset, p, True)}

    def waiting_for(self) -> list[str]:
        """Players whose decision the game needs to move on, most urgent first."""
        return waiting_for(self.state, self.ruleset)

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
        state, rs, plan = self.state, self.ruleset, self.plan
        listing, offered = self.listing, self.offered
        self.listing = self.offered = None  # a listing (and the proposals built) hold until the next action
        if self.kept is not None:
            self.kept = {}
        events: list[dict] = [] if keep_events else UNRECORDED
        # Every branch checks completely before it changes anything; a requirement (the hand
        # limit) is checked after the action's own change, which is undone if it breaks one.
        # cards open proposals name by position, followed through the action (trading.follow)
        followed = follow(state) if state.proposals else None
        saved = requirements.snapshot(state) if rs.requirements else None
        window = state.decision if plan.windows and windows.is_window(state.decision) else None
        move = None  # listed for this state just now: legal, so no re-check (engine/hotpath.py)
        if listing is not None and listing[0] is state:
            for candidate in listing[1]:
                if candidate is action:
                    move = plan.trusted.get(type(action))
                    break
        if move is None and offered is not None and offered[0] is state:
            for candidate in offered[1].built:  # one of the proposals handed out for this state
                if candidate is action:
                    move = plan.trusted.get(Propose)
                    break
        if move is None or not move(state, action, events):
            self._checked_move(action, events)
        if saved is not None:
            broken = requirements.newly_broken(state, rs, saved)
            if broken is not None:
                requirements.restore(state, saved)
                raise IllegalAction(broken.ref, f"{action.player} may not: '{action.notation()}' would "
                                                f"break '{broken.ref.text}'")
        if plan.settles and not state.over:  # what follows any action under these rules
            if rs.at_any_time:
                settle(state, rs, events)
            if rs.marks is not None:
                reached_target(state, rs, events)
        if plan.windows and window is None and type(action) is not Choose and state.decision is None \
                and not state.over:  # the owners of abilities used in any turn may use them now
            windows.offer(state, rs, action.player)
        if not state.over and plan.by_id[state.phase].complete(state):  # the phase has nothing left to do
            end_phase(state, rs, events, plan.steps)
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

    def _checked_move(self, action: Action, events: list) -> None:
        """Check `action` completely, then carry it out (IllegalAction: state untouched)."""
        state, rs = self.state, self.ruleset
        if action.player not in state.hands:
            raise IllegalAction(None, f"no player named {action.player}")
        kind = type(action)
        if state.decision is not None and kind is not Choose and not windows.may_answer(state.decision, action):
            # only its answer moves the game on
            decision = state.decision
            raise IllegalAction(rs.cite(decision["rule"]), f"the game waits for {decision['player']} to choose "
                                f"({', '.join(decision['options'])})")
        if (state.lasting or rs.standing) and kind is not Choose:  # constraints by condition (engine/lasting.py)
            refused = lasting.refusal(state, rs, action)
            if refused is not None:
                raise refused
        if kind is Plant:
            if action.bean is not None and action.bean not in rs.bean_counts:
                raise IllegalAction(None, f"there is no bean '{action.bean}' in {rs.rulebook}"
                                    + _suggest(action.bean, rs.beans))
            move = check_plant(state, rs, action)
            do_plant(state, move, events)
            if rs.triggers:  # a card's "when planted" step
                triggers.fire(state, rs, "planted", move.player, move.bean, events,
                              zone=zones.field_list(state, move.player, move.index), field=move.index)
        elif kind is Harvest and isinstance(action.field, str):  # a field of the table (engine/zones.py)
            refusal = table_refusal(state, rs, action.player, action.field)
            if refusal:
                raise refusal
            do_harvest(state, rs, action.player, action.field, events)
        elif kind is Harvest:
            index = action.field - 1 if action.field is not None else self._harvest_index(action)
            refusal = harvest_refusal(state, rs, action.player, index)
            if refusal and (state.lasting or rs.standing):  # a harvest allowed by a condition
                refusal = lasting.harvest_refusal(state, rs, action.player, index, refusal)
            if refusal:
                raise refusal
            do_harvest(state, rs, action.player, index, events)
        elif kind is EndPhase:
            self._check_end(action)
            end_phase(state, rs, events, self.plan.steps)
        elif kind is Propose:
            for ref in action.give + action.take:
                if ref.bean is not None and ref.bean not in rs.bean_counts:
                    raise IllegalAction(None, f"there is no bean '{ref.bean}' in {rs.rulebook}"
                                        + _suggest(ref.bean, rs.beans))
            add_proposal(state, rs, check_propose(state, rs, action), events)
        elif kind is Respond:
            proposal, cards = check_respond(state, rs, action)
            do_respond(state, rs, action, proposal, cards, events)
        elif kind is BuyField:
            refusal = buy_refusal(state, rs, action.player)
            if refusal:
                raise refusal
            do_buy(state, rs, action.player, events)
        elif kind is MoveCard:
            rule, index = card_moves.check(state, rs, action)
            card_moves.do(state, rs, action, rule, index, events)
        elif kind is DrawCard:
            rule = draw_moves.check(state, rs, action)
            draw_moves.do(state, rs, action, rule, events)
        elif kind is Choose:
            refusal = decisions.refusal(state, rs, action)
            if refusal:
                raise refusal
            if windows.is_window(state.decision):  # passing on the abilities it offers
                windows.answered(state, rs, action, None, events)
            else:
                resume(state, rs, action, events)
        elif kind is UseAbility:
            spec, field = abilities.check_use(state, rs, action)
            if windows.may_answer(state.decision, action):  # used in the window offered to its owner
                windows.answered(state, rs, action, lambda: abilities.do_use(state, rs, action, spec, field, events),
                                 events)
            else:
                abilities.do_use(state, rs, action, spec, field, events)
        else:
            raise TypeError(f"not an action: {action!r}")

    def _harvest_index(self, action: Harvest) -> int:
        """The field a harvest by bean names (apply handles a harvest by field number)."""
        fields = self.state.fields[action.player]
        holding = [i for i, f in enumerate(fields) if f and same_type(self.ruleset, f[-1], action.bean)]
        if action.bean not in self.ruleset.bean_counts:
            raise IllegalAction(None, f"there is no bean '{action.bean}' in {self.ruleset.rulebook}"
                                + _suggest(str(action.bean), self.ruleset.beans))
        if not holding:
            raise IllegalAction(self.ruleset.harvest.whole_ref, f"no field of {action.player} holds {action.bean}")
        if len(holding) > 1:
            raise IllegalAction(None, f"{action.player} has {action.bean} in fields "
                                      f"{', '.join(str(i + 1) for i in holding)}; say which")
        return holding[0]

    def _check_end(self, action: EndPhase) -> None:
        state, rs = self.state, self.ruleset
        if state.over:
            raise game_over(rs)
        ph = rs.phase(state.phase)
        player = action.player
        if rs.draws and action.what == "phase":  # not while a draw is owed (engine/draw_moves.py)
            refused = draw_moves.end_refusal(state, rs, player)
            if refused is not None:
                raise refused
        front, every = ph.listers.front, ph.listers.every
        if front is not None and action.what in ("phase", "planting"):
            if player != state.active:
                raise IllegalAction(front.ref, f"only the active player ({state.active}) ends planting")
            if state.planted < front.least and state.hands[player] \
                    and not lasting.waived(state, rs, player, legal_actions(state, rs, player)) \
                    and not (rs.abilities and abilities.front_lapses(state, rs, player)):
                raise IllegalAction(front.ref, f"{player} must plant at least {front.least} "
                                               f"card{'s' if front.least > 1 else ''} from hand first")
            return
        if ph.trade and action.what in ("phase", "trading"):
            if player != state.active:
                raise IllegalAction(ph.ender or ph.trade.permit,
                                    f"only the active player ({state.active}) ends trading")
            return
        if action.what == "phase" and ((rs.moves and card_moves.waits_only_for_moves(state, ph))
                                       or (rs.abilities and waits_only_for_abilities(state, rs))):
            if player != state.active:
                raise IllegalAction(None, f"only the active player ({state.active}) ends phase {ph.id}")
            return
        if every and action.what == "phase":
            for step in every:
                if step.optional:
                    continue
                owed = [p for p in state.players if (step.who == "everyone" or p == state.active)
                        and step.zone in pending_zones(ph, state, p) and pending_cards(state, step.zone, p)]
                if owed:
                    raise IllegalAction(step.ref, f"{', '.join(owed)} must still plant their "
                                                  f"{step.zone} cards")
            if player == state.active and any(s.optional and s.anyone_has(state) for s in every):
                return  # "may plant": whatever is left stays (and is dealt with as the phase ends)
        if rs.draws and action.what == "phase" and draw_moves.rule_now(state, rs) is not None:
            return  # the player gives up drawing (end_refusal found nothing owed)
        raise IllegalAction(None, f"{player} cannot end {action.what} in phase {ph.id}")
