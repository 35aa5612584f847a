"""Taking cards from the deck: exhaustion counting and reshuffling the discard pile."""
from __future__ import annotations

import random

from .ruleset import Ruleset
from .state import State


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
    events.append({"event": "deck-exhausted", "exhaustions": state.exhaustions})
    if ending(state, rs) or not rs.on_deck_out:
        return False
    for step in rs.on_deck_out:
        step.fire(state, rs, events)
    return True
