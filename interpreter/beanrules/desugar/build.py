"""Small constructors the rewrites share, so each rewrite reads like the rule it states."""
from __future__ import annotations

from typing import Any

from ..core.actors import ActivePlayer, Bound
from ..core.categories import Num
from ..core.places import CardsIn, Zone
from ..core.quantities import BeanList, ByPlayers, BySeat, Count, Number, PlayersCase
from ..core.timing import AtStartOf

PLAYER = Bound("player")
FIELD = Bound("field")
CARD = Bound("card")


def by_players(value: Any, leaf) -> Any:
    """A rule-model value that may depend on the player count, as a core node; `leaf` turns
    one plain value into its node."""
    if isinstance(value, dict) and "by_players" in value:
        cases = []
        for case in value["by_players"]:
            players = case["players"]
            low, high = (None, None) if players in (None, "otherwise") else (players[0], players[1])
            cases.append(PlayersCase(low, high, leaf(case["value"])))
        return ByPlayers(tuple(cases))
    return leaf(value)


def num(value: Any) -> Num:
    return by_players(value, lambda v: BySeat(tuple(v["by_seat"])) if isinstance(v, dict) else Number(v))


def beans(value: Any) -> Any:
    return by_players(value, lambda v: BeanList(tuple(v)))


def zone(name: str, owner=None) -> Zone:
    return Zone(name, owner)


def top(place, count: int | Num = 1, pick: str = "top", up_to: bool = False) -> CardsIn:
    return CardsIn(place, pick, Number(count) if isinstance(count, int) else count, up_to, None)


def every(place) -> CardsIn:
    return CardsIn(place, "all", None, False, None)


def any_card(place) -> CardsIn:
    return CardsIn(place, "any", Number(1), False, None)


def hand(owner=None) -> Zone:
    return Zone("hand", owner or ActivePlayer())


def count(place) -> Count:
    return Count(place, None)


def phase_start(rule: dict[str, Any]) -> AtStartOf:
    return AtStartOf(rule["phase"])
