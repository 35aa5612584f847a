"""Rewrites of the setup sentences: players, zones, beans in play, fields, deal, start player."""
from __future__ import annotations

from ..core.actors import AnyPlayer, EachPlayer
from ..core.conditions import Compare
from ..core.effects import AddField, Deal, Move, Reorder, Sequence
from ..core.quantities import FieldsOf, Number
from ..core.statements import (ChooseStartPlayer, DeclareToken, DeclareZone, DeclareZoneOfKind, Do, Fields, Forbid,
                               InPlay, OutOfPlay, Permit, Players, Require, TurnOrder)
from ..core.timing import AnyTime, AtSetup
from .build import PLAYER, beans, count, hand, num, top, zone
from .registry import rewrite


@rewrite("zone", "zone hand per player, owner sees",
         "Each player has a hand zone; only its owner sees it.")
def zone_(rule):
    """A zone and what each player sees of it: a declaration."""
    p = rule["params"]
    return (DeclareZone(p["zone"], p["per_player"], p["visibility"]),)


@rewrite("zone-of-kind", "zone middle is a field for the table, public",
         "The table has a field called middle; everyone sees it.")
def zone_of_kind(rule):
    """A zone the spec declares, of a kind: a declaration."""
    p = rule["params"]
    order = p.get("order", "newest-first")
    if p["kind"] == "field" and order != "newest-first":
        from . import NoRewrite
        raise NoRewrite(f"rule '{rule['id']}': a field grows on top, its newest bean the top one: "
                        f"'{order.replace('-', ' ')}' is for a pile or a row")
    return (DeclareZoneOfKind(p["zone"], p["kind"], p["per_player"], p["visibility"], order),)


@rewrite("players", "players 3 to 5", "The game is played by 3 to 5 players.")
def players(rule):
    """The player counts the game allows."""
    return (Players(rule["params"]["min"], rule["params"]["max"]),)


@rewrite("use-beans", "use beans blue stink red with 3 players, blue stink red garden with 4 to 5 players",
         "The beans in play are blue, stink and red with 3 players or blue, stink, red and garden with 4 to 5 players.")
def use_beans(rule):
    """Only the beans named (per player count) go into the deck."""
    return (InPlay(beans(rule["params"]["beans"])),)


@rewrite("remove-beans", "remove beans garden with 3 players",
         "These beans are taken out of the game: garden with 3 players.")
def remove_beans(rule):
    """The beans named (per player count) stay out of the deck."""
    return (OutOfPlay(beans(rule["params"]["beans"])),)


@rewrite("fields", "fields 3 with 3 players, 2 with 4 to 5 players",
         "Each player starts with 3 with 3 players or 2 with 4 to 5 players fields.")
def fields(rule):
    """How many fields each player starts with."""
    return (Fields(num(rule["params"]["count"])),)


@rewrite("fields-fixed", "fields are fixed for the whole game",
         "No player may get 1 more field.")
def fields_fixed(rule):
    """No field is ever added: a lasting constraint against adding one."""
    return (Forbid(AddField(PLAYER, 1), None),)


@rewrite("buy-field", "buy a field for 3 coins, up to 3 fields",
         "At any time, if the number of fields of the player is less than 3, any player may move the top 3 cards of the player's coins to the discard pile (top); then the player gets 1 more field.")
def buy_field(rule):
    """Any player, at any time, may pay the cost in coins (the topmost coin cards go to the
    discard pile) for one more field, while they have fewer fields than the limit."""
    p = rule["params"]
    pay = Move(top(zone("coins", PLAYER), num(p["cost"])), zone("discard"), "top")
    limit = p.get("max_fields")
    condition = Compare(FieldsOf(PLAYER), "<", Number(limit)) if limit is not None else None
    return (Permit(AnyPlayer(), Sequence((pay, AddField(PLAYER, 1))), AnyTime(), condition,
                   False, None, None),)


@rewrite("start-player", "start player chosen, keeps the card", "There is a token 'start-player' (the start player card). The start player is chosen and keeps the start-player.")
def start_player(rule):
    """How the start player is found; one who keeps the card holds a start-player token."""
    p = rule["params"]
    token = "start-player" if p["keeps_card"] else None
    declared = (DeclareToken("start-player", "the start player card"),) if token else ()
    return declared + (ChooseStartPlayer(p["how"], token),)


@rewrite("deal", "deal 5 to each hand", "When the game is set up: deal 5 cards, one at a time, to each player in turn, starting with the active player.")
def deal(rule):
    """At setup, cards are dealt one at a time around the table from the start player."""
    return (Do(AtSetup(), None, Deal(num(rule["params"]["count"]), EachPlayer())),)


@rewrite("hand-order", "hand order is fixed", "No player may reorder the player's hand.")
def hand_order(rule):
    """No one may change the order of the cards in a hand."""
    return (Forbid(Reorder(PLAYER, hand(PLAYER)), None),)


@rewrite("hand-limit", "hand limit 4", "At all times, for each player in turn, starting with the active player: the number of cards in the player's hand is at most 4.")
def hand_limit(rule):
    """No hand ever holds more cards than the limit."""
    return (Require(EachPlayer(), Compare(count(hand(PLAYER)), "<=", Number(rule["params"]["max"]))),)


@rewrite("turn-order", "turn passes left", "The turn passes to the left.")
def turn_order(rule):
    """Which way the turn passes."""
    return (TurnOrder(rule["params"]["direction"]),)


@rewrite("note", 'note "p.4 says right, p.8 says left."', "")
def note(rule):
    """A note records what the rulebook says that is not a rule: its core is empty."""
    return ()


