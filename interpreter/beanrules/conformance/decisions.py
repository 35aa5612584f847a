"""What may happen next: an expectation's `legal` and `waiting_for` checked against an engine.

Actions are compared by their canonical line in the engine's own notation: both the case's
lines and the engine's listed actions are parsed (``parse_action``) and written back
(``to_notation``), so "Anna plants hand chili in 1" and "Anna plants chili in 1" are one action.
Lists compare as sets; a failure names the missing and the unexpected actions.
"""
from __future__ import annotations

from typing import Any, Callable

from .compare import compare_sets, excluded_present

KEYS = ("legal", "waiting_for")
# The verbs of trade proposals: the listing of proposals is large (docs/engine-contract.md),
# so an expectation may pin every other action exactly and only count these.
PROPOSAL_VERBS = frozenset({"offers", "gives", "asks"})


class NotAnAction(Exception):
    """A line of the case that the engine's notation does not read."""


def _canonical(parse: Callable[[str], Any], notation: Callable[[Any], str]) -> Callable[[str], str]:
    def canonical(line: str) -> str:
        try:
            return notation(parse(line))
        except ValueError as exc:  # NotationError is a ValueError
            raise NotAnAction(f"'{line}' is not an action: {exc}") from None
    return canonical


def is_proposal(line: str) -> bool:
    words = line.split(maxsplit=2)
    return len(words) > 1 and words[1] in PROPOSAL_VERBS


def check_decisions(game: Any, expect: dict[str, Any], parse: Callable[[str], Any],
                    notation: Callable[[Any], str]) -> list[str]:
    """Lines saying how the game's legal actions and waited-for players differ from `expect`."""
    canonical = _canonical(parse, notation)
    problems: list[str] = []
    for player, want in (expect.get("legal") or {}).items():
        actual, unread = _listed(game.legal_actions(player), parse, notation)
        problems += [f"legal.{player}: {line}" for line in unread]
        try:
            problems += _check_legal(f"legal.{player}", want, actual, canonical)
        except NotAnAction as exc:
            problems.append(f"legal.{player}: {exc}")
    if "waiting_for" in expect:
        problems += compare_sets("waiting_for", expect["waiting_for"], game.waiting_for())
    return problems


def _listed(actions: list[Any], parse: Callable[[str], Any],
            notation: Callable[[Any], str]) -> tuple[list[str], list[str]]:
    """The canonical lines of listed actions, and a problem for each whose line does not read
    back as that action (the engine contract: "the canonical line of a listed action reads back
    as that action"; a line that loses a zone, a field or a card would name another action)."""
    lines, unread = [], []
    for action in actions:
        line = notation(action)
        try:
            again = parse(line)
        except ValueError as exc:
            unread.append(f"the listed action '{line}' does not read back: {exc}")
            continue
        if again != action:
            unread.append(f"the listed action '{line}' reads back as another action "
                          f"({again!r}, listed {action!r})")
        lines.append(notation(again))
    return lines, unread


def _check_legal(path: str, want: list[str] | dict[str, Any], actual: list[str],
                 canonical: Callable[[str], str]) -> list[str]:
    if isinstance(want, list):
        return compare_sets(path, map(canonical, want), actual)
    problems = compare_sets(f"{path}.includes", map(canonical, want.get("includes", [])), actual, exact=False)
    problems += excluded_present(f"{path}.excludes", map(canonical, want.get("excludes", [])), actual)
    others = [line for line in actual if not is_proposal(line)]
    if "non_proposals" in want:
        problems += compare_sets(f"{path}.non_proposals", map(canonical, want["non_proposals"]), others)
    if "count" in want and len(actual) != want["count"]:
        problems.append(f"{path}.count: expected {want['count']} legal actions, actual {len(actual)}: "
                        + "; ".join(sorted(actual)))
    if "proposals" in want:
        count = len(actual) - len(others)
        if count != want["proposals"]:
            problems.append(f"{path}.proposals: expected {want['proposals']} listed proposals, actual {count}")
    return problems


def uses_decisions(expect: dict[str, Any]) -> bool:
    return any(key in expect for key in KEYS)


def state_keys(expect: dict[str, Any]) -> dict[str, Any]:
    """The expectation without the keys this module checks (the rest compares with the state)."""
    return {k: v for k, v in expect.items() if k not in KEYS}

