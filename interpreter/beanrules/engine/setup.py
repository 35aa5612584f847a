"""Setting a game up: the cards in play, the seeded shuffle, fields, the deal; or a given
partial state (conformance cases) completed into a full one."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from . import marks
from .abilities import adds_fields
from .deck import shuffle
from .ruleset import Ruleset
from .state import State

NAME = re.compile(r"[A-Z][A-Za-z0-9_]*\Z")  # what the action notation reads as a player name


def check_players(rs: Ruleset, players: list[str]) -> None:
    if len(set(players)) != len(players):
        raise ValueError(f"player names must differ: {', '.join(players)}")
    for name in players:
        if not isinstance(name, str) or not NAME.match(name):
            raise ValueError(f"player name {name!r} must start with a capital letter and hold only "
                             "letters, digits and '_' (the action notation reads it)")


def _box(rs: Ruleset) -> tuple[list[str], list[str]]:
    """(cards in play in model order, cards removed from this game)."""
    in_play = [b for b in rs.beans for _ in range(rs.bean_counts[b])]
    removed = [b for b in rs.removed_beans for _ in range(rs.bean_counts[b])]
    return in_play, removed


def new_state(rs: Ruleset, players: list[str], seed: int | str) -> State:
    check_players(rs, players)
    deck, removed = _box(rs)
    shuffle(deck, seed, 0)
    hands: dict[str, list[str]] = {p: [] for p in players}
    # Dealt one card at a time around the table from the start player, as at a real table.
    for round_ in range(max(rs.deal, default=0)):
        for seat, player in enumerate(players):
            if round_ < rs.deal[seat] and deck:
                hands[player].append(deck.pop(0))
    return State(
        rulebook=rs.rulebook, players=list(players), start_player=players[0], active=players[0],
        phase=rs.phases[0].id, turn=1, deck=deck, discard=[], exhaustions=0, offer=[], hands=hands,
        fields={p: [[] for _ in range(rs.fields)] for p in players},
        set_aside={p: [] for p in players}, coins={p: [] for p in players}, removed=removed,
        proposals=[], planted=0, over=False, seed=seed, shuffles=0, next_proposal=1,
        counters=marks.of(rs).initial_counters(players), tokens=marks.of(rs).initial_tokens(players[0]))


_PARTIAL_KEYS = {"players", "start_player", "active", "phase", "turn", "deck", "discard", "exhaustions",
                 "offer", "hands", "fields", "set_aside", "coins", "removed", "proposals", "planted",
                 "over", "rulebook", "seed", "shuffles", "next_proposal", "counters", "tokens"}


def partial_marks(rs: Ruleset, players: list[str], start_player: str, partial: dict[str, Any]) -> tuple:
    """Counters and tokens of a partial state: as a new game starts them, except those given."""
    counters = marks.of(rs).initial_counters(players)
    tokens = marks.of(rs).initial_tokens(start_player)
    for name, value in (partial.get("counters") or {}).items():
        if counters is None or name not in counters:
            raise ValueError(f"unknown counter '{name}' (counters: {', '.join(counters or ()) or 'none'})")
        if isinstance(counters[name], dict):
            if not isinstance(value, dict) or set(value) - set(players):
                raise ValueError(f"counter '{name}' is kept per player: give {{player: value}}")
            counters[name].update({p: int(v) for p, v in value.items()})
        else:
            counters[name] = int(value)
    for name, holder in (partial.get("tokens") or {}).items():
        if tokens is None or name not in tokens:
            raise ValueError(f"unknown token '{name}' (tokens: {', '.join(tokens or ()) or 'none'})")
        if holder is not None and holder not in players:
            raise ValueError(f"token '{name}': {holder} is not a player")
        tokens[name] = holder
    return counters, tokens


def partial_state(rs: Ruleset, players: list[str], partial: dict[str, Any], seed: int | str) -> State:
    """A full state from a partial one. Zones not given are empty, except the deck: without
    one, every card not placed elsewhere is shuffled (by `seed`) into it; with one, the
    unplaced cards go to `removed` so the card total stays right. Fields not given are empty
    (more than the rules deal out only under a buy-field rule, up to its limit), counters start
    as in a new game. No automatic step runs."""
    check_players(rs, players)
    unknown = set(partial) - _PARTIAL_KEYS
    if unknown:
        raise ValueError(f"unknown state keys: {', '.join(sorted(unknown))}")
    if "players" in partial and list(partial["players"]) != list(players):
        raise ValueError("partial state names other players than the game")
    for key in ("hands", "fields", "set_aside", "coins"):
        strangers = set(partial.get(key, {})) - set(players)
        if strangers:
            raise ValueError(f"{key} names unknown players: {', '.join(sorted(strangers))}")
    fields = {}
    # With a buy-field rule a player may hold bought fields beyond the ones dealt out.
    buy = rs.buy_field
    most = rs.fields if buy is None else None if buy.max_fields is None else max(rs.fields, buy.max_fields)
    if adds_fields(rs):  # a card's ability may have given a player more fields
        most = None
    for p in players:
        given = [list(f) for f in partial.get("fields", {}).get(p, [])]
        if most is not None and len(given) > most:
            if any(given[most:]):
                raise ValueError(f"{p} has {len(given)} fields; the rules give "
                                 + (f"{rs.fields}" if buy is None else f"at most {most}"))
            given = given[:most]
        fields[p] = given + [[] for _ in range(rs.fields - len(given))]
    state = State(
        rulebook=rs.rulebook, players=list(players), start_player=partial.get("start_player", players[0]),
        active=partial.get("active", partial.get("start_player", players[0])),
        phase=partial.get("phase", rs.phases[0].id), turn=int(partial.get("turn", 1)),
        deck=list(partial.get("deck", [])), discard=list(partial.get("discard", [])),
        exhaustions=int(partial.get("exhaustions", 0)), offer=list(partial.get("offer", [])),
        hands={p: list(partial.get("hands", {}).get(p, [])) for p in players}, fields=fields,
        set_aside={p: list(partial.get("set_aside", {}).get(p, [])) for p in players},
        coins={p: list(partial.get("coins", {}).get(p, [])) for p in players},
        removed=list(partial.get("removed", [])), proposals=[dict(x) for x in partial.get("proposals", [])],
        planted=int(partial.get("planted", 0)), over=bool(partial.get("over", False)),
        seed=partial.get("seed", seed), shuffles=int(partial.get("shuffles", 0)),
        next_proposal=int(partial.get("next_proposal",
                                      1 + max((x.get("id", 0) for x in partial.get("proposals", [])), default=0))))
    if state.phase not in rs.phase_index:
        raise ValueError(f"unknown phase '{state.phase}' (phases: {', '.join(rs.phase_index)})")
    state.counters, state.tokens = partial_marks(rs, players, state.start_player, partial)
    for who in (state.start_player, state.active):
        if who not in players:
            raise ValueError(f"{who} is not a player")
    placed = state.card_counts()
    box = Counter(_box(rs)[0]) + Counter(_box(rs)[1])
    too_many = {b: n - box.get(b, 0) for b, n in placed.items() if n > box.get(b, 0)}
    if too_many:
        raise ValueError("more cards than the game has: " + ", ".join(
            f"{n} {b} too many" if b in box else f"unknown bean '{b}'" for b, n in sorted(too_many.items())))
    rest = sorted((box - placed).elements(), key=list(box).index)
    if "deck" in partial:
        state.removed.extend(rest)
    else:
        removed_types = set(rs.removed_beans)  # bean types out of play stay out of the deck
        state.removed.extend(c for c in rest if c in removed_types)
        rest = [c for c in rest if c not in removed_types]
        shuffle(rest, seed, 0)
        state.deck = rest
    return state
