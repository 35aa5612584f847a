"""The shared core of the environments: a fixed action space with masks and an observation
encoding, both generated from the rule model, over one running Game (docs/envs.md).

Nothing here imports PettingZoo or OpenSpiel; numpy only. The game is played through the
engine's public API (Game.legal_actions, apply, view, waiting_for); the action space and
the observation layout are read from the rule model (its beans, phases, fields, abilities)
and from the Ruleset the engine compiled from it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from .. import compile_spec
from ..engine import Game
from ..engine.state import per_player
from ..engine.actions import (Action, BuyField, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose,
                              Respond, UseAbility)

#: proposals one player may make per turn in the environments (the canonical trading set)
MAX_PROPOSALS = 2
#: hand positions encoded one by one (the front of the hand; the rest as counts)
HAND_ORDER = 6
#: discard pile cards encoded one by one from the top
DISCARD_ORDER = 4
#: an ability's choices encoded one by one while it is being chosen
CHOICE_ORDER = 8
#: fields a player may have where a buy-field rule sets no limit (the env refuses more)
EXTRA_FIELDS = 2

PLANT_ZONES = ("hand", "offer", "set-aside")
# the key of a permitted move's verb naming a declared zone: "takes the NAME", "puts … on the NAME"
_MOVE_KEY = {"takes": "take-from", "puts": "put-on"}
TRADE_ZONES = ("hand", "offer")
ANSWERS = ("accept", "reject", "withdraw")
_VERB = {"accepts": "accept", "rejects": "reject", "withdraws": "withdraw"}
WORDS = ("yes", "no", "nothing", "none")
ENDS = ("phase", "planting", "trading")


def load_model(spec: str | dict) -> tuple[str, dict]:
    """A shipped spec's name, a path to a .bean file, or a rule model already compiled."""
    if isinstance(spec, dict):
        return spec.get("rulebook", "model"), spec
    name = str(spec)
    if name.endswith(".json") and Path(name).is_file():
        return name, json.loads(Path(name).read_text(encoding="utf-8"))
    return name, compile_spec(name)


_BY_ACTION_ALONE = (Plant, Harvest, EndPhase, Propose, BuyField, DrawCard)


def adds_fields(node: Any) -> bool:
    """Whether an effect of the model's core gives a player another field (a rule that only
    forbids or permits doing so does not)."""
    if isinstance(node, dict):
        if node.get("node") == "add-field":
            return True
        return any(adds_fields(v) for k, v in node.items()
                   if not (k == "action" and node.get("node") in ("forbid", "permit")))
    if isinstance(node, list):
        return any(adds_fields(v) for v in node)
    return False


def player_counts(model: dict) -> range:
    return range(model["players"]["min"], model["players"]["max"] + 1)


class Unencodable(RuntimeError):
    """The player the game waits for has legal actions, none of them in the action space."""


@dataclass
class Layout:
    """Where each part of the observation vector lies: name -> (start, size)."""
    parts: dict[str, tuple[int, int]] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, size: int) -> None:
        self.parts[name] = (self.size, size)
        self.size += size


