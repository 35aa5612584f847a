"""Rules in plain English: one function per rule kind, from the compiled model.

This is the one place that turns a rule into a sentence for readers (the rulebook pages, the
comparison matrix). Each function takes the rule's parameters and a :class:`Context` (bean names,
phase titles) and returns Markdown. :data:`ENGLISH` maps every rule kind of the
rule-model schema to its function; a test fails when a kind has none, so a new kind cannot
reach the pages as parameters.
"""
from __future__ import annotations

import dataclasses
import inspect
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..desugar.conditions import condition as core_condition
from ..wording import ordinal, plural

ZONE_NAMES = {
    "deck": "a draw pile (the deck)", "discard": "a discard pile", "hand": "a hand of cards",
    "field": "bean fields", "offer": "a place for turned-over cards (the offer)",
    "set-aside": "a place beside the fields for cards waiting to be planted", "coins": "a pile of coins",
    "removed": "a pile of cards out of play", "bank": "a bank of coins", "score": "a score",
}
CARDS_IN = {"deck": "Cards in the deck", "discard": "Cards in the discard pile", "hand": "Cards in a hand",
            "field": "Cards in fields", "offer": "Turned-over cards", "set-aside": "Cards set aside beside the fields",
            "coins": "Coins", "removed": "Cards out of play", "bank": "Coins in the bank", "score": "Points"}
VISIBILITY = {"hidden": "face down: nobody sees the cards, only how many there are",
              "public": "face up: everyone sees them", "owner-sees": "held so that only its owner sees the cards",
              "top-visible": "only the top card is visible"}


# A rulebook's own number for a phase, read from the phase's title or the passages it cites
# ("Fase 1: …", "Phase 2: …", "Regelheft S. 8 · 3. Phase").
_PHASE_NUMBER = (re.compile(r"\b(?:Phase|Fase)\s+(\d+)\b"), re.compile(r"\b(\d+)\.\s*Phase\b"))


def rulebook_numbers(phases: list[dict[str, Any]]) -> dict[str, int]:
    """Each phase's number in the rulebook's own numbering, where it has one. A number is taken
    only when all the passages of a phase agree on it and the numbers rise through the turn;
    an added phase the rulebook does not number stays unnumbered (a variant's phase added
    before phase 1), so a counted place never poses as the rulebook's number."""
    found: dict[str, int] = {}
    for phase in phases:
        said = {int(m.group(1)) for text in [phase.get("title") or ""]
                + [c["where"] for c in phase["provenance"]["citations"]]
                for pattern in _PHASE_NUMBER for m in pattern.finditer(text)}
        if len(said) == 1:
            found[phase["id"]] = said.pop()
    numbers = list(found.values())
    return found if numbers == sorted(set(numbers)) else {}


