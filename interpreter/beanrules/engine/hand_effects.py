"""The effects text cards use on hands and piles, compiled for the evaluator like the rest of
the effect language (:mod:`.effects` holds moving, planting and choosing fields):

- ``look`` — the card's owner sees cards (the top N of the deck, a player's hand): an event
  ``looked`` that names who saw what (``seen_by``), so a view or log can keep it to them;
- ``reorder`` — the owner puts cards back in an order of their choice, one choice per
  position, front (top) first;
- ``reverse`` and ``swap`` — a hand (or any zone) reversed, two hands exchanged;
- ``choose`` a card of a hand — picked by the owner as part of the action (a choice by
  another player is a decision the game waits for: :mod:`.decisions`);
- the topmost card of each bean type of a place, moved as one selection;
- ``shuffle`` a place in place (the deck after cards joined it);
- ``refuse`` — the use is refused, nothing changes;
- ``plant`` by another player (the opponent plants the front card of the owner's hand): they
  choose the field, harvesting one first only where none takes the card (a decision the game
  waits for, registered with :mod:`.decisions`);
- how many cards were planted this phase, half of a number (rounded down), and a count of a
  bean type that counts the cards playing as it (:mod:`.kinds`).

Every one of them is bounded by the size of a zone: nothing loops or calls itself.
"""
from __future__ import annotations

from typing import Any

from ..core import actors, effects, places, quantities
from ..core.categories import Node
from . import deck, evaluate
from .actions import Harvest
from .effect_env import FEED, OWNER, Held, feed_of
from .decisions import DECIDERS, Decider
from .errors import IllegalAction, UnsupportedRule
from .eventlog import UNRECORDED
from .harvesting import do_harvest, field_refusal
from .kinds import type_of
from .lasting import forbidding, plant_refusal
from .listers import room as owed_room
from .meaning import Semantics, run
from .planting import accepts_emptied, field_accepts
from .selection import end_index, laid_end, lays_by_order, zone_name
from .state import name_of

# Zones whose list starts with the top (front) card (selection.py keeps the same table).
_FIRST_IS_TOP = {"deck", "hand"}


def _owner_of(place: Node) -> Any:
    """Whose zone a place is, as a function (None for a shared zone)."""
    if isinstance(place, places.Zone) and place.owner is not None:
        who = evaluate.players_of(place.owner)
        return lambda state, env: who(state, env)[0]
    return lambda state, env: None


def selected(cards: places.CardsIn) -> Any:
    """(the zone's list, the indices selected, nearest the top first) of a fixed selection:
    the top / front N cards, or all of them."""
    source, zone = evaluate.zone_of(cards.place), zone_name(cards.place)
    count = evaluate.number(cards.count) if cards.count is not None else None
    if cards.pick not in ("top", "front", "all"):
        raise UnsupportedRule(f"the engine looks at or reorders the top cards or all cards of a place, "
                              f"not '{cards.to_text()}'")

    def indices(state: Any, env: dict) -> tuple[list, list[int]]:
        held = source(state, env)
        n = len(held) if count is None or cards.pick == "all" else min(count(state, env), len(held))
        first = zone in _FIRST_IS_TOP
        return held, (list(range(n)) if first else list(range(len(held) - 1, len(held) - 1 - n, -1)))
    return indices


# ------------------------------------------------------------------ effects
def look(node: effects.Look) -> evaluate.EffectFn:
    who = evaluate.players_of(node.player)
    if not isinstance(node.cards, places.CardsIn):
        raise UnsupportedRule(f"the engine looks at cards of a place, not '{node.cards.to_text()}'")
    pick, owner, what = selected(node.cards), _owner_of(node.cards.place), node.cards.to_text()
    whole_hand = node.cards.pick == "all" and zone_name(node.cards.place) == "hand"

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        if events is UNRECORDED:  # a look changes nothing but what a record tells
            return
        held, chosen = pick(state, env)
        seer, whose = state.players[who(state, env)[0]], name_of(state, owner(state, env))
        at = f"{whose}'s hand" if whole_hand and whose else what
        events.append({"event": "looked", "player": seer, "seen_by": [seer], "at": at,
                       "owner": whose, "cards": [held[i] for i in chosen]})
    return run


