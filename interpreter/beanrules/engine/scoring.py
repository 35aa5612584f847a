"""The end of the game: final harvest, scores and winners with the model's tie-break."""
from __future__ import annotations

from .ruleset import Ruleset
from .state import State
from .tally import decide
from .trading import lapse_proposals


def scores(state: State, rs: Ruleset) -> dict[str, int]:
    """Each player's score, by name: the sum of the model's ``score`` terms for them."""
    return {name: sum(term(state, {"player": p}) for term in rs.score_terms) for p, name in enumerate(state.players)}


def _best(players: list[int], value: dict[int, int], highest: bool) -> list[int]:
    target = max(value.values()) if highest else min(value.values())
    return [p for p in players if value[p] == target]


def winners(state: State, rs: Ruleset) -> list[str]:
    """Who wins (by name) by the ``winner`` statement, tie-breaks applied in rule order; players
    still tied (or tied under a tie-break that shares) win together. No winner rule: nobody wins."""
    players = state.players
    if state.winners is not None:  # fixed as the end came (engine/tally.py)
        return [players[p] for p in state.winners]
    if rs.winner_highest is None:
        return []
    named = scores(state, rs)
    score = {p: named[name] for p, name in enumerate(players)}
    tied = _best(list(range(len(players))), score, rs.winner_highest)
    for tie_break in rs.tie_breaks:
        if len(tied) == 1 or tie_break.key is None:
            break
        key = tie_break.key
        tied = _best(tied, {p: key(state, {"player": p}) for p in tied}, tie_break.highest)
    return [players[p] for p in tied]


def finish_game(state: State, rs: Ruleset, events: list) -> None:
    lapse_proposals(state, events)
    decide(state, rs.won_by)  # who first reached the target, before the final harvest
    for step in rs.at_end:  # the final harvest (no harvest guard at the end)
        step.fire(state, rs, events)
    state.over = True
    state.decision = None  # a step on a harvest that would ask: the game is over, nobody is left to decide
    events.append({"event": "game-over", "scores": scores(state, rs), "winners": winners(state, rs)})
