"""The state written out and loaded back plays on alike (docs/conformance.md, "The contract's own
promises").

`Game.from_state(model, state_json())` must give the same *game*, not only the same JSON: what
a state JSON could leave out and still load back as itself (the abilities used this turn, the
moves made, the winners a target fixed) shows only when the loaded game plays on. So at every `expect` step the runner loads the state
back and compares what both games answer now (legal actions of every player, whom they wait
for, scores, winners, whether it is over), and applies the case's next actions to both up to the
next `do`: a refusal must be the same (the same rule), the `do` must give the same events and state.

It uses only the contract: from_state, state_json, legal_actions, waiting_for, scores, winners,
is_over, apply, to_notation and IllegalAction.
"""
from __future__ import annotations

from typing import Any

from .compare import compare

WHAT = "Game.from_state(state_json()) plays on otherwise"


def answers(game: Any, players: list[str]) -> dict[str, Any]:
    """What a game answers now, in the contract's terms (actions as canonical lines, sets as
    sorted lists: cases compare `legal` and `waiting_for` as sets)."""
    from beanrules.engine import to_notation
    return {"legal": {p: sorted({to_notation(a) for a in game.legal_actions(p)}) for p in players},
            "waiting_for": sorted(set(game.waiting_for())), "scores": dict(game.scores()),
            "winners": sorted(game.winners()), "is_over": bool(game.is_over)}


def differ_now(game: Any, loaded: Any, players: list[str]) -> list[str]:
    """How the loaded game answers otherwise than the game it was written from."""
    if _listed_alike(game, loaded, players):
        return []
    want, got = answers(game, players), answers(loaded, players)
    return [] if want == got else _described(want, got, "now")


def _listed_alike(game: Any, loaded: Any, players: list[str]) -> bool:
    """Whether both games answer the same, told without writing out any action: equal actions
    write the same lines, so the same actions in the same order answer the same `legal`. Where
    they are not listed alike (other order, other objects), answers() decides, in lines."""
    return (all(game.legal_actions(p) == loaded.legal_actions(p) for p in players)
            and sorted(set(game.waiting_for())) == sorted(set(loaded.waiting_for()))
            and dict(game.scores()) == dict(loaded.scores()) and sorted(game.winners()) == sorted(loaded.winners())
            and bool(game.is_over) == bool(loaded.is_over))


def differ_after(loaded: Any, line: str, events: list[dict[str, Any]], state: dict[str, Any],
                 illegal: type[Exception]) -> list[str]:
    """How the loaded game, given the action the game just carried out, differs: refused, other
    events, another state."""
    try:
        got = list(loaded.apply(line) or [])
    except illegal as exc:
        return [f"{WHAT}: it refuses '{line}' (rule {getattr(exc, 'rule', None)!r}), which the game carried out"]
    after = loaded.state_json()
    problems = [] if got == events else [f"{WHAT}: '{line}' gives the events {got} instead of {events}"]
    return problems + ([] if after == state else _described(state, after, f"after '{line}'"))


def differ_refused(loaded: Any, line: str, refusal: Exception, illegal: type[Exception]) -> list[str]:
    """How the loaded game, given the action the game just refused, differs: it carries it out,
    or refuses it by another rule. A refused action changes nothing, so the loaded game stays
    comparable for the next step."""
    try:
        loaded.apply(line)
    except illegal as exc:
        rule, want = getattr(exc, "rule", None), getattr(refusal, "rule", None)
        return [] if rule == want else [f"{WHAT}: it refuses '{line}' by rule {rule!r}, the game by {want!r}"]
    return [f"{WHAT}: it carries out '{line}', which the game refused"]


def _described(want: dict[str, Any], got: dict[str, Any], when: str) -> list[str]:
    """Each top-level key that differs, either way (compare() reads only its first side's keys)."""
    missing = "<missing>"
    out = []
    for key in dict.fromkeys([*want, *got]):
        a, b = want.get(key, missing), got.get(key, missing)
        if a != b:
            out += [f"{WHAT} ({when}): {path}: {x!r} became {y!r}" for path, x, y in compare(a, b, key) or [(key, a, b)]]
    return out
