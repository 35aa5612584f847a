"""The My First Bohnanza specs as the engine plays them: what each step changes."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.engine import Game


def test_the_basic_game_plays_with_open_rows_and_step_4_takes_them_in_hand() -> None:
    basic = Game(compile_spec("my-first/basic"), ["Heike", "Hayo", "Uwe"], seed=5)
    assert basic.view("Heike")["hands"]["Hayo"] == basic.state_json()["hands"]["Hayo"]
    step4 = Game(compile_spec("my-first/step-4"), ["Heike", "Hayo", "Uwe"], seed=5)
    assert step4.view("Heike")["hands"]["Hayo"] != step4.state_json()["hands"]["Hayo"]
    assert step4.view("Heike")["hands"]["Heike"] == step4.state_json()["hands"]["Heike"]


def test_dollar_pile_holds_the_beans_not_in_play() -> None:
    basic = Game(compile_spec("my-first/basic"), ["Heike", "Hayo", "Uwe"], seed=5).state_json()
    assert len(basic["removed"]) == 59 and set(basic["removed"]) == {"sword", "giant", "dwarf", "magic", "dragon", "princess"}
    assert len(basic["deck"]) == 56 - 15
    step1 = Game(compile_spec("my-first/step-1"), ["Heike", "Hayo", "Uwe"], seed=5).state_json()
    assert step1["removed"] == [] and len(step1["fields"]["Heike"]) == 3
