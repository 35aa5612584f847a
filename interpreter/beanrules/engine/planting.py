"""Checking a plant: from the front of the hand (a plant-from-hand phase) or from the zones a
plant-pending phase empties (set-aside cards, the active player's offer)."""
from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Plant
from .errors import IllegalAction, RuleRef, game_over
from .kinds import auto_field, same_type, top_type, type_of
from .lasting import cited
from .ruleset import PhaseSpec, Ruleset, zone_cards
from .state import State
from .plant_verdict import verdict
from .zones import check_into


class PlantMove(NamedTuple):
    """A checked plant: take `bean` from `zone` of `player` into field `index` (0-based; a name:
    the field of the table so named, engine/zones.py).
    `front`: the front card of the hand under a plant-from-hand step (it counts as planted);
    otherwise the card is taken out of `zone` wherever it lies (plant-pending, any order)."""
    player: int  # a seat
    zone: str
    bean: str
    index: int | str
    front: bool = False


def refusing(state: State, rs: Ruleset, player: int, bean: str, index: int) -> Any:
    """The planting guard that forbids `bean` onto field `index` of `player` (engine/permissions.py:
    its rule and words), or None: the field takes it."""
    judge = rs.plant_judge
    return judge.refusing(state, rs, player, bean, index) if judge is not None else None


def field_accepts(state: State, rs: Ruleset, player: int, bean: str, index: int) -> bool:
    """Field `index` of `player` takes `bean` under the planting rules in force."""
    judge = rs.plant_judge
    return judge is None or judge.refusing(state, rs, player, bean, index) is None


def accepts_emptied(state: State, rs: Ruleset, player: int, bean: str, index: int) -> bool:
    """Field `index` would take `bean` once harvested (the field a harvest makes room in)."""
    fields = state.fields[player]
    state.fields[player] = fields[:index] + [[]] + fields[index + 1:]
    try:
        return field_accepts(state, rs, player, bean, index)
    finally:
        state.fields[player] = fields


def pending_zones(ph: PhaseSpec, state: State, player: int) -> list[str]:
    return [s.zone for s in ph.listers.every if s.who == "everyone" or player == state.active]


def pending_cards(state: State, zone: str, player: int) -> list[str]:
    return zone_cards(state, zone, player)


def _any_plant_ref(rs: Ruleset, zone: str | None) -> RuleRef | None:
    """The rule to cite for planting in the wrong phase: the one that says when that zone is planted."""
    for ph in rs.phases:
        for step in ph.listers.every:
            if step.zone == zone:
                return step.ref
    for ph in rs.phases:
        if ph.listers.front:
            return ph.listers.front.ref
    return next((s.ref for ph in rs.phases for s in ph.listers.every), None)


