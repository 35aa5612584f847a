"""What one player may know when the game asks them to act: the bots' only window on a game.

A bot (engine/bots.py) is handed a Seat, never the Game: the public state as Game.view(player)
shows it (fields, the offer, the discard pile, the open proposals, whose turn and which phase,
the constraints in force), the player's own zones (hand, set-aside cards, the number of their
coins), the rules, and the engine's answers about legality (the listed legal actions, the
one-card proposals, whether a constraint in force forbids an action). The deck, other players'
hands and anything else the view replaces by a count are not there.

Every accessor reads only what Game.view(player) shows (tests/engine/test_bot_views.py: a
bot's Seat over a state whose hidden zones raise when read plays every shipped spec to the
end, and each accessor equals the view's entry). A Seat follows its game: it reads the live
state, so one Seat per player serves a whole game (play_out keeps them).
"""
from __future__ import annotations

from typing import Any, Callable

from .actions import Action, Harvest
from .harvesting import harvestable
from .proposal_space import Proposals
from .ruleset import Ruleset


class Seat:
    """One player's seat at a game: what they see, the rules, what they may do.

    Public state: `players`, `turn`, `phase`, `active`, `over`, `deciding` (a decision waits),
    `proposals` (the open ones), `lasting` (whether a constraint laid down for a while holds),
    `offer`, `discard`, `fields_of(p)`. Their own zones: `hand`, `fields`, `set_aside`,
    `coin_count`. The rules: `rules`. Legality: `legal(trades)`, `proposal_space()`,
    `forbidden(action)`, `harvestable(legal)`; `stalled(message)` is the error a bot raises
    when asked to act with nothing legal to do."""

    __slots__ = ("player", "rules", "_state", "_listed", "_proposals", "_forbidden", "_where")

    def __init__(self, player: str, rules: Ruleset, state: Any, listed: Callable[[str, bool], list[Action]],
                 proposals: Callable[[str], Proposals], forbidden: Callable[[Action], bool],
                 where: Callable[[], dict]):
        self.player = player
        self.rules = rules
        self._state = state  # read here only where Game.view(player) shows it
        self._listed = listed
        self._proposals = proposals
        self._forbidden = forbidden
        self._where = where

    @classmethod
    def of(cls, game: Any, player: str) -> "Seat":
        """The seat of `player` at `game` (an engine.Game), reading its live state."""
        from .legal import where

        def forbidden(action: Action) -> bool:
            state = game.state
            if not state.lasting:
                return False
            from .lasting import forbidding
            return forbidding(state, game.ruleset, action) is not None

        return cls(player, game.ruleset, game.state, game.listed, game.proposals, forbidden,
                   lambda: where(game.state, game.ruleset))

    # -- the public state ------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return self._state.players

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def active(self) -> str:
        return self._state.active

    @property
    def over(self) -> bool:
        return self._state.over

    @property
    def deciding(self) -> bool:
        """A decision waits (the view shows whose and its options; the legal actions are its answers)."""
        return self._state.decision is not None

    @property
    def proposals(self) -> list[dict]:
        """The open proposals, as the state JSON writes them (public: made at the table)."""
        return self._state.proposals

    @property
    def lasting(self) -> bool:
        """A constraint laid down for a while holds (the view lists them)."""
        return bool(self._state.lasting)

    @property
    def offer(self) -> list[str]:
        return self._state.offer

    @property
    def discard(self) -> list[str]:
        return self._state.discard

    def fields_of(self, player: str) -> list[list[str]]:
        return self._state.fields[player]

    # -- the player's own zones ------------------------------------------------------------
    @property
    def hand(self) -> list[str]:
        return self._state.hands[self.player]

    @property
    def fields(self) -> list[list[str]]:
        return self._state.fields[self.player]

    @property
    def set_aside(self) -> list[str]:
        return self._state.set_aside[self.player]

    @property
    def coin_count(self) -> int:
        return len(self._state.coins[self.player])

    # -- legality: the engine's answers -----------------------------------------------------
    def legal(self, trades: bool = True) -> list[Action]:
        """The player's legal actions now (Game.listed: the engine's own list, not to be changed;
        trades=False leaves proposals out)."""
        return self._listed(self.player, trades)

    def proposal_space(self) -> Proposals:
        """The one-card proposals legal_actions lists, counted at once, built one at a time."""
        return self._proposals(self.player)

    def forbidden(self, action: Action) -> bool:
        """A constraint in force forbids this action of the player (an action the bot made up
        rather than took from the listing)."""
        return self._forbidden(action)

    def harvestable(self, legal: list[Action] | None = None) -> list[int]:
        """The 0-based fields the player may harvest now: read off their fields by the rules of
        harvesting, unless a constraint (laid down for a while, or by condition) changes what is
        legal and `legal` is given; then the listed harvests."""
        if legal is None or not (self._state.lasting or self.rules.standing):
            return harvestable(self._state, self.rules, self.player)
        return [a.field - 1 for a in legal if type(a) is Harvest]

    def stalled(self, message: str) -> Exception:
        from .errors import Stalled
        return Stalled(message, self._where())