@dataclass(frozen=True)
class Context:
    """What a sentence may name besides the rule's parameters: beans, phases, tokens and the
    facts of the rest of the model a sentence must not contradict (whether hand cards trade,
    whether money is written down, whether reaching a target wins)."""

    bean_names: dict[str, str]         # bean id -> its name in English (or the spec's language)
    # phase id -> its title. A phase is named by its title and by the rulebook's own number where
    # it has one (``numbers``), never by its place in the turn: a rulebook numbers its phases
    # itself, and not always from the first (a preliminary phase may come before its "Phase 1").
    phases: dict[str, str]
    numbers: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)   # token id -> its title
    trades_hand: bool = True          # False: hand cards never trade, so a trade is an offer
    counter: str | None = None        # money written down under this name ("thalers")
    target: int | None = None         # reaching this much money ends the game and wins it
    here: str | None = None           # the phase of the rule being explained
    specials: frozenset[str] = frozenset()   # cards that play as another bean (text cards)
    leftovers: bool = False           # turned-over cards left unplanted go to the opponent
    field_cards: tuple[str, ...] = ()  # beans whose abilities give a player another field
    hand_cards: tuple[str, ...] = ()   # beans whose abilities change the order of a hand

    @classmethod
    def of(cls, model: dict[str, Any]) -> Context:
        names = {b["id"]: b["names"].get("en") or b["names"].get(model["language"]) or b["id"]
                 for b in model["beans"]}
        kinds: dict[str, dict[str, Any]] = {}
        for rule in model["rules"]:
            kinds.setdefault(rule["kind"], rule["params"])
        untradeable = {r["params"]["zone"] for r in model["rules"] if r["kind"] == "untradeable"}
        target = kinds.get("end-on-target", {})
        return cls(names, {p["id"]: p["title"] or p["id"] for p in model["phases"]},
                   numbers=rulebook_numbers(model["phases"]),
                   tokens={r["params"]["token"]: r["params"].get("title") or r["params"]["token"]
                           for r in model["rules"] if r["kind"] == "token"},
                   trades_hand="hand" not in untradeable,
                   counter=kinds.get("coin-source", {}).get("counter"),
                   target=target.get("coins") if target.get("wins") else None,
                   specials=frozenset(b["id"] for b in model["beans"] if b.get("plays_as")),
                   leftovers="leave-for-opponent" in kinds,
                   field_cards=tuple(b["id"] for b in model["beans"] if _ability_does(b, _adds_a_field)),
                   hand_cards=tuple(b["id"] for b in model["beans"] if _ability_does(b, _reorders_a_hand)))

    def bean(self, bean_id: str) -> str:
        return self.bean_names.get(bean_id, bean_id)

    def phase(self, phase_id: str) -> str:
        title = self.phases.get(phase_id)
        if title and phase_id in self.numbers:
            return f"phase {self.numbers[phase_id]}, “{title}”"
        return f"the phase “{title}”" if title else f"phase {phase_id}"

    def token(self, token_id: str) -> str:
        return f"the {self.tokens.get(token_id, token_id)}"

    def money(self, n: Any) -> str:
        """An amount of the rulebook's money: coins, or what it writes down instead."""
        if self.counter:
            return f"{n} {self.counter}" if n != 1 else f"{n} {self.counter.rstrip('s')}"
        return plural(n, "coin")

    @property
    def money_name(self) -> str:
        return self.counter or "coins"

    def this_phase(self) -> str:
        """The phase of the rule being explained, named (never "this phase" without one)."""
        return self.phase(self.here) if self.here else "its phase"


