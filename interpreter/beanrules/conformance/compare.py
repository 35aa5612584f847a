"""Matching expected fragments against actual state and events.

Only the keys an expectation names are compared. A number where the state holds a list of
cards compares with the list's length ("coins: {Greg: 1}"); lists compare element by element.
"""
from __future__ import annotations

from typing import Any

Mismatch = tuple[str, Any, Any]   # (path, expected, actual)


def compare(expected: Any, actual: Any, path: str = "") -> list[Mismatch]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [(path, expected, actual)]
        out: list[Mismatch] = []
        for key, value in expected.items():
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                out.append((where, value, "<missing>"))
            else:
                out.extend(compare(value, actual[key], where))
        return out
    if isinstance(expected, bool) != isinstance(actual, bool):
        return [(path, expected, actual)]   # a flag is never a count, whatever Python says
    if isinstance(expected, bool) or not isinstance(expected, int):
        if isinstance(expected, list) and isinstance(actual, list):
            if len(expected) != len(actual):
                return [(path, expected, actual)]
            return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in compare(e, a, f"{path}[{i}]")]
        return [] if expected == actual else [(path, expected, actual)]
    # an integer: a count where the state has a list
    if isinstance(actual, list):
        return [] if len(actual) == expected else [(f"{path} (count)", expected, f"{len(actual)}: {actual}")]
    return [] if expected == actual else [(path, expected, actual)]


def match_events(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> str | None:
    """None if the expected events occur in order among the actual ones, else what is missing."""
    position = 0
    for i, want in enumerate(expected):
        while position < len(actual) and compare(want, actual[position]):
            position += 1
        if position == len(actual):
            return f"event {i} {want} not found (in order) among the events"
        position += 1
    return None
