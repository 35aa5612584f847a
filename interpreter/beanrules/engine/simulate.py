"""Many bot games in a row, with the statistics `beanrules play` prints."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .bots import make_bot, play_out
from .game import Game, default_players
from .records import make_record


@dataclass
class Stats:
    spec: str
    players: list[str]
    bots: list[str]
    seed: int
    games: int = 0
    coins: list[int] = field(default_factory=list)  # summed per seat
    wins: list[float] = field(default_factory=list)  # shared wins split evenly
    turns: int = 0
    actions: int = 0

    def to_json(self) -> dict:
        g = max(self.games, 1)
        return {
            "spec": self.spec, "players": len(self.players), "seed": self.seed, "games": self.games,
            "seats": [{"seat": i + 1, "player": p, "bot": self.bots[i],
                       "mean_coins": round(self.coins[i] / g, 3), "win_share": round(self.wins[i] / g, 3)}
                      for i, p in enumerate(self.players)],
            "turns_per_game": round(self.turns / g, 2), "actions_per_game": round(self.actions / g, 2),
        }


def seat_bots(kinds: list[str], n: int) -> list[str]:
    """Bots per seat: the list given, repeated around the table."""
    return [kinds[i % len(kinds)] for i in range(n)]


def game_seed(seed: int, index: int) -> int:
    return seed + index


def simulate(model: dict, spec: str, n: int, seed: int, games: int, kinds: list[str],
             trades: bool = True, on_game: Callable[[int], None] | None = None,
             keep_records: bool = False) -> tuple[Stats, list[dict]]:
    names = default_players(n)
    bots = seat_bots(kinds, n)
    stats = Stats(spec, names, bots, seed, coins=[0] * n, wins=[0.0] * n)
    records = []
    for index in range(games):
        s = game_seed(seed, index)
        game = Game(model, names, seed=s)
        players = {p: make_bot(bots[i], seed=f"{s}:{i}", trades=trades) for i, p in enumerate(names)}
        stats.actions += play_out(game, players)
        stats.turns += game.state.turn
        scores, winners = game.scores(), game.winners()
        for i, p in enumerate(names):
            stats.coins[i] += scores[p]
            if p in winners:
                stats.wins[i] += 1 / len(winners)
        stats.games += 1
        if keep_records:
            records.append(make_record(spec, model, game, s, bots))
        if on_game:
            on_game(index)
    return stats, records
