"""The statements still read by the shape of their nodes: buying a field, choosing the start
player, a token's first holder.

Each reading is a small frozen value derived from the core statement alone (a ``permit`` of
buying a field, a ``do`` that names the start player), never from the sentence it came from.
Everything else is compiled by its own nodes: the permits of planting, harvesting by choice and
ending a phase by their listers (engine/listers.py, engine/program.py's ends_phase), the forbids
and allows of planting and harvesting into their judges (engine/permissions.py,
engine/harvest_guards.py), trading by its guards (engine/trade_guards.py), the harvest's data
into the program's harvest (engine/harvest_rule.py). A statement of another shape is read as
None: the ruleset compiles a forbid or a permission of it by its condition (permissions.py), and
refuses any other, by the statement's own words, when the game is created.

A later reading of a type replaces an earlier one, as a later rule replaces an earlier one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import actors, conditions, effects, places, quantities, statements as core, timing
from ..core.categories import Node, Statement
from . import one_model

PLAYER = actors.Bound("player")
FIELD = actors.Bound("field")


# ------------------------------------------------------------------ what a statement says
@dataclass(frozen=True)
class BuyField:
    """Any player may pay `cost` coin cards for another field, while they have fewer than
    `limit` (None: no limit)."""
    cost: int | None  # None: the rule model gives no value for this player count
    limit: int | None


@dataclass(frozen=True)
class StartPlayer:
    """How the start player is found, and the token they keep (None: none)."""
    token: str | None


@dataclass(frozen=True)
class Token:
    """A token exists."""
    token: str


# ------------------------------------------------------------------ shapes
def _zone(node: Node, zone: str | None = None, owner: Node | None | bool = False) -> str | None:
    """The zone name of a Zone node (of `zone`, owned by `owner` where given), else None."""
    if not isinstance(node, places.Zone) or (zone is not None and node.zone != zone):
        return None
    if owner is not False and node.owner != owner:
        return None
    return node.zone


def _number(node: Node | None) -> int | None:
    return node.value if isinstance(node, quantities.Number) else None


def _compare(node: Node, left: Any, op: str) -> int | None:
    """The bound of "LEFT OP number", else None."""
    if isinstance(node, conditions.Compare) and node.left == left and node.op == op:
        return _number(node.right)
    return None


def _permit(s: core.Permit) -> Any:
    """Buying a field (the permits of planting, harvesting and ending a phase compile by their
    own nodes: engine/listers.py, engine/program.py's ends_phase)."""
    action, when = s.action, s.when
    if isinstance(action, effects.Sequence) and isinstance(s.player, actors.AnyPlayer) \
            and isinstance(when, timing.AnyTime) and not s.must:
        return _buy_field(action, s.condition)
    return None


def _buy_field(action: effects.Sequence, condition: Node | None) -> Any:
    if len(action.steps) != 2:
        return None
    pay, add = action.steps
    if not (isinstance(pay, effects.Move) and isinstance(add, effects.AddField) and add.player == PLAYER
            and add.count == 1 and _zone(pay.to, "discard", None) and pay.end == "top"):
        return None
    cards = pay.cards
    if not (isinstance(cards, places.CardsIn) and cards.pick == "top" and not cards.up_to
            and cards.bean is None and _zone(cards.place, "coins", PLAYER)):
        return None
    limit = None
    if condition is not None:
        limit = _compare(condition, quantities.FieldsOf(PLAYER), "<")
        if limit is None:
            return None
    cost = _number(cards.count)
    if cost is None and not isinstance(cards.count, quantities.ByPlayers):
        return None
    return BuyField(cost, limit)


def read(statement: Statement) -> Any:
    """What the engine makes of a statement of planting or harvesting (None: a shape
    it does not play, or a statement of another sort, which program.py reads)."""
    if isinstance(statement, core.Permit):
        return _permit(statement)
    if isinstance(statement, core.ChooseStartPlayer):
        return StartPlayer(statement.token)
    if isinstance(statement, core.DeclareToken):
        return Token(statement.token)
    return None


def read_once(statement: Statement) -> Any:
    """``read(statement)``, made once per statement object (engine/one_model.py): the ruleset of
    every player count and the phases that wait for a decision read the same statements."""
    return one_model.of_node("reading", statement, None, lambda: read(statement))
