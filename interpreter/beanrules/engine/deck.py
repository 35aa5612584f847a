"""Taking cards from the deck: exhaustion counting and reshuffling the discard pile; and the
effects of the core that take cards from it (reveal, draw, a pile shuffled into the deck),
compiled for the evaluator as the entries of engine/semantics.py name them."""
from __future__ import annotations

import random
from typing import Any

from ..core import actors, effects
from .evaluate import EffectFn, Env, number, players_of, top_of_deck, unsupported, zone_of
from .eventlog import UNRECORDED
from .requirements import room
from .ruleset import Ruleset
from .state import State
from .triggers import fire


def shuffle_rng(seed: int | str, shuffles: int) -> random.Random:
    """The RNG of the k-th shuffle of a game. The first shuffle (dealing) uses the seed itself;
    later ones derive a string seed, which Python hashes with SHA-512, so it is the same on every
    platform and needs no RNG state in the JSON."""
    return random.Random(seed if shuffles == 0 else f"{seed}:{shuffles}")


# Whether random.Random draws randrange(n) as _randbelow_with_getrandbits does (CPython), so
# that a draw may be written out (engine/bots.py and kernel/fast.py do the same).
INLINE_DRAW = getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)


def shuffle(cards: list, seed: int | str, shuffles: int) -> None:
    """shuffle_rng(seed, shuffles).shuffle(cards): the same order, with the draw written out
    where it is CPython's (a deal and each reshuffle draw once per card)."""
    rng = shuffle_rng(seed, shuffles)
    if not INLINE_DRAW:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):  # random.Random.shuffle, _randbelow(i + 1) written out
        n = i + 1
        width = n.bit_length()
        j = bits(width)
        while j >= n:
            j = bits(width)
        cards[i], cards[j] = cards[j], cards[i]


def ending(state: State, rs: Ruleset) -> bool:
    """The end of the game has been triggered: one of the model's end conditions holds."""
    for end in rs.ends:
        if end.fn(state, _NO_NAMES):
            return True
    return False


_NO_NAMES: dict = {}


def take_top(state: State, rs: Ruleset, events: list, into: list | None = None) -> str | None:
    """The top card of the deck, or None when none can be had any more. `into`: the card is
    laid there before a deck it emptied runs out (so what the rules do then sees it)."""
    if not state.deck:
        # Only reachable when a reshuffle found an empty discard pile: needing a card from an
        # empty deck is the deck running out again (assumed; guarantees the game ends).
        if ending(state, rs) or not _run_out(state, rs, events) or not state.deck:
            return None
    card = state.deck.pop(0)
    if into is not None:
        into.append(card)
    if not state.deck:
        _run_out(state, rs, events)
    return card


def _run_out(state: State, rs: Ruleset, events: list) -> bool:
    """The deck ran out: count it; unless that ended the game, run what the rules do when
    the deck runs out (the reshuffle). Returns whether play continues with a (possibly still
    empty) deck."""
    state.exhaustions += 1
    if events is not UNRECORDED:
        events.append({"event": "deck-exhausted", "exhaustions": state.exhaustions})
    # the state keeps the end test as the deck ran out: a playout reads it until what the test
    # reads changes again (kernel/machine.py); the engine's flow asks it anew (transitions.py)
    over = state.ending = ending(state, rs)
    if over or not rs.on_deck_out:
        return False
    for step in rs.on_deck_out:
        step.fire(state, rs, events)
    return True


# ------------------------------------------------------------------ the effects that take from the deck
def take_cards(state: Any, rs: Any, count: int, events: list, into: list | None = None) -> list[str]:
    """Up to `count` cards off the deck, fewer if the game ends as it runs out. `into` (a
    reveal): each card is laid there as it is taken, so what happens when the deck runs out
    meanwhile (a pull from the discard pile before the reshuffle) sees the cards already
    turned up."""
    deck = state.deck
    if len(deck) > count:  # the deck cannot run out on the way: take_top's cards at once
        cards = deck[:count]
        del deck[:count]
        if into is not None:
            into.extend(cards)
        return cards
    cards = []
    for _ in range(count):
        card = take_top(state, rs, events, into)
        if card is None:
            break
        cards.append(card)
    return cards


def reveal(node: effects.Reveal) -> EffectFn:
    cards = node.cards
    if not top_of_deck(cards):
        raise unsupported(node, "effect (revealing other than the top of the deck)")
    count, to = number(cards.count), zone_of(node.to)

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        into = to(state, env)
        shown = take_cards(state, rs, count(state, env), events, into)
        if events is not UNRECORDED:
            events.append({"event": "revealed", "player": state.players[state.active], "cards": shown})
        if rs.triggers:  # a card's "when revealed" step
            for card in shown:
                fire(state, rs, "revealed", state.active, card, events, zone=into, where="the offer")
    return run


def draw(node: effects.Draw) -> EffectFn:
    if node.end != "back" or node.up_to:
        raise unsupported(node, "effect (drawing to the front of a hand)")
    count, who = number(node.count), players_of(node.player)
    in_turn = isinstance(node.player, actors.EachPlayer)  # who reads the direction of play

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        players = who(state, {**env, "direction": rs.direction} if in_turn else env)
        for i, player in enumerate(players, 1):
            wanted = count(state, env)
            if rs.requirements:  # a hand limit: draw only as many as the hand may hold
                wanted = room(state, rs, player, wanted)
            drawn = take_cards(state, rs, wanted, events)
            state.hands[player].extend(drawn)
            if events is not UNRECORDED:
                events.append({"event": "drew", "player": state.players[player], "cards": len(drawn)})
            if rs.triggers:  # a card's "when drawn" step
                for card in drawn:
                    fire(state, rs, "drawn", player, card, events, zone=state.hands[player],
                         where=f"{state.players[player]}'s hand")
            if i < len(players) and ending(state, rs):  # the next player draws nothing
                break
    return run


def shuffle_into(node: effects.Shuffle) -> EffectFn | None:
    """A pile shuffled into another (the discard pile made the deck), with the k-th shuffle's
    own seed (None: a pile shuffled where it lies, hand_effects.shuffle)."""
    if node.into is None:
        return None
    source, into = zone_of(node.place), zone_of(node.into)

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        cards = source(state, env)
        moved = list(cards)
        cards.clear()
        # the k-th shuffle of a game has its own seed: replays need no RNG state
        shuffle(moved, state.seed, state.shuffles + 1)
        state.shuffles += 1
        into(state, env).extend(moved)
        events.append({"event": "reshuffled", "exhaustions": state.exhaustions, "cards": len(moved)})
    return run
