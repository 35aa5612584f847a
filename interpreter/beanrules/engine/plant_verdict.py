"""The planting guards' word on one plant, by their closures (engine/permissions.py compiles
them into the judge the listings ask): which forbid refuses it, or which allow lifts one there.
Asked where a refusal is explained or cited (which rule lets a card cover a field) and for the
fields of the table, onto which the same forbids and allows of planting the card on the field
judge — those that speak of the field planted onto and the card only: a field of the table is
no player's, so a forbid or allow that weighs it against the player's own fields (a type in
one field only, covering where none of them has room) judges the player's fields alone. Its
own module: zones.py and planting.py ask it, and permissions.py imports harvesting, which
imports zones."""
from __future__ import annotations

from typing import Any

from ..core import conditions
from .effect_env import OWNER, Held
from .evaluate import RULES
from .one_model import condition_holds


def verdict(state: Any, rs: Any, player: str, bean: str, cards: list[str], where: int | str,
            owner: str | None) -> tuple[Any, Any]:
    """The guards' word on `bean` onto the field holding `cards` (`where`: its index among the
    fields of `owner`, or the name of a field of the table, owner None), by their closures:
    (the first forbid whose condition holds and no allow lifts, None), else (None, the first
    allow lifting one there, or None). Owner None: a field of the table, judged by the
    statements that do not weigh it against the player's fields (see above)."""
    env = {RULES: rs, OWNER: player, "player": player, "card": Held(bean, [], "the card planted"),
           "field": cards, "field#": where, "field@": owner}
    lifting, table = None, owner is None
    for guard in rs.plant_guards:
        if table and _weighs_fields(guard.node):
            continue
        if guard.forbid and (guard.condition is None or guard.condition(state, env)):
            lift = next((a for a in guard.lifted if not (table and _weighs_fields(a.node))
                         and (a.condition is None or a.condition(state, env))), None)
            if lift is None:
                return guard, None
            lifting = lifting or lift
    return None, lifting


def _weighs_fields(node: Any) -> bool:
    """The statement's condition reads some field of a player beside the one planted onto
    (kept per node, bounded: engine/one_model.py)."""
    return condition_holds(node, conditions.SomeField)
