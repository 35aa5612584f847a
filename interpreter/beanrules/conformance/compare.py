"""Matching expected fragments against actual state and events.

Only the keys an expectation names are compared. A number where the state holds a list of
cards compares with the list's length ("coins: {Greg: 1}"); lists compare element by element.
A key given as null must be absent (or null): `{event: harvested, unpaid: null}` is a harvest
that reports nothing unpaid. Sets of lines (legal actions, players waited for) compare as sets
and name what differs.
"""
from __future__ import annotations

from typing import Any, Iterable

Mismatch = tuple[str, Any, Any]   # (path, expected, actual)


def compare(expected: Any, actual: Any, path: str = "") -> list[Mismatch]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [(path, expected, actual)]
        out: list[Mismatch] = []
        for key, value in expected.items():
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                if value is not None:  # null expects the key to be absent (or null)
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


def compare_sets(path: str, expected: Iterable[str], actual: Iterable[str], *,
                 exact: bool = True) -> list[str]:
    """How two sets of canonical lines differ, one line per kind of difference, naming the
    lines: those expected but absent ("missing") and, for an exact set, those present but not
    expected ("unexpected"). Empty when they agree."""
    want, have = set(expected), set(actual)
    out: list[str] = []
    missing = sorted(want - have)
    if missing:
        out.append(f"{path}: missing (expected, not there): {'; '.join(missing)}")
    unexpected = sorted(have - want) if exact else []
    if unexpected:
        out.append(f"{path}: unexpected (there, not expected): {'; '.join(unexpected)}")
    return out


def excluded_present(path: str, excluded: Iterable[str], actual: Iterable[str]) -> list[str]:
    """The lines an expectation rules out that are there anyway."""
    present = sorted(set(excluded) & set(actual))
    return [f"{path}: excluded but there: {'; '.join(present)}"] if present else []


def differences(expected: Any, actual: Any, path: str = "") -> list[Mismatch]:
    """Where two whole values differ, exactly and both ways: unlike compare(), which reads an
    expectation's fragment, a key on either side only, a count for a list or a flag for a
    number is a difference (two full states, such as the two plays of one case)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out: list[Mismatch] = []
        for key in [*expected, *(k for k in actual if k not in expected)]:
            where = f"{path}.{key}" if path else str(key)
            out.extend(differences(expected.get(key, "<missing>"), actual.get(key, "<missing>"), where))
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in differences(e, a, f"{path}[{i}]")]
    same = expected == actual and type(expected) is type(actual)
    return [] if same else [(path, expected, actual)]
