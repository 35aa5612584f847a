"""Rewrite of a bean or card declaration, with its abilities, into a core ``card``.

An ability's triggers become timings ("in phase X" and "once per turn" together are one
``during``), its effects core effects: places name their owner relative to the card's owner
(``own`` is the owner of the card, ``opponent`` the other player, ``each opponent`` every
other player), and a per-player zone named without an owner is the card owner's.
"""
from __future__ import annotations

from typing import Any

from ..core.actors import ActivePlayer, AllBut, Bound, CardOwner, EachPlayer, Opponent, OtherPlayers, Owner
from ..core.categories import Cond, Effect, Timing
from ..core.conditions import Compare, HoldsToken, Not
from ..core.effects import (AddField, AddToCounter, Auction, Choose, ForChosen, GainCoins, Harvest, If, Look, Move, Pay, Plant, Refuse,
                            Reorder, Repeat, Reverse, Sequence, Shuffle, Swap)
from ..core.places import CardsIn, Zone
from ..core.quantities import Count, Half, Number, OneIf
from ..core.statements import Ability, Card
from ..core.actors import AnyPlayer
from ..core.timing import AnyTime, During, OncePerTurn, When, WhenPlayer, WhileOnTop
from . import build, conditions
from .build import owners

_OWNERS = owners(CardOwner(None))


def card(bean: dict[str, Any]) -> Card:
    """A bean of the rule model as a core card."""
    steps: list[int | None] = []
    for step in sorted(bean["beanometer"], key=lambda s: s["coins"]):
        steps += [None] * (step["coins"] - 1 - len(steps)) + [step["cards"]]
    return Card(bean["id"], bean["count"], tuple(steps), bean.get("plays_as"), bean["plantable"], bean.get("text"),
                tuple(ability(a) for a in bean["abilities"]))


def ability(data: dict[str, Any]) -> Ability:
    return Ability(data["id"], data["title"], timings(data["triggers"]),
                   _sequence(data["effects"]))


def timings(triggers: list[dict[str, Any]]) -> tuple[Timing, ...]:
    # "once per turn" alone is the during's flag (as the rulebooks' cards mean it); with "per
    # field|player|card" it is a timing of its own, counted as written
    once = any(t["on"] == "once-per-turn" and not t.get("per") for t in triggers)
    out: list[Timing] = []
    for t in triggers:
        on = t["on"]
        if on == "once-per-turn" and t.get("per"):
            out.append(OncePerTurn(t["per"]))
        elif on == "in-any-turn":
            out.append(AnyTime())
        elif on == "when-player-acts":
            out.append(WhenPlayer(AnyPlayer() if t["who"] == "any" else OtherPlayers(), t["event"]))
        elif on == "while-on-top":
            out.append(WhileOnTop(None))
        elif on == "in-phase":
            out.append(During(t["phase"], once))
        elif on == "when-harvested":
            out.append(When("harvested", None, t.get("cards")))
        elif on == "when-played":
            out.append(When("played", None, None))
        elif on == "when-planted":
            out.append(When("planted", None, None))
        elif on == "when-revealed":
            out.append(When("revealed", None, None))
    if once and not any(isinstance(t, During) for t in out):
        out.append(During(None, True))
    return tuple(out)


def place(data: dict[str, Any]) -> Zone | Bound:
    return build.place(data, CardOwner(None))


def _cards(data: dict[str, Any], amount: Any = 1) -> CardsIn:
    where = place(data)
    pick = data["end"] or "any"
    if amount == "all":
        return CardsIn(where, "all", None, False, None)
    if amount == "one-of-each-type":
        return CardsIn(where, "each-type", None, False, None)
    if amount == "half":
        return CardsIn(where, pick, Half(Count(where, None)), False, None)
    if isinstance(amount, dict):
        return CardsIn(where, pick, Number(amount["up_to"]), True, None)
    return CardsIn(where, pick, Number(amount), False, None)


def _counter_owner(data: dict[str, Any]):
    """Whose counter: the owner named, or None for the table's (a per-player counter named
    without one is an error of check, desugar/__init__.py)."""
    return _OWNERS[data["owner"]] if data["owner"] else None


def _party(who: str | None):
    """Who pays or is paid: not said, the card's owner; ``bank``, None (the bank); an owner
    word; else a name bound before (the winner of an auction)."""
    if who is None:
        return CardOwner(None)
    if who == "bank":
        return None
    return _OWNERS.get(who) or Bound(who)


def condition(data: dict[str, Any]) -> Cond:
    """A condition of an ability or a step, read over the card's owner ("own"): the one table
    of tests, desugar/conditions.py's, as a rule by condition reads it over the player who acts."""
    return conditions.condition(data, CardOwner(None))


