"""From a case's partial starting state to the state handed to the engine.

The format's promise is that everything unnamed is empty or defaulted and that card totals
stay right. The runner keeps that promise itself, so every engine sees the same cards in the
same places: the cards no zone names are laid, grouped by bean in the rule model's order,
under the named top of the deck (or under the named discard pile with ``rest: discard``);
coins given as a count are taken one by one from the most plentiful bean left — or, where coins
come from the bank (the beans out of play), off the top of the bank as a harvest pays them.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .cases import Case
from .checks import named_cards
from .modelinfo import ModelInfo


def _take_coins(count: int, pool: Counter[str], order: tuple[str, ...]) -> list[str]:
    taken: list[str] = []
    for _ in range(count):
        bean = max(order, key=lambda b: (pool[b], -order.index(b)))
        pool[bean] -= 1
        taken.append(bean)
    return taken


def _from_bank(value: int | list[str], bank: list[str]) -> list[str]:
    """Coin cards that came from the bank (coin-source from bank): a count is paid as a harvest
    pays, topmost (last) bank card first; named cards leave the bank from the top down."""
    if isinstance(value, int):
        taken = bank[len(bank) - value:][::-1]
        del bank[len(bank) - value:]
        return taken
    for bean in value:
        del bank[len(bank) - 1 - bank[::-1].index(bean)]
    return list(value)


def starting_state(case: Case, info: ModelInfo) -> dict[str, Any]:
    given = case.state
    players = list(case.players)
    info = info.for_players(len(players))
    fields_each = info.fields_for(len(players)) or max((len(f) for f in given.get("fields", {}).values()), default=1)
    # (a player given more fields than dealt has bought them; the runner keeps them as given)
    pool: Counter[str] = Counter({b: info.bean_counts[b] for b in info.in_play})
    pool.subtract(named_cards(given))

    removed = [b for b in info.bean_counts if b not in info.in_play for _ in range(info.bean_counts[b])]
    coins: dict[str, list[str]] = {}
    for name in players:
        value = given.get("coins", {}).get(name, [])
        if info.coins_from_bank:
            coins[name] = _from_bank(value, removed)
        else:
            coins[name] = _take_coins(value, pool, info.in_play) if isinstance(value, int) else list(value)

    rest = [bean for bean in info.in_play for _ in range(max(pool[bean], 0))]
    deck = list(given.get("deck", []))
    discard = list(given.get("discard", []))
    if given.get("rest", "deck") == "discard":
        discard = rest + discard     # the discard list runs bottom → top
    else:
        deck = deck + rest           # the deck list runs top → bottom

    state: dict[str, Any] = {
        "rulebook": info.name,
        "players": players,
        "deck": deck,
        "discard": discard,
        "offer": list(given.get("offer", [])),
        "hands": {p: list(given.get("hands", {}).get(p, [])) for p in players},
        "fields": {p: _fields(given.get("fields", {}).get(p, []), fields_each) for p in players},
        "set_aside": {p: list(given.get("set_aside", {}).get(p, [])) for p in players},
        "coins": coins,
        "removed": removed,
    }
    for key in ("hands", "fields", "set_aside", "coins"):
        # a zone of someone not playing is handed on as it is: the engine refuses that start
        state[key] |= {name: value if isinstance(value, list) else []
                       for name, value in given.get(key, {}).items() if name not in players}
    # The counters and who acts are the case's or the engine contract's defaults (the start
    # player is the first name, active the start player, the first phase, turn 1, nothing
    # planted, no run-out, no proposals, not over): what the case leaves out is left to the
    # engine, so the suite checks that it fills them in as the contract says.
    if case.start != players[0]:
        state["start_player"] = case.start
    for key in ("active", "phase", "exhaustions", "turn", "planted", "tokens", "counters", "zones"):
        if key in given:
            state[key] = given[key]
    return state


def _fields(lists: list[list[str]], count: int) -> list[list[str]]:
    fields = [list(cards) for cards in lists]
    return fields + [[] for _ in range(count - len(fields))]


def card_total(state: dict[str, Any]) -> Counter[str]:
    """Every card in a full state, wherever it lies (to check that totals stay right)."""
    total: Counter[str] = Counter()
    for key in ("deck", "discard", "offer", "removed"):
        total.update(state.get(key) or [])
    for key in ("hands", "set_aside", "coins"):
        for cards in (state.get(key) or {}).values():
            total.update(cards if isinstance(cards, list) else [])
    for lists in (state.get("fields") or {}).values():
        for cards in lists:
            total.update(cards)
    for value in (state.get("zones") or {}).values():  # the zones the rules declare
        for cards in (value.values() if isinstance(value, dict) else [value]):
            total.update(cards)
    return total