def _ability_does(bean: dict[str, Any], does: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether a core node of some ability of the bean is one ``does`` accepts."""
    stack: list[Any] = [a.get("effect") for a in (bean.get("core") or {}).get("abilities") or []]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "node" in node and does(node):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def _adds_a_field(node: dict[str, Any]) -> bool:
    return node["node"] == "add-field"


def _reorders_a_hand(node: dict[str, Any]) -> bool:
    return node["node"] in ("reverse", "reorder") and (node.get("place") or {}).get("zone") == "hand"


def listing(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1] if items else "none"


def players_phrase(players: Any) -> str:
    if players == "otherwise":
        return "otherwise"
    if players is None:
        return "always"
    low, high = players
    return f"with {low} players" if low == high else f"with {low}–{high} players"


def by_players(value: Any, say: Callable[[Any], str]) -> str:
    """A value that may differ by player count: 'X with 3 players, Y with 4–5 players'."""
    if isinstance(value, dict) and "by_players" in value:
        cases = sorted(value["by_players"], key=lambda c: c["players"] == "otherwise")
        said = [say(c["value"]) for c in cases]
        return ("; " if any("," in x or " and " in x for x in said) else ", ").join(
            f"{say(c['value'])} {players_phrase(c['players'])}" for c in cases)
    return say(value)


def _beans(ctx: Context, ids: list[str]) -> str:
    special = [b for b in ids if b in ctx.specials]
    if len(special) > 3:  # many special cards: counted, not listed (each is on the page's card list)
        return listing([ctx.bean(b) for b in ids if b not in special]
                       + [f"the {len(special)} special cards that play as one of them"])
    return listing([ctx.bean(b) for b in ids])


def zone(p: dict, ctx: Context) -> str:
    if p["zone"] == "coins" and ctx.counter:
        return (f"Each player has a place for coin cards, which stays empty: {ctx.counter} are written down, "
                "not taken as cards.")
    what = ZONE_NAMES.get(p["zone"], p["zone"])
    owner = "Each player has" if p["per_player"] else "There is"
    return f"{owner} {what}, {VISIBILITY[p['visibility']]}."


def players(p: dict, ctx: Context) -> str:
    return f"For exactly {p['min']} players." if p["min"] == p["max"] else f"For {p['min']} to {p['max']} players."


def use_beans(p: dict, ctx: Context) -> str:
    return "The game uses these beans: " + by_players(p["beans"], lambda ids: _beans(ctx, ids)) + "."


def remove_beans(p: dict, ctx: Context) -> str:
    return ("Before dealing, take these beans out of the game: "
            + by_players(p["beans"], lambda ids: _beans(ctx, ids)) + ".")


def fields(p: dict, ctx: Context) -> str:
    return "Each player has " + by_players(p["count"], lambda n: plural(n, "bean field")) + "."


def fields_fixed(p: dict, ctx: Context) -> str:
    if ctx.field_cards:
        return (f"Nobody can buy another field; only {listing(['a ' + ctx.bean(b) for b in ctx.field_cards], 'or')} "
                "can give a player one more (see Special cards).")
    return "Nobody can buy or gain another field: the number of fields is fixed for the whole game."


def buy_field(p: dict, ctx: Context) -> str:
    cost = by_players(p["cost"], lambda n: plural(n, "coin"))
    most = f" (at most {plural(p['max_fields'], 'field')} in all)" if p.get("max_fields") else ""
    return f"A player may buy another bean field: {cost}{most}."


def start_player(p: dict, ctx: Context) -> str:
    how = {"chosen": "The players choose a start player", "youngest": "The youngest player starts",
           "left-of-dealer": "The player on the dealer's left starts"}[p["how"]]
    return how + (", who keeps the start player card for the whole game." if p["keeps_card"] else ".")


def _deal_count(value: Any) -> str:
    if isinstance(value, dict) and "by_seat" in value:
        seats = [f"the {ordinal(i)} player {n}" for i, n in enumerate(value["by_seat"], 1)]
        return "by seat (" + listing(seats) + ", the last number for every later seat)"
    return f"{plural(value, 'card')} to each player"


def deal(p: dict, ctx: Context) -> str:
    return "Shuffle the deck and deal " + by_players(p["count"], _deal_count) + "."


def hand_order(p: dict, ctx: Context) -> str:
    but = (f" (only {listing(['a ' + ctx.bean(b) for b in ctx.hand_cards], 'or')} may change it: see Special cards)"
           if ctx.hand_cards else "")
    return (f"You may never change the order of the cards in your hand{but}: cards you draw go to the back, "
            "and you plant from the front.")


def hand_limit(p: dict, ctx: Context) -> str:
    return f"A hand may hold at most {plural(p['max'], 'card')}."


def turn_order(p: dict, ctx: Context) -> str:
    return f"Turns pass to the player on the {p['direction']}."


def note(p: dict, ctx: Context) -> str:
    return p["text"]


def one_type_per_field(p: dict, ctx: Context) -> str:
    return "A field holds only one bean type at a time."


def same_type_many_fields(p: dict, ctx: Context) -> str:
    return "You may grow the same bean type in two fields at once."


def harvest_to_make_room(p: dict, ctx: Context) -> str:
    return ("If a bean you must plant fits none of your fields, you must first harvest a field to make room "
            "for it, even one that earns nothing.")


def mixed_fields(p: dict, ctx: Context) -> str:
    return ("If a bean you must plant fits none of your fields, you may plant it on top of any field, covering "
            "the beans already there for the time being (the Mixed Patch Rule).")


def skip_if_hand_empty(p: dict, ctx: Context) -> str:
    return f"If your hand is empty at the start of {ctx.this_phase()}, skip that phase."


def plant_from_hand(p: dict, ctx: Context) -> str:
    low, high = p["min"], p["max"]
    if low >= 1:
        extra = high - low
        more = ("; you may then plant the next card as well" if extra == 1
                else f"; you may then plant up to {extra} more" if extra else "")
        return (f"You must plant the {'front card' if low == 1 else f'{low} front cards'} of your hand"
                f"{more}{', never more than ' + str(high) if extra else ''}.")
    return f"You may plant up to {plural(high, 'card')} from the front of your hand."


def discard_from_hand(p: dict, ctx: Context) -> str:
    where = "the front of your hand" if p.get("from", "front") == "front" else "your hand (any card)"
    keep = (" While you have planted none of your hand cards in this phase, you may not discard the last one."
            if p.get("keep_last") else "")
    if p.get("max", 1) is None:
        return (f"You may discard cards from {where} onto the discard pile, as many as you like, one at a time."
                + keep)
    return f"You may discard up to {plural(p.get('max', 1), 'card')} from {where}." + keep


def discard_pending(p: dict, ctx: Context) -> str:
    what = "the cards left for you" if p["zone"] == "set-aside" else f"the cards of the {p['zone']}"
    return f"Instead of planting one of {what}, you may lay it onto the discard pile, one at a time."


def reveal(p: dict, ctx: Context) -> str:
    return (f"Turn over the top {plural(p['count'], 'card')} of the deck and lay them face up beside it "
            "for everyone to see.")


def pull_matching(p: dict, ctx: Context) -> str:
    more = p.get("reveal_more_if_none")
    verb = "you may turn over" if p.get("more_optional") else "turn over"
    extra = f" If none matches, {verb} {plural(more, 'more card')} (and add what matches again)." if more else ""
    first = (f"Turn over the top {plural(p['reveal'], 'card')} of the deck; then add" if p.get("reveal")
             else "Add")
    last = (" If the deck runs out while you turn cards over, add the matching cards first, then reshuffle."
            if p.get("before_reshuffle") else "")
    return f"{first} every card on top of the discard pile that matches a turned-over bean." + extra + last


def offer_owner(p: dict, ctx: Context) -> str:
    return "The turned-over cards belong to the active player."


def trade(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return ("Now the active player may make offers: an offer gives turned-over cards to another player "
                "for nothing in return, and hand cards are never offered or traded.")
    return "Now the players trade beans."


def trade_partners(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return "Offers go from the active player to one other player at a time."
    return "Every trade is between the active player and one other player; the others never trade among themselves."


def tradeable_hand(p: dict, ctx: Context) -> str:
    return "Cards from any position in a hand may be traded (the hand's order binds planting, not trading)."


def tradeable_offer(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return "The active player may offer the turned-over cards, and only those."
    return "The active player may trade the turned-over cards as well as cards from the hand."


def untradeable(p: dict, ctx: Context) -> str:
    return f"{CARDS_IN.get(p['zone'], p['zone'])} can never be traded."


def trade_amounts(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return "An offer may hold any number of the turned-over cards."
    return "Any number of cards may be traded for any number of other cards."


def trade_consent(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return "An offer is made only when both players agree to it."
    return ("A trade happens only when both players agree to it; no card leaves a hand before they have "
            "agreed.")


def gift_consent(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return "The player offered the cards may accept or refuse them."
    return "Cards may be given away for nothing in return, but only if the receiver agrees to take them."


def traded_to_set_aside(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return ("Offered cards a player accepts are set aside beside that player's fields: they never go into "
                "the hand and are planted later.")
    return ("Cards received in a trade (or as a gift) are set aside beside the receiver's fields: they never "
            "go into the hand, may not be traded on, and are planted later.")


def trade_end(p: dict, ctx: Context) -> str:
    if not ctx.trades_hand:
        return "The active player says when the offers end."
    return "The active player says when trading ends; it may go on after the turned-over cards are gone."


def declared_end(p: dict, ctx: Context) -> str:
    return ("This phase ends when you declare it finished: while you may still harvest a field, it waits "
            "for you.")


def plant_pending(p: dict, ctx: Context) -> str:
    zone_cards = {"set-aside": "the turned-over cards the opponent left unplanted" if ctx.leftovers
                  else "the cards set aside beside their fields" if ctx.trades_hand
                  else "the offered cards they accepted, set aside beside their fields",  # by trades, or left by the opponent
                  "offer": "the turned-over cards that nobody took"}.get(p["zone"], f"the cards in {p['zone']}")
    if p["who"] == "everyone":
        return f"Every player (not only the active one) must plant {zone_cards}, in any order they like."
    if p.get("optional"):
        active = zone_cards.replace("their", "his or her")
        return f"The active player may plant any of {active}, in any order, and says when done."
    return f"The active player must plant {zone_cards.replace('their', 'his or her')}, in any order."


def leave_for_opponent(p: dict, ctx: Context) -> str:
    return "Turned-over cards the active player does not plant go to the opponent."


def draw(p: dict, ctx: Context) -> str:
    who = "The active player draws" if p["who"] == "active" else "Each player draws"
    return (f"{who} " + by_players(p["count"], lambda n: plural(n, "card"))
            + ", one at a time, adding each to the back of the hand in the order drawn.")


def draw_one_at_a_time(p: dict, ctx: Context) -> str:
    up_to = "may draw up to" if p.get("optional") else "draws"
    return (f"The active player {up_to} {plural(p['count'], 'card')}, one at a time, each to the back of the "
            "hand, never past the hand limit (fewer, or none, if the hand is full), and may do other "
            "things before, between and after; the phase ends when the player says so.")


def take_discard_top(p: dict, ctx: Context) -> str:
    return "You may take the top card of the discard pile."


def _except(phases: list[str], ctx: Context) -> str:
    return f", except during {listing([ctx.phase(x) for x in phases], 'or')}" if phases else ""


def harvest_any_time(p: dict, ctx: Context) -> str:
    return ("You may harvest one of your fields at any time, even during another player's turn"
            + _except(p.get("except_phases", []), ctx) + ".")


def harvest_own_turn(p: dict, ctx: Context) -> str:
    return "You may harvest only during your own turn" + _except(p.get("except_phases", []), ctx) + "."


def whole_field(p: dict, ctx: Context) -> str:
    return "A harvest takes every card of the field: you cannot harvest part of a field."


def payout(p: dict, ctx: Context) -> str:
    return (f"What a harvest earns is read on the beanometer of the {p['card']} card of the field: "
            f"the largest number of cards the field reaches pays that many {ctx.money_name}.")


def coin_source(p: dict, ctx: Context) -> str:
    if p["from"] == "harvested-cards":
        rest = "; the other harvested cards go to the discard pile" if p["rest_to_discard"] else ""
        return "Coins are harvested cards: turn over as many as the harvest earns onto your coin pile" + rest + "."
    if p["from"] == "bank":
        return ("Coins come from a separate pile (the bank), not from the harvested cards"
                + (", which all go to the discard pile." if not p["rest_to_discard"] else "."))
    if p.get("counter"):
        return (f"Coins are not cards: a harvest's {p['counter']} are written down and added up, and every "
                "harvested card goes onto the discard pile, in the order it lay in the field.")
    return "A harvest earns points, not coins."


def protection(p: dict, ctx: Context) -> str:
    empty = " or is empty" if p.get("or_empty") else ""
    return (f"You may not harvest a field that holds a single bean while another of your fields "
            f"holds more than {plural(p['while_other_field_has_more_than'], 'bean')}{empty} (the protection rule).")


def auto_harvest(p: dict, ctx: Context) -> str:
    return (f"A field is harvested by itself as soon as its beanometer pays {ctx.money(1)}, even during another "
            "player's turn.")


def harvest_only_paying(p: dict, ctx: Context) -> str:
    return f"You may harvest a field only when its beanometer pays at least {ctx.money(1)}."


def reshuffle(p: dict, ctx: Context) -> str:
    return "When the deck is empty, shuffle the discard pile: it becomes the new deck."


def coins_out_of_play(p: dict, ctx: Context) -> str:
    return "Coins never go back into the deck: only the discard pile is shuffled."


def end_on_exhaustion(p: dict, ctx: Context) -> str:
    return ("The game ends when the deck runs out "
            + by_players(p["count"], lambda n: "for the first time" if n == 1 else f"for the {ordinal(n)} time") + ".")


def end_on_target(p: dict, ctx: Context) -> str:
    unit = plural(p["coins"], "coin") if not p.get("counter") else f"{p['coins']} {p['counter']}"
    wins = ", and that player wins" if p.get("wins") else ""
    return f"The game ends as soon as a player has {unit}{wins}."


def end_finish(p: dict, ctx: Context) -> str:
    return (f"If the deck runs out during {ctx.phase(p['during'])}, the turn still finishes "
            f"{listing([ctx.phase(x) for x in p['finish']])}; then the game ends.")


def final_harvest(p: dict, ctx: Context) -> str:
    if p["fields"] == "all":
        return "At the end every player harvests all of their fields."
    who = "every other player (not the one whose turn it is)" if p.get("who") == "others" else "every player"
    return f"At the end {who} harvests the fields that pay at least {ctx.money(1)}."


def hand_score(p: dict, ctx: Context) -> str:
    if p["per_card"] == 0:
        return "Cards left in a hand score nothing."
    return f"Each card left in a hand scores {ctx.money(p['per_card'])}."


def winner(p: dict, ctx: Context) -> str:
    money = p.get("counter") or "coins"
    if ctx.target is not None:
        # the end on a target names the winner: the score is what is written down, not a second way to win
        return f"Each player's score is the {money} they have; it does not change who has won."
    return f"The player with the most {money} wins."


def tie_farthest_seat(p: dict, ctx: Context) -> str:
    return "A tie goes to the tied player who sits farthest from the start player, counting clockwise."


def tie_most_hand_cards(p: dict, ctx: Context) -> str:
    return "A tie goes to the tied player with the most cards in hand."


def tie_shared(p: dict, ctx: Context) -> str:
    if ctx.target is not None:
        return f"Should two players reach {ctx.money(ctx.target)} at once, they share the victory."
    return "Tied players share the victory."


def token(p: dict, ctx: Context) -> str:
    held = "; the start player holds it at the start" if p.get("holder") == "start-player" else ""
    return f"There is one {p.get('title') or p['token']}, which one player holds at a time{held}."


def counter(p: dict, ctx: Context) -> str:
    whose = "Each player keeps" if p["per_player"] else "The table keeps"
    return f"{whose} a count of {p.get('title') or p['counter']}, starting at {p['start']}."


def _conditions(test: dict, ctx: Context) -> str:
    """A rule's condition in words: its alternatives joined by "or", the tests of each by "and"."""
    if test["test"] == "any":
        return listing([_conditions(t, ctx) for t in test["of"]], "or")
    if test["test"] == "all":
        return listing([_conditions(t, ctx) for t in test["of"]])
    words = {"phase": "it is {phase}", "not-phase": "it is not {phase}", "own-turn": "it is their turn",
             "not-own-turn": "it is not their turn", "holding": "they hold the {name}",
             "fields": "they have {compare} {value} fields"}
    if test["test"] == "count":
        owner = (test["place"]["owner"] or "own").replace("-", " ")
        return f"the count of {owner} {test['place']['zone']} is {test['compare']} {test['value']}"
    if test["test"] == "counter" and test.get("owner") == "own":
        return f"their {test['name']} is {test['compare']} {test['value']}"
    if test["test"] in words:
        return words[test["test"]].format(**test, phase=ctx.phase(test["name"]) if "phase" in test["test"] else "")
    return core_condition(test).to_text()  # a test with no words of its own here reads as its core condition does


def forbid_while(p: dict, ctx: Context) -> str:
    acts = listing([a["act"].replace("-", " ") + (f" from {a['from']}" if a.get("from") else "") for a in p["actions"]],
                   "or")
    return f"No player may {acts} while {_conditions(p['condition'], ctx)}."


def permit_harvest(p: dict, ctx: Context) -> str:
    return f"A player may harvest when {_conditions(p['condition'], ctx)}."


def zone_of_kind(p: dict, ctx: Context) -> str:
    oldest = p.get("order") == "oldest-first"
    laid = "new cards join its bottom, the first laid on top" if oldest else "cards go on top"
    kind = {"pile": f"a pile ({laid})", "row": f"a row ({laid})",
            "field": "a field that grows one bean type and is harvested"}[p["kind"]]
    owner = "Each player has" if p["per_player"] else "The table has"
    return f"{owner} {kind} called {p['zone']}, {VISIBILITY[p['visibility']]}."


def permit_zone(p: dict, ctx: Context) -> str:
    who = "Any player" if p["who"] == "any-player" else "The active player"
    what = f"plant into {p['zone']}" if p["action"] == "plant" else f"harvest {p['zone']}"
    when = f" when {_conditions(p['condition'], ctx)}" if p["condition"] else ""
    return f"{who} may {what}{when}."


def permit_move(p: dict, ctx: Context) -> str:
    def where(place: dict) -> str:
        owner = {"own": "their own ", None: "the "}.get(place["owner"], place["owner"].replace("-", " ") + "'s ")
        return (f"the {place['end']} of " if place["end"] else "") + owner + place["zone"]
    what = "a card" if p["count"] == 1 else f"{p['count']} cards"
    once = ", once per turn" if p["once_per_turn"] else ""
    when = f" when {_conditions(p['condition'], ctx)}" if p["condition"] else ""
    who = "Any player" if p.get("who") == "any-player" else "The active player"
    return f"{who} may move {what} from {where(p['from'])} to {where(p['to'])}{once}{when}."


def token_draw(p: dict, ctx: Context) -> str:
    return (f"An active player who holds {ctx.token(p['token'])} draws {plural(p['more'], 'more card')} "
            f"in {ctx.this_phase()}.")


def token_takeover(p: dict, ctx: Context) -> str:
    token = ctx.token(p["token"])
    out = (f"At the start of {ctx.this_phase()}, the active player may take {token} from the player who holds it, "
           f"if the active player's fields together are worth at least "
           f"{by_players(p['worth'], ctx.money)} by the beanometer (what harvesting each of them now would pay).")
    if p.get("resist"):
        out += (f" The holder, if holding any hand cards, may resist: the active player then draws one card at random "
                f"from the holder's hand (it goes to the back of the active player's hand), and if it is a "
                f"{ctx.bean(p['resist']['stops'])} the takeover fails.")
    return out


def tie_token_holder(p: dict, ctx: Context) -> str:
    return f"A tie goes to the tied player who holds {ctx.token(p['token'])}."


def card_step(p: dict, ctx: Context) -> str:
    """A rule's own step on a card event says what its core step says (its effects are an
    ability's, which the core words already)."""
    from ..desugar.steps import card_step as rewrite
    return " ".join(s.to_text() for s in rewrite({"params": p, "phase": None}))


def round_step(p: dict, ctx: Context) -> str:
    """A rule's own step as a round begins says what its core step says."""
    from ..desugar.steps import round_step as rewrite
    return " ".join(s.to_text() for s in rewrite({"params": p, "phase": None}))


def end_step(p: dict, ctx: Context) -> str:
    """A rule's own step as the game ends says what its core step says."""
    from ..desugar.steps import end_step as rewrite
    return " ".join(s.to_text() for s in rewrite({"params": p, "phase": None}))


def phase_step(p: dict, ctx: Context) -> str:
    """A phase's own step says what its core step says, at the start of the phase it stands in."""
    from ..desugar.steps import phase_step as rewrite
    return " ".join(s.to_text() for s in rewrite({"id": "", "params": p, "phase": ctx.here or "this phase"}))


# Every function above taking (p, ctx) is the English of the rule kind it is named after.
ENGLISH: dict[str, Callable[[dict, Context], str]] = {
    name.replace("_", "-"): function for name, function in dict(globals()).items()
    if inspect.isfunction(function) and function.__module__ == __name__
    and function.__code__.co_varnames[:2] == ("p", "ctx")
}


def explain(rule: dict[str, Any], ctx: Context) -> str:
    """The rule as a sentence; an unknown kind says so rather than hiding it."""
    english = ENGLISH.get(rule["kind"])
    if rule.get("phase") and rule["phase"] != ctx.here:
        ctx = dataclasses.replace(ctx, here=rule["phase"])
    return english(rule["params"], ctx) if english else f"(a `{rule['kind']}` rule: {rule['text']})"
