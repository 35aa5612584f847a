"""docs/writing-a-variant.md: its files compile, say what the page shows, and play as it
says (CI runs this with the rest of the suite)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.cli import main
from beanrules.engine import Game, IllegalAction
from beanrules.engine.bots import RandomBot, play_out
from beanrules.resolve.compiler import compile_with_warnings
from by_name import zone_of

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "writing-a-variant.md").read_text(encoding="utf-8")
FILES = re.findall(r"<!-- (?:include|core-of) (\S+) -->", PAGE)


def test_the_page_includes_both_tutorial_files():
    assert sorted(set(FILES)) == ["docs/tutorial/harvest-festival.bean", "docs/tutorial/lucky-bean.bean"]


def test_the_festival_checks_clean():
    _, warnings = compile_with_warnings(str(ROOT / "docs/tutorial/harvest-festival.bean"))
    assert warnings == []


def test_the_lucky_bean_checks_clean_and_its_ability_plays_once_per_turn():
    model, warnings = compile_with_warnings(str(ROOT / "docs/tutorial/lucky-bean.bean"))
    assert warnings == []
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["soy"]}, "fields": {"Anna": [["lucky"]]},
        "deck": ["red", "chili", "stink", "green", "blue"]})
    assert "Anna uses lucky" in PAGE and "Anna uses lucky" in game.history + [a.notation() for a in game.legal_actions("Anna")]
    game.apply("Anna uses lucky")
    assert zone_of(game.state, "hands", "Anna") == ["soy", "red"]  # the top of the deck, to the back of the hand
    with pytest.raises(IllegalAction) as refused:  # once per turn
        game.apply("Anna uses lucky")
    assert refused.value.rule == "lucky-luck" and zone_of(game.state, "hands", "Anna") == ["soy", "red"]
    game.state.turn += 1  # the next turn of Anna's: usable again, until the field is harvested
    assert "Anna uses lucky" in [a.notation() for a in game.legal_actions("Anna")]
    game.apply("Anna harvests 1")
    assert "Anna uses lucky" not in [a.notation() for a in game.legal_actions("Anna")]


@pytest.mark.parametrize("shown", re.findall(r"\$ beanrules check (\S+)\n(.*)\n", PAGE))
def test_check_prints_what_the_page_shows(capsys, monkeypatch, shown):
    monkeypatch.chdir(ROOT)
    path, first_line = shown
    code = main(["check", path])
    out = capsys.readouterr()
    assert first_line in out.out + out.err
    assert code == (0 if first_line.startswith("ok") else 1)


def test_the_festival_plays_as_its_sentences_say():
    model = compile_with_warnings(str(ROOT / "docs/tutorial/harvest-festival.bean"))[0]
    players = ["Anna", "Natalie", "Greg"]
    game = Game.from_partial(model, players, {"hands": {"Anna": ["soy"]},
                                              "deck": ["red", "red", "red", "stink", "chili", "garden"]})
    game.apply("Anna plants soy in 1")
    assert game.state.phase == "trade" and game.state.offer == ["red"] * 3  # reveal 3 to offer
    game.apply("Anna ends trading")
    for field in (2, 2, 2):
        game.apply(f"Anna plants red in {field}")
    assert zone_of(game.state, "hands", "Anna") == ["stink", "chili"]  # draw 2 (garden stays for the next reveal)

    game = Game(model, 4, seed=3)
    play_out(game, {p: RandomBot(seed=i, trades=False) for i, p in enumerate(game.players)})
    assert game.state.exhaustions == 2  # the game ends when the deck runs out the second time


def test_play_and_verify_run_as_the_page_says(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert "beanrules play docs/tutorial/harvest-festival.bean" in PAGE
    assert main(["play", "docs/tutorial/harvest-festival.bean", "--players", "4", "--games", "2",
                 "--seed", "1"]) == 0
    assert "beanrules verify docs/tutorial/harvest-festival.bean" in PAGE
    assert main(["verify", "docs/tutorial/harvest-festival.bean", "--games", "1"]) == 0
