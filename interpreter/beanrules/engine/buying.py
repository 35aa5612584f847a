"""Buying a field: any player, at any time while the game runs, pays coin cards for one more
empty field.

The permit that sells a field is picked by its own nodes (`sells_field`): any player, at any
time, may move the top cards of their own coins onto the discard pile and then get one more
field, with no condition or one that bounds their fields ("the number of fields of the player
is less than N"). It compiles once (`compile_buying`) into the program's BuyFieldRule: the
price is the move's count, the limit the condition's number, the rule the last such permit's.
A permit of another shape is compiled by its condition (engine/permissions.py) or refused, by
its own words, when the game is created (engine/compiler.py).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..core import actors, conditions, effects, places, quantities, statements as core, timing
from ..core.categories import Node, Statement
from .actions import BuyField
from .errors import IllegalAction, RuleRef, UnsupportedRule, game_over
from .lasting import cited
from .ruleset import BuyFieldRule, Ruleset
from .state import State

PLAYER = actors.Bound("player")


# ------------------------------------------------------------------ the permit that sells a field
def _price(s: Node) -> places.CardsIn | None:
    """The coin cards a permit of any player at any time pays for one more field of their own
    (its first step moves the top cards of the player's coins onto the discard pile, its second
    adds one field), else None."""
    if not (isinstance(s, core.Permit) and isinstance(s.player, actors.AnyPlayer)
            and isinstance(s.when, timing.AnyTime) and not s.must and isinstance(s.action, effects.Sequence)
            and len(s.action.steps) == 2):
        return None
    pay, add = s.action.steps
    if not (isinstance(pay, effects.Move) and isinstance(add, effects.AddField) and add.player == PLAYER
            and add.count == 1 and pay.to == places.Zone("discard", None) and pay.end == "top"):
        return None
    cards = pay.cards
    if not (isinstance(cards, places.CardsIn) and cards.pick == "top" and not cards.up_to and cards.bean is None
            and cards.place == places.Zone("coins", PLAYER)):
        return None
    # a count by players with no case for this player count is refused when it is compiled
    return cards if isinstance(cards.count, (quantities.Number, quantities.ByPlayers)) else None


def _limit(condition: Node | None) -> int | None:
    """The fields a buyer must have fewer than ("the number of fields of the player is less than N")."""
    if isinstance(condition, conditions.Compare) and condition.left == quantities.FieldsOf(PLAYER) \
            and condition.op == "<" and isinstance(condition.right, quantities.Number):
        return condition.right.value
    return None


def sells_field(s: Statement) -> bool:
    """Whether a statement is a permit that sells a field, which compile_buying compiles."""
    return _price(s) is not None and (s.condition is None or _limit(s.condition) is not None)  # type: ignore[attr-defined]


def compile_buying(program: Iterable[tuple[dict, Statement]], refs: Mapping[str, RuleRef],
                   players: int) -> BuyFieldRule | None:
    """The buying of a field, from the last permit that sells one (a later rule replaces an
    earlier one); None: fields cannot be bought."""
    found = [(rule, s) for rule, s in program if sells_field(s)]
    if not found:
        return None
    rule, permit = found[-1]
    count: Any = _price(permit).count  # type: ignore[union-attr]
    if not isinstance(count, quantities.Number):
        raise UnsupportedRule(f"{rule['id']}: the rule model gives no value for {players} players", rule["id"])
    return BuyFieldRule(count.value, _limit(permit.condition), refs[rule["id"]])  # type: ignore[attr-defined]


# ------------------------------------------------------------------ in play
def may_buy(state: State, rs: Ruleset, player: int) -> bool:
    """`player` may buy a field now (the fast check behind legal actions)."""
    rule = rs.permits.get(BuyField)
    return (rule is not None and not state.over and len(state.coins[player]) >= rule.cost
            and (rule.max_fields is None or len(state.fields[player]) < rule.max_fields))


def buy_refusal(state: State, rs: Ruleset, player: int) -> IllegalAction | None:
    """Why `player` may not buy a field now, or None if they may."""
    if state.over:
        return game_over(rs)
    rule = rs.permits.get(BuyField)
    if rule is None:
        return IllegalAction(cited(state, rs, BuyField(state.players[player])), f"the rules of {rs.rulebook} have no buying of fields: "
                                              f"{state.players[player]} keeps {len(state.fields[player])} fields")
    fields = len(state.fields[player])
    if rule.max_fields is not None and fields >= rule.max_fields:
        return IllegalAction(rule.ref, f"{state.players[player]} has {fields} fields; no more than "
                                       f"{rule.max_fields} may be had")
    coins = len(state.coins[player])
    if coins < rule.cost:
        return IllegalAction(rule.ref, f"a field costs {rule.cost} coin{'s' if rule.cost != 1 else ''}; "
                                       f"{state.players[player]} has {coins}")
    return None


def do_buy(state: State, rs: Ruleset, player: int, events: list) -> None:
    """Pay with the topmost (last gained) coin cards, which go onto the discard pile keeping
    their order (the coin pile's top card ends on top), and add an empty field at the end."""
    cost = rs.permits[BuyField].cost  # (checked by buy_refusal)
    coins = state.coins[player]
    if cost:
        state.discard.extend(coins[-cost:])
        del coins[-cost:]
    state.fields[player].append([])
    events.append({"event": "bought-field", "player": state.players[player], "coins": cost,
                   "fields": len(state.fields[player])})