class Table:
    """The static part: one rule model at one player count. Its action space (`labels`, one
    per action id) and its observation layout are fixed; every Match of it shares them."""

    def __init__(self, spec: str | dict = "classic", players: int | None = None,
                 max_proposals: int = MAX_PROPOSALS):
        self.spec_given = spec if isinstance(spec, dict) else None
        self.spec, self.model = load_model(spec)
        counts = player_counts(self.model)
        self.players = counts.start if players is None else int(players)
        if self.players not in counts:
            raise ValueError(f"{self.spec} seats {counts.start} to {counts.stop - 1} players, not {self.players}")
        self.max_proposals = max_proposals
        probe = Game(self.model, self.players, seed=0)
        rs = self.ruleset = probe.ruleset
        # zones the rules declare (engine/zones.py): (name, per player, kind), observed as declared
        self.declared = tuple((name, d.per_player, d.kind) for name, d in rs.declared.zones.items())
        # the fields of the table, planted into and harvested by name ("in the middle")
        self.table_fields = tuple(name for name, each, kind in self.declared if kind == "field" and not each)
        # the declared zones a permitted move takes a card from ("takes the NAME") or puts one on
        self.move_zones = tuple(dict.fromkeys((m.verb, m.zone) for m in rs.permits.get(MoveCard, ()) if m.zone is not None))
        self.names = probe.players
        self.seat_of = {p: i for i, p in enumerate(self.names)}
        # action ids of the actions whose id depends on the action alone (the engine lists the
        # same objects again: it interns its plants, harvests and proposals), by identity
        self.known: dict[int, tuple[Any, int | None]] = {}
        n = self.players
        self.beans = tuple(b["id"] for b in self.model["beans"])  # every card id of the model
        self.bean_index = {b: i for i, b in enumerate(self.beans)}
        buy = rs.permits.get(BuyField)
        self.max_fields = max(rs.fields, *(len(f) for f in probe.state.fields),
                              (buy.max_fields if buy.max_fields is not None else rs.fields + EXTRA_FIELDS)
                              if buy is not None else 0)
        if adds_fields(self.model):  # an effect gives a player more fields: room for a few
            self.max_fields += EXTRA_FIELDS
        self.phases = tuple(p.id for p in rs.phases)
        self.trades = any(p.trade for p in rs.phases)
        self.slots = n * max_proposals if self.trades else 0
        # card abilities used by an action: (card, ability name or None, field or None)
        by_card: dict[str, list] = {}
        for a in rs.abilities:
            by_card.setdefault(a.card, []).append(a)
        self.heads: list[tuple] = []
        for card, specs in by_card.items():
            names = [None] if len(specs) == 1 else [a.name for a in specs]
            for a, name in zip(specs, names) if len(specs) > 1 else [(specs[0], None)]:
                fields = [None] + list(range(1, self.max_fields + 1)) if a.where == "field-top" else [None]
                self.heads += [(card, name, f) for f in fields]
        # options: an answer to a decision, or the next choice of an ability being used
        self.options: list[tuple] = ([("seat", k) for k in range(n)] + [("bean", b) for b in self.beans]
                                     + [("field", f) for f in range(1, self.max_fields + 1)]
                                     + [("word", w) for w in WORDS] + [("done",)])
        keys: list[tuple] = [("end", w) for w in ENDS]
        fields: list[int | str] = [*range(1, self.max_fields + 1), *self.table_fields]
        keys += [("plant", z, b, f) for z in PLANT_ZONES for b in self.beans for f in fields]
        keys += [("harvest", f) for f in fields]
        if buy is not None:
            keys.append(("buy",))
        if DrawCard in rs.permits:
            keys.append(("draw",))
        if MoveCard in rs.permits:
            keys += [(verb, b) for verb in ("discard", "take") for b in self.beans]
            keys += [(_MOVE_KEY[verb], zone, b) for verb, zone in self.move_zones for b in self.beans]
        if self.trades:
            takes = [(None, None)] + [(z, b) for z in TRADE_ZONES for b in self.beans]
            keys += [("propose", k, gz, gb, tz, tb) for k in range(1, n) for gz in TRADE_ZONES
                     for gb in self.beans for tz, tb in takes]
            keys += [(verb, s) for verb in ANSWERS for s in range(self.slots)]
        keys += [("use",) + h for h in self.heads]
        keys += [("option",) + o for o in self.options]
        self.keys = keys
        self.index = {k: i for i, k in enumerate(keys)}
        self.option_base = self.index[("option",) + self.options[0]]
        self.size = len(keys)
        self.labels = [label(k) for k in keys]
        self._layout(probe)

    def __deepcopy__(self, memo: dict) -> "Table":
        return self  # static: shared by every copy of a match

    def __reduce__(self) -> tuple:
        return (_table, (self.spec if self.spec_given is None else self.spec_given, self.players, self.max_proposals))

    # -- observation layout --------------------------------------------------------------------
    def _layout(self, probe: Game) -> None:
        n, B, F = self.players, len(self.beans), self.max_fields
        state = probe.state_json()
        self.counters = {name: isinstance(v, dict) for name, v in (state.get("counters") or {}).items()}
        self.tokens = tuple((state.get("tokens") or {}))
        self.lastings = tuple(sorted(self.ruleset.lastings))
        L = self.layout = Layout()
        L.add("phase", len(self.phases))
        L.add("active", n)
        L.add("start_player", n)
        L.add("to_act", 1)
        L.add("numbers", 4)  # turn, planted this phase, deck run-outs, over
        for zone in ("deck", "discard", "offer", "removed"):
            L.add(zone, zone_size(B))
        L.add("discard_top", DISCARD_ORDER * B)
        for seat in range(n):
            for zone in ("hand", "set_aside", "coins"):
                L.add(f"{zone}.{seat}", zone_size(B))
            L.add(f"hand_front.{seat}", HAND_ORDER * B)
            L.add(f"fields.{seat}", 1 + F * field_size(B))
        for name, each, kind in self.declared:  # a field as a player's field is, a pile or row as a zone
            size = field_size(B) if kind == "field" else zone_size(B)
            for seat in (range(n) if each else (None,)):
                L.add(f"zone.{name}" + (f".{seat}" if each else ""), size)
        for name, per_player in self.counters.items():
            L.add(f"counter.{name}", n if per_player else 1)
        for name in self.tokens:
            L.add(f"token.{name}", n + 1)
        for s in range(self.slots):
            L.add(f"proposal.{s}", 1 + 2 * n + 2 * (len(TRADE_ZONES) + 1) * B + 1)
        L.add("decision", 1 + n + len(self.options))
        if self.lastings:
            L.add("lasting", len(self.lastings) * n)
        L.add("proposals_left", 1)
        if self.heads:
            L.add("using", len(self.heads))
            L.add("chosen", CHOICE_ORDER * len(self.options))

    def describe(self) -> dict[str, Any]:
        """The action space and the observation layout, as docs/envs.md tells them."""
        blocks: dict[str, int] = {}
        for k in self.keys:
            blocks[k[0]] = blocks.get(k[0], 0) + 1
        return {"spec": self.spec, "players": self.players, "actions": self.size, "action_blocks": blocks,
                "observation": self.layout.size,
                "observation_parts": {k: v[1] for k, v in self.layout.parts.items()}}


