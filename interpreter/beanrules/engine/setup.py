"""Setting a game up: the cards in play, the seeded shuffle, fields, the deal; or a given
partial state (conformance cases) completed into a full one."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..diagnostics import did_you_mean
from ..memo import per_object

from .abilities import adds_fields
from .actions import BuyField
from .deck import shuffle
from .errors import ImpossibleState
from .requirements import check_start
from .ruleset import Ruleset
from .state import State, per_player

NAME = re.compile(r"[A-Z][A-Za-z0-9_]*\Z")  # what the action notation reads as a player name


def check_players(rs: Ruleset, players: list[str]) -> None:
    """Players are told apart by name, and the notation reads each name as one word."""
    if len(set(players)) != len(players):
        raise ImpossibleState("players", f"player names must differ: {', '.join(map(str, players))}")
    for name in players:
        if not isinstance(name, str) or not NAME.match(name):
            raise ImpossibleState("players", f"player name {name!r} must start with a capital letter and hold "
                                  "only letters, digits and '_' (the action notation reads it)")


def _unknown_player(name: object, players: list[str]) -> str:
    hint = did_you_mean(str(name), players)
    return f"unknown player '{name}'" + (f" ({hint})" if hint else "") + f"; players are {', '.join(players)}"


def _box(rs: Ruleset) -> tuple[list[str], list[str]]:
    """(cards in play in model order, cards removed from this game)."""
    in_play = [b for b in rs.beans for _ in range(rs.bean_counts[b])]
    removed = [b for b in rs.removed_beans for _ in range(rs.bean_counts[b])]
    return in_play, removed


def _box_counts(rs: Ruleset) -> Counter[str]:
    """How many cards of each bean the box holds, in play then removed, in model order (as
    Counter(in play) + Counter(removed) of _box: no bean without a card)."""
    box: Counter[str] = Counter()
    for bean in (*rs.beans, *rs.removed_beans):
        if rs.bean_counts[bean] > 0:
            box[bean] += rs.bean_counts[bean]
    return box


_ADDS_FIELDS: dict[tuple[int, None], tuple[Ruleset, bool]] = {}


def _adds_fields(rs: Ruleset) -> bool:
    """abilities.adds_fields, once per ruleset: it walks every ability, and every case of the
    conformance suite starts from a partial state."""
    return per_object(_ADDS_FIELDS, rs, None, lambda: adds_fields(rs))


def new_state(rs: Ruleset, players: list[str], seed: int | str) -> State:
    check_players(rs, players)
    return dealt(rs, list(players), seed)


def dealt(rs: Ruleset, players: list, seed: int | str) -> State:
    """A new game, shuffled and dealt, before any step runs. `players`: their names, or for the
    fast mode the seats themselves (kernel/machine.py: names only at the border)."""
    deck, removed = _box(rs)
    shuffle(deck, seed, 0)
    hands: list[list[str]] = [[] for _ in players]
    # Dealt one card at a time around the table from the start player, as at a real table.
    for round_ in range(max(rs.deal, default=0)):
        for seat in range(len(players)):
            if round_ < rs.deal[seat] and deck:
                hands[seat].append(deck.pop(0))
    return State(
        rulebook=rs.rulebook, players=players, start_player=0, active=0,
        phase=rs.phases[0].id, turn=1, deck=deck, discard=[], exhaustions=0, offer=[], hands=hands,
        fields=[[[] for _ in range(rs.fields)] for _ in players],
        set_aside=[[] for _ in players], coins=[[] for _ in players], removed=removed,
        proposals=[], planted=0, over=False, seed=seed, shuffles=0, next_proposal=1,
        counters=rs.declared.initial_counters(len(players)), tokens=rs.declared.initial_tokens(0),
        zones=rs.declared.initial_zones(len(players)))


_PARTIAL_KEYS = {"players", "start_player", "active", "phase", "turn", "deck", "discard", "exhaustions",
                 "offer", "hands", "fields", "set_aside", "coins", "removed", "proposals", "planted",
                 "over", "rulebook", "seed", "shuffles", "next_proposal", "counters", "tokens", "zones"}


def partial_marks(rs: Ruleset, players: list[str], start_player: int, partial: dict[str, Any]) -> tuple:
    """Counters and tokens of a partial state: as a new game starts them, except those given
    (by name; kept by seat)."""
    counters = rs.declared.initial_counters(len(players))
    tokens = rs.declared.initial_tokens(start_player)
    for name, value in (partial.get("counters") or {}).items():
        if counters is None or name not in counters:
            raise ImpossibleState(f"counters.{name}", f"unknown counter '{name}' (counters: "
                                  f"{', '.join(counters or ()) or 'none'})")
        if type(counters[name]) is list:
            if not isinstance(value, dict) or set(value) - set(players):
                raise ImpossibleState(f"counters.{name}", f"counter '{name}' is kept per player: give "
                                      f"{{player: value}} for players of the game")
            for p, v in value.items():
                counters[name][players.index(p)] = int(v)
        else:
            counters[name] = int(value)
    for name, holder in (partial.get("tokens") or {}).items():
        if tokens is None or name not in tokens:
            raise ImpossibleState(f"tokens.{name}", f"unknown token '{name}' (tokens: {', '.join(tokens or ()) or 'none'})")
        if holder is not None and holder not in players:
            raise ImpossibleState(f"tokens.{name}", _unknown_player(holder, players))
        tokens[name] = None if holder is None else players.index(holder)
    return counters, tokens


def partial_zones(rs: Ruleset, players: list[str], given: dict[str, Any]) -> dict[str, Any] | None:
    """The declared zones of a partial state: empty, except those given."""
    out = rs.declared.initial_zones(len(players))
    for name, cards in given.items():
        if out is None or name not in out:
            raise ImpossibleState(f"zones.{name}", f"unknown zone '{name}' (declared zones: "
                                  f"{', '.join(out or ()) or 'none'})")
        if rs.declared.zones[name].per_player:
            if not isinstance(cards, dict) or set(cards) - set(players):
                raise ImpossibleState(f"zones.{name}", f"zone '{name}' is kept per player: give "
                                      "{player: cards} for players of the game")
            for p, c in cards.items():
                out[name][players.index(p)] = list(c)
        elif not isinstance(cards, list):
            raise ImpossibleState(f"zones.{name}", f"zone '{name}' is the table's: give a list of cards")
        else:
            out[name] = list(cards)
    return out


def partial_state(rs: Ruleset, players: list[str], partial: dict[str, Any], seed: int | str) -> State:
    """A full state from a partial one. Zones not given are empty, except the deck: without
    one, every card not placed elsewhere is shuffled (by `seed`) into it; with one, the
    unplaced cards go to `removed` so the card total stays right. Fields not given are empty
    (more than the rules deal out only under a buy-field rule, up to its limit), counters start
    as in a new game. No automatic step runs."""
    check_players(rs, players)
    unknown = set(partial) - _PARTIAL_KEYS
    if unknown:
        raise ImpossibleState(sorted(unknown)[0], f"unknown state keys: {', '.join(sorted(unknown))}")
    if "players" in partial and list(partial["players"]) != list(players):
        raise ImpossibleState("players", "partial state names other players than the game")
    for key in ("hands", "fields", "set_aside", "coins"):
        strangers = [p for p in partial.get(key, {}) if p not in players]
        if strangers:
            raise ImpossibleState(f"{key}.{strangers[0]}", _unknown_player(strangers[0], players))
    fields = []
    # With a buy-field rule a player may hold bought fields beyond the ones dealt out.
    buy = rs.permits.get(BuyField)
    most = rs.fields if buy is None else None if buy.max_fields is None else max(rs.fields, buy.max_fields)
    if _adds_fields(rs):  # a card's ability may have given a player more fields
        most = None
    for p in players:
        given = [list(f) for f in partial.get("fields", {}).get(p, [])]
        if most is not None and len(given) > most:  # empty or not, no game gives that field
            raise ImpossibleState(f"fields.{p}", f"{p} has {len(given)} fields; with {len(players)} players "
                                  "the rules give " + (f"{rs.fields}" if buy is None else f"at most {most}"))
        fields.append(given + [[] for _ in range(rs.fields - len(given))])
    for key, who in (("start_player", partial.get("start_player", players[0])),
                     ("active", partial.get("active", partial.get("start_player", players[0])))):
        if who not in players:
            raise ImpossibleState(key, _unknown_player(who, players))
    state = State(
        rulebook=rs.rulebook, players=list(players), start_player=players.index(partial.get("start_player", players[0])),
        active=players.index(partial.get("active", partial.get("start_player", players[0]))),
        phase=partial.get("phase", rs.phases[0].id), turn=int(partial.get("turn", 1)),
        deck=list(partial.get("deck", [])), discard=list(partial.get("discard", [])),
        exhaustions=int(partial.get("exhaustions", 0)), offer=list(partial.get("offer", [])),
        hands=[list(partial.get("hands", {}).get(p, [])) for p in players], fields=fields,
        set_aside=[list(partial.get("set_aside", {}).get(p, [])) for p in players],
        coins=[list(partial.get("coins", {}).get(p, [])) for p in players],
        removed=list(partial.get("removed", [])), proposals=[dict(x) for x in partial.get("proposals", [])],
        planted=int(partial.get("planted", 0)), over=bool(partial.get("over", False)),
        seed=partial.get("seed", seed), shuffles=int(partial.get("shuffles", 0)),
        next_proposal=int(partial.get("next_proposal",
                                      1 + max((x.get("id", 0) for x in partial.get("proposals", [])), default=0))))
    if state.phase not in rs.phase_index:
        hint = did_you_mean(str(state.phase), rs.phase_index)
        raise ImpossibleState("phase", f"unknown phase '{state.phase}'" + (f" ({hint})" if hint else "")
                              + f"; phases are {', '.join(rs.phase_index)}")
    state.counters, state.tokens = partial_marks(rs, players, state.start_player, partial)
    state.zones = partial_zones(rs, players, partial.get("zones") or {})
    placed = state.card_counts()
    box = _box_counts(rs)
    for bean in placed:
        if bean not in box:
            hint = did_you_mean(str(bean), rs.bean_counts)
            raise ImpossibleState(_zone_of(state, bean), f"unknown bean '{bean}'" + (f" ({hint})" if hint else ""))
    too_many = {b: n for b, n in placed.items() if n > box[b]}
    if too_many:
        raise ImpossibleState(None, "more cards than the game has: " + ", ".join(
            f"{n} {b} cards, but the game has {box[b]}" for b, n in sorted(too_many.items())))
    order = {bean: index for index, bean in enumerate(box)}
    rest = sorted((box - placed).elements(), key=order.__getitem__)
    if "deck" in partial:
        state.removed.extend(rest)
    else:
        removed_types = set(rs.removed_beans)  # bean types out of play stay out of the deck
        state.removed.extend(c for c in rest if c in removed_types)
        rest = [c for c in rest if c not in removed_types]
        shuffle(rest, seed, 0)
        state.deck = rest
    check_start(state, rs)
    return state


def _zone_of(state: State, bean: str) -> str:
    """Where in the state JSON a card of this bean lies first (to say where an unknown one is)."""
    for key in ("deck", "discard", "offer", "removed"):
        if bean in getattr(state, key):
            return key
    players = state.players
    for key in ("hands", "set_aside", "coins"):
        for player, cards in zip(players, getattr(state, key)):
            if bean in cards:
                return f"{key}.{player}"
    for name, value in (state.zones or {}).items():
        for owner, cards in (zip(players, value) if per_player(value) else [(None, value)]):
            if bean in cards:
                return f"zones.{name}" + (f".{owner}" if owner else "")
    return next(f"fields.{p}" for p, fields in zip(players, state.fields) if any(bean in f for f in fields))
