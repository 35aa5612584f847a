"""The end of the game: final harvest, scores and winners with the model's tie-break."""
from __future__ import annotations

from .harvesting import final_harvest
from .ruleset import Ruleset
from .state import State
from .trading import lapse_proposals


def scores(state: State, rs: Ruleset) -> dict[str, int]:
    return {p: len(state.coins[p]) + rs.hand_score * len(state.hands[p]) for p in state.players}


def winners(state: State, rs: Ruleset) -> list[str]:
    score = scores(state, rs)
    best = max(score.values())
    tied = [p for p in state.players if score[p] == best]
    if len(tied) == 1 or rs.tie_break == "shared":
        return tied
    if rs.tie_break == "farthest-seat":
        # Seats run clockwise in state.players; the farthest from the start player wins.
        n, start = len(state.players), state.players.index(state.start_player)
        return [max(tied, key=lambda p: (state.players.index(p) - start) % n)]
    most = max(len(state.hands[p]) for p in tied)  # most-hand-cards; still tied: shared
    return [p for p in tied if len(state.hands[p]) == most]


def finish_game(state: State, rs: Ruleset, events: list) -> None:
    lapse_proposals(state, events)
    final_harvest(state, rs, events)  # no protection at the end
    state.over = True
    events.append({"event": "game-over", "scores": scores(state, rs), "winners": winners(state, rs)})