_TABLES: dict[tuple, Table] = {}


def _table(spec: str | dict, players: int, max_proposals: int) -> Table:
    """A Table again (unpickling), built once per process for a spec given by name or path."""
    if isinstance(spec, dict):
        return Table(spec, players, max_proposals)
    key = (spec, players, max_proposals)
    if key not in _TABLES:
        _TABLES[key] = Table(spec, players, max_proposals)
    return _TABLES[key]


def zone_size(beans: int) -> int:
    return 2 + 2 * beans  # count, seen, cards per bean, the top (or front) card


def field_size(beans: int) -> int:
    return 2 + 2 * beans  # cards, top run, cards per bean, the top card


def label(key: tuple) -> str:
    kind = key[0]
    if kind == "end":
        return f"ends {key[1]}"
    if kind == "plant":
        return f"plants {key[1]} {key[2]} in {key[3] if type(key[3]) is int else 'the ' + key[3]}"
    if kind == "harvest":
        return f"harvests {key[1] if type(key[1]) is int else 'the ' + key[1]}"
    if kind == "take-from":
        return f"takes the {key[1]} {key[2]}"
    if kind == "put-on":
        return f"puts {key[2]} on the {key[1]}"
    if kind == "buy":
        return "buys a field"
    if kind == "draw":
        return "draws"
    if kind in ("discard", "take"):
        return f"{kind}s {key[1]}" if kind == "discard" else f"takes discard {key[1]}"
    if kind == "propose":
        _, k, gz, gb, tz, tb = key
        return f"gives {gz} {gb} to +{k}" if tz is None else f"offers {gz} {gb} to +{k} for {tz} {tb}"
    if kind in ANSWERS:
        return f"{kind}s open proposal {key[1] + 1}"
    if kind == "use":
        _, card, name, f = key
        return f"uses {card}" + (f" {name}" if name else "") + (f" on {f}" if f else "")
    if kind == "option":
        o = key[1:]
        return {"seat": lambda: f"option seat +{o[1]}", "bean": lambda: f"option {o[1]}",
                "field": lambda: f"option field {o[1]}", "word": lambda: f"option {o[1]}",
                "done": lambda: "option done"}[o[0]]()
    raise ValueError(key)


