"""Simulation over several processes (and Ray, when installed) plays exactly the same games."""
from __future__ import annotations

import importlib.util
import json

import pytest

from beanrules import compile_spec
from beanrules.cli import main
from beanrules.engine import simulate as sim
from beanrules.engine.simulate import GameResult, Stats, chunks, simulate


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def _run(classic, **kw):
    return simulate(classic, "classic", 3, 11, 7, ["random", "greedy"], trades=False, **kw)


def test_one_job_and_two_jobs_give_the_same_totals(classic):
    one, records_one = _run(classic, jobs=1, keep_records=True)
    two, records_two = _run(classic, jobs=2, keep_records=True)
    assert one.totals() == two.totals() and one.to_json() == two.to_json()
    assert [r.index for r in two.results] == list(range(7))
    assert [(r.coins, r.wins, r.turns, r.actions) for r in one.results] == \
        [(r.coins, r.wins, r.turns, r.actions) for r in two.results]
    # Records come back in game order, game i with seed 11+i, and are the same games.
    assert [r["seed"] for r in records_two] == list(range(11, 18))
    assert records_one == records_two
    # The games differ from each other: the test would notice a worker replaying one seed.
    assert len({r.actions for r in one.results}) > 1


def test_progress_is_told_every_game_once(classic):
    told: list[int] = []
    _run(classic, jobs=2, on_game=told.append)
    assert sum(told) == 7


def test_chunks_cover_every_game_once():
    for games, jobs in ((1, 4), (7, 2), (1000, 3)):
        parts = chunks(games, jobs)
        assert [i for part in parts for i in part] == list(range(games))


def test_statistics_of_known_games():
    results = [GameResult(0, (4, 1, 1), (1.0, 0.0, 0.0), 10, 100),
               GameResult(1, (0, 2, 2), (0.0, 0.5, 0.5), 12, 140)]
    out = Stats("x", ["A", "B", "C"], ["random"] * 3, 0, results).to_json()
    assert [s["win_share"] for s in out["seats"]] == [0.5, 0.25, 0.25]
    assert [s["mean_coins"] for s in out["seats"]] == [2.0, 1.5, 1.5]
    assert out["turns_per_game"] == 11 and out["actions_per_game"] == 120
    fpa = out["first_player_advantage"]
    assert fpa["win_share_above_fair"]["value"] == pytest.approx(0.5 - 1 / 3, abs=1e-4)
    # per game: 4 - (1+1)/2 = 3 and 0 - (2+2)/2 = -2; mean 0.5, t(1) interval 0.5 ± 12.706*3.536/1.414
    assert fpa["coins_above_others"]["value"] == 0.5
    assert fpa["coins_above_others"]["ci95"][1] == pytest.approx(0.5 + 12.706 * 2.5, abs=1e-3)


def test_cli_jobs_do_not_change_the_output(capsys):
    outputs = []
    for jobs in ("1", "2"):
        assert main(["play", "classic", "--players", "4", "--games", "5", "--seed", "3", "--no-trading",
                     "--jobs", jobs, "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result.pop("jobs") == int(jobs)
        outputs.append(result)
    assert outputs[0] == outputs[1]
    assert {"win_share_ci95", "mean_coins_ci95"} <= set(outputs[0]["seats"][0])
    assert outputs[0]["first_player_advantage"]["fair_share"] == 0.25


def test_cli_table_reports_intervals_and_first_player(capsys):
    assert main(["play", "classic", "--players", "3", "--games", "3", "--no-trading", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "first player: win share" in out and "Wilson" in out


def test_cli_bad_jobs(capsys):
    assert main(["play", "classic", "--players", "3", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_ray_backend_without_ray_says_how_to_install(capsys, monkeypatch):
    monkeypatch.setattr(sim, "ray_available", lambda: False)
    code = main(["play", "classic", "--players", "3", "--games", "2", "--backend", "ray"])
    err = capsys.readouterr().err
    assert code == 2 and "Ray, which is not installed" in err and "pip install 'beanrules[ray]'" in err
    assert "Traceback" not in err


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (the 'ray' extra)")
def test_ray_backend_plays_the_same_games(classic):
    local, _ = _run(classic, jobs=1)
    on_ray, _ = _run(classic, jobs=2, backend="ray")
    assert on_ray.to_json() == local.to_json()