def reorder(node: effects.Reorder) -> evaluate.EffectFn:
    """The owner names the cards in their new order, top (front) first; a card picked for a
    position is no longer an option for the next."""
    cards = node.place if isinstance(node.place, places.CardsIn) else \
        places.CardsIn(node.place, "all", None, False, None)
    pick, what = selected(cards), cards.to_text()
    who = evaluate.players_of(node.player)

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        held, chosen = pick(state, env)
        left = [held[i] for i in chosen]
        order: list[str] = []
        for position in range(len(left)):
            options = list(dict.fromkeys(left))
            picked = feed_of(env).take(f"the card for position {position + 1} of {what}", options, True)
            left.remove(picked)
            order.append(picked)
        for i, card in zip(chosen, order):
            held[i] = card
        if events is not UNRECORDED:  # a playout's abilities are tried many times: no event to build
            players = state.players
            events.append({"event": "reordered", "player": players[who(state, env)[0]], "at": what,
                           "seen_by": [players[p] for p in who(state, env)],
                           "hands": [players[p] for p in [_owner_of(cards.place)(state, env)]
                                     if p is not None and zone_name(cards.place) == "hand"]})
    return run


def reverse(node: effects.Reverse) -> evaluate.EffectFn:
    zone, owner, what = evaluate.zone_of(node.place), _owner_of(node.place), node.place.to_text()
    hand = zone_name(node.place) == "hand"

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        zone(state, env).reverse()
        if events is UNRECORDED:
            return
        player = name_of(state, owner(state, env))
        events.append({"event": "reordered", "player": name_of(state, env.get(OWNER)), "reversed": True,
                       "at": f"{player}'s hand" if hand and player else what,
                       "hands": [player] if hand and player else []})
    return run


def swap(node: effects.Swap) -> evaluate.EffectFn:
    first, second = evaluate.zone_of(node.first), evaluate.zone_of(node.second)
    owners = (_owner_of(node.first), _owner_of(node.second))
    hands = zone_name(node.first) == "hand" and zone_name(node.second) == "hand"

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        a, b = first(state, env), second(state, env)
        a[:], b[:] = list(b), list(a)
        if events is not UNRECORDED:  # a playout's abilities are tried many times: no event to build
            events.append({"event": "swapped", "first": node.first.to_text(), "second": node.second.to_text(),
                           "hands": [name_of(state, o(state, env)) for o in owners] if hands else []})
    return run


def choose_card(node: effects.Choose) -> evaluate.EffectFn | None:
    """The owner picks one card of a player's hand (any position), bound as a Held card."""
    options = node.options
    if not (isinstance(options, places.CardsIn) and options.pick == "any"
            and isinstance(options.place, places.Zone) and options.place.zone == "hand"
            and options.place.owner is not None):
        return None
    if not (isinstance(node.player, actors.CardOwner) and node.player.card is None):
        return None  # another player's choice is a decision (engine/decisions.py)
    hand_of = evaluate.players_of(options.place.owner)
    where = evaluate.condition(node.where) if node.where is not None else None
    name, must = node.name, node.must

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        player = hand_of(state, env)[0]
        hand = state.hands[player]
        found = [c for c in dict.fromkeys(hand)
                 if where is None or where(state, {**env, evaluate.RULES: rs, name: [c]})]
        whose = state.players[player]
        picked = feed_of(env).take(f"{name} (a card of {whose}'s hand)", found, must)
        env[name] = Held(picked, hand, f"{whose}'s hand", True, "hand", player) if picked is not None else None
    return run