class Match:
    """One game of a Table, with what the environments add: the player to act, the masks,
    the proposals each player has left this turn, and an ability whose choices are being
    made one option at a time."""

    def __init__(self, table: Table, seed: int | str = 0):
        self.table = table
        self.seed = seed
        self.game = Game(table.model, table.names, seed=seed)
        self.made: dict[str, tuple[int, int]] = {}  # player -> (turn, proposals made in it)
        self.using: tuple | None = None  # (head, [the uses it may still become], choices so far)
        self.steps = 0
        self._listed: tuple[int, str, dict[int, Any]] | None = None
        self._acting: tuple[int, str | None] | None = None  # (steps, the player to act then)

    def clone(self) -> "Match":
        """The same match, played on apart (Game.from_state: the same game from here on)."""
        other = Match.__new__(Match)
        other.table, other.seed, other.steps = self.table, self.seed, self.steps
        other.game = Game.from_state(self.table.model, self.game.state_json())
        other.made = dict(self.made)
        other.using = self.using
        other._listed = other._acting = None
        return other

    def __deepcopy__(self, memo: dict) -> "Match":
        return self.clone()  # (OpenSpiel clones a Python state by deep-copying its attributes)

    def __getstate__(self) -> dict[str, Any]:  # pickled (OpenSpiel's serialize): the state JSON
        return {"table": self.table, "seed": self.seed, "steps": self.steps, "made": self.made,
                "using": self.using, "state": self.game.state_json()}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.table, self.seed, self.steps = saved["table"], saved["seed"], saved["steps"]
        self.made, self.using, self._listed, self._acting = saved["made"], saved["using"], None, None
        self.game = Game.from_state(self.table.model, saved["state"])

    # -- who acts, what they may do --------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over

    def to_act(self) -> str | None:
        """The player the game waits for first (the order the engine's own bots follow)."""
        if self.game.is_over:
            return None
        if self.using is not None:
            return self.using[0][0]
        if self._acting is not None and self._acting[0] == self.steps:
            return self._acting[1]
        waiting = self.game.waiting_for()
        self._acting = (self.steps, waiting[0] if waiting else None)
        return self._acting[1]

    def seat(self, player: str) -> int:
        return self.table.seat_of[player]

    def offset(self, viewer: str, other: str) -> int:
        seat_of = self.table.seat_of
        return (seat_of[other] - seat_of[viewer]) % self.table.players

    def _options(self, player: str) -> dict[int, Any]:
        """action id -> the Action (or, for an ability's head, the uses it stands for)."""
        t = self.table
        if self.using is not None:
            (_, head), uses, chosen = self.using[0], self.using[1], self.using[2]
            out: dict[int, Any] = {}
            for use in uses:
                if len(use.choices) == len(chosen):
                    out[t.index[("option", "done")]] = ("done",)
                else:
                    key = self.token(player, use.choices[len(chosen)])
                    if key is not None:
                        out[t.index[("option",) + key]] = key
            return out
        out = {}
        state = self.game.state
        budget = self.proposals_left(player) > 0
        known = t.known
        for action in self.game.legal_actions(player, trades=budget and t.trades):
            hit = known.get(id(action))
            if hit is not None and hit[0] is action:
                i = hit[1]
            else:
                key = self.encode(player, action, state)
                if key is None or (key[0] == "buy" and len(state.fields[state.seat_of[player]]) >= t.max_fields):
                    continue  # (not in the space; a field beyond the space's, under a buy rule without a limit)
                i = t.index.get(key)
                if type(action) in _BY_ACTION_ALONE:
                    if len(known) > 50_000:
                        known.clear()
                    known[id(action)] = (action, i)  # (the action kept: its id is not reused meanwhile)
                if key[0] == "use" and i is not None:
                    out.setdefault(i, []).append(action)
                    continue
            if i is not None:
                out.setdefault(i, action)
        return out

    def options(self, player: str) -> dict[int, Any]:
        """The legal actions of `player` now by action id (listed once per state)."""
        if self._listed is not None and self._listed[0] == self.steps and self._listed[1] == player:
            return self._listed[2]
        out = self._options(player) if not self.game.is_over else {}
        self._listed = (self.steps, player, out)
        return out

    def mask(self, player: str) -> np.ndarray:
        m = np.zeros(self.table.size, dtype=np.int8)
        if player == self.to_act():
            ids = list(self.options(player))
            m[ids] = 1
        return m

    def proposals_left(self, player: str) -> int:
        turn, made = self.made.get(player, (0, 0))
        return self.table.max_proposals - (made if turn == self.game.state.turn else 0)

    # -- encoding an engine action as a key of the action space ------------------------------
    def token(self, player: str, word: str) -> tuple | None:
        return option_key(self.table, word, lambda other: self.offset(player, other))

    def encode(self, player: str, action: Action, state: Any) -> tuple | None:
        kind = type(action)
        if kind is Plant:
            if action.bean is None or action.field is None:
                return None
            return ("plant", action.zone or "hand", action.bean, action.field)
        if kind is Harvest:
            return ("harvest", action.field) if action.field is not None else None
        if kind is EndPhase:
            return ("end", action.what)
        if kind is Propose:
            if len(action.give) != 1 or len(action.take) > 1:
                return None
            g = action.give[0]
            if g.zone is None or g.position is not None:
                return None
            if action.take:
                c = action.take[0]
                if c.zone is None or c.position is not None:
                    return None
                take = (c.zone, c.bean)
            else:
                take = (None, None)
            return ("propose", self.offset(player, action.to), g.zone, g.bean) + take
        if kind is Respond:
            ids = [p["id"] for p in state.proposals]
            if action.target not in ids:
                return None
            return (_VERB[action.verb], ids.index(action.target))
        if kind is BuyField:
            return ("buy",)
        if kind is DrawCard:
            return ("draw",)
        if kind is MoveCard:
            bean = action.bean
            if bean is None:
                hand = state.hands[state.seat_of[player]]
                if action.verb == "takes":
                    pile = state.discard if action.zone is None else _pile(state, action.zone, player)
                    bean = pile[-1] if pile else None
                elif action.position is not None:
                    bean = hand[action.position - 1] if action.position <= len(hand) else None
                else:
                    bean = hand[0] if hand else None
            if action.zone is not None:
                return (_MOVE_KEY[action.verb], action.zone, bean)
            return ("discard" if action.verb == "discards" else "take", bean)
        if kind is Choose:
            key = self.token(player, action.option)
            return ("option",) + key if key is not None else None
        if kind is UseAbility:
            return ("use", action.card, action.ability, action.field)
        return None

    # -- playing ---------------------------------------------------------------------------
    def step(self, action_id: int) -> None:
        """Play action `action_id` for the player to act; ValueError if it is not legal."""
        player = self.to_act()
        if player is None:
            raise ValueError("the game is over")
        chosen = self.options(player).get(int(action_id))
        if chosen is None:
            raise ValueError(f"action {action_id} ({self.table.labels[action_id]}) is not legal for {player} now")
        self.steps += 1
        t = self.table
        if self.using is not None:
            (who, head), uses, made = self.using
            if chosen == ("done",):
                use = next(u for u in uses if len(u.choices) == len(made))
                self.using = None
                return self._apply(use)
            made = made + (chosen,)
            uses = [u for u in uses if len(u.choices) > len(made) - 1
                    and self.token(who, u.choices[len(made) - 1]) == chosen]
            self.using = ((who, head), uses, made)
            return self._settle()
        if isinstance(chosen, list):  # an ability's head: its choices follow, one option each
            self.using = ((player, t.keys[action_id]), chosen, ())
            return self._settle()
        if type(chosen) is Propose:
            turn = self.game.state.turn
            before = self.made.get(player, (turn, 0))
            self.made[player] = (turn, (before[1] if before[0] == turn else 0) + 1)
        self._apply(chosen)

    def _settle(self) -> None:
        """An ability whose choices leave one use, fully chosen, is used at once."""
        (who, head), uses, made = self.using
        if len(uses) == 1 and len(uses[0].choices) == len(made):
            self.using = None
            self._apply(uses[0])

    def _apply(self, action: Action) -> None:
        self.game.apply(action, keep_events=False)

    def scores(self) -> dict[str, int]:
        return self.game.scores()

    def returns(self, reward: str = "win") -> list[float]:
        """Per seat, at the end: 'win' shares 1 among the winners; 'coins' is the score."""
        if not self.game.is_over:
            return [0.0] * self.table.players
        if reward == "coins":
            scores = self.game.scores()
            return [float(scores[p]) for p in self.table.names]
        winners = self.game.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in self.table.names]

    # -- observations ----------------------------------------------------------------------
    def view(self, player: str) -> dict[str, Any]:
        return self.game.view(player)

    def observe(self, player: str) -> np.ndarray:
        """The vector encoding of `player`'s view, with what the environment adds (whose turn,
        the proposals left, an ability's choices so far); nothing the view hides."""
        return encode_view(self.table, self.view(player), player, self.to_act(), self.proposals_left(player),
                           self.using)


