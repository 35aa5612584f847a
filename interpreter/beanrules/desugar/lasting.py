"""Rewrite of a lasting constraint of the effect language into the core's ``lasting``.

"in next phase plant of opponent: opponent may not plant from hand or use abilities" is one
``lasting`` per action: a ``forbid`` of the action by the player named, while it is that
player's turn and that phase, until the end of that phase of their turn. "until end of turn"
lasts until the end of the turn it was laid down in, "until next turn of X" until X's next
turn begins; "may" (a permission: harvesting) is an ``allow`` instead of a ``forbid``.
"until end of phase P of X" lasts from now until that phase of X's turn ends, "until start of
phase P" until that phase next begins (whoever's turn it is), "for the rest of the game" until
the game ends. "NAME may not be
planted" forbids planting the card chosen as NAME to any player; "X hand lies open" is a
``lies-open`` of that zone instead of a forbid.
"""
from __future__ import annotations

from typing import Any

from ..core.actors import ActivePlayer, AnyPlayer, Bound, CardOwner, Opponent, OtherPlayers
from ..core.categories import Actor, Effect
from ..core.conditions import AllOf, InPhase, TurnOf
from ..core.effects import AddField, Harvest, Lasting, Move, Plant, Sequence, Trade, UseAbility
from ..core.places import CardsIn, TradedAmount, Zone
from ..core.quantities import Number
from ..core.statements import Allow, Forbid, LiesOpen
from ..core.timing import AtStartOf, EndOfPhaseOf, EndOfTurn, StartOfTurn, WholeGame
from .build import PER_PLAYER

WHO = {"owner": CardOwner(None), "opponent": Opponent(), "each-opponent": OtherPlayers(),
       "active-player": ActivePlayer()}


def _one(zone: str, owner: Actor | None, pick: str = "any") -> CardsIn:
    return CardsIn(Zone(zone, owner if zone in PER_PLAYER else None), pick, Number(1), False, None)


def action(act: dict[str, Any], who: Actor) -> Effect:
    """The core action a lasting constraint names, done by `who`."""
    name = act["act"]
    if name == "plant":
        return Plant(who, _one(act["from"], who) if act["from"] else Bound("card"), None)
    if name == "harvest":
        return Harvest(who, Bound("field"), False)
    if name == "use-abilities":
        return UseAbility(who, None)
    if name == "trade":
        return Trade(who, Bound("partner"), None, None)
    if name in ("trade-for-no-cards", "trade-for-some-cards"):  # a gift; a trade with something in return
        return Trade(who, Bound("partner"), None, TradedAmount(name.split("-")[2]))
    if name == "discard":
        return Move(_one("hand", who), Zone("discard", None), "top")
    if name == "take-discard":
        return Move(_one("discard", None, "top"), Zone("hand", who), "back")
    if name == "buy-field":
        return AddField(who, 1)
    raise ValueError(f"no rewrite for the lasting action '{name}'")  # the grammar has no other


def lasting(data: dict[str, Any]) -> Effect:
    condition, until = None, EndOfTurn(ActivePlayer())
    if data["time"] == "next-turn":
        until = StartOfTurn(WHO[data["whose"]])
    elif data["time"] == "in-next-phase":
        whose = WHO[data["whose"]]
        condition = AllOf((TurnOf(whose), InPhase(data["phase"])))
        until = EndOfPhaseOf(data["phase"], whose)
    elif data["time"] == "end-of-phase":  # from now until that phase of that player's turn ends
        until = EndOfPhaseOf(data["phase"], WHO[data["whose"]])
    elif data["time"] == "start-of-phase":  # until that phase next begins, in whoever's turn
        until = AtStartOf(data["phase"])
    elif data["time"] == "rest-of-game":
        until = WholeGame()
    if data.get("card"):  # the chosen card, whoever would plant it
        return Lasting(Forbid(Plant(AnyPlayer(), Bound(data["card"]), None), condition), until)
    who = WHO[data["who"]]
    if data.get("open"):
        return Lasting(LiesOpen(Zone(data["open"], who if data["open"] in PER_PLAYER else None)), until)
    rule = Allow if data["may"] else Forbid
    steps = tuple(Lasting(rule(action(a, who), condition), until) for a in data["actions"])
    return steps[0] if len(steps) == 1 else Sequence(steps)
