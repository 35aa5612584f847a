"""beanrules verify and its invariant checker."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from beanrules import compile_spec, list_specs
from beanrules.checks.invariants import playout, step_problems
from beanrules.cli import main
from beanrules.engine import Game


def test_a_playout_of_each_player_count_keeps_every_invariant() -> None:
    model = compile_spec("classic")
    for players in (3, 4, 5):
        result = playout(model, "classic", players, seed=11)
        assert result.ok, result.problems
        assert result.actions > 50


def test_the_checker_sees_a_card_vanish_and_a_hand_reordered() -> None:
    game = Game(compile_spec("classic"), ["Anna", "Natalie", "Greg"], seed=3)
    before = game.state_json()
    total = game.state.card_counts()
    assert step_problems(game, before, [], total) == []
    short = Counter(total)
    short["stink"] += 1  # the game now holds one stink bean fewer than it should
    assert any("vanished" in p for p in step_problems(game, before, [], short))
    reordered = json.loads(json.dumps(before))
    reordered["hands"]["Anna"] = list(reversed(reordered["hands"]["Anna"]))
    assert any("Anna's hand changed order" in p for p in step_problems(game, reordered, [], total))
    wrong_pay = [{"event": "harvested", "player": "Anna", "bean": "stink", "cards": 3, "coins": 2, "field": 1}]
    problems = step_problems(game, before, wrong_pay, total)
    assert any("the beanometer says 1" in p for p in problems)
    assert any("Anna's coins went from 0 to 0 with 2 earned or spent" in p for p in problems)


def test_verify_cli_reports_every_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The passing run in this process (it shares the compiled specs and parsed case files);
    # the failing one as its own process, as a user runs it.
    code = main(["verify", "classic", "--games", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads(out)["specs"]["classic"]
    assert report["ok"] and report["games"] == 3 and report["cases"]["own"] >= 60 and not report["cases_failed"]
    env = {"PYTHONPATH": str(Path(__file__).parents[2] / "interpreter"), "PATH": "/usr/bin:/bin"}
    broken = Path(__file__).parents[1] / "broken" / "unknown-bean.bean"
    bad = subprocess.run([sys.executable, "-m", "beanrules", "verify", str(broken), "--games", "1"],
                         capture_output=True, text=True, env=env)
    assert bad.returncode == 1 and "unknown bean 'stnk'" in bad.stdout and "FAIL" in bad.stdout


@pytest.mark.parametrize("spec", list_specs())
def test_every_shipped_spec_plays_a_game_that_keeps_every_invariant(spec: str) -> None:
    model = compile_spec(spec)
    players = model["players"]["max"]
    result = playout(model, spec, players, seed=2)
    assert result.ok, result.problems
    assert result.actions > 30
