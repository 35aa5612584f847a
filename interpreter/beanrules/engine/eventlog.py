"""The event list of a game played without keeping events (Game.apply(..., keep_events=False)).

It keeps nothing, so a playout neither grows a trace nor holds the events' dicts; only records,
replays and the terminal read events. The hottest steps (planting, harvesting, entering a
phase, passing the turn, taking cards off the deck) and the effects a playout's abilities run
on trial copies (move, move of each type, plant, look, reorder, reverse, swap, shuffle, a field
added or removed, a lasting constraint laid) test `events is not UNRECORDED` and do not even
build an event nobody will read."""
from __future__ import annotations


class _Unrecorded(list):
    __slots__ = ()

    def append(self, item: object) -> None:
        pass

    def extend(self, items: object) -> None:
        pass


UNRECORDED = _Unrecorded()
