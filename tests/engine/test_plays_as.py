"""A card that plays as a bean type: it keeps its own id on the field (so abilities know which
card lies on top) and counts as its bean for the one-type rule, the beanometer, matching the
discard, the bots, the terminal and the playout kernel (which leaves such rules to the
interpreter)."""
from __future__ import annotations

import pytest

from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.terminal import board
from beanrules.kernel import kernel_for, play, support
from beanrules.resolve.compiler import compile_with_warnings

from engine_helpers import PLAYERS, refused
from by_name import zone_of

JOKER = '''rulebook joker "Joker"
  extends classic
  source v "Variant"
replace use-beans: use beans blue chili stink green soy black-eyed red garden joker   § v "1"
card joker "Joker" 2   § v "2"
  plays as red   § v "2"
'''

# the duel pulls matching beans off the discard pile onto the offer
DUEL_JOKER = '''rulebook duel-joker "Duel with a joker"
  extends anniversary/duel
  source v "Variant"
replace use-beans: use beans blue chili stink green soy black-eyed red garden joker   § v "1"
card joker "Joker" 2   § v "2"
  plays as red   § v "2"
'''


def _model(tmp_path, text: str, name: str) -> dict:
    path = tmp_path / f"{name}.bean"
    path.write_text(text, encoding="utf-8")
    model, warnings = compile_with_warnings(str(path))
    return model


@pytest.fixture()
def joker(tmp_path) -> dict:
    return _model(tmp_path, JOKER, "joker")


def _game(model: dict, partial: dict) -> Game:
    return Game.from_partial(model, PLAYERS, {"phase": "plant", **partial})


def test_the_card_joins_a_field_of_its_bean_and_keeps_its_id(joker):
    game = _game(joker, {"hands": {"Anna": ["joker", "red"]}, "fields": {"Anna": [["red", "red"], ["blue"], ["soy"]]}})
    listed = [a.notation() for a in game.legal_actions("Anna") if a.notation().startswith("Anna plants")]
    assert listed == ["Anna plants joker in 1"]  # not onto blue or soy
    game.apply("Anna plants joker in 1")
    game.apply("Anna plants red in 1")  # a red goes on top of the joker: the field is red
    assert zone_of(game.state, "fields", "Anna")[0] == ["red", "red", "joker", "red"]


def test_the_card_may_not_go_onto_another_type(joker):
    game = _game(joker, {"hands": {"Anna": ["joker"]}, "fields": {"Anna": [["blue"], ["soy"], ["chili"]]}})
    error = refused(game, "Anna plants joker in 1", "one-type-per-field")
    assert "holds blue, not red" in error.message
    game = _game(joker, {"hands": {"Anna": ["red"]}, "fields": {"Anna": [["joker"], ["soy"], ["chili"]]}})
    game.apply("Anna plants red in 1")  # a red joins the joker's field
    assert zone_of(game.state, "fields", "Anna")[0] == ["joker", "red"]


def test_the_field_pays_by_its_beans_beanometer_counting_every_card(joker):
    # red pays 1, 2, 3, 4 coins for 2, 3, 4, 5 cards
    game = _game(joker, {"fields": {"Anna": [["joker", "red", "joker", "red"], ["blue"], []]}})
    events = game.apply("Anna harvests 1")
    assert events[0]["bean"] == "red" and events[0]["cards"] == 4 and events[0]["coins"] == 3
    assert len(zone_of(game.state, "coins", "Anna")) == 3 and len(game.state.discard) == 1


def test_a_harvest_by_bean_name_finds_the_field_the_card_tops(joker):
    game = _game(joker, {"fields": {"Anna": [["red", "joker"], ["blue", "blue"], []]}})
    events = game.apply("Anna harvests red")
    assert events[0]["field"] == 1 and events[0]["coins"] == 1


def test_the_duels_discard_pull_matches_the_card_by_its_type(tmp_path):
    model = _model(tmp_path, DUEL_JOKER, "duel-joker")
    game = Game.from_partial(model, ["Anna", "Natalie"], {
        "phase": "plant", "deck": ["red", "soy", "blue", "stink"], "discard": ["chili", "joker", "red"]})
    game.apply("Anna ends phase")  # phase 2 turns over three cards and pulls the matching ones
    offer = game.state.offer
    assert sorted(offer) == sorted(["red", "soy", "blue", "red", "joker"])  # both matched the red turned over
    assert game.state.discard == ["chili"]


def test_the_board_shows_the_card_with_its_type(joker):
    game = _game(joker, {"hands": {"Anna": ["joker"]}, "fields": {"Anna": [["red", "joker"], [], []]}})
    shown = board(game, "Anna")
    assert "[1] joker (red)×1 on red×1" in shown and "hand (front first): joker (red)" in shown


def test_bots_play_to_the_end_and_the_kernel_plays_the_same_games(joker):
    support.check_ruleset(Game(joker, 3, seed=4).ruleset)  # the kernel plays it
    machine = kernel_for(joker, 3)
    for seed in range(2):
        game = Game(joker, 3, seed=seed)
        bots = [("random", "greedy")[i % 2] for i in range(3)]
        actions = play_out(game, {p: make_bot(bots[i], seed=f"{seed}:{i}") for i, p in enumerate(game.players)})
        assert game.is_over
        fields = [f for p in game.players for f in zone_of(game.state, "fields", p) if f]
        kinds = game.ruleset.plays_as
        assert all(len({kinds.get(c, c) for c in f}) == 1 for f in fields)  # one type per field held
        played = play(machine, seed, bots)  # the same game (tests/kernel compares it action by action)
        assert (played.actions, list(played.scores)) == (actions, [game.scores()[p] for p in game.players])


@pytest.mark.parametrize("clause, message", [
    ("plays as redd   § v \"2\"", "unknown bean 'redd'"),
    ("plays as joker   § v \"2\"", "not a bean type of its own"),
    ("plays as red", "cites no source"),
])
def test_check_refuses_a_bad_plays_as_at_its_line(tmp_path, clause, message):
    from beanrules.diagnostics import SpecError
    path = tmp_path / "bad.bean"
    path.write_text(JOKER.replace('plays as red   § v "2"', clause), encoding="utf-8")
    with pytest.raises(SpecError) as info:
        compile_with_warnings(str(path))
    found = [d for d in info.value.diagnostics if message in d.message]
    assert found and found[0].span.line == 6
