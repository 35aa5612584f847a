"""Harvesting a field: when it is allowed, the protection rule, the beanometer, coin cards."""
from __future__ import annotations

from .errors import IllegalAction
from .ruleset import Ruleset
from .state import State


def harvest_refusal(state: State, rs: Ruleset, player: str, index: int) -> IllegalAction | None:
    """Why `player` may not harvest field `index` (0-based) now, or None if they may."""
    if state.over:
        return IllegalAction(rs.exhaustion_ref, "the game is over")
    if rs.harvest_when == "own-turn" and player != state.active:
        return IllegalAction(rs.harvest_ref, f"{player} may harvest only on their own turn")
    if state.phase in rs.harvest_except:
        return IllegalAction(rs.harvest_ref, f"no harvesting in phase {state.phase}")
    fields = state.fields[player]
    if not 0 <= index < len(fields):
        return IllegalAction(rs.fields_ref, f"{player} has no field {index + 1} (fields 1 to {len(fields)})")
    if not fields[index]:
        return IllegalAction(rs.whole_field, f"field {index + 1} of {player} is empty")
    if rs.protection is not None and len(fields[index]) == 1:
        limit = rs.protection
        for other in fields:
            if len(other) > limit:
                return IllegalAction(rs.protection_ref, f"field {index + 1} holds a single bean while "
                                     f"another field of {player} holds more than {limit}")
    return None


def harvestable(state: State, rs: Ruleset, player: str) -> list[int]:
    """0-based indices of the fields `player` may harvest now (fast path for legal actions)."""
    if state.over or (rs.harvest_when == "own-turn" and player != state.active) \
            or state.phase in rs.harvest_except:
        return []
    fields = state.fields[player]
    limit = rs.protection
    if limit is None:
        return [i for i, f in enumerate(fields) if f]
    protect = False
    for f in fields:
        if len(f) > limit:
            protect = True
            break
    if protect:
        return [i for i, f in enumerate(fields) if len(f) > 1]
    return [i for i, f in enumerate(fields) if f]


def coins_for(rs: Ruleset, field: list[str]) -> int:
    bean = field[-1] if rs.payout_card == "top" else field[0]
    table = rs.payout[bean]
    return table[min(len(field), len(table) - 1)]


def do_harvest(state: State, rs: Ruleset, player: str, index: int, events: list) -> None:
    """Empty the field: as many of its cards as the beanometer pays become coin cards, the rest
    go to the discard pile (bottom card first, so the field's top card ends on top)."""
    field = state.fields[player][index]
    coins = coins_for(rs, field)
    bean = field[-1] if rs.payout_card == "top" else field[0]
    state.coins[player].extend(field[len(field) - coins:])
    state.discard.extend(field[:len(field) - coins])
    events.append({"event": "harvested", "player": player, "field": index + 1, "bean": bean,
                   "cards": len(field), "coins": coins})
    state.fields[player][index] = []
