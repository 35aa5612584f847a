"""Constraints, buying a field and harvest statements of the core, read by the shape of their nodes.

Planting and harvesting run on fast paths (planting.py, harvesting.py, legal.py) that take
plain parameters: what a field pays, whether a field takes another type. This module derives
those parameters from the core statements alone — a ``forbid`` of a plant onto a field topped by
another type, a ``permit`` of buying a field — never from the sentence a statement came from.
The permits of planting, harvesting by choice and ending a phase are not read here: their
listers pick and compile them by their own nodes (engine/listers.py, engine/program.py's
ends_phase).
Trading reads no setting: engine/trade_guards.py compiles its statements by their conditions.
A statement of another shape is read as None: the ruleset compiles a forbid or a permission of
it by its condition (permissions.py), and refuses any other, by the statement's own words, when
the game is created.

Each reading is a small frozen value; the ruleset collects them (a later reading of a type
replaces an earlier one, as a later rule replaces an earlier one).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import actors, conditions, effects, places, quantities, statements as core, timing
from ..core.categories import Node, Statement
from . import one_model

PLAYER = actors.Bound("player")
FIELD = actors.Bound("field")
CARD = actors.Bound("card")


# ------------------------------------------------------------------ what a statement says
@dataclass(frozen=True)
class OneType:
    """A card may not go onto a field topped by another bean type."""


@dataclass(frozen=True)
class OneFieldPerType:
    """A card may not start a new field while another field of the player grows its type."""


@dataclass(frozen=True)
class SameTypeMany:
    """A card may start a new field while another field grows its type (lifts OneFieldPerType)."""


@dataclass(frozen=True)
class Covers:
    """Where no field takes a card, it may cover another type."""


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


def _tops(field: Node) -> conditions.Matches:
    """"The card is of the type of the top card of FIELD"."""
    return conditions.Matches(CARD, places.CardsIn(field, "top", quantities.Number(1), False, None))


_OTHER_TYPE = (conditions.Compare(quantities.Count(FIELD, None), ">", quantities.Number(0)), conditions.Not(_tops(FIELD)))


def _new_field_for_growing_type(c: Node | None) -> bool:
    """"The field is empty and some other field of the player grows the card's type"."""
    if not (isinstance(c, conditions.AllOf) and len(c.terms) == 2
            and _compare(c.terms[0], quantities.Count(FIELD, None), "=") == 0):
        return False
    some = c.terms[1]
    return isinstance(some, conditions.SomeField) and some.owner == PLAYER \
        and some.where == _tops(actors.Bound(some.name))


def _no_room(c: Node) -> bool:
    """"No field of the player is empty or topped by the card's type"."""
    if not (isinstance(c, conditions.Not) and isinstance(c.term, conditions.SomeField) and c.term.owner == PLAYER):
        return False
    free = actors.Bound(c.term.name)
    return c.term.where == conditions.AnyOf((conditions.Compare(quantities.Count(free, None), "=",
                                                                quantities.Number(0)), _tops(free)))


def _forbid(s: core.Forbid) -> Any:
    action, c = s.action, s.condition
    if isinstance(action, effects.Plant) and action.player == PLAYER and action.cards == CARD and action.onto == FIELD:
        if c == conditions.AllOf(_OTHER_TYPE):
            return OneType()
        return OneFieldPerType() if _new_field_for_growing_type(c) else None
    return None


def _allow(s: core.Allow) -> Any:
    action, c = s.action, s.condition
    if isinstance(action, effects.Plant) and action.player == PLAYER and action.cards == CARD and action.onto == FIELD:
        if _new_field_for_growing_type(c):
            return SameTypeMany()
        if isinstance(c, conditions.AllOf) and len(c.terms) == 3 and c.terms[:2] == _OTHER_TYPE \
                and _no_room(c.terms[2]):
            return Covers()
    return None


def read(statement: Statement) -> Any:
    """What the engine makes of a statement of planting or harvesting (None: a shape
    it does not play, or a statement of another sort, which program.py reads)."""
    if isinstance(statement, core.Permit):
        return _permit(statement)
    if isinstance(statement, core.Forbid):
        return _forbid(statement)
    if isinstance(statement, core.Allow):
        return _allow(statement)
    if isinstance(statement, core.ChooseStartPlayer):
        return StartPlayer(statement.token)
    if isinstance(statement, core.DeclareToken):
        return Token(statement.token)
    return None


def read_once(statement: Statement) -> Any:
    """``read(statement)``, made once per statement object (engine/one_model.py): the ruleset of
    every player count and the phases that wait for a decision read the same statements."""
    return one_model.of_node("reading", statement, None, lambda: read(statement))
