"""Buying a field (rule kind buy-field): any player, at any time while the game runs, pays
coin cards for one more empty field."""
from __future__ import annotations

from .actions import BuyField
from .errors import IllegalAction, game_over
from .lasting import cited
from .ruleset import Ruleset
from .state import State


def may_buy(state: State, rs: Ruleset, player: str) -> bool:
    """`player` may buy a field now (the fast check behind legal actions)."""
    rule = rs.buy_field
    return (rule is not None and not state.over and len(state.coins[player]) >= rule.cost
            and (rule.max_fields is None or len(state.fields[player]) < rule.max_fields))


def buy_refusal(state: State, rs: Ruleset, player: str) -> IllegalAction | None:
    """Why `player` may not buy a field now, or None if they may."""
    if state.over:
        return game_over(rs)
    rule = rs.buy_field
    if rule is None:
        return IllegalAction(cited(state, rs, BuyField(player)), f"the rules of {rs.rulebook} have no buying of fields: "
                                              f"{player} keeps {len(state.fields[player])} fields")
    fields = len(state.fields[player])
    if rule.max_fields is not None and fields >= rule.max_fields:
        return IllegalAction(rule.ref, f"{player} has {fields} fields; no more than "
                                       f"{rule.max_fields} may be had")
    coins = len(state.coins[player])
    if coins < rule.cost:
        return IllegalAction(rule.ref, f"a field costs {rule.cost} coin{'s' if rule.cost != 1 else ''}; "
                                       f"{player} has {coins}")
    return None


def do_buy(state: State, rs: Ruleset, player: str, events: list) -> None:
    """Pay with the topmost (last gained) coin cards, which go onto the discard pile keeping
    their order (the coin pile's top card ends on top), and add an empty field at the end."""
    cost = rs.buy_field.cost  # type: ignore[union-attr]  (checked by buy_refusal)
    coins = state.coins[player]
    if cost:
        state.discard.extend(coins[-cost:])
        del coins[-cost:]
    state.fields[player].append([])
    events.append({"event": "bought-field", "player": player, "coins": cost,
                   "fields": len(state.fields[player])})
