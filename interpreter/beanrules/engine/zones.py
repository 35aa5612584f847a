"""The rules that say who may plant into, or harvest, a field declared for the table (the zones
a spec declares besides the standard ones are the program's declared state, engine/declared.py).

The state keeps a declared zone under ``zones`` (a key of the state JSON only where the rules
declare one, so the states of other rulebooks keep their form): a list of cards for the table,
or one list per player. A field for the table plants and harvests like a player's field — one
bean type, the harvest paid by the beanometer to whoever harvests it — but nobody owns it, so
nobody may act on it unless a rule permits it: a ``permit`` of a plant onto it or of its
harvest (``any player may plant into middle when it is phase plant-traded``) lists those
actions for the players it names while its condition holds, and they are refused otherwise,
citing that rule. A plant into it takes the card the phase would plant anyway (the front card
of the hand, a set-aside or offer card), so it changes where a card goes, not which.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core import conditions, effects, places, statements as core, timing
from ..desugar import STANDARD_ZONES
from .actions import Plant
from .errors import IllegalAction, RuleRef, UnsupportedRule
from .kinds import same_type, top_type, type_of
from .plant_verdict import verdict

def _names_zone(node: Any) -> str | None:
    """The name of the zone of the table a place names (None: a player's zone, a field bound by
    name, no zone). The standard sentences plant onto and harvest a player's own fields, never
    a zone of the table: one named here is refused unless the rules declare it a field."""
    if isinstance(node, places.Zone) and node.owner is None:
        return node.zone
    return None


def target(statement: Any) -> tuple[str, str] | None:
    """(action, zone) of a permission to plant onto, or harvest, a declared zone; None for any
    other statement."""
    if not isinstance(statement, core.Permit):
        return None
    action = statement.action
    if isinstance(action, effects.Plant) and _names_zone(action.onto):
        return "plant", action.onto.zone
    if isinstance(action, effects.Harvest) and _names_zone(action.field):
        return "harvest", action.field.zone
    return None


def runs(statement: Any) -> bool:
    """Whether this is a permission this module plays (program.runs asks)."""
    return target(statement) is not None


Allows = Callable[[Any, Any, str], bool]  # (state, rules, player): the permission holds for the player


@dataclass(frozen=True)
class ZoneRule:
    """A player may `action` ("plant" or "harvest") the field `zone` of the table while
    `allows` says so: they are among the players the rule names and its condition holds."""
    action: str
    zone: str
    allows: Allows
    ref: RuleRef


def compile_rules(program: list, refs: dict[str, RuleRef], decl: dict[str, core.DeclareZoneOfKind],
                  compile_permission: Callable[[Any, Any], Allows]) -> tuple[ZoneRule, ...]:
    """The permissions on declared zones (`decl`: the program's, by name), their players and conditions compiled by
    `compile_permission` (the evaluator's, engine/ruleset.py: this module stays out of the
    engine's import cycle); UnsupportedRule (naming the rule) for one on a zone that is not a
    field for the table, or with a count of times."""
    out = []
    for rule, statement in program:
        found = target(statement)
        if found is None:
            continue
        action, zone = found
        d = decl.get(zone)
        if d is None or d.kind != "field" or d.per_player:
            what = ("a standard zone, not a field" if zone in STANDARD_ZONES else "a zone the rules do not declare") \
                if d is None else f"a {d.kind}{' of each player' if d.per_player else ''}"
            example = "middle" if zone in STANDARD_ZONES else zone
            raise UnsupportedRule(f"rule '{rule['id']}': {zone} is {what}; a rule lets players plant into "
                                  f"or harvest a field for the table ('zone {example} is a field for the table, "
                                  "public')", rule["id"])
        when = statement.when
        if statement.must or statement.least is not None or statement.most is not None \
                or not isinstance(when, (timing.AnyTime, timing.During)) \
                or (isinstance(when, timing.During) and when.once_per_turn):
            raise UnsupportedRule(f"rule '{rule['id']}': a permission on {zone} is an option any time or "
                                  "during a phase, with no count of times", rule["id"])
        terms = [statement.condition] if statement.condition is not None else []
        if isinstance(when, timing.During) and when.phase:
            terms.append(conditions.InPhase(when.phase))
        condition = terms[0] if len(terms) == 1 else conditions.AllOf(tuple(terms)) if terms else None
        out.append(ZoneRule(action, zone, compile_permission(statement.player, condition), refs[rule["id"]]))
    return tuple(out)


def permitting(state: Any, rs: Any, action: str, zone: str, player: int) -> ZoneRule | None:
    """The rule that lets `player` `action` the field `zone` now, if any."""
    return next((rule for rule in rs.zone_rules if rule.action == action and rule.zone == zone
                 and rule.allows(state, rs, player)), None)


def not_permitted(rs: Any, action: str, zone: str, player: str) -> IllegalAction:
    """(`player`: the name the refusal says.)"""
    """Nobody acts on a field of the table unless a rule says so: cite the rule that would."""
    rule = next((r for r in rs.zone_rules if r.action == action and r.zone == zone), None)
    verb = "plant into" if action == "plant" else "harvest"
    if rule is None:
        return IllegalAction(rs.rules.get(f"zone-{zone}"), f"no rule lets anyone {verb} {zone}")
    return IllegalAction(rule.ref, f"{player} may not {verb} {zone} now: {rule.ref.text or verb}")


def cards(state: Any, zone: str) -> list[str]:
    """The cards of a declared zone of the table (the state's own list)."""
    return state.zones[zone]


def field_list(state: Any, player: int, field: int | str) -> list[str]:
    """A field a plant or harvest names: a player's own (0-based index) or one of the table (its name)."""
    return state.fields[player][field] if isinstance(field, int) else state.zones[field]


def refusing(state: Any, rs: Any, player: int, zone: str, bean: str) -> Any:
    """The planting guard that forbids `player` planting `bean` into the field `zone` of the
    table (engine/permissions.py: the forbids and allows of planting the card on the field judge
    every field planted onto), or None: it takes it."""
    return verdict(state, rs, player, bean, state.zones[zone], zone, None)[0]


def refusal(state: Any, rs: Any, action: str, zone: str, player: int) -> IllegalAction | None:
    """Why `player` may not `action` the field `zone` of the table now, whatever it holds: the
    rules declare no such field (a refusal of no rule), or no rule permits it now; or None."""
    if zone not in fields_of_table(rs):
        return IllegalAction(None, f"there is no field '{zone}' of the table in {rs.rulebook}")
    if permitting(state, rs, action, zone, player) is None:
        return not_permitted(rs, action, zone, state.players[player])
    return None


def check_into(state: Any, rs: Any, player: int, zone: str, bean: str) -> None:
    """IllegalAction unless `player` may plant `bean` into the field `zone` of the table now."""
    refused = refusal(state, rs, "plant", zone, player)
    if refused is not None:
        raise refused
    guard = refusing(state, rs, player, zone, bean)
    if guard is not None:
        field = state.zones[zone]
        raise IllegalAction(guard.ref, f"{zone} holds {top_type(rs, field)}, not {type_of(rs, bean)}" if field
                            and not same_type(rs, field[-1], bean) else f"{state.players[player]} may not plant {bean} into {zone}"
                            f" — {guard.says}")


def plant_options(state: Any, rs: Any, player: int, planted: list[tuple[str, str | None]]) -> list[Plant]:
    """Plants into the fields of the table of the cards `player` may plant now (`planted`:
    (bean, zone) pairs, zone None for the front card of the hand)."""
    out: list[Plant] = []
    for zone in fields_of_table(rs):
        if permitting(state, rs, "plant", zone, player) is None:
            continue
        out.extend(Plant(state.players[player], bean, zone, where) for bean, where in planted
                   if refusing(state, rs, player, zone, bean) is None)
    return out


def fields_of_table(rs: Any) -> list[str]:
    """The names of the fields of the table the rules declare."""
    return [name for name, d in rs.declared.zones.items() if d.kind == "field" and not d.per_player]

