"""The state's JSON round trip in invariant playouts (checks/invariants.py), at a sample of
the actions.

What must hold: a state's JSON is JSON data (no tuple, set or non-string key: json.dumps and
json.loads give it back unchanged), and Game.from_state loads it to a game whose state_json()
is the same. Checking it (JSON text both ways, State.from_json, Game.from_state's checks of the
phase, a waiting decision and lasting constraints, State.to_json again) cost as much as every
other check of a step together: about a third of the CPU of an invariant playout.

Why a sample still catches what a round trip after every action caught:

- The card zones (deck, discard, offer, hands, fields, set aside, coins, removed) are checked
  after every action by conservation: every card in them is counted against the box, so a card
  that became anything but one of the box's card ids (a tuple, a number) shows as appeared.
- The rest of the state (phase, turn, proposals, counters, tokens, a decision, lasting
  constraints, …) is reduced after every action to its skeleton: each scalar replaced by its
  type, each list by the set of its items' skeletons. Whether a value is JSON data is a matter
  of types only, so a state that is not has a skeleton no sound state of the game had, and the
  loader and the writer branch on which parts a state holds and of what type (an optional key
  present or not, proposals open, a decision waiting, what a constraint or a counter holds),
  never on which card lies where. So every state whose phase and skeleton are new in the game
  gets the full round trip: a fault of any path shows at the first state that takes it.
- A fault that depends on a value rather than a shape (a turn number, the card a constraint
  names, a counter's size) lasts while the value does, over many actions (a turn takes dozens):
  every EVERY-th action gets the full round trip too, and so does the last state (what a record
  and a saved game hold).

tests/checks/test_round_trip_sampling.py breaks the state or the loader in each of these ways (a
path taken for one action at a time, a value reached late, a tuple in the state for one action,
a card that becomes something else for one action) and sees the playouts report it.
"""
from __future__ import annotations

import json
from typing import Any

from ..engine import Game

EVERY = 8  # the full round trip on every 8th action at least
# The zones: lists of card ids, which conservation checks after every action (see above).
ZONES = frozenset(("deck", "discard", "offer", "hands", "fields", "set_aside", "coins", "removed"))


def round_trip_problem(game: Game, after: dict[str, Any]) -> str | None:
    """The full round trip: through JSON text, Game.from_state and state_json() again."""
    try:
        again = Game.from_state(game.model, json.loads(json.dumps(after))).state_json()
    except (TypeError, ValueError) as exc:
        return f"the state does not round-trip through JSON: {exc}"
    return None if again == after else "the state does not round-trip through JSON"


_NESTED = (dict, list)
_NESTED_SET = frozenset(_NESTED)


def _skeleton(value: Any) -> Any:
    """`value` with every scalar replaced by its type; a list by the set of its items' skeletons."""
    if type(value) is dict:
        return tuple([(key, _skeleton(item) if type(item) in _NESTED else type(item))
                      for key, item in value.items()])
    kinds = set(map(type, value))  # a list of scalars (most lists: names, ids) is its set of types
    if kinds.isdisjoint(_NESTED_SET):
        return frozenset(kinds)
    return frozenset([_skeleton(item) if type(item) in _NESTED else type(item) for item in value])


class RoundTrips:
    """Which states of one playout get the full round trip (see the module's docstring)."""

    def __init__(self, every: int = EVERY):
        self.every = every
        self.actions = 0
        self.shapes: set[Any] = set()

    def due(self, after: dict[str, Any]) -> bool:
        self.actions += 1
        shape = (after["phase"], after["over"],  # the skeleton of `after` without its zones
                 tuple([(key, _skeleton(item) if type(item) in _NESTED else type(item))
                        for key, item in after.items() if key not in ZONES]))
        new = shape not in self.shapes
        if new:
            self.shapes.add(shape)
        return new or after["over"] or self.actions % self.every == 0
