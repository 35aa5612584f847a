"""What one player may know when the game asks them to act: the bots' only window on a game.

A bot (engine/bots.py) is handed a Seat, never the Game: the public state as Game.view(player)
shows it (fields, the offer, the discard pile, the open proposals, whose turn and which phase,
the constraints in force), the player's own zones (hand, set-aside cards, the number of their
coins), the rules, and the engine's answers about legality (the listed legal actions, the
one-card proposals and the gifts among them). A bot picks among those, never an action of its
own making. The deck, other players' hands and anything else the view replaces by a count are
not there.

Every accessor reads only what Game.view(player) shows (tests/engine/test_bot_views.py: a
bot's Seat over a state whose hidden zones raise when read plays every shipped spec to the
end, and each accessor equals the view's entry). A Seat follows its game: it reads the live
state, so one Seat per player serves a whole game (play_out keeps them).
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable

from .actions import (Action, BuyField, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose,
                      Respond, UseAbility)
from .errors import Stalled
from .harvesting import coins_for, harvestable, run_length
from .kinds import same_type, type_of
from .legal import tradeable_zones, where
from .planting import auto_field
from .proposal_space import Proposals
from .ruleset import Ruleset
from .view import shows

# The kinds of action a bot tells apart, numbered as the playout kernel numbers its action
# tuples (kernel/bots.py checks that they agree), so that one bot reads either engine's seat.
PLANT, END, HARVEST, BUY, PROPOSE, RESPOND, MOVE, CHOOSE, USE, DRAW = 0, 1, 2, 3, 4, 5, 6, 7, 8, 12
_KIND = {Plant: PLANT, EndPhase: END, Harvest: HARVEST, BuyField: BUY, Propose: PROPOSE, Respond: RESPOND,
         MoveCard: MOVE, Choose: CHOOSE, UseAbility: USE, DrawCard: DRAW}


# The zones a seat reads, and whether as the player's own (the others are shared).
READ_ZONES = (("offer", False), ("discard", False), ("hand", True), ("field", True), ("set-aside", True))


class Unseen(LookupError):
    """A bot asked its seat for cards its player may not see."""


class Seat:
    """One player's seat at a game: what they see, the rules, what they may do.

    Public state: `players`, `turn`, `phase`, `active`, `over`, `deciding` (a decision waits),
    `bid` (the auction the player is asked to bid in),
    `proposals` (the open ones), `lasting` (whether a constraint laid down for a while holds),
    `offer`, `discard`. Their own zones: `hand`, `fields`, `set_aside`, `coin_count`. A zone
    that the rules keep from the player (engine/view.py: a hidden offer, a hand its owner may not
    see) raises Unseen when read. The rules: `rules`. Legality: `actions()` (the legal actions but proposals),
    `count_proposals()` and `proposal(n)` (the one-card proposals, counted at once and built one
    at a time), `gifts()` (the listed gifts, by partner, zone and bean), `legal(trades)`,
    `harvestable(legal)`; `stalled(message)` is the error a bot raises
    when asked to act with nothing legal to do.

    Below them, the words a bot needs to read this engine's actions, beans and rules
    (`kind(action)`, `planted(action)`, `harvest(i, legal)`, `same(a, b)`, `coins_for(field)`,
    …): kernel/bots.py's KSeat has the same words for the kernel's integer beans and action
    tuples, so one bot (engine/bots.py) plays on both engines."""

    __slots__ = ("player", "rules", "_state", "_seat", "_listed", "_proposals", "_where", "_space", "_unseen")
    kind = staticmethod(lambda action: _KIND[type(action)])

    def __init__(self, player: str, rules: Ruleset, state: Any, listed: Callable[[str, bool], list[Action]],
                 proposals: Callable[[str], Proposals], where: Callable[[], dict]):
        self.player = player
        self.rules = rules
        self._state = state  # read here only where Game.view(player) shows it
        self._seat = state.seat_of[player]  # where the state keeps the player's zones
        self._listed = listed
        self._proposals = proposals
        self._where = where
        self._space: Proposals | None = None  # the proposals count_proposals counted
        # the zones read here that a variant's rules may keep from the player (engine/view.py)
        self._unseen = frozenset(zone for zone, own in READ_ZONES if not shows(rules, zone, own))

    @classmethod
    def of(cls, game: Any, player: str) -> "Seat":
        """The seat of `player` at `game` (an engine.Game), reading its live state."""
        return cls(player, game.ruleset, game.state, game.listed, game.proposals,
                   lambda: where(game.state, game.ruleset))

    @property
    def named(self) -> str:
        """The player, as an error names them."""
        return self.player

    # -- the public state ------------------------------------------------------------------
    players = property(attrgetter("_state.players"))
    turn = property(attrgetter("_state.turn"))
    phase = property(attrgetter("_state.phase"))
    @property
    def active(self) -> str:
        """The player whose turn it is, by name (as `player`)."""
        return self._state.players[self._state.active]
    over = property(attrgetter("_state.over"))
    proposals = property(attrgetter("_state.proposals"), doc="The open proposals, as the state JSON writes them")
    @property
    def deciding(self) -> bool:
        """A decision waits (the view shows whose and its options; the legal actions are its answers)."""
        return self._state.decision is not None

    @property
    def bid(self) -> dict | None:
        """The auction this player is asked to bid in now, as the view shows it (the lot; in an
        open auction the highest bid and who made it), or None."""
        decision = self._state.decision
        return decision.get("bid") if decision is not None and decision["player"] == self.player else None

    @property
    def lasting(self) -> bool:
        """A constraint laid down for a while holds (the view lists them)."""
        return bool(self._state.lasting)

    @property
    def offer(self) -> list[str]:
        return self._shown("offer", self._state.offer)

    @property
    def discard(self) -> list[str]:
        return self._shown("discard", self._state.discard)

    # -- the player's own zones ------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        return self._shown("hand", self._state.hands[self._seat])

    @property
    def fields(self) -> list[list[str]]:
        """The player's fields, then the fields of the table a rule lets them plant into or
        harvest (engine/zones.py), which the bot weighs as its own."""
        own = self._shown("field", self._state.fields[self._seat])
        if not self.rules.zone_rules:
            return own
        return own + [self._state.zones[name] for name in self._table_fields()]

    def _table_fields(self) -> list[str]:
        return list(dict.fromkeys(rule.zone for rule in self.rules.zone_rules))

    def _field_index(self, field: int | str) -> int:
        """The 0-based place in `fields` of a field a plant or harvest names."""
        if type(field) is int:
            return field - 1
        return len(self._state.fields[self._seat]) + self._table_fields().index(field)

    @property
    def set_aside(self) -> list[str]:
        return self._shown("set-aside", self._state.set_aside[self._seat])

    @property
    def coin_count(self) -> int:
        return len(self._state.coins[self._seat])  # a player always counts their own coins

    def _shown(self, zone: str, cards: Any) -> Any:
        if zone in self._unseen:
            raise Unseen(f"{self.player} may not see the cards of the {zone} (its zone rule)")
        return cards

    # -- legality: the engine's answers -----------------------------------------------------
    def actions(self) -> list[Action]:
        """The player's legal actions now but proposals (Game.listed: the engine's own list,
        not to be changed)."""
        return self._listed(self.player, False)

    def count_proposals(self) -> int:
        """How many one-card proposals legal_actions lists now (counted, not built)."""
        space = self._space = self._proposals(self.player)
        return space.count

    def proposal(self, n: int) -> Action:
        """The n-th of the proposals count_proposals counted (built now, applied next)."""
        return self._space[n]  # type: ignore[index]

    def gifts(self) -> dict[tuple[str, str, str], Action]:
        """The gifts (one card for nothing) the player's legal actions list now, by (partner,
        zone, bean): a bot gives only one of these, never one it made up."""
        return {(a.to, a.give[0].zone, a.give[0].bean): a for a in self._proposals(self.player).gifts()}

    def legal(self, trades: bool = True) -> list[Action]:
        """The player's legal actions now, proposals included unless trades=False."""
        return list(self._listed(self.player, trades))

    def harvestable(self, legal: list[Action] | None = None) -> list[int]:
        """The 0-based fields the player may harvest now: read off their fields by the rules of
        harvesting, unless a constraint (laid down for a while, or by condition) changes what is
        legal and `legal` is given; then the listed harvests."""
        if legal is None or not (self._state.lasting or self.rules.standing or self.rules.zone_rules):
            return harvestable(self._state, self.rules, self._seat)
        return [self._field_index(a.field) for a in legal if type(a) is Harvest]

    def stalled(self, message: str) -> Exception:
        return Stalled(message, self._where())

    # -- the rules, in this engine's words -----------------------------------------------------
    @property
    def trading(self) -> bool:
        """The phase trades."""
        return self.rules.phase(self._state.phase).trade is not None

    def same(self, a: str, b: str) -> bool:
        return same_type(self.rules, a, b)

    def type_of(self, bean: str) -> str:
        return type_of(self.rules, bean)

    def coins_for(self, field: list[str]) -> int:
        return coins_for(self.rules, field)

    def run_length(self, field: list[str]) -> int:
        return run_length(self.rules, field)

    def top_step(self, bean: str) -> int:
        """The most a field of this bean pays (its beanometer's top step)."""
        return max(self.rules.payout[bean])

    def auto_field(self, bean: str) -> int | None:
        """The 0-based field of the player's that takes `bean` (planting.auto_field)."""
        return auto_field(self.rules, self._state.fields[self._seat], bean)

    @property
    def unplantable(self) -> Any:
        return self.rules.unplantable

    @property
    def tradeable(self) -> tuple[bool, bool]:
        """(offer cards, hand cards) may be traded."""
        return tradeable_zones(self.rules)

    @property
    def buy_cost(self) -> int | None:
        """A field's price, where a rule lets players buy one."""
        buy = self.rules.permits.get(BuyField)
        return None if buy is None else buy.cost

    @property
    def fields_dealt(self) -> int:
        return self.rules.fields

    def discards_bounded(self) -> bool:
        """Every rule that permits a discard now limits how many."""
        phase = self._state.phase
        return all(r.most is not None for r in self.rules.permits.get(MoveCard, ()) if r.verb == "discards" and r.phase in (None, phase))

    # -- actions, in this engine's words -------------------------------------------------------
    def planted(self, action: Plant) -> tuple[int, str]:
        """(0-based place in `fields`, bean) of a listed plant."""
        return self._field_index(action.field), action.bean  # type: ignore[arg-type,return-value]

    @staticmethod
    def response(action: Respond) -> tuple[str, Any]:
        """(verb, the proposal's number)."""
        return action.verb, action.target

    @staticmethod
    def use_size(action: UseAbility) -> int:
        """How many choices a use of an ability makes."""
        return len(action.choices)

    @staticmethod
    def moved(action: MoveCard) -> tuple[str, str | None, int | None]:
        """(verb, bean, position) of a permitted move."""
        return action.verb, action.bean, action.position

    @staticmethod
    def option(action: Choose) -> str:
        return action.option

    def harvest(self, index: int, legal: list[Action]) -> Action:
        """The harvest of the 0-based field: the listed action (applied without the re-check)."""
        own = len(self._state.fields[self._seat])
        field = index + 1 if index < own else self._table_fields()[index - own]
        return _listed(legal, Harvest(self.player, field))

    def reject(self, target: Any, responses: list[Action]) -> Action:
        return _listed(responses, Respond(self.player, "rejects", target))

    def proposal_terms(self, target: Any) -> tuple[list[str], list[str], bool]:
        """An open proposal's (beans it gives, beans it asks for, whether it names every bean asked)."""
        proposal = next(p for p in self._state.proposals if p["id"] == target)
        take = proposal["take"]
        return [r["bean"] for r in proposal["give"]], [r["bean"] for r in take if r.get("bean")], \
            all(r.get("bean") for r in take)


def _listed(legal: list[Action], action: Action) -> Action:
    """The listed action equal to `action` (the very object: Game.apply carries out an action
    it has just listed without the full re-check), else `action` itself, checked in full."""
    for candidate in legal:
        if candidate == action:
            return candidate
    return action
