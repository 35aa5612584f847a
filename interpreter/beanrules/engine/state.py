"""The game state: zones of bean ids, whose turn, which phase, counters. JSON in and out.

Kept as one mutable object with plain lists and dicts because the game loop mutates it
thousands of times per game; the Game class guarantees that only a fully checked action
mutates it, so a refused action leaves it untouched.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ..model.copying import copy_json  # states are JSON data: a plain copy, no deepcopy memo
from .marked import located, restore

# The order of keys in state_json(): the contract's order (docs/engine-contract.md).
STATE_KEYS = ("rulebook", "players", "start_player", "active", "phase", "turn", "deck", "discard",
              "exhaustions", "offer", "hands", "fields", "set_aside", "coins", "removed",
              "proposals", "planted", "over", "seed", "shuffles", "next_proposal")
_PER_PLAYER = ("hands", "set_aside", "coins")
# Keys a state holds only where its rules declare them (counters, tokens, zones), while a decision
# waits (docs/engine-contract.md), once a card's ability was used this turn, or once a
# permitted move was made: a classic
# game's state JSON has none of them.
OPTIONAL_KEYS = ("counters", "tokens", "decision", "used", "moved", "winners", "lasting", "zones")


@dataclass(slots=True, eq=False)
class State:
    rulebook: str
    # seat order, clockwise: a seat's name (what leaves the state names players); in the fast
    # mode (kernel/machine.py) the seats themselves, so every name <-> seat look-up is the identity
    players: list[str]
    start_player: int  # a seat, as every player the state keeps (docs/architecture.md, "One state")
    active: int
    phase: str
    turn: int
    deck: list[str]  # top first
    discard: list[str]  # last = top
    exhaustions: int
    offer: list[str]
    hands: list[list[str]]  # by seat; front first
    fields: list[list[list[str]]]  # by seat; bottom -> top
    set_aside: list[list[str]]
    coins: list[list[str]]
    removed: list[str]
    proposals: list[dict]
    planted: int  # cards planted from hand in this phase
    over: bool
    seed: int | str  # reshuffle k uses random.Random(f"{seed}:{k}")
    shuffles: int
    next_proposal: int
    # counter -> value (a table counter) or [value by seat] (a per-player one); None: none declared
    counters: dict[str, Any] | None = None
    # token -> holder's seat (None: nobody); None: none declared (never {}: from_json reads {} as None)
    tokens: dict[str, int | None] | None = None
    decision: dict[str, Any] | None = None  # the decision the game waits for (engine/decisions.py)
    used: list = field(default_factory=list)  # [turn, key] of once-per-turn uses (abilities.AbilitySpec.key)
    # How often each permitted move (engine/card_moves.py) or draw by action (engine/draw_moves.py) was
    # made, by rule id: [turn, times]. Kept
    # out of the JSON while empty, so games of rulebooks without such moves keep their states.
    moved: dict[str, list[int]] = field(default_factory=dict)
    # The winners fixed as the end came, where a rule says whoever first reaches a target wins
    # (engine/tally.py); None: the winner rule decides from the final scores.
    winners: list[int] | None = None  # seats
    # Constraints laid down for a while (engine/lasting.py): {"says", "rule", "owner", "until"},
    # kept out of the JSON while nothing lasts.
    lasting: list[dict] = field(default_factory=list)
    # The zones the rules declare besides the standard ones (engine/zones.py): name -> cards
    # (a zone of the table) or [cards by seat] (per_player tells them apart); None: the rules declare none.
    zones: dict[str, Any] | None = None
    # The end test as the deck last ran out (deck._run_out writes it): what a playout reads
    # between run-outs (kernel/machine.py). Not part of the state's JSON: the engine's flow asks
    # the end test itself (engine/transitions.py).
    ending: bool = False
    # A player's name -> seat, bound once per game: where the engine reads a player out of what
    # leaves the state (an action, a proposal, a decision, a lasting entry); {seat: seat} in
    # the fast mode, whose players are its seats.
    seat_of: dict[str, int] | None = None

    def __post_init__(self) -> None:
        if self.seat_of is None:
            self.seat_of = {p: i for i, p in enumerate(self.players)}

    def to_json(self) -> dict[str, Any]:
        # seats become names here: the JSON keys per-player parts by name (docs/engine-contract.md)
        players = self.players
        return {
            "rulebook": self.rulebook, "players": list(players), "start_player": players[self.start_player],
            "active": players[self.active], "phase": self.phase, "turn": self.turn, "deck": list(self.deck),
            "discard": list(self.discard), "exhaustions": self.exhaustions, "offer": list(self.offer),
            "hands": {p: list(h) for p, h in zip(players, self.hands)},
            "fields": {p: [list(f) for f in fs] for p, fs in zip(players, self.fields)},
            "set_aside": {p: list(c) for p, c in zip(players, self.set_aside)},
            "coins": {p: list(c) for p, c in zip(players, self.coins)},
            "removed": list(self.removed), "proposals": copy_json(self.proposals),
            "planted": self.planted, "over": self.over, "seed": self.seed, "shuffles": self.shuffles,
            "next_proposal": self.next_proposal,
        } | self._optional_json()

    def _optional_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        players = self.players
        if self.counters is not None:
            out["counters"] = {name: dict(zip(players, v)) if type(v) is list else v
                               for name, v in self.counters.items()}
        if self.tokens is not None:
            out["tokens"] = {t: None if s is None else players[s] for t, s in self.tokens.items()}
        if self.decision is not None:
            out["decision"] = copy_json(self.decision)
        if self.used:
            out["used"] = [list(u) for u in self.used]
        if self.moved:
            out["moved"] = {k: list(v) for k, v in self.moved.items()}
        if self.winners is not None:
            out["winners"] = [players[s] for s in self.winners]
        if self.lasting:
            out["lasting"] = located(self)  # a card a constraint names: where it lies now (engine/marked.py)
        if self.zones is not None:
            out["zones"] = {name: {p: list(c) for p, c in zip(players, v)} if per_player(v) else list(v)
                            for name, v in self.zones.items()}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        missing = [k for k in STATE_KEYS if k not in data]
        unknown = [k for k in data if k not in STATE_KEYS and k not in OPTIONAL_KEYS]
        if missing or unknown:
            raise ValueError("not a game state: " + "; ".join(
                part for part in (missing and f"missing {', '.join(missing)}",
                                  unknown and f"unknown {', '.join(unknown)}") if part))
        players = [str(p) for p in data["players"]]
        for key in ("hands", "fields", "set_aside", "coins"):
            if set(data[key]) != set(players):
                raise ValueError(f"state.{key} must have one entry per player")
        if data["start_player"] not in players or data["active"] not in players:
            raise ValueError("state.start_player and state.active must be players")
        seat_of = {p: i for i, p in enumerate(players)}
        state = cls(
            rulebook=data["rulebook"], players=players, start_player=seat_of[data["start_player"]],
            active=seat_of[data["active"]], phase=data["phase"], turn=int(data["turn"]),
            deck=list(data["deck"]), discard=list(data["discard"]), exhaustions=int(data["exhaustions"]),
            offer=list(data["offer"]), hands=[list(data["hands"][p]) for p in players],
            fields=[[list(f) for f in data["fields"][p]] for p in players],
            set_aside=[list(data["set_aside"][p]) for p in players],
            coins=[list(data["coins"][p]) for p in players], removed=list(data["removed"]),
            proposals=copy_json(data["proposals"]), planted=int(data["planted"]),
            over=bool(data["over"]), seed=data["seed"], shuffles=int(data["shuffles"]),
            next_proposal=int(data["next_proposal"]),
            # `counters: {}` likewise (rules that declare a counter start every game with it)
            counters=(_counters_by_seat(data["counters"], players) or None) if data.get("counters") is not None else None,
            # `tokens: {}` is read as no tokens (None): rules that declare a token start every
            # game with it (Declared.initial_tokens, engine/declared.py), so only rules that declare none can have an
            # empty mapping (Game.from_state refuses it otherwise, decisions.check_loaded), and
            # for them both say the same: no token is kept, one the state does not keep is the
            # start player's (marks.holder), and no rule passes one (declared._kept_alone). One
            # form, so a loaded state's JSON is a new game's (no `tokens` key) and its kernel
            # differential snapshot (tests/kernel) is as strict as the JSON.
            tokens=(_holders_by_seat(data["tokens"], seat_of) or None) if data.get("tokens") is not None else None,
            decision=copy_json(data["decision"]) if data.get("decision") is not None else None,
            used=[[int(u[0]), str(u[1])] for u in data.get("used", [])],
            moved={str(k): [int(t), int(n)] for k, (t, n) in (data.get("moved") or {}).items()},
            winners=_winners_by_seat(data["winners"], seat_of) if data.get("winners") is not None else None,
            lasting=copy_json(list(data.get("lasting") or [])),
            zones=_zones_by_seat(data["zones"], players) if data.get("zones") is not None else None,
            seat_of=seat_of)
        _check_marks(state)
        restore(state)  # the cards a lasting constraint names, marked again (engine/marked.py)
        return state

    def copy(self) -> "State":
        """A copy to try an action on (the fast mode explores an ability's choices and a
        decision's answers on copies): every zone and what an action changes in place copied;
        a waiting decision and each lasting entry shared (they are replaced, never changed)."""
        other = State.__new__(State)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.deck, other.discard, other.offer, other.removed = \
            list(self.deck), list(self.discard), list(self.offer), list(self.removed)
        other.hands, other.set_aside, other.coins = \
            [list(h) for h in self.hands], [list(z) for z in self.set_aside], [list(c) for c in self.coins]
        other.fields = [[list(f) for f in fs] for fs in self.fields]
        other.proposals = [dict(p) for p in self.proposals]
        other.used = [list(u) for u in self.used]
        other.moved = {k: list(v) for k, v in self.moved.items()}
        other.lasting = list(self.lasting)
        other.tokens = None if self.tokens is None else dict(self.tokens)
        other.counters = None if self.counters is None else \
            {k: list(v) if type(v) is list else v for k, v in self.counters.items()}
        other.zones = None if self.zones is None else \
            {k: [list(c) for c in v] if per_player(v) else list(v) for k, v in self.zones.items()}
        return other

    def card_count(self) -> int:
        """How many cards all zones hold together (a playout's conservation check, per action)."""
        total = len(self.deck) + len(self.discard) + len(self.offer) + len(self.removed)
        for p in range(len(self.players)):
            total += len(self.hands[p]) + len(self.set_aside[p]) + len(self.coins[p])
            total += sum(len(f) for f in self.fields[p])
        if self.zones:
            total += sum(len(cards) for cards in declared_lists(self.zones))
        return total

    def card_counts(self) -> Counter:
        """How many cards of each bean are in all zones together (conservation checks)."""
        # one count over every zone chained (Counter.update per zone costs a call per list)
        declared = declared_lists(self.zones) if self.zones else ()
        return Counter(chain(self.deck, self.discard, self.offer, self.removed, *declared,
                             *(zone for p in range(len(self.players))
                               for zone in (self.hands[p], self.set_aside[p], self.coins[p], *self.fields[p]))))


# What State.copy shares: fixed in a game, or never changed in place (copy() copies the rest)
_SHARED = ("rulebook", "players", "start_player", "active", "phase", "turn", "exhaustions", "planted",
           "over", "seed", "shuffles", "next_proposal", "decision", "winners", "ending", "seat_of")


def per_player(zone: list) -> bool:
    """Whether a declared zone's value is one list of cards per seat (not the table's cards):
    a game has players, so a zone kept per player is never empty, and its entries are lists."""
    return bool(zone) and type(zone[0]) is list


def declared_lists(zones: dict[str, Any]) -> list[list[str]]:
    """Every list of cards of the zones the rules declare (a zone of the table, or per player)."""
    return [cards for value in zones.values() for cards in (value if per_player(value) else (value,))]


def _counters_by_seat(counters: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The JSON's counters with a per-player one ({player: value}) as a list by seat; checked
    by _check_marks (a per-player one naming other players than the game's is refused there)."""
    out: dict[str, Any] = {}
    for name, value in counters.items():
        if isinstance(value, dict):
            if set(value) != set(players):
                raise ValueError(f"state.counters.{name} must be a number, or one number per player")
            value = [value[p] for p in players]
        out[name] = value
    return out


def _holders_by_seat(tokens: dict[str, Any], seat_of: dict[str, int]) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for name, holder in tokens.items():
        if holder is not None and holder not in seat_of:
            raise ValueError(f"state.tokens.{name}: {holder!r} is not a player")
        out[name] = None if holder is None else seat_of[holder]
    return out


def _winners_by_seat(winners: list, seat_of: dict[str, int]) -> list[int]:
    if not all(isinstance(p, str) and p in seat_of for p in winners):
        raise ValueError("state.winners must name players")
    return [seat_of[p] for p in winners]


def _zones_by_seat(zones: dict[str, Any], players: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in zones.items():
        lists = list(value.values()) if isinstance(value, dict) else [value]
        if (isinstance(value, dict) and set(value) != set(players)) or not all(
                isinstance(cards, list) and all(isinstance(c, str) for c in cards) for cards in lists):
            raise ValueError(f"state.zones.{name} must be a list of cards, or one list per player")
        out[name] = [list(value[p]) for p in players] if isinstance(value, dict) else list(value)
    return out


def _check_marks(state: State) -> None:
    """Counters, tokens and a waiting decision of a loaded state are well formed (what they
    name is checked against the rules by Game.from_state)."""
    players = set(state.players)
    for name, value in (state.counters or {}).items():
        values = value if type(value) is list else [value]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ValueError(f"state.counters.{name} must be a number, or one number per player")
    for entry in state.lasting:
        until = entry.get("until") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("says"), str) \
                or not isinstance(entry.get("rule"), str) or entry.get("owner") not in players \
                or not (until is None or (isinstance(until, dict) and isinstance(until.get("turn"), int)
                                          and (until.get("phase") is None or isinstance(until["phase"], str)))):
            raise ValueError("state.lasting holds constraints: says (their words), rule, owner (a player) "
                             "and until (null, or a turn and a phase or null)")
    decision = state.decision
    if decision is None:
        return
    wanted = {"player": str, "options": list, "rule": str, "path": list, "names": dict}
    wrong = [k for k, kind in wanted.items() if not isinstance(decision.get(k), kind)]
    if not isinstance(decision.get("step"), int) and not isinstance(decision.get("anchor"), dict):
        wrong.append("step (or anchor)")
    if wrong or decision["player"] not in players or not all(isinstance(o, str) for o in decision["options"]) \
            or not all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in decision["path"]):
        raise ValueError("state.decision is not a decision: it needs player (a player), options (strings), "
                         "rule, path (numbers), names, and step or anchor" + (f"; wrong: {', '.join(wrong)}" if wrong else ""))


def name_of(state: Any, seat: int | None) -> Any:
    """The player's name of a seat for what leaves the state (an event, an action), None for
    nobody (a shared zone): the kernel's state names its seats by themselves."""
    return None if seat is None else state.players[seat]