def each_type(node: effects.Move) -> evaluate.EffectFn | None:
    """Move the topmost card of each bean type of a place (a card that plays as a type counts
    as it), nearest the top first."""
    cards = node.cards
    if not (isinstance(cards, places.CardsIn) and cards.pick == "each-type"):
        return None
    source, from_zone = evaluate.zone_of(cards.place), zone_name(cards.place)
    target, to_zone, end = evaluate.zone_of(node.to), zone_name(node.to), node.end
    first = from_zone in _FIRST_IS_TOP
    from_owner, to_owner = _owner_of(cards.place), _owner_of(node.to)
    by_order = lays_by_order(to_zone, end)

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        held, dest = source(state, env), target(state, env)
        at = laid_end(rs, to_zone, end) if by_order else end
        order = range(len(held)) if first else range(len(held) - 1, -1, -1)
        chosen, seen = [], set()
        for i in order:
            kind = type_of(rs, held[i])
            if kind not in seen:
                seen.add(kind)
                chosen.append(i)
        moved = [held[i] for i in chosen]
        for i in sorted(chosen, reverse=True):
            del held[i]
        for card in moved:
            dest.insert(end_index(to_zone, at, len(dest)), card)
        if moved and events is not UNRECORDED:  # the one shape of a "moved" event (docs/engine-contract.md, Events)
            events.append({"event": "moved", "cards": len(moved), "from_zone": from_zone,
                           "from": name_of(state, from_owner(state, env)), "to_zone": to_zone,
                           "to": name_of(state, to_owner(state, env)),
                           "end": at or ("back" if to_zone == "hand" else "top")})
    return run


def _plants_for_another(node: Node) -> bool:
    """A plant by another player than the card's owner of the top or front card of a place."""
    return isinstance(node, effects.Plant) and isinstance(node.cards, places.CardsIn) and node.onto is None \
        and not (isinstance(node.player, actors.CardOwner) and node.player.card is None)


class PlantFor(Decider):
    """Another player plants the selected card (the top or front one of a place) on one of
    their fields, choosing which: among the fields that take it under the planting rules; only
    where none does (and the rules say a player harvests to make room) among the fields they
    may harvest, which they harvest first. One field to choose from: no decision. Nothing to
    choose from: the effect cannot happen."""

    def decides(self, node: Node) -> bool:
        return _plants_for_another(node)

    def compile(self, node: Node) -> None:
        self._parts(node)  # (one card at a time: refused as the game is made)

    def _parts(self, node: effects.Plant) -> tuple:
        compiled = _COMPILED.get(node)
        if compiled is None:
            if not (isinstance(node.cards.count, quantities.Number) and node.cards.count.value == 1):
                raise UnsupportedRule(f"'{node.to_text()}': another player plants one card at a time")
            compiled = _COMPILED[node] = (evaluate.players_of(node.player), selected(node.cards),
                                          node.cards.to_text())
        return compiled

    def _options(self, node: effects.Plant, state: Any, rs: Any, env: dict) -> tuple[str, str, list[int], bool]:
        """(player, card, the fields they may choose, whether they harvest first)."""
        who, pick, where = self._parts(node)
        held, chosen = pick(state, env)
        if not chosen:
            raise IllegalAction(None, f"{where} holds no card to plant")
        player, card = who(state, env)[0], held[chosen[0]]
        if state.lasting:  # a constraint laid down on this very card (engine/marked.py)
            refused = plant_refusal(state, rs, card)
            if refused is not None:
                raise refused
        fields = state.fields[player]
        fit = [i for i in range(len(fields)) if field_accepts(state, rs, player, card, i)]
        if fit:
            return player, card, fit, False
        owed = owed_room(state, rs)  # the rules owe a harvest to make room for the card (listers.Room)
        if owed is None or not owed.holds(state, rs, player, card):
            raise IllegalAction(None, f"no field of {state.players[player]} takes {card}")
        room = [i for i, f in enumerate(fields) if field_refusal(state, rs, player, i) is None
                and accepts_emptied(state, rs, player, card, i)
                and not (state.lasting and harvest_forbidden(state, rs, player, i))]
        if not room:
            raise IllegalAction(None, f"no field of {state.players[player]} takes {card}, and none may be harvested for it")
        return player, card, room, True

    def start(self, node: Node, state: Any, rs: Any, env: dict, events: list) -> dict[str, Any] | None:
        player, card, options, harvest = self._options(node, state, rs, env)
        if len(options) == 1:
            self._plant(node, state, rs, env, options[0], events)
            return None
        what = f"a field to harvest for the {card}" if harvest else f"a field for the {card}"
        return {"player": player, "name": what, "options": [str(i + 1) for i in options]}

    def finish(self, node: Node, state: Any, rs: Any, env: dict, answer: str, events: list) -> None:
        self._plant(node, state, rs, env, int(answer) - 1, events)

    def _plant(self, node: effects.Plant, state: Any, rs: Any, env: dict, index: int, events: list) -> None:
        player, card, options, harvest = self._options(node, state, rs, env)
        if index not in options:
            raise IllegalAction(None, f"field {index + 1} of {state.players[player]} does not take {card}")
        if harvest:  # only to make room for the card
            do_harvest(state, rs, player, index, events)
        _, pick, _ = self._parts(node)
        held, chosen = pick(state, env)
        del held[chosen[0]]
        state.fields[player][index].append(card)
        if events is UNRECORDED:
            return
        whose, zone = name_of(state, _owner_of(node.cards.place)(state, env)), zone_name(node.cards.place)
        events.append({"event": "planted", "player": state.players[player], "bean": card, "field": index + 1,
                       "from": f"{whose}'s {zone}" if whose else zone})


