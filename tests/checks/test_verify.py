"""beanrules verify and its invariant checker."""
from __future__ import annotations

import json
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


class _NoRoundTrip:
    """A sample that never asks for the round trip (the states below are edited JSON)."""

    def due(self, after: dict) -> bool:
        return False


def test_the_checker_sees_a_plant_not_from_the_front_and_lets_drawn_cards_join_the_back() -> None:
    game = Game(compile_spec("classic"), ["Anna", "Natalie", "Greg"], seed=3)
    before, total = game.state_json(), game.state.card_counts()
    front, other = before["hands"]["Anna"][0], before["hands"]["Anna"][1]

    def problems(events: list[dict], anna: list[str] | None = None) -> list[str]:
        after = json.loads(json.dumps(before))
        after["hands"]["Anna"] = anna if anna is not None else after["hands"]["Anna"]
        return step_problems(game, before, events, total, after=after, sample=_NoRoundTrip())

    def planted(bean: str, player: str = "Anna", zone: str = "hand") -> dict:
        return {"event": "planted", "player": player, "bean": bean, "from": zone, "field": 1}

    assert problems([planted(front)]) == []
    assert problems([planted(other)]) == [f"Anna planted {other} from the hand, but the front card was ['{front}']"]
    # each plant of the action is held to the hand as it was before it; other zones and players aside
    assert len(problems([planted(front), planted(other), planted(other, zone="offer")])) == 1
    assert problems([planted(other, player="Natalie")]) == [
        f"Natalie planted {other} from the hand, but the front card was {before['hands']['Natalie'][:1]}"]
    grown = before["hands"]["Anna"] + ["wax", "wax"]
    assert any("Anna's hand changed order" in p for p in problems([], grown))
    for joined in ([{"event": "drew", "player": "Anna", "cards": 2}],
                   [{"event": "moved", "to": "Anna", "to_zone": "hand", "end": "back", "cards": 1},
                    {"event": "took", "player": "Anna"}],
                   [{"event": "ability", "hands": ["Anna"]}]):
        assert problems(joined, grown) == []
    assert any("Anna's hand changed order" in p for p in problems(
        [{"event": "drew", "player": "Anna", "cards": 1}], before["hands"]["Anna"] + ["wax", "wax"]))
    assert any("Anna's hand changed order" in p for p in problems(
        [{"event": "moved", "to": "Anna", "to_zone": "hand", "end": "front", "cards": 2}], grown))


def test_verify_cli_reports_every_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Both runs in this process, through the command's main() (it shares the compiled specs and
    # parsed case files); tests/compiler/test_compose_and_schema.py runs a broken spec as a process.
    code = main(["verify", "classic", "--games", "1", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads(out)["specs"]["classic"]
    assert report["ok"] and report["games"] == 3 and report["cases"]["own"] >= 60 and not report["cases_failed"]
    broken = Path(__file__).parents[1] / "broken" / "unknown-bean.bean"
    code = main(["verify", str(broken), "--games", "1"])
    out, err = capsys.readouterr()
    assert code == 1 and "unknown bean 'stnk'" in out and "FAIL" in out and "internal error" not in err


@pytest.mark.parametrize("spec", list_specs())
def test_every_shipped_spec_plays_a_game_that_keeps_every_invariant(spec: str) -> None:
    model = compile_spec(spec)
    players = model["players"]["max"]
    result = playout(model, spec, players, seed=2)
    assert result.ok, result.problems
    assert result.actions > 30


def test_cards_drawn_and_moved_away_from_the_hands_front_in_one_action_keep_the_hand_order() -> None:
    """A step on a draw that moves the hand's front card away (docs/cookbook/hot-chili.bean) can
    leave fewer cards in the hand than the draw brought: the rest is still in order (the check
    used to slice the hand from its end by a negative count and report a change of order)."""
    game = Game(compile_spec("classic"), ["Anna", "Natalie", "Greg"], seed=3)
    before, total = game.state_json(), game.state.card_counts()
    after = json.loads(json.dumps(before))
    after["hands"]["Anna"] = ["chili", "chili"]  # drew three, then two cards left from the front
    events = [{"event": "drew", "player": "Anna", "cards": 3}] + [
        {"event": "moved", "cards": 1, "from_zone": "hand", "from": "Anna", "to_zone": "discard", "to": None,
         "end": "top"}] * (len(before["hands"]["Anna"]) + 1)
    assert not [p for p in step_problems(game, before, events, total, after=after, sample=_NoRoundTrip())
                if "hand changed order" in p]
    assert len(set(before["hands"]["Anna"])) > 1
    after["hands"]["Anna"] = before["hands"]["Anna"][::-1] + ["chili"]  # the old cards turned round: not so
    drew_one = [{**events[0], "cards": 1}]
    assert any("Anna's hand changed order" in p for p in step_problems(game, before, drew_one, total,
                                                                        after=after, sample=_NoRoundTrip()))