def _pile(state: Any, zone: str, player: str) -> list[str]:
    """A declared zone's cards: the table's, or `player`'s own."""
    cards = state.zones[zone]
    return cards[state.seat_of[player]] if per_player(cards) else cards


def _zone(out: np.ndarray, at: int, value: Any, bi: dict[str, int], B: int, front: bool) -> None:
    """count, seen, per-bean counts, the top (front for a hand) card."""
    if isinstance(value, list):
        out[at] = len(value)
        out[at + 1] = 1
        for c in value:
            out[at + 2 + bi[c]] += 1
        if value:
            out[at + 2 + B + bi[value[0] if front else value[-1]]] = 1
    elif isinstance(value, dict):  # top-visible
        out[at] = value["count"]
        if value.get("top") is not None:
            out[at + 2 + B + bi[value["top"]]] = 1
    else:
        out[at] = value


def _field(out: np.ndarray, base: int, cards: Any, bi: dict[str, int], B: int) -> None:
    """count, top run, per-bean counts, the top card of a field (as much as the view shows)."""
    if isinstance(cards, list):
        out[base] = len(cards)
        for c in cards:
            out[base + 2 + bi[c]] += 1
        if cards:
            top, run = cards[-1], 0
            for c in reversed(cards):
                if c != top:
                    break
                run += 1
            out[base + 1] = run
            out[base + 2 + B + bi[top]] = 1
    elif isinstance(cards, dict):
        out[base] = cards["count"]
        if cards.get("top") is not None:
            out[base + 2 + B + bi[cards["top"]]] = 1
    else:
        out[base] = cards


