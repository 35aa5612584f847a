"""Many bot games, on one process, several (`jobs`) or a Ray cluster, and their statistics.

Game i of a run uses seed S+i and its bots seeds "S+i:seat", whoever plays it: each game
depends on its own seed only, and the per-game results are put back in game order before
anything is summed, so the same seeds give the same totals, to the last bit, whatever the
number of jobs or the backend.
"""
from __future__ import annotations

import importlib.util
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator

from . import intervals
from .bots import make_bot, play_out
from .errors import Stalled
from .game import Game, default_players
from .records import make_record

BACKENDS = ("process", "ray")
ENGINES = ("auto", "kernel", "interpreter")
RAY_HINT = "pip install 'beanrules[ray]'  (or: pip install ray)"


class BackendUnavailable(RuntimeError):
    """The backend asked for cannot run here (Ray not installed)."""


class GameFailed(RuntimeError):
    """A game could not be played to its end; the message names the game, its seed and where.
    (A plain one-argument exception: it crosses process boundaries, Stalled does not.)"""


@dataclass(frozen=True)
class GameResult:
    index: int
    coins: tuple[int, ...]  # per seat
    wins: tuple[float, ...]  # per seat: 1/k for each of k winners, else 0
    turns: int
    actions: int
    record: dict | None = None


@dataclass(frozen=True)
class Job:
    """What every game of a run shares (sent once to each worker)."""
    model: dict
    spec: str
    players: int
    seed: int
    bots: tuple[str, ...]
    trades: bool
    keep_records: bool
    engine: str = "interpreter"  # "kernel": the playout kernel plays every game (beanrules.kernel)


def seat_bots(kinds: list[str], n: int) -> list[str]:
    """Bots per seat: the list given, repeated around the table."""
    return [kinds[i % len(kinds)] for i in range(n)]


def game_seed(seed: int, index: int) -> int:
    return seed + index


def play_game(job: Job, index: int) -> GameResult:
    if job.engine == "kernel":
        return _kernel_game(job, index)
    names = default_players(job.players)
    s = game_seed(job.seed, index)
    game = Game(job.model, names, seed=s)
    bots = {p: make_bot(job.bots[i], seed=f"{s}:{i}", trades=job.trades) for i, p in enumerate(names)}
    try:
        actions = play_out(game, bots, keep_events=job.keep_records)
    except Stalled as exc:
        raise GameFailed(f"game {index + 1} (seed {s}): {exc}") from None
    scores, winners = game.scores(), game.winners()
    return GameResult(index, tuple(scores[p] for p in names),
                      tuple(1 / len(winners) if p in winners else 0.0 for p in names),
                      game.state.turn, actions,
                      make_record(job.spec, job.model, game, s, list(job.bots)) if job.keep_records else None)


def _kernel_game(job: Job, index: int) -> GameResult:
    """The same game as play_game's, played by the kernel (same seeds, same result)."""
    from ..kernel import kernel_for, play
    s = game_seed(job.seed, index)
    try:
        result = play(kernel_for(job.model, job.players), s, list(job.bots), trades=job.trades)
    except Stalled as exc:
        # The interpreter's own account of the game (it names players and the state); should
        # it play the game to its end, the kernel strayed from it, which is said as such.
        play_game(replace(job, engine="interpreter"), index)
        raise GameFailed(f"game {index + 1} (seed {s}): the playout kernel stalled where the interpreter "
                         f"did not ({exc}); --engine interpreter plays the sweep without it") from None
    share = 1 / len(result.winners) if result.winners else 0.0
    return GameResult(index, result.scores, tuple(share if p in result.winners else 0.0 for p in range(job.players)),
                      result.turns, result.actions)


def choose_engine(model: dict, players: int, bots: list[str], keep_records: bool,
                  engine: str = "auto") -> tuple[str, str | None]:
    """Which engine plays a sweep, and why not the kernel: the kernel when it plays these rules
    and bots and no record is kept (records hold the interpreter's events); "interpreter"
    forces the interpreter. Raises ValueError when "kernel" is asked for and cannot be had."""
    from ..kernel import kernel_reason
    if engine not in ENGINES:
        raise ValueError(f"unknown engine '{engine}' (engines: {', '.join(ENGINES)})")
    if engine == "interpreter":
        return "interpreter", "asked for"
    reason = "game records keep the interpreter's events" if keep_records else kernel_reason(model, players, bots)
    if reason is None:
        return "kernel", None
    if engine == "kernel":
        raise ValueError(f"the kernel cannot play these games: {reason}")
    return "interpreter", reason


def play_chunk(job: Job, indices: range) -> list[GameResult]:
    return [play_game(job, i) for i in indices]


# -- process backend: the job goes to each worker once, through the pool's initializer -------
_WORKER_JOB: Job | None = None


def _init_worker(job: Job) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job


def _worker_chunk(indices: range) -> list[GameResult]:
    assert _WORKER_JOB is not None
    return play_chunk(_WORKER_JOB, indices)


