"""The kernel's adapter to the engine's closures, and the effects the machine runs its own way.

What a core node reads (who, where, how many, whether) the kernel asks of the engine's own
closures (engine/evaluate.py, by engine/semantics.py's one table), run on the kernel's state:
its attributes are the engine state's, seats for names (kernel/state.py), and an environment
holds what the engine's does (the ruleset as evaluate.RULES wherever the engine binds it).
An effect whose every part changes only the state's lists, tokens and constraints runs as the
engine's closure too, without events (`on_kernel_state`). What is left here is the effects
that go through the machine's own primitives: taking cards off the deck (reveal, draw, a move
of its top cards: take_top keeps the end test cached in ``g.ending``), harvesting a field
(the machine's harvest, with coins written down and a card's step when harvested), and the
for-each, repeat, choice of players, if and sequence that hold one of them. An effect neither
runs raises KernelUnsupported when the kernel is built: the caller then plays with the
interpreter, so the kernel never plays a rule it does not know.

Effect closures take the kernel state ``g`` and an environment of bound names (as the
evaluator's); they return "skip" when they skip the current phase.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core import actors, effects, places, quantities
from ..core.categories import Effect, Node
from ..engine.effect_env import feed_of
from ..engine.errors import IllegalAction
from ..engine.evaluate import BY_ITSELF, compiled_effect, condition, number, players_of, top_of_deck, zone_of
from ..engine.eventlog import UNRECORDED
from ..engine.requirements import room


class KernelUnsupported(Exception):
    """The kernel does not run this construct; the interpreter plays the game instead."""


Env = dict[str, Any]
Fn = Callable[..., Any]


def dead(why: str = "the choices lead nowhere") -> IllegalAction:
    """What the engine raises where a use of an ability cannot go on (IllegalAction): the
    kernel's listing skips such a use, as the engine's does (kernel/abilities.py)."""
    return IllegalAction(None, why)


def _no(node: Node, what: str) -> KernelUnsupported:
    return KernelUnsupported(f"the core {what} '{node.NODE}' ({node.to_text()})")


@dataclass(frozen=True)
class Mechanisms:
    """The compilers of the kernel's own mechanisms that this module's roles fall back to, at
    the places below that name them. Each of those modules compiles the parts of its nodes with
    this module, so they stand above it and are handed down, once, by the package as it is
    imported (kernel/__init__.py): which compiler runs never depends on import order."""

    ability_effect: Fn  # abilities.effect: the nodes of card abilities (a card picked, a choice fed)
    at_random: Fn  # decisions.at_random


_mechanisms: Mechanisms | None = None


def use_mechanisms(mechanisms: Mechanisms) -> None:
    global _mechanisms
    _mechanisms = mechanisms


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


# ------------------------------------------------------------------ effects
# The effects whose engine closures run on the kernel's state as they are: they change its lists,
# tokens and constraints, and take nothing off the deck, harvest nothing and fire no card's
# step, which the machine does its own way (take_top with its cached end test, harvest, firing).
# A subtree of only these runs as the engine's closure, without events (eventlog.UNRECORDED).
_ENGINE_RUNS = (effects.Let, effects.SkipPhase, effects.AddField, effects.PassToken, effects.Lasting,
                effects.Look, effects.Reverse, effects.Swap, effects.Reorder, effects.Refuse, effects.Shuffle,
                effects.Move, effects.Choose, effects.ForChosen,
                effects.Sequence, effects.If, effects.ForEach, effects.Repeat)


def engine_runs(node: Node) -> bool:
    """Every effect in `node` is one the engine's closure runs on the kernel's state (what a
    constraint names, the action it forbids or permits, is not run)."""
    if isinstance(node, effects.Lasting):
        return True
    if isinstance(node, Effect) and (not isinstance(node, _ENGINE_RUNS) or takes_from_deck(node)):
        return False
    return all(engine_runs(child) for child in node.children())


def takes_from_deck(node: Node) -> bool:
    """A move of the top cards of the deck, taken one at a time as a draw takes them (the deck
    may run out on the way: the machine's take_top)."""
    cards = node.cards if isinstance(node, effects.Move) else None
    return isinstance(cards, places.CardsIn) and cards.pick in ("front", "top") and cards.count is not None \
        and isinstance(cards.place, places.Zone) and cards.place.zone == "deck"


def on_kernel_state(node: Node, rs: Any) -> Fn:
    """The engine's closure of an effect (engine/semantics.py's entry), run on the kernel's
    state with the rules it reads and no events."""
    run = compiled_effect(node).fn
    return lambda g, env: run(g, rs, env, UNRECORDED)


def effect(node: Node, prims: Primitives) -> Fn:
    """The closure of an effect on the kernel's state: the engine's where it runs there as it
    is, else the machine's own (KernelUnsupported: neither)."""
    if engine_runs(node):
        return on_kernel_state(node, prims.rs)
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
        count, to = number(cards.count), zone_of(node.to)

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
        count, who, direction = number(node.count), players_of(node.player), prims.direction
        rs = prims.rs  # a hand limit: engine/requirements.py's room, on the kernel's state
        if not rs.requirements and isinstance(node.count, quantities.Number) and isinstance(node.player, actors.ActivePlayer):
            fixed = node.count.value  # the common "the active player draws N cards"
            return lambda g, env: g.hands[g.active].extend(take(g, fixed))

        def draw(g: Any, env: Env) -> None:
            for seat in who(g, {**env, "direction": direction}):
                wanted = count(g, env)
                wanted = room(g, rs, seat, wanted)  # only as many as the hand may hold
                g.hands[seat].extend(take(g, wanted))
                if g.ending:
                    break
        return draw
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
        times, body = number(node.times), effect(node.body, prims)
        test = condition(node.condition) if node.condition else None

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
    if takes_from_deck(node):  # effects.move's move_ends off the deck, taken as a draw takes cards
        cards = node.cards  # type: ignore[attr-defined]
        count, to, up_to = number(cards.count), zone_of(node.to), cards.up_to  # type: ignore[attr-defined]
        front = node.end in ("front", "bottom")  # type: ignore[attr-defined]

        def move_off_deck(g: Any, env: Env) -> None:
            wanted = count(g, env)
            # a player's use is refused when the deck is empty; a step that runs by itself takes
            # the cards there are (evaluate.BY_ITSELF, as the engine's move_ends)
            if not g.deck and wanted and not up_to and not env.get(BY_ITSELF):
                raise dead("the deck is empty")
            taken = [c for c in (take_top(g) for _ in range(wanted)) if c is not None]
            dest = to(g, env)
            if front:
                dest[:0] = taken
            else:
                dest.extend(taken)
        return move_off_deck
    own = _mechanisms.ability_effect(node, prims)  # the nodes of card abilities (a card picked, a choice fed)
    if own is not None:
        return own
    if isinstance(node, effects.AtRandom):
        return _mechanisms.at_random(node)
    if isinstance(node, effects.ForChosen):  # players chosen one at a time, the body run for each
        name, among = node.name, players_of(node.among)
        most, body = number(node.most), effect(node.body, prims)

        def for_chosen(g: Any, env: Env) -> None:
            taken: list[int] = []
            for _ in range(most(g, env)):  # counted once: always terminates
                picked = feed_of(env).take(name, [p for p in among(g, env) if p not in taken], False)
                if picked is None:
                    return
                taken.append(picked)
                body(g, {**env, name: picked})
        return for_chosen
    if isinstance(node, effects.If):
        test, then = condition(node.condition), effect(node.then, prims)
        otherwise = effect(node.otherwise, prims) if node.otherwise is not None else None

        def if_(g: Any, env: Env) -> str | None:
            if test(g, env):
                return then(g, env)
            return otherwise(g, env) if otherwise is not None else None
        return if_
    if isinstance(node, effects.Sequence):
        steps = [effect(s, prims) for s in node.steps]

        def sequence(g: Any, env: Env) -> str | None:
            for step in steps:
                if step(g, env) == "skip":
                    return "skip"
            return None
        return sequence
    raise _no(node, "effect")