def encode_view(table: Table, view: dict[str, Any], viewer: str, acting: str | None, left: int,
                using: tuple | None) -> np.ndarray:
    """The observation vector of one view. It reads the view only (and what the environment
    itself shows: whose turn, proposals left, the viewer's own ability choices so far)."""
    t, L = table, table.layout.parts
    B, F, n = len(t.beans), t.max_fields, t.players
    bi = t.bean_index
    out = np.zeros(table.layout.size, dtype=np.float32)
    names, seat_of = t.names, t.seat_of
    me = seat_of[viewer]

    def off(name: str) -> int:
        return (seat_of[name] - me) % n

    out[L["phase"][0] + t.phases.index(view["phase"])] = 1
    out[L["active"][0] + off(view["active"])] = 1
    out[L["start_player"][0] + off(view["start_player"])] = 1
    out[L["to_act"][0]] = 1.0 if acting == viewer else 0.0
    at = L["numbers"][0]
    out[at:at + 4] = (view["turn"], view["planted"], view["exhaustions"], 1.0 if view["over"] else 0.0)
    for zone in ("deck", "discard", "offer", "removed"):
        _zone(out, L[zone][0], view[zone], bi, B, False)
    discard = view["discard"]
    if isinstance(discard, list):
        at = L["discard_top"][0]
        for k, c in enumerate(reversed(discard[-DISCARD_ORDER:])):
            out[at + k * B + bi[c]] = 1
    for p in names:
        s = off(p)
        for zone in ("hands", "set_aside", "coins"):
            key = "hand" if zone == "hands" else zone
            _zone(out, L[f"{key}.{s}"][0], view[zone][p], bi, B, zone == "hands")
        hand = view["hands"][p]
        if isinstance(hand, list):
            at = L[f"hand_front.{s}"][0]
            for k, c in enumerate(hand[:HAND_ORDER]):
                out[at + k * B + bi[c]] = 1
        at = L[f"fields.{s}"][0]
        fields = view["fields"][p]
        out[at] = len(fields)
        for f, cards in enumerate(fields[:F]):
            _field(out, at + 1 + f * field_size(B), cards, bi, B)
    declared = view.get("zones") or {}
    for name, each, kind in t.declared:  # as the view shows them: all, the top card, the count
        put = _field if kind == "field" else lambda o, a, v, b, k: _zone(o, a, v, b, k, False)
        if each:
            for p, cards in declared[name].items():
                put(out, L[f"zone.{name}.{off(p)}"][0], cards, bi, B)
        else:
            put(out, L[f"zone.{name}"][0], declared[name], bi, B)
    counters = view.get("counters") or {}
    for name, per_player in t.counters.items():
        at = L[f"counter.{name}"][0]
        value = counters.get(name, 0)
        if per_player:
            for p, v in (value or {}).items():
                out[at + off(p)] = v
        else:
            out[at] = value or 0
    tokens = view.get("tokens") or {}
    for name in t.tokens:
        holder = tokens.get(name)
        out[L[f"token.{name}"][0] + (n if holder is None else off(holder))] = 1
    for s, proposal in enumerate(view.get("proposals") or []):
        if s >= t.slots:
            break
        at = L[f"proposal.{s}"][0]
        out[at] = 1
        out[at + 1 + off(proposal["from"])] = 1
        out[at + 1 + n + off(proposal["to"])] = 1
        base = at + 1 + 2 * n
        for part, cards in enumerate((proposal["give"], proposal["take"])):
            for c in cards:
                if c.get("bean") is None:
                    out[base + 2 * (len(TRADE_ZONES) + 1) * B] += 1  # a hand position asked for
                    continue
                z = TRADE_ZONES.index(c["zone"]) if c.get("zone") in TRADE_ZONES else len(TRADE_ZONES)
                out[base + (part * (len(TRADE_ZONES) + 1) + z) * B + bi[c["bean"]]] += 1
    decision = view.get("decision")
    if decision is not None:
        at = L["decision"][0]
        out[at] = 1
        out[at + 1 + off(decision["player"])] = 1
        for option in decision.get("options", ()):
            key = option_key(t, option, off)
            if key is not None:
                out[at + 1 + n + t.options.index(key)] = 1
    if t.lastings:
        at = L["lasting"][0]
        for entry in view.get("lasting") or []:
            if entry["says"] in t.lastings and entry.get("owner") in names:
                out[at + t.lastings.index(entry["says"]) * n + off(entry["owner"])] = 1
    out[L["proposals_left"][0]] = left
    if t.heads and using is not None and using[0][0] == viewer:
        head = using[0][1][1:]
        out[L["using"][0] + t.heads.index(head)] = 1
        at = L["chosen"][0]
        for k, key in enumerate(using[2][:CHOICE_ORDER]):
            out[at + k * len(t.options) + t.options.index(key)] = 1
    return out


def option_key(t: Table, word: str, off: Any) -> tuple | None:
    """An option's word (a player's name, a bean, a field number, yes/no/nothing/none) as a
    key of the option block: a player by seat counted from the viewer (`off`)."""
    if word in t.names:
        return ("seat", off(word))
    if word in t.bean_index:
        return ("bean", word)
    if word.isdigit() and 1 <= int(word) <= t.max_fields:
        return ("field", int(word))
    if word in WORDS:
        return ("word", word)
    return None


def shipped(specs: Iterable[str] | None = None) -> list[str]:
    from .. import list_specs
    return list(specs) if specs is not None else list(list_specs())