_COMPILED: dict[Node, tuple] = {}
PLANT_FOR = PlantFor()
DECIDERS[effects.Plant] = PLANT_FOR


def harvest_forbidden(state: Any, rs: Any, player: int, index: int) -> bool:
    """A lasting forbid in force names this harvest, so the field may not be harvested to make
    room."""
    return forbidding(state, rs, Harvest(state.players[player], index + 1)) is not None


def plant_for(node: effects.Plant) -> evaluate.EffectFn | None:
    """The same plant run where nobody can be asked (no decision machinery around it): only
    when one field is left to choose."""
    if not _plants_for_another(node):
        return None
    PLANT_FOR._parts(node)  # refuses, now, what cannot run

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        asked = PLANT_FOR.start(node, state, rs, env, events)
        if asked is not None:
            raise IllegalAction(None, f"{state.players[asked['player']]} must choose {asked['name']}, and nobody is asked here")
    return run


def shuffle(node: effects.Shuffle) -> evaluate.EffectFn:
    """A pile shuffled where it lies (one shuffled into another, the discard made the deck, is
    deck.shuffle_into's, which engine/semantics.py tries first)."""
    zone, what = evaluate.zone_of(node.place), node.place.to_text()

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        cards = zone(state, env)
        deck.shuffle(cards, state.seed, state.shuffles + 1)  # the k-th shuffle's own seed
        state.shuffles += 1
        if events is not UNRECORDED:
            events.append({"event": "shuffled", "at": what, "cards": len(cards)})
    return run


def refuse(node: effects.Refuse) -> evaluate.EffectFn:
    reason = node.reason

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        feed = env.get(FEED)
        raise IllegalAction(feed.ref if feed is not None else None, f"not now: {reason}")
    return run


# ------------------------------------------------------------------ numbers
def planted_this_phase(node: quantities.PlantedThisPhase) -> evaluate.NumFn:
    return lambda state, env: state.planted


def half(node: quantities.Half) -> evaluate.NumFn:
    """Rounded down ("repeat half of count of offer times")."""
    whole = evaluate.number(node.of)
    return lambda state, env: whole(state, env) // 2


def count_of(node: quantities.Count) -> evaluate.NumFn | None:
    """How many cards of one bean type a place holds (cards that play as it count as it)."""
    if node.bean is None:
        return None
    zone, bean = evaluate.zone_of(node.place), node.bean

    def count(state: Any, env: dict) -> int:
        rs = env.get(evaluate.RULES)
        cards = zone(state, env)
        if rs is not None and rs.plays_as:  # cards that play as the bean count as it
            return sum(1 for c in cards if type_of(rs, c) == bean)
        return cards.count(bean)
    return count


# What the nodes compiled here mean: their entries of the semantics table, kept beside their
# compile functions (engine/meaning.py; engine/semantics.py names this module in BESIDE). A node
# whose shapes this module shares with another (a count, a move, a shuffle, a plant, a choice)
# keeps its entry in the table, where the order of its shapes is decided.
ENTRIES: dict[type[Node], Semantics] = {
    quantities.PlantedThisPhase: run(quantity=planted_this_phase),
    quantities.Half: run(quantity=half),
    effects.Swap: run(effect=swap),
    effects.Reverse: run(effect=reverse),
    effects.Look: run(effect=look),
    effects.Reorder: run(effect=reorder),
    effects.Refuse: run(effect=refuse),
}
