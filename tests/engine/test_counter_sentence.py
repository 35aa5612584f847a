"""The sentence that declares a counter: `counter NAME [per player] [starting at N]` becomes the
core's `declare-counter`, and a game keeps the counter in its state from the start."""
from __future__ import annotations

import pytest

from beanrules import SpecError, compile_spec
from beanrules.engine import Game

COUNTED = '''rulebook counted "Counted"
  extends classic
  source v "Variant"
counter thalers "Bean thalers" per player   § v "1"
rule rounds: counter rounds starting at 3   § v "2"
'''


def _compile(tmp_path, text: str) -> dict:
    path = tmp_path / "counted.bean"
    path.write_text(text, encoding="utf-8")
    return compile_spec(str(path))


def test_a_counter_sentence_declares_a_counter_the_state_keeps(tmp_path):
    model = _compile(tmp_path, COUNTED)
    rule = next(r for r in model["rules"] if r["id"] == "counter")
    assert rule["params"] == {"counter": "thalers", "title": "Bean thalers", "per_player": True, "start": 0}
    assert rule["core"] == [{"node": "declare-counter", "counter": "thalers", "per_player": True, "start": 0}]
    game = Game(model, 3, seed=2)
    assert game.state_json()["counters"] == {"thalers": {"Anna": 0, "Natalie": 0, "Greg": 0}, "rounds": 3}
    again = Game.from_state(model, game.state_json())
    assert again.state_json() == game.state_json()


def test_without_the_sentence_there_is_no_counter(tmp_path):
    model = _compile(tmp_path, COUNTED.replace('counter thalers "Bean thalers" per player   § v "1"\n', "")
                     .replace("rule rounds: counter rounds starting at 3   § v \"2\"\n", ""))
    assert "counters" not in Game(model, 3, seed=2).state_json()


def test_two_counters_need_their_own_ids(tmp_path):
    with pytest.raises(SpecError, match="defined twice"):
        _compile(tmp_path, COUNTED.replace("rule rounds: counter rounds", "counter rounds"))
