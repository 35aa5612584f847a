"""Small constructors the rewrites share, so each rewrite reads like the rule it states."""
from __future__ import annotations

from typing import Any

from ..core.actors import ActivePlayer, Bound, Neighbour, Opponent, OtherPlayers
from ..core.categories import Actor, Num
from ..core.places import CardsIn, Zone
from ..core.quantities import BeanList, ByPlayers, BySeat, Count, Number, PlayersCase
from ..core.timing import AtStartOf

PLAYER = Bound("player")
FIELD = Bound("field")
CARD = Bound("card")

PER_PLAYER = frozenset({"hand", "set-aside", "coins", "field", "score"})
"""The standard zones each player has: a place naming one without an owner means own's."""


def owners(own: Actor) -> dict[str, Actor]:
    """Who each owner word of a place names (the grammar's ``owner``), read from `own`: the
    card's owner in an ability or a rule's step, the acting player in a rule by condition. The
    one table of them, so a new owner word is one entry here."""
    return {"own": own, "opponent": Opponent(), "each-opponent": OtherPlayers(),
            "active-player": ActivePlayer(), "chosen": Bound("chosen"), "winner": Bound("winner"),
            "partner": Bound("partner"),  # a trade's other side: bound only by a trade (engine/trade_guards.py)
            "left-player": Neighbour(own, "left"), "right-player": Neighbour(own, "right")}


def place(data: dict[str, Any], own: Actor) -> Zone | Bound:
    """A place of the rule model read over `own`: "this field" (the field a card lies on, or an
    action is about) and "field NAME" (chosen before) are bound names; a per-player zone named
    without an owner is own's, a zone of the table nobody's."""
    if data.get("bound"):
        return Bound(data["bound"])
    owner = owners(own)[data["owner"]] if data["owner"] else (own if data["zone"] in PER_PLAYER else None)
    return Zone(data["zone"], owner)


OWNER_WORDS: tuple[str, ...] = tuple(owners(PLAYER))
"""The owner words, in the order of the table (the rule-model schema's ``$defs/owner``)."""


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