def check_plant(state: State, rs: Ruleset, action: Plant) -> PlantMove:
    """Resolve a plant action against the rules; raise IllegalAction if they forbid it."""
    player, name = state.seat_of[action.player], action.player  # (the messages name the player)
    if state.over:
        raise game_over(rs)
    ph = rs.phases[rs.phase_index[state.phase]]
    front, every = ph.listers.front, ph.listers.every
    if front is not None and (action.zone is None or action.zone == "hand"):
        step = front
        if player != state.active:
            raise IllegalAction(step.ref, f"only the active player ({state.players[state.active]}) plants from hand now")
        hand = state.hands[player]
        if state.planted >= step.most:
            raise IllegalAction(step.ref, f"{name} has planted {state.planted} cards from hand; "
                                          f"no more than {step.most} in this phase")
        if not hand:
            raise IllegalAction(step.ref, f"{name} has no cards in hand")
        if action.bean is not None and action.bean != hand[0]:
            raise IllegalAction(cited(state, rs, action) or step.ref,
                                f"the front card of {name}'s hand is {hand[0]}, not {action.bean}")
        zone, bean, front = "hand", hand[0], True
    elif every:
        allowed = pending_zones(ph, state, player)
        if action.zone is not None and action.zone not in allowed:
            raise IllegalAction(_any_plant_ref(rs, action.zone),
                                f"{name} does not plant from {action.zone} in phase {ph.id}")
        # No zone named: the hand first. The notation writes a hand card planted in any order
        # without its zone ("Greg plants red in 1"), so reading it back must find it there.
        zones = [action.zone] if action.zone else sorted(allowed, key=lambda z: z != "hand")
        if action.bean is None:
            beans = {c for z in zones for c in pending_cards(state, z, player)}
            if not beans:
                step = next((s for s in every if s.zone in zones), every[0])
                raise IllegalAction(step.ref, f"{name} has nothing to plant")
            if len(beans) > 1:  # the line is ambiguous; no rule forbids what the player meant
                raise IllegalAction(None, f"say which bean {name} plants: {', '.join(sorted(beans))}")
            bean = beans.pop()
        else:
            bean = action.bean
        front = False
        zone = next((z for z in zones if bean in pending_cards(state, z, player)), None)
        if zone is None:
            step = next((s for s in every if s.zone in zones), every[0])
            raise IllegalAction(step.ref, f"{name} has no {bean} to plant from "
                                          f"{' or '.join(zones) or 'anywhere'}")
    else:
        raise IllegalAction(_any_plant_ref(rs, action.zone), f"no planting in phase {ph.id}")
    if bean in rs.unplantable:
        raise IllegalAction(rs.rules.get(bean) or _any_plant_ref(rs, zone),
                            f"{bean} is never planted")
    if isinstance(action.field, str):  # a field of the table: only where a rule permits it
        check_into(state, rs, player, action.field, bean)
        return PlantMove(player, zone, bean, action.field, front)
    fields = state.fields[player]
    if action.field is None:
        return PlantMove(player, zone, bean, _auto(state, rs, player, bean), front)
    index = action.field - 1
    if not 0 <= index < len(fields):
        raise IllegalAction(rs.fields_ref, f"{name} has no field {action.field} "
                                           f"(fields 1 to {len(fields)})")
    guard = refusing(state, rs, player, bean, index)
    if guard is not None:
        raise IllegalAction(guard.ref, _why(rs, name, bean, fields, index, guard))
    return PlantMove(player, zone, bean, index, front)


def _auto(state: State, rs: Ruleset, player: int, bean: str) -> int:
    """The field a plant without one goes onto: the one holding its type, else the first empty
    one, where that takes it; else the only field that does (several: the player says which)."""
    fields, name = state.fields[player], state.players[player]
    index = auto_field(rs, fields, bean)
    if index is not None and field_accepts(state, rs, player, bean, index):
        return index
    takes = [i for i in range(len(fields)) if field_accepts(state, rs, player, bean, i)]
    if len(takes) == 1:
        return takes[0]
    if takes:  # several fields take it: cite the allow that lets it cover one (mixed fields)
        lift = verdict(state, rs, player, bean, fields[takes[0]], takes[0], player)[1]
        raise IllegalAction(lift.ref if lift is not None else None,
                            f"no field of {name} holds {bean} and none is empty: say which field {bean} covers")
    owed = rs.phases[rs.phase_index[state.phase]].listers.room  # a harvest owed to make room (listers.Room)
    if owed is not None and owed.holds(state, rs, player, bean):
        raise IllegalAction(owed.ref, f"no field of {name} takes {bean}: harvest a field first")
    guard = refusing(state, rs, player, bean, index if index is not None else 0) if fields else None
    raise IllegalAction(guard.ref if guard is not None else rs.fields_ref,
                        f"no field of {name} takes {bean}: harvest a field first")


def _why(rs: Ruleset, player: str, bean: str, fields: list[list[str]], index: int, guard: Any) -> str:
    """Why `bean` may not go onto field `index`: another type tops it, its type grows in another
    field, or the guard's own words."""
    field = fields[index]
    if field and not same_type(rs, field[-1], bean):
        return (f"field {index + 1} of {player} holds {top_type(rs, field)}, not {type_of(rs, bean)}"
                + (f"; {bean} may cover another type only when no field holds it or is empty"
                   if guard.lifted else ""))  # an allow lifts the one-type forbid: covering
    grown = next((i for i, f in enumerate(fields) if f and same_type(rs, f[-1], bean)), None)
    if not field and grown is not None:
        return f"{bean} already grows in field {grown + 1} of {player}; the rules let a type grow in one field only"
    return f"{player} may not plant {bean} on field {index + 1} — {guard.says}"
