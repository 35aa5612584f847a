"""Moves a rule permits (discarding a hand card, taking the discard pile's top card), the hand
limit, pulling matching cards from the discard pile and leaving the offer to the opponent: all
run from their core statements (engine/card_moves.py, requirements.py, selection.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, IllegalAction, NotationError, UnsupportedRule, parse_action
from beanrules.engine.actions import EndPhase, MoveCard
from beanrules.engine.bots import GreedyBot, make_bot, play_out
from beanrules.engine.records import make_record, replay
from beanrules.engine.terminal import _describe, help_text, move_example
from by_name import whose_turn, zone_of

PLAYERS = ["Anna", "Natalie", "Greg"]
HEAD = 'rulebook variant "A variant"\n  extends classic\n  source v "Variant rules"\n'
MOVES = ('phase plant\n  may discard 1 from front of hand   § v "1"\n'
         'phase draw\n  may take top of discard   § v "1"\n')


def variant(tmp_path: Path, body: str, name: str = "variant") -> dict:
    path = tmp_path / f"{name}.bean"
    path.write_text(HEAD + body, encoding="utf-8")
    return compile_spec(str(path))


@pytest.fixture
def moves(tmp_path) -> dict:
    return variant(tmp_path, MOVES)


@pytest.mark.parametrize("line", ["Anna discards", "Anna discards red", "Anna discards hand 2",
                                  "Anna takes discard", "Anna takes discard black-eyed"])
def test_the_new_actions_read_back_as_written(line: str) -> None:
    action = parse_action(line)
    assert isinstance(action, MoveCard) and action.notation() == line


@pytest.mark.parametrize("line, words", [("Anna takes offer", "the top card of the discard pile, or of a zone the rules declare"),
                                         ("Anna discards deck 2", "hand position"),
                                         ("Anna discards hand 0", "hand position")])
def test_other_moves_are_not_actions(line: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_action(line)


def test_discarding_the_front_card_in_its_phase(moves) -> None:
    game = Game.from_partial(moves, PLAYERS, {"phase": "plant", "hands": {"Anna": ["red", "soy"]},
                                              "discard": ["chili"]})
    assert MoveCard("Anna", "discards", "red") in game.legal_actions("Anna")
    assert not [a for a in game.legal_actions("Natalie") if isinstance(a, MoveCard)]
    events = game.apply("Anna discards")
    assert events[0] == {"event": "discarded", "player": "Anna", "bean": "red", "rule": "discard-from-hand"}
    assert zone_of(game.state, "hands", "Anna") == ["soy"] and game.state.discard == ["chili", "red"]
    assert game.state.phase == "plant"  # soy must still be planted


@pytest.mark.parametrize("setup, line, why", [
    ({"phase": "trade", "offer": ["soy"], "hands": {"Anna": ["red"]}}, "Anna discards", "only in phase plant"),
    ({"phase": "plant", "hands": {"Anna": ["red"], "Natalie": ["soy"]}}, "Natalie discards", "only the active player"),
    ({"phase": "plant", "hands": {"Anna": []}}, "Anna discards", "hand is empty"),
    ({"phase": "plant", "hands": {"Anna": ["red", "soy"]}}, "Anna discards soy", "front card is red, not soy"),
    ({"phase": "plant", "hands": {"Anna": ["red", "soy"]}}, "Anna discards hand 2", "not one named by its position"),
    ({"phase": "plant", "hands": {"Anna": ["red"]}, "discard": ["soy"]}, "Anna takes discard", "only in phase draw"),
])
def test_a_refused_move_cites_its_rule_and_changes_nothing(moves, setup, line, why) -> None:
    game = Game.from_partial(moves, PLAYERS, setup)
    before = game.state_json()
    with pytest.raises(IllegalAction, match=why) as refused:
        game.apply(line)
    assert refused.value.rule in ("discard-from-hand", "take-discard-top")
    assert game.state_json() == before


def test_a_move_is_made_once_a_turn_and_again_the_next(moves) -> None:
    game = Game.from_partial(moves, PLAYERS, {"phase": "plant", "hands": {"Anna": ["red", "soy", "blue"]}})
    game.apply("Anna discards")
    before = game.state_json()
    with pytest.raises(IllegalAction, match="already did so this turn"):
        game.apply("Anna discards")
    assert game.state_json() == before and before["moved"] == {"discard-from-hand": [1, 1]}
    later = Game.from_state(moves, {**before, "turn": 2})
    later.apply("Anna discards")
    assert zone_of(later.state, "hands", "Anna") == ["blue"]


def test_a_rulebook_without_the_rule_refuses_the_move(make) -> None:
    game = make({"phase": "plant", "hands": {"Anna": ["red"]}})
    with pytest.raises(IllegalAction, match="no rule of classic"):
        game.apply("Anna discards")


def test_taking_the_discard_top_waits_for_the_active_player(moves) -> None:
    game = Game.from_partial(moves, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "discard": ["blue", "chili"],
                                              "hands": {"Anna": ["red"]}, "deck": ["green", "stink", "garden", "red", "red"]})
    game.apply("Anna plants offer soy in 1")
    assert game.state.phase == "draw" and game.waiting_for() == ["Anna"]
    assert set(game.legal_actions("Anna")) >= {MoveCard("Anna", "takes", "chili"), EndPhase("Anna", "phase")}
    events = game.apply("Anna takes discard chili")
    assert events[0] == {"event": "took", "player": "Anna", "bean": "chili", "rule": "take-discard-top"}
    assert zone_of(game.state, "hands", "Anna") == ["red", "green", "stink", "garden", "chili"]
    assert whose_turn(game.state) == "Natalie"  # taken once: nothing left to decide in the phase


def test_ending_the_phase_without_taking(moves) -> None:
    game = Game.from_partial(moves, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "discard": ["chili"]})
    game.apply("Anna plants offer soy in 1")
    with pytest.raises(IllegalAction, match="only the active player"):
        game.apply("Natalie ends phase")
    game.apply("Anna ends phase")
    assert whose_turn(game.state) == "Natalie" and game.state.discard == ["chili"]


def test_the_hand_limit_caps_draws_and_refuses_takes(tmp_path) -> None:
    model = variant(tmp_path, MOVES + 'hand limit 5   § v "1"\n')
    game = Game.from_partial(model, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "discard": ["chili"],
                                              "hands": {"Anna": ["red", "red", "blue"]},
                                              "deck": ["green", "stink", "garden", "red", "blue", "blue"]})
    events = game.apply("Anna plants offer soy in 1")
    assert {"event": "drew", "player": "Anna", "cards": 2} in events
    assert zone_of(game.state, "hands", "Anna") == ["red", "red", "blue", "green", "stink"]
    assert game.state.offer == ["garden", "red"]  # the third card stayed in the deck: Natalie turned it over
    assert MoveCard("Anna", "takes", "chili") not in game.legal_actions("Anna")
    assert game.waiting_for() == ["Natalie"]  # nothing for Anna to decide: the turn passed


def test_an_action_that_breaks_the_hand_limit_is_undone(tmp_path) -> None:
    # Without set-aside, traded cards go to the hand, where the limit holds them (the deal
    # keeps within it: check rejects a limit below the deal).
    model = variant(tmp_path, 'setup\n  replace deal: deal 2 to each hand   § v "1"\n'
                              'phase trade\n  remove rule traded-cards-set-aside   § v "1"\n'
                              'hand limit 2   § v "1"\n')
    game = Game.from_partial(model, PLAYERS, {"phase": "trade", "offer": ["soy"],
                                              "hands": {"Anna": ["red"], "Natalie": ["blue", "chili"]}})
    game.apply("Anna gives offer soy to Natalie")
    before = game.state_json()
    with pytest.raises(IllegalAction, match="hand limit 2") as refused:
        game.apply("Natalie accepts")
    assert refused.value.rule == "hand-limit" and game.state_json() == before
    game.apply("Anna gives offer soy to Greg")
    game.apply("Greg accepts")
    assert zone_of(game.state, "hands", "Greg") == ["soy"]


def test_pulling_matching_cards_reveals_more_when_none_match(tmp_path) -> None:
    model = variant(tmp_path, 'phase trade\n  pull matching beans from discard, reveal 1 more if none   § v "1"\n')
    game = Game.from_partial(model, PLAYERS, {"phase": "plant", "hands": {"Anna": ["red"]},
                                              "deck": ["soy", "blue", "chili", "stink", "stink"],
                                              "discard": ["green", "chili", "garden"]})
    game.apply("Anna plants red in 1")
    # soy and blue match nothing on top (garden), so chili is turned over: it pulls nothing
    # either, since garden is still on top.
    assert game.state.offer == ["soy", "blue", "chili"] and game.state.discard == ["green", "chili", "garden"]
    again = Game.from_partial(model, PLAYERS, {"phase": "plant", "hands": {"Anna": ["red"]},
                                               "deck": ["soy", "chili", "blue", "stink", "stink"],
                                               "discard": ["green", "blue"]})
    events = again.apply("Anna plants red in 1")
    # soy and chili match nothing on top (blue); the blue turned over then pulls the blue.
    assert again.state.offer == ["soy", "chili", "blue", "blue"] and again.state.discard == ["green"]
    assert any(e["event"] in ("moved", "cards-moved") and e["cards"] in (1, ["blue"]) for e in events)


def test_leaving_the_offer_to_the_opponent_needs_two_players(tmp_path) -> None:
    body = ('setup\n  replace players: players 2   § v "1"\n  replace fields: fields 2   § v "1"\n'
            'phase plant-traded\n  remove rule plant-pending-offer   § v "1"\n'
            '  unplanted offer cards go to opponent   § v "1"\n')
    model = variant(tmp_path, body)
    game = Game.from_partial(model, ["Anna", "Natalie"], {"phase": "trade", "offer": ["soy", "blue"],
                                                          "deck": ["red", "red", "red", "garden", "stink"]})
    events = game.apply("Anna ends trading")
    assert {"event": "moved", "cards": 2, "from_zone": "offer", "from": None, "to_zone": "set-aside",
            "to": "Natalie", "end": "top"} in events
    # Natalie's turn: she plants what Anna left her in her phase 3, after turning over two cards.
    assert zone_of(game.state, "set_aside", "Natalie") == ["soy", "blue"] and game.state.offer == ["garden", "stink"]
    three = dict(model, players={"min": 2, "max": 3})
    with pytest.raises(UnsupportedRule, match="two players"):
        Game(three, 3)


def test_greedy_takes_what_grows_and_discards_what_fits_nowhere(moves) -> None:
    bot = GreedyBot()
    game = Game.from_partial(moves, PLAYERS, {"phase": "plant", "hands": {"Anna": ["garden", "red"]},
                                              "fields": {"Anna": [["soy"], ["blue"], ["chili"]]}})
    assert bot.choose(game, "Anna") == MoveCard("Anna", "discards", "garden")
    game = Game.from_partial(moves, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "discard": ["chili"],
                                              "fields": {"Anna": [["soy"], ["blue"], ["chili"]]}})
    game.apply("Anna plants offer soy in 1")
    assert bot.choose(game, "Anna") == MoveCard("Anna", "takes", "chili")


def test_bot_games_with_moves_replay_from_their_record(moves) -> None:
    made = 0
    for seed in range(3):
        game = Game(moves, 3, seed=seed)
        play_out(game, {p: make_bot(("random", "greedy")[i % 2], seed=seed) for i, p in enumerate(game.players)})
        made += sum(isinstance(a, MoveCard) for a in game.actions)
        assert replay(make_record("variant", moves, game, seed), moves).ok
    assert made > 0


def test_the_terminal_names_the_moves(moves) -> None:
    examples = (move_example("discards", "front"), move_example("takes", "top"), move_example("discards", "any"))
    assert " · discards · takes discard · discards hand 2\n" in help_text(("red", "soy"), "Natalie", False, moves=examples)
    assert "discards" not in help_text(("red", "soy"), "Natalie")
    lines = _describe([{"event": "discarded", "player": "Anna", "bean": "red", "rule": "r"},
                       {"event": "took", "player": "Anna", "bean": "soy", "rule": "r"},
                       {"event": "moved", "cards": 2, "from_zone": "discard", "from": None, "to_zone": "offer",
                        "to": None, "end": "top"}])
    assert lines == ["Anna discards red from the hand onto the discard pile",
                     "Anna takes soy from the top of the discard pile into the hand",
                     "2 cards go from the discard to the offer"]


def test_a_human_discards_in_the_terminal_duel() -> None:
    from beanrules.engine.terminal import play_human
    duel = compile_spec("anniversary/duel")
    lines = iter(["?", "discards hand 1", "discards hand 1", "quit"])
    out: list[str] = []
    play_human(duel, "anniversary/duel", ["Anna", "Natalie"], 1, 0, ["greedy"], read=lambda prompt: next(lines),
               write=out.append)
    text = "\n".join(out)
    assert " · discards hand 2\n" in text  # the help names the move
    assert "legal now: " in text and "Anna discards hand 1" in text
    assert "   Anna discards " in text and "onto the discard pile" in text
    assert "refused: Anna may not discard" in text and "rule 'discard-from-hand'" in text


def test_a_duel_record_replays_from_the_command_line(tmp_path, capsys) -> None:
    from beanrules.cli import main
    log = tmp_path / "duel.json"
    assert main(["play", "anniversary/duel", "--players", "2", "--seed", "5", "--bots", "random",
                 "--log", str(log), "--json"]) == 0
    record = __import__("json").loads(log.read_text())
    assert any(" discards " in a for a in record["actions"])
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    assert "final state identical" in capsys.readouterr().out


def test_a_move_in_a_phase_with_cards_to_plant_stays_optional(tmp_path) -> None:
    model = variant(tmp_path, 'phase plant-traded\n  may take top of discard   § v "1"\n')
    game = Game.from_partial(model, PLAYERS, {"phase": "plant-traded", "offer": ["soy"], "discard": ["chili"],
                                              "deck": ["red", "red", "red", "blue", "blue", "stink", "stink"]})
    assert EndPhase("Anna", "phase") not in game.legal_actions("Anna")  # the soy must be planted first
    with pytest.raises(IllegalAction, match="must still plant"):
        game.apply("Anna ends phase")
    game.apply("Anna plants offer soy in 1")
    assert game.state.phase == "plant-traded" and game.waiting_for() == ["Anna"]
    assert set(game.legal_actions("Anna")) >= {MoveCard("Anna", "takes", "chili"), EndPhase("Anna", "phase")}
    game.apply("Anna ends phase")
    assert game.state.discard == ["chili"] and zone_of(game.state, "hands", "Anna") == ["red", "red", "red"]
