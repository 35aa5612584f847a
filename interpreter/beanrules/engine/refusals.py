"""What the engine refuses of a rule by its words alone, before any game: one judgement, which
`check` reports at the rule's line with a hint (resolve/playable.py) and the engine's compile
step raises as UnsupportedRule, naming the rule and its line (engine/compiler.py), when it is
handed a rule model that never went through `check` (written by hand, or by another tool).

Each reason here is read from a statement's core nodes, for a player count, without playing:
a game may never reach the rule, and one that did would stop there ("names more than one
zone", a KeyError for a field no action bound) instead of refusing the model at its start.
An ability's places are judged alike where its effect compiles (engine/abilities.py,
check_zones and check_players use `several_zones` and `speaks_of_opponent`), and so are the
names an ability uses (`unknown_names`: a phase, bean or zone the model does not have, which
`check` reports as unknown-phase, unknown-bean, unknown-zone and the engine raises as its cards'
abilities are made, where a game used to play on with an ability that never acted, or stop
mid-way with a KeyError or a TypeError).

What an action binds for the condition of a rule on it (`binds`) is read here once, for this
judgement (`unbound`) and for the constraints the engine matches against its players' actions
(engine/lasting.py, compile_rule).
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Iterable

from ..core.actors import Bound, EachPlayer, Opponent
from ..core.categories import Node, Statement
from ..core.conditions import MayHarvest
from ..core.effects import Harvest, Plant, Trade
from ..core.node import GIVEN
from ..core.places import Zone
from ..core.statements import DeclareZone, DeclareZoneOfKind, EndWhen
from ..desugar import STANDARD_ZONES, rule_statements
from ..diagnostics import did_you_mean
from . import evaluate, listers, one_model, program
from .decisions import acting
from .ruleset import PLANTABLE_ZONES, SHARED_ZONES


@dataclass(frozen=True)
class Refusal:
    """Why a rule cannot be played, as what follows the rule's name ("names this field in its
    condition, …"), how to write it so it plays, and the player count where that count is
    the reason (None: with any number of players)."""

    says: str
    hint: str | None = None
    players: int | None = None


def refusal(statement: Statement, players: int) -> Refusal | None:
    """Why the engine cannot play this statement of a rule in a game of `players` (None: its
    words do not stop it). Judged once per statement object and count (statements are shared
    by every model holding their rule: engine/one_model.py)."""
    return one_model.of_node("refusal", statement, players, lambda: _judged(statement, players))


def _judged(statement: Statement, players: int) -> Refusal | None:
    declared = program.zone_refusal(statement)
    if declared is not None:
        return Refusal(f"says \"{statement.to_text()}\", {declared}")
    if speaks_of_opponent(statement, players):
        return Refusal(f"speaks of the opponent, the other player of a game of two players, whom a game of "
                       f"{players} players has not",
                       "name a player a game of this many has ('left player', 'each other player'), "
                       "or play the rulebook by two players only", players)
    zone = several_zones(statement, players)
    if zone is not None:
        return Refusal(f"reads or moves '{zone.to_text()}' as one player's zone, but in a game of {players} "
                       "players it is the zone of several",
                       "name one player's zone ('own', 'active player', 'left player', 'right player'), "
                       "or play the rulebook by two players only", players)
    planted = planting(statement)
    if planted is not None:
        return planted
    loose = unbound(statement)
    if loose:
        words = ", ".join("this field" if name == "field" else name for name in loose)
        action = getattr(statement, "action")
        return Refusal(f"names {words} in its condition, which '{action.to_text()}' is not about: "
                       "'this field' is the field a harvest takes or a plant goes onto, 'partner' the other "
                       "side of a trade", "name a player's zone instead ('own field', 'own hand')")
    if judges_itself(statement):
        return Refusal("asks in its condition whether a field may be harvested, which the rules on planting and "
                       "harvesting decide, this one among them: the rule would judge itself",
                       "say what the field holds instead ('count of own field >= 2')")
    return None


def judges_itself(statement: Statement) -> bool:
    """A rule on planting or harvesting whose condition asks "may a field be harvested" asks the
    judge of plants and harvests that the rule itself is part of (engine/lasting.py's
    may_harvest), which would ask the rule again, for ever. An `if` of a card, or a rule on
    another action, may ask it."""
    condition: Any = getattr(statement, "condition", None)
    action: Any = getattr(statement, "action", None)
    return isinstance(action, (Plant, Harvest)) and condition is not None and \
        any(isinstance(n, MayHarvest) for n in condition.walk())


def planting(statement: Statement) -> Refusal | None:
    """A permit of planting the cards of a zone (listers.zone_phase) that the engine cannot
    plant: a zone whose cards are never planted (coins, removed: a coin leaves only to pay for a
    field), or a shared pile that every player, not the active player alone, must plant."""
    if listers.zone_phase(statement) is None:
        return None
    zone = statement.action.cards.place.zone  # type: ignore[attr-defined]
    if zone not in PLANTABLE_ZONES:
        why = (": a harvest that makes room puts cards back on it, so planting it might never end"
               if zone == "discard" else "")
        return Refusal(f"plants the cards in {zone}, which are never planted{why}",
                       f"plantable zones: {', '.join(sorted(PLANTABLE_ZONES))}")
    if zone in SHARED_ZONES and isinstance(statement.player, EachPlayer):  # type: ignore[attr-defined]
        return Refusal(f"has every player plant the {zone}, a shared pile, which only the active player "
                       "can be made to plant", f"write 'active player plants {zone} cards in any order'")
    return None


def never_ends(statements: Iterable[Statement]) -> bool:
    """No statement ends the game: it would be played for ever. A model-wide refusal (check's
    `no-end`, at the rulebook's header), not one rule's."""
    return not any(isinstance(s, EndWhen) for s in statements)


def speaks_of_opponent(node: Node, players: int) -> bool:
    """'The opponent' is the other player of a game of two, and no one in a larger game."""
    return players != 2 and one_model.holds(node, Opponent)


def several_zones(node: Node, players: int) -> Zone | None:
    """The first place among what `node` does (not the actions a lasting constraint names as
    its pattern) that is the zone of several players in a game of this many ("each other
    player's hand" with three or more), or None. The engine reads or moves one player's zone."""
    return next((n for n in acting(node) if isinstance(n, Zone) and evaluate.names_several_zones(n, players)), None)


ABOUT: frozenset[str] = frozenset(GIVEN) - {"player"}
"""What an action may be about besides who acts: the field, the card, the partner (the names a
rule binds by itself, core/node.py GIVEN, but the player)."""


def binds(action: Node) -> frozenset[str]:
    """The names an action binds for a condition on it, each only where the engine's actions
    carry it: a harvest's field; a plant's field and card where it names the field planted onto
    (a rule's forbid of planting, judged by the plant judge, engine/permissions.judged, which
    binds them); a trade's partner and the cards given and taken (engine/deals.py). Any other
    action (a move, buying a field, using an ability) binds none: its condition may speak of who
    acts only."""
    if isinstance(action, Harvest) and isinstance(action.field, Bound):
        return frozenset((action.field.name,))
    if isinstance(action, Plant) and isinstance(action.onto, Bound):
        return frozenset(n.name for n in (action.cards, action.onto) if isinstance(n, Bound) and n.name in ABOUT)
    if isinstance(action, Trade):  # the other side and the cards each gives
        return frozenset(("partner", "given", "taken"))
    return frozenset()


def unbound(statement: Statement) -> list[str]:
    """What a constraint's or permission's condition names of what its action is about that
    the action does not bind (`binds`): "this field" in a rule on trading or on a move of a
    card, "partner" in one on harvesting. What an action may be about are the names the
    statement makes known besides who acts (its IMPLICIT: the field, the card, the partner;
    core/node.py, GIVEN), each only where the action binds it (docs/language.md, "Constraints
    by condition"). Empty for a statement without both."""
    condition: Any = getattr(statement, "condition", None)
    action: Any = getattr(statement, "action", None)
    if condition is None or action is None or not one_model.holds(condition, Bound):
        return []
    about = set(type(statement).IMPLICIT) - {"player"}
    return sorted({n.name for n in condition.walk() if isinstance(n, Bound)} & about - binds(action))


@dataclass(frozen=True)
class UnknownName:
    """A name an ability uses that the model does not have: its kind ("phase", "bean" or
    "zone"), the name, and the names of that kind the model has."""

    kind: str
    name: str
    known: tuple[str, ...]

    @property
    def says(self) -> str:
        return f"names {self.kind} '{self.name}', which the rulebook does not have"

    @property
    def hint(self) -> str | None:
        return did_you_mean(self.name, list(self.known)) or \
            (f"{self.kind}s: {', '.join(self.known)}" if self.known else None)


# The kinds of name (core/node.py, names()) an ability is judged on, as this judgement calls them:
# a card is named by its bean's id.
_JUDGED = {"phase": "phase", "bean": "bean", "card": "bean", "zone": "zone"}


def known_names(model: dict) -> dict[str, tuple[str, ...]]:
    """The phases, beans and zones of a model: the zones its rules declare (a rulebook declares
    the standard ones it keeps too: `zone hand per player, owner sees`), or where they declare
    none (a model written by hand), the zones the engine keeps of itself."""
    declared = sorted({s.zone for rule in model["rules"] for s in one_model.made_once(
        "statements", rule, None, lambda: rule_statements(rule)) if isinstance(s, (DeclareZone, DeclareZoneOfKind))})
    return {"phase": tuple(p["id"] for p in model["phases"]), "bean": tuple(b["id"] for b in model["beans"]),
            "zone": tuple(declared or sorted(STANDARD_ZONES))}


@functools.cache
def _named_fields(cls: type) -> tuple[tuple[str, str], ...]:
    """(field, kind as judged here) of each field of a node class that holds a name judged here."""
    return tuple((f.name, _JUDGED[f.metadata["names"]]) for f in dataclasses.fields(cls)
                 if f.metadata.get("names") in _JUDGED)


def unknown_names(ability: Node, known: dict[str, tuple[str, ...]]) -> list[UnknownName]:
    """Each phase, bean and zone an ability names that the model does not have (`known`:
    known_names), once each, in the order written: read from every field of its core nodes
    that holds a name (core/node.py, names()), so a name in a timing, a test, a place, a choice
    or a lasting constraint is read alike."""
    return [UnknownName(kind, name, known[kind]) for kind, name in _names_in(ability) if name not in known[kind]]


def _names_in(ability: Node) -> tuple[tuple[str, str], ...]:
    """(kind, name) of each name an ability uses, once each, in the order written: walked once
    per ability object (the same object in every model and count with its card: one_model.py)."""
    def walked() -> tuple[tuple[str, str], ...]:
        found: dict[tuple[str, str], None] = {}
        for node in ability.walk():
            for field_name, kind in _named_fields(type(node)):
                value = getattr(node, field_name)
                for name in value if type(value) is tuple else (value,):
                    if isinstance(name, str):
                        found[kind, name] = None
        return tuple(found)
    return one_model.of_node("names", ability, None, walked)


def where(rule: dict) -> str:
    """The rule as an engine's refusal names it: its id and, where the model carries it, the
    file and line it was written at (a hand-written model may carry neither)."""
    return f"rule '{rule['id']}'" + _at(rule.get("span"), rule.get("origin"))


def where_ability(bean: dict, index: int) -> str:
    """A card's ability as an engine's refusal names it, as `where` names a rule: its id (or
    its number on the card) and the card's, and where the model says it was written."""
    data = bean["abilities"][index]
    span = data.get("span") or bean.get("span") or {}
    return f"the ability '{data.get('id') or index + 1}' of card '{bean['id']}'" + \
        _at({**span, "file": span.get("file") or (bean.get("span") or {}).get("file")}, bean.get("origin"))


def _at(span: dict | None, origin: str | None) -> str:
    span = span or {}
    at = ", ".join(part for part in (span.get("file") or origin,
                                     f"line {span['line']}" if span.get("line") else None) if part)
    return f" ({at})" if at else ""
