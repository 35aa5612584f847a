"""The core nodes a kernel runs, compiled to closures over the kernel's state.

The same node types the engine's evaluator (engine/evaluate.py) runs, with the same meaning,
over seats instead of player names. A node this module does not know raises
KernelUnsupported when the kernel is built: the caller then plays with the interpreter, so the
kernel never plays a rule it does not know.

Closures take the kernel state ``g`` and an environment of bound names (as the evaluator's);
effects return "skip" when they skip the current phase.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities
from ..core.categories import Node
from ..engine.effect_env import OWNER
from ..engine.evaluate import top_of_deck
from ..engine.kinds import type_of


class KernelUnsupported(Exception):
    """The kernel does not run this construct; the interpreter plays the game instead."""


Env = dict[str, Any]
Fn = Callable[..., Any]


def _no(node: Node, what: str) -> KernelUnsupported:
    return KernelUnsupported(f"the core {what} '{node.NODE}' ({node.to_text()})")


@dataclass(frozen=True)
class Mechanisms:
    """The compilers of the kernel's own mechanisms that this module's roles fall back to, at
    the places below that name them. Each of those modules compiles the parts of its nodes with
    this module, so they stand above it and are handed down, once, by the package as it is
    imported (kernel/__init__.py): which compiler runs never depends on import order."""

    card_number: Fn  # card_effects.number: the numbers text cards use
    card_effect: Fn  # card_effects.effect: the effects text cards use on hands and piles
    ability_effect: Fn  # abilities.effect: the nodes of card abilities (a card picked, a choice fed)
    matches: Fn  # selection.matches
    move: Fn  # selection.move: a selection of cards moved
    lay: Fn  # lasting.lay: a constraint laid down for a while
    at_random: Fn  # decisions.at_random
    actor: Fn  # tally.actor, tally.quantity, tally.condition: counters, tokens, "some player"
    quantity: Fn
    condition: Fn


_mechanisms: Mechanisms | None = None


def use_mechanisms(mechanisms: Mechanisms) -> None:
    global _mechanisms
    _mechanisms = mechanisms


def _extended(category: str, node: Node, arg: Any, what: str) -> Fn:
    """A node of a mechanism of its own (kernel/tally.py: counters, tokens, "some player")."""
    found = getattr(_mechanisms, category)(node, arg)
    if found is None:
        raise _no(node, what)
    return found


class Primitives:
    """What the compiled effects call on the machine (taking cards, harvesting, paying)."""

    take_top: Fn  # (g, into=None) -> bean | None
    harvest: Fn  # (g, seat, field index) -> None
    coins_for: Fn  # (field) -> int
    direction: int
    n: int  # players
    bean_names: tuple[str, ...]  # the rules' beans (cards are these strings, as the engine's)
    firing: Any  # triggers.Firing | None: the steps a card runs by itself
    planting: Any  # planting.Planting: which fields take a card (the engine's planting judge)
    rs: Any  # the engine's Ruleset (the types cards play as: engine/kinds.py)


# ------------------------------------------------------------------ actors and places
def players_of(node: Node, direction: int = 1) -> Fn:
    """(g, env) -> list of seats, in the order the engine lists them (`direction`: the rules'
    direction of play, for the other players in turn order)."""
    if isinstance(node, actors.ActivePlayer):
        return lambda g, env: [g.active]
    if isinstance(node, actors.StartPlayer):
        return lambda g, env: [g.start]
    if isinstance(node, actors.AllPlayers):
        return lambda g, env: list(range(g.n))
    if isinstance(node, actors.EachPlayer):
        def each(g: Any, env: Env) -> list[int]:
            step, n, a = env.get("direction", 1), g.n, g.active
            return [(a + step * k) % n for k in range(n)]
        return each
    if isinstance(node, actors.Bound):
        name = node.name
        return lambda g, env: [env[name]]
    if isinstance(node, actors.CardOwner) and node.card is None:  # whom a triggered card belongs to
        return lambda g, env: [env[OWNER]]
    if isinstance(node, (actors.OtherPlayers, actors.Opponent)):  # in turn order from the card's owner, else the active player
        step = direction

        def others(g: Any, env: Env) -> list[int]:
            me, n = env.get(OWNER, g.active), g.n
            return [(me + step * k) % n for k in range(1, n)]
        return others
    if isinstance(node, actors.TokenHolder):
        token = node.token
        return lambda g, env: [] if (h := holder(g, token)) is None else [h]
    if isinstance(node, actors.Opponent):  # the other player of two (the ruleset refuses more)
        step = direction
        return lambda g, env: [(env.get(OWNER, g.active) + step) % g.n]
    return _extended("actor", node, direction, "actor")


def holder(g: Any, token: str) -> int | None:
    """marks.holder: who holds a token (one the state does not keep is the start player's)."""
    tokens = g.tokens
    return tokens[token] if token in tokens else g.start


_SHARED = ("deck", "discard", "offer", "removed")
_PER_PLAYER = {"hand": "hands", "coins": "coins", "set-aside": "set_aside"}


def zone_of(node: Node) -> Fn:
    """(g, env) -> the kernel's own list for a zone (effects change it in place)."""
    if isinstance(node, actors.Bound):
        name = node.name
        return lambda g, env: env[name]
    if isinstance(node, places.Zone):
        if node.owner is None and node.zone in _SHARED:
            attr = node.zone
            return lambda g, env: getattr(g, attr)
        if node.owner is not None and node.zone in _PER_PLAYER:
            attr, who = _PER_PLAYER[node.zone], players_of(node.owner)
            if isinstance(node.owner, actors.ActivePlayer):  # the common case, without a list
                return lambda g, env: getattr(g, attr)[g.active]
            if isinstance(node.owner, actors.Bound):
                name = node.owner.name
                return lambda g, env: getattr(g, attr)[env[name]]
            return lambda g, env: getattr(g, attr)[who(g, env)[0]]  # the start player, the opponent
    raise _no(node, "place")


# ------------------------------------------------------------------ numbers and conditions
def number(node: Node, prims: Primitives) -> Fn:
    if isinstance(node, quantities.Number):
        value = node.value
        return lambda g, env: value
    if isinstance(node, quantities.BySeat):
        counts = node.counts
        return lambda g, env: counts[min(env["seat"], len(counts) - 1)]
    if isinstance(node, quantities.Count) and node.bean is None:
        if isinstance(node.place, actors.Bound):  # a field bound by for-each: one call less
            name = node.place.name
            return lambda g, env: len(env[name])
        zone = zone_of(node.place)
        return lambda g, env: len(zone(g, env))
    if isinstance(node, quantities.FieldValue):
        place, coins_for = node.field, prims.coins_for
        if isinstance(place, actors.Bound):  # a field bound by for-each: one call less
            name = place.name
            return lambda g, env: coins_for(env[name])
        if isinstance(place, places.Zone) and place.zone == "field" and place.owner is not None:
            owner = players_of(place.owner)  # all of a player's fields: what they pay together
            return lambda g, env: sum(coins_for(f) for f in g.fields[owner(g, env)[0]])
        field = zone_of(place)
        return lambda g, env: coins_for(field(g, env))
    if isinstance(node, quantities.Count) and node.bean is not None:
        zone, bean = zone_of(node.place), node.bean
        rs = prims.rs
        if rs.plays_as:  # the cards that play as the bean count as it (hand_effects.number)
            return lambda g, env: sum(1 for c in zone(g, env) if type_of(rs, c) == bean)
        return lambda g, env: zone(g, env).count(bean)
    if isinstance(node, quantities.OneIf):
        test = condition(node.condition, prims)
        return lambda g, env: 1 if test(g, env) else 0
    if isinstance(node, quantities.DeckRunOuts):
        return lambda g, env: g.exhaustions
    if isinstance(node, quantities.FieldsOf):
        who = players_of(node.player)
        return lambda g, env: len(g.fields[who(g, env)[0]])
    if isinstance(node, actors.Bound):  # a number bound by ``let``
        name = node.name
        return lambda g, env: env[name]
    if isinstance(node, quantities.Sum):
        terms = [number(t, prims) for t in node.terms]
        return lambda g, env: sum(t(g, env) for t in terms)
    if isinstance(node, quantities.Times):
        factor, of = node.factor, number(node.of, prims)
        return lambda g, env: factor * of(g, env)
    own = _mechanisms.card_number(node, prims)  # the numbers text cards use (kernel/card_effects.py)
    if own is not None:
        return own
    if isinstance(node, quantities.SeatDistance):
        who, origin = players_of(node.player), players_of(node.origin)
        sign = 1 if node.direction == "clockwise" else -1
        return lambda g, env: sign * (who(g, env)[0] - origin(g, env)[0]) % g.n
    return _extended("quantity", node, prims, "quantity")


_COMPARE = {"<": operator.lt, "<=": operator.le, "=": operator.eq, ">=": operator.ge,
            ">": operator.gt, "!=": operator.ne}


def condition(node: Node, prims: Primitives) -> Fn:
    if isinstance(node, conditions.Compare):
        left, right, test = number(node.left, prims), number(node.right, prims), _COMPARE[node.op]
        if isinstance(node.right, quantities.Number):  # the common case, one call less
            bound = node.right.value
            return lambda g, env: test(left(g, env), bound)
        return lambda g, env: test(left(g, env), right(g, env))
    if isinstance(node, conditions.AllOf):
        terms = [condition(t, prims) for t in node.terms]
        return lambda g, env: all(t(g, env) for t in terms)
    if isinstance(node, conditions.AnyOf):
        terms = [condition(t, prims) for t in node.terms]
        return lambda g, env: any(t(g, env) for t in terms)
    if isinstance(node, conditions.Not):
        term = condition(node.term, prims)
        return lambda g, env: not term(g, env)
    if isinstance(node, conditions.InPhase):
        phase = node.phase
        return lambda g, env: g.phase == phase
    if isinstance(node, conditions.TurnOf):
        who = players_of(node.player)
        return lambda g, env: g.active in who(g, env)
    if isinstance(node, conditions.Always):
        return lambda g, env: True
    if isinstance(node, conditions.Matches):
        return _mechanisms.matches(node, prims)
    if isinstance(node, conditions.HoldsToken):
        who, token = players_of(node.player, prims.direction), node.token
        return lambda g, env: holder(g, token) in who(g, env)
    return _extended("condition", node, prims, "condition")


# ------------------------------------------------------------------ effects
def effect(node: Node, prims: Primitives) -> Fn:
    take_top = prims.take_top

    def take(g: Any, count: int) -> list[int]:
        deck = g.deck
        if len(deck) > count:  # the deck does not run out: one slice, as `count` single takes
            cards = deck[:count]
            del deck[:count]
            return cards
        cards = []
        for _ in range(count):
            card = take_top(g)
            if card is None:
                break
            cards.append(card)
        return cards

    if isinstance(node, effects.Reveal):
        cards = node.cards
        if not top_of_deck(cards):
            raise _no(node, "effect")
        count, to = number(cards.count, prims), zone_of(node.to)

        firing = getattr(prims, "firing", None)
        fire = firing.revealed if firing is not None and firing.on("revealed") else None

        def reveal(g: Any, env: Env) -> None:
            into, wanted = to(g, env), count(g, env)
            if len(g.deck) > wanted:
                shown = take(g, wanted)
                into.extend(shown)
            else:
                shown = []
                for _ in range(wanted):  # one at a time, as the engine: a run-out sees the cards turned up
                    card = take_top(g, into)
                    if card is None:
                        break
                    shown.append(card)
            if fire is not None:  # a card's step when revealed (kernel/triggers.py)
                for card in shown:
                    fire(g, g.active, card, into)
        if fire is None and isinstance(cards.count, quantities.Number) and node.to == places.Zone("offer", None):
            fixed = cards.count.value  # the common "turn the top N cards into the offer"

            def reveal_fixed(g: Any, env: Env) -> None:
                if len(g.deck) > fixed:
                    g.offer.extend(take(g, fixed))
                else:
                    reveal(g, env)
            return reveal_fixed
        return reveal
    if isinstance(node, effects.Draw):
        if node.end != "back" or node.up_to:
            raise _no(node, "effect")
        count, who, direction = number(node.count, prims), players_of(node.player), prims.direction
        limit = getattr(prims, "requirements", None)  # a hand limit (kernel/requirements.py)
        if limit is None and isinstance(node.count, quantities.Number) and isinstance(node.player, actors.ActivePlayer):
            fixed = node.count.value  # the common "the active player draws N cards"
            return lambda g, env: g.hands[g.active].extend(take(g, fixed))

        def draw(g: Any, env: Env) -> None:
            for seat in who(g, {**env, "direction": direction}):
                wanted = count(g, env)
                if limit is not None:  # only as many as the hand may hold
                    wanted = limit.room(g, seat, wanted)
                g.hands[seat].extend(take(g, wanted))
                if g.ending:
                    break
        return draw
    if isinstance(node, effects.Shuffle) and node.into is not None:
        source, into = zone_of(node.place), zone_of(node.into)

        def shuffle(g: Any, env: Env) -> None:
            cards = source(g, env)
            moved = list(cards)
            cards.clear()
            g.shuffles += 1
            g.shuffle_rng(g.shuffles).shuffle(moved)  # the engine's k-th shuffle: same permutation
            into(g, env).extend(moved)
        return shuffle
    if isinstance(node, effects.SkipPhase) and node.phase is None:
        return lambda g, env: "skip"
    if isinstance(node, effects.ForEach):
        name, body = node.name, effect(node.body, prims)
        if isinstance(node.among, places.Zone) and node.among.zone == "field" and node.among.owner:
            owner = players_of(node.among.owner)

            at = name + "#"
            if isinstance(node.among.owner, actors.Bound):  # a player bound by an outer for-each
                bound = node.among.owner.name

                def each_field_of(g: Any, env: Env) -> None:
                    for index, field in enumerate(g.fields[env[bound]]):
                        body(g, {**env, name: field, at: index})
                return each_field_of

            def each_field(g: Any, env: Env) -> None:
                seat = owner(g, env)[0]
                for index, field in enumerate(g.fields[seat]):
                    body(g, {**env, name: field, at: index})
            return each_field
        among = players_of(node.among)

        def each_player(g: Any, env: Env) -> None:
            for seat in among(g, env):
                body(g, {**env, name: seat})
        return each_player
    if isinstance(node, effects.Repeat):
        times, body = number(node.times, prims), effect(node.body, prims)
        test = condition(node.condition, prims) if node.condition else None

        if test is None:
            def repeat(g: Any, env: Env) -> None:
                for _ in range(times(g, env)):  # counted once, as the engine does
                    body(g, env)
            return repeat

        def repeat_while(g: Any, env: Env) -> None:
            for _ in range(times(g, env)):  # counted once, as the engine does
                if not test(g, env):
                    break
                body(g, env)
        return repeat_while
    if isinstance(node, effects.Harvest) and isinstance(node.field, actors.Bound):
        who, name, paying = players_of(node.player), node.field.name, node.only_paying
        harvest, coins_for = prims.harvest, prims.coins_for

        def harvest_field(g: Any, env: Env) -> None:
            field = env[name]
            if field and (not paying or coins_for(field) >= 1):
                harvest(g, who(g, env)[0], env[name + "#"])
        return harvest_field
    if isinstance(node, effects.Lasting):  # a constraint laid down for a while (kernel/lasting.py)
        return _mechanisms.lay(node, prims)
    own = _mechanisms.card_effect(node, prims)  # the effects text cards use on hands and piles
    if own is not None:
        return own
    own = _mechanisms.ability_effect(node, prims)  # the nodes of card abilities (a card picked, a choice fed)
    if own is not None:
        return own
    if isinstance(node, effects.Move):
        return _mechanisms.move(node, prims)
    if isinstance(node, effects.AtRandom):
        return _mechanisms.at_random(node)
    if isinstance(node, effects.PassToken):
        token, to = node.token, players_of(node.to, prims.direction)

        def pass_token(g: Any, env: Env) -> None:
            g.tokens[token] = to(g, env)[0]
        return pass_token
    if isinstance(node, effects.Let):
        name, value = node.name, number(node.value, prims)

        def let(g: Any, env: Env) -> None:
            env[name] = value(g, env)  # the step's own environment (machine._step gives a fresh one)
        return let
    if isinstance(node, effects.If):
        test, then = condition(node.condition, prims), effect(node.then, prims)
        otherwise = effect(node.otherwise, prims) if node.otherwise is not None else None

        def if_(g: Any, env: Env) -> str | None:
            if test(g, env):
                return then(g, env)
            return otherwise(g, env) if otherwise is not None else None
        return if_
    if isinstance(node, effects.AddField):
        who, count = players_of(node.player), node.count

        def add_field(g: Any, env: Env) -> None:
            for seat in who(g, env):
                g.fields[seat].extend([] for _ in range(count))
        return add_field
    if isinstance(node, effects.Sequence):
        steps = [effect(s, prims) for s in node.steps]

        def sequence(g: Any, env: Env) -> str | None:
            for step in steps:
                if step(g, env) == "skip":
                    return "skip"
            return None
        return sequence
    raise _no(node, "effect")