def chunks(games: int, jobs: int) -> list[range]:
    """Contiguous slices of the games, several per job so that a slow slice does not leave
    the other workers idle, and small enough for the progress bar to move."""
    size = max(1, min(50, -(-games // (jobs * 8))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def _process_results(job: Job, games: int, jobs: int) -> Iterator[list[GameResult]]:
    # fork where the platform has it (no re-import per worker); the pool is started before any
    # progress-bar thread, so forking copies no running thread.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_init_worker,
                             initargs=(job,)) as pool:
        futures = [pool.submit(_worker_chunk, part) for part in chunks(games, jobs)]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def ray_available() -> bool:
    return importlib.util.find_spec("ray") is not None


def _ray_results(job: Job, games: int, jobs: int) -> Iterator[list[GameResult]]:
    """Chunks as Ray tasks: on the cluster RAY_ADDRESS names, or else a local Ray instance
    with `jobs` CPUs (started here and shut down at the end)."""
    if not ray_available():
        raise BackendUnavailable(f"the ray backend needs Ray, which is not installed: {RAY_HINT}")
    import ray

    started = False
    if not ray.is_initialized():
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False,
                 ignore_reinit_error=True, configure_logging=False)
        started = True
    try:
        remote = ray.remote(play_chunk)
        job_ref = ray.put(job)
        pending = [remote.remote(job_ref, part) for part in chunks(games, jobs)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


def run_games(job: Job, games: int, jobs: int = 1, backend: str = "process",
              on_games: Callable[[int], None] | None = None) -> list[GameResult]:
    """Every game's result, in game order. `on_games(k)` is told each time k more ended."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend '{backend}' (backends: {', '.join(BACKENDS)})")
    if backend == "process" and jobs <= 1:
        parts: Iterator[list[GameResult]] = ([play_game(job, i)] for i in range(games))
    elif backend == "process":
        parts = _process_results(job, games, jobs)
    else:
        parts = _ray_results(job, games, jobs)
    results: list[GameResult] = []
    for part in parts:
        results.extend(part)
        if on_games:
            on_games(len(part))
    results.sort(key=lambda r: r.index)
    return results


@dataclass
class Stats:
    """The per-game results of a run, summed in game order, and their statistics."""
    spec: str
    players: list[str]
    bots: list[str]
    seed: int
    results: list[GameResult] = field(default_factory=list)
    engine: str = "interpreter"  # which engine played the games
    engine_reason: str | None = None  # why not the kernel

    @property
    def games(self) -> int:
        return len(self.results)

    def totals(self) -> dict:
        """Sums over the games, in game order (what must not depend on the jobs)."""
        n = len(self.players)
        return {"coins": [sum(r.coins[i] for r in self.results) for i in range(n)],
                "wins": [sum(r.wins[i] for r in self.results) for i in range(n)],
                "turns": sum(r.turns for r in self.results),
                "actions": sum(r.actions for r in self.results)}

    def to_json(self) -> dict:
        g, n = self.games, len(self.players)
        totals = self.totals()
        seats = []
        for i, p in enumerate(self.players):
            share = intervals.wilson(totals["wins"][i], g)
            coins = intervals.mean([r.coins[i] for r in self.results])
            seats.append({"seat": i + 1, "player": p, "bot": self.bots[i],
                          "mean_coins": round(coins.value, 3), "mean_coins_ci95": coins.to_json(3)["ci95"],
                          "win_share": round(share.value, 4), "win_share_ci95": share.to_json()["ci95"]})
        turns = intervals.mean([r.turns for r in self.results])
        actions = intervals.mean([r.actions for r in self.results])
        # First-player advantage: the start player's win share above a fair 1/n, and its coins
        # above the mean of the other seats in the same game (a paired difference per game).
        fair = 1 / n
        margin = intervals.mean([r.coins[0] - sum(r.coins[1:]) / (n - 1) for r in self.results]) if n > 1 \
            else intervals.Estimate(0.0, None, None)
        return {
            "spec": self.spec, "players": n, "seed": self.seed, "games": g,
            "engine": self.engine, "engine_reason": self.engine_reason, "seats": seats,
            "turns_per_game": round(turns.value, 2), "turns_per_game_ci95": turns.to_json(2)["ci95"],
            "actions_per_game": round(actions.value, 2), "actions_per_game_ci95": actions.to_json(2)["ci95"],
            "first_player_advantage": {
                "win_share_above_fair": intervals.wilson(totals["wins"][0], g).shifted(-fair).to_json(),
                "fair_share": round(fair, 4),
                "coins_above_others": margin.to_json(3)},
            "totals": totals,
            "intervals": "95%: Wilson score for win shares; Student t for means (coins, turns, actions, "
                         "coin margin); none for a single game",
        }


def simulate(model: dict, spec: str, n: int, seed: int, games: int, kinds: list[str],
             trades: bool = True, on_game: Callable[[int], None] | None = None,
             keep_records: bool = False, jobs: int = 1, backend: str = "process",
             engine: str = "auto") -> tuple[Stats, list[dict]]:
    """Play `games` bot games; returns their statistics and (keep_records) their records, in
    game order. `on_game(k)` is told each time k more games ended. `engine`: "auto" (the
    kernel where it plays these games, see choose_engine), "kernel" or "interpreter"; the
    statistics are the same either way, only faster with the kernel."""
    names = default_players(n)
    bots = seat_bots(kinds, n)
    chosen, reason = choose_engine(model, n, bots, keep_records, engine)
    job = Job(model, spec, n, seed, tuple(bots), trades, keep_records, chosen)
    results = run_games(job, games, jobs, backend, on_game)
    records = [r.record for r in results if r.record is not None]
    return Stats(spec, names, bots, seed, results, chosen, reason), records