def _condition_text(data: dict[str, Any]) -> str:
    return "only if " + condition(data).to_text()


def _sequence(effects: list[dict[str, Any]]) -> Effect:
    steps = tuple(effect(e) for e in effects)
    return steps[0] if len(steps) == 1 else Sequence(steps)


def effect(data: dict[str, Any]) -> Effect:
    do, owner = data["do"], CardOwner(None)
    if do == "move":
        return Move(_cards(data["from"], data["amount"]), place(data["to"]), data["to"]["end"])
    if do == "choose":
        chooser = {"opponent": Opponent(), "owner": Owner()}.get(data.get("chooser") or "", owner)
        where = Compare(Count(Bound(data["name"]), data["is"]), ">", Number(0)) if data.get("is") else None
        source = data["from"]
        # a field of a player, no end named: the field itself is chosen (its cards, its place)
        options = place(source) if source["zone"] == "field" and source["end"] is None and not source.get("bound") \
            else _cards(source)
        return Choose(data["name"], chooser, options, where, True)
    if do == "look":
        return Look(owner, _cards(data["at"], data.get("amount") or ("all" if data["at"]["end"] is None else 1)))
    if do == "reorder":
        amount = data.get("amount")
        return Reorder(owner, _cards(data["at"], amount) if amount else place(data["at"]))
    if do == "shuffle":
        if data.get("to") is None:
            return Shuffle(place(data["from"]), None)
        # the cards join the place, which is then shuffled as a whole
        into = place(data["to"])
        return Sequence((Move(_cards(data["from"], "all"), into, None), Shuffle(into, None)))
    if do == "opponent-plants":
        return Plant(Opponent(), _cards(data["from"], data["amount"]), None)
    if do == "move-chosen":
        return Move(Bound(data["name"]), place(data["to"]), data["to"]["end"])
    if do == "reverse":
        return Reverse(place(data["at"]))
    if do == "swap":
        return Swap(place(data["at"]), place(data["with"]))
    if do == "only-if":
        test = data["condition"]
        return If(Not(condition(test)), Refuse(_condition_text(test)), None)
    if do == "gain":
        return GainCoins(owner, Number(data["coins"]))
    if do == "harvest":
        return Harvest(owner, place(data["at"]), False)
    if do == "if":
        otherwise = _sequence(data["else"]) if data["else"] else None
        return If(condition(data["condition"]), _sequence(data["then"]), otherwise)
    if do == "repeat":  # a fixed number of rounds, or half the cards of a place, counted once
        times = Half(Count(place(data["half_of"]), None)) if data.get("half_of") else Number(data["times"])
        return Repeat(times, None, _sequence(data["effects"]))
    if do == "for-chosen":
        return ForChosen("chosen", owner, OtherPlayers(), Number(data["most"]), _sequence(data["effects"]))
    if do == "plant":
        return Plant(owner, Bound(data["name"]), None)
    if do == "add-field":
        return AddField(owner, 1)
    if do == "discard-this":
        return Move(Bound("card"), Zone("discard", None), None)
    if do == "add-to-counter":
        return AddToCounter(data["counter"], _counter_owner(data), Number(data["amount"]))
    if do == "pay":  # coins (or a counter) that change hands; the bank is None
        amount = data["amount"]
        return Pay(_party(data["payer"]), _party(data["payee"]),
                   Number(amount) if isinstance(amount, int) else Bound(amount),
                   None if data["resource"] == "coins" else data["resource"])
    if do == "auction":  # the top card of a place, to every other player; "winner" and "price" follow
        otherwise = _sequence(data["else"]) if data["else"] else None
        bidders = {"opponents": OtherPlayers(), "all": EachPlayer()}.get(data["bidders"]) or AllBut(_party(data["but"]))
        tie_key = {"hand": Count(Zone("hand", Bound("player")), None),
                   "holder": OneIf(HoldsToken(Bound("player"), data["token"] or ""))}.get(data["ties"])
        return Auction(bidders, _cards(data["from"], 1), None if data["resource"] == "coins" else data["resource"],
                       data["sealed"], Number(data["minimum"]), "nobody" if data["ties"] == "nobody" else "turn-order",
                       tie_key, "winner", "price", _sequence(data["effects"]), otherwise)
    if do == "lasting":  # a constraint for a stated time (desugar/lasting.py)
        from .lasting import lasting
        return lasting(data)
    raise ValueError(f"no rewrite for the effect '{do}'")  # the grammar has no other
