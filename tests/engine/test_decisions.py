"""Tokens, counters and decisions at run time (engine/marks.py, engine/decisions.py), on the
bean-thaler spec: a step of phase 4 waits for the active player's choice, then for the
holder's yes or no, then draws a card at random; the state saves and loads mid-decision, the
notation, the bots, the terminal and game records handle the answers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.core.actors import ActivePlayer, AllPlayers, Bound, OtherPlayers
from beanrules.core.effects import AddToCounter, AtRandom, Auction, Choose as ChooseNode, EndGame, ForEach, Let, \
    Sequence
from beanrules.core.places import CardsIn, Zone
from beanrules.core.quantities import CounterValue, Number
from beanrules.engine import Game, IllegalAction, UnsupportedRule, parse_action
from beanrules.engine import decisions, evaluate
from beanrules.engine.actions import Choose
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.records import make_record, replay
from beanrules.engine.state import State
from beanrules.engine.terminal import board

from engine_helpers import PLAYERS, refused, snapshot
from by_name import seat, set_counters, zone_of

WORTH_SIX = [["red"] * 5, ["stink"] * 5]  # five red pay 4, five stink 2


@pytest.fixture(scope="module")
def thaler() -> dict:
    return compile_spec("anniversary/bean-thaler")


def _waiting(thaler: dict, natalie: list[str], seed: int = 0) -> Game:
    """Anna's phase 4 with fields worth 6, Natalie holding the thaler: Anna must decide."""
    game = Game.from_partial(thaler, PLAYERS, {
        "active": "Anna", "phase": "trade", "tokens": {"thaler": "Natalie"}, "fields": {"Anna": WORTH_SIX},
        "hands": {"Natalie": natalie}, "deck": ["green", "garden", "black-eyed", "chili"]}, seed=seed)
    game.apply("Anna ends trading")
    return game


def test_the_choose_action_reads_and_writes_in_the_notation():
    for line in ("Anna chooses Natalie", "Natalie chooses yes", "Greg chooses nothing", "Anna chooses blue"):
        action = parse_action(line)
        assert isinstance(action, Choose) and action.notation() == line


def test_a_classic_state_has_no_tokens_counters_or_decision(make):
    assert not {"tokens", "counters", "decision"} & set(make({}).state_json())


def test_the_token_starts_with_the_start_player_and_is_public(thaler):
    game = Game(thaler, PLAYERS, seed=3)
    assert game.state_json()["tokens"] == {"thaler": "Anna"}
    assert game.view("Greg")["tokens"] == {"thaler": "Anna"}


def test_a_waiting_decision_lists_its_answers_and_refuses_everything_else(thaler):
    game = _waiting(thaler, ["soy"])
    assert game.waiting_for() == ["Anna"]
    assert [a.notation() for a in game.legal_actions("Anna")] == ["Anna chooses Natalie", "Anna chooses nothing"]
    assert game.legal_actions("Natalie") == [] and game.legal_actions("Greg") == []
    refused(game, "Anna chooses Greg", "thaler-takeover")  # Greg does not hold the thaler
    refused(game, "Natalie chooses yes", "thaler-takeover")  # not Natalie's decision yet
    refused(game, "Anna harvests 1", "thaler-takeover")


def test_choosing_with_nothing_waiting_is_refused(thaler):
    game = Game.from_partial(thaler, PLAYERS, {"phase": "trade"})
    with pytest.raises(IllegalAction, match="no decision is waiting"):
        game.apply("Anna chooses yes")


def test_a_game_waiting_for_a_decision_saves_and_loads(thaler):
    game = _waiting(thaler, ["soy", "blue"])
    game.apply("Anna chooses Natalie")
    saved = json.loads(json.dumps(game.state_json()))
    assert saved["decision"]["player"] == "Natalie" and saved["decision"]["names"] == {"holder": "Natalie"}
    loaded = Game.from_state(thaler, saved)
    assert loaded.state_json() == game.state_json()
    assert game.apply("Natalie chooses yes") == loaded.apply("Natalie chooses yes")
    assert snapshot(loaded) == snapshot(game)
    assert "decision" not in game.state_json()


def test_others_see_who_decides_but_not_the_names_bound(thaler):
    game = _waiting(thaler, ["soy"])
    game.apply("Anna chooses Natalie")
    seen = game.view("Greg")["decision"]
    assert seen["player"] == "Natalie" and seen["options"] == ["yes", "no"] and "names" not in seen


def test_the_card_drawn_at_random_depends_on_the_seed_and_repeats_with_it(thaler):
    def drawn(seed: int) -> str:
        game = _waiting(thaler, ["soy", "green", "red", "chili", "garden"], seed=seed)
        game.apply("Anna chooses Natalie")
        game.apply("Natalie chooses yes")
        return zone_of(game.state, "hands", "Anna")[3]
    picks = [drawn(seed) for seed in range(8)]
    assert picks == [drawn(seed) for seed in range(8)]
    assert len(set(picks)) > 1  # chance, not the first card


def test_a_decision_inside_for_each_is_refused_by_name():
    choose = ChooseNode("x", ActivePlayer(), AllPlayers(), None, True)
    with pytest.raises(UnsupportedRule, match="decision inside 'for-each'"):
        decisions.compiled(ForEach("p", AllPlayers(), choose))


def test_the_players_a_decision_keeps_by_name_are_those_its_nodes_declare():
    """What a waiting decision keeps by name is what the effect's nodes declare they bind to a
    player (core binds()), besides the names a rule binds to one by itself: a for-each among
    players, a choice of a player, an auction's winner; not a for-each among fields, cards
    picked, a price or a number let."""
    top = CardsIn(Zone("deck", None), "top", Number(1), False, None)
    effect = Sequence((
        ForEach("each", OtherPlayers(), EndGame()), ForEach("field", Zone("field", Bound("player")), EndGame()),
        ChooseNode("victim", ActivePlayer(), OtherPlayers(), None, True),
        ChooseNode("bean", ActivePlayer(), top, None, True),
        AtRandom("drawn", top), Let("n", Number(2)),
        Auction(AllPlayers(), top, None, False, Number(1), "turn-order", None, "buyer", "price", EndGame(), None)))
    assert decisions.seat_names(effect) == {"owner", "player", "partner", "each", "victim", "buyer"}
    assert decisions.bound_as(effect, "cards") == {"bean", "drawn"}
    assert decisions.bound_as(effect, "number") == {"n", "price"}
    # kept by name as the game waits, seats again as it is answered: one conversion, both ways
    names = {"victim": 1, "bean": ["red"], "bean@": {"zone": "hand", "owner": 0, "index": 2}, "field@": 1, "n": 2}
    kept = decisions._renamed(effect, ["Anna", "Natalie"], names)
    assert kept == {**names, "victim": "Natalie", "bean@": {**names["bean@"], "owner": "Anna"}, "field@": "Natalie"}
    assert decisions._renamed(effect, {"Anna": 0, "Natalie": 1}, kept) == names


def test_counters_are_added_to_and_read(thaler):
    game = Game.from_partial(thaler, PLAYERS, {})
    state = game.state
    set_counters(state, {"thalers": {p: 0 for p in PLAYERS}})
    events: list = []
    evaluate.effect(AddToCounter("thalers", ActivePlayer(), Number(3)))(state, game.ruleset, {}, events)
    read = evaluate.number(CounterValue("thalers", Bound("player")))
    assert [read(state, {"player": seat(state, p)}) for p in PLAYERS] == [3, 0, 0]
    assert events == [{"event": "counted", "counter": "thalers", "player": "Anna", "amount": 3, "rule": None}]
    events = []  # run by a rule, the change names it (verify attributes it: tests/checks/test_step_checks.py)
    evaluate.effect(AddToCounter("thalers", ActivePlayer(), Number(1)))(state, game.ruleset, {evaluate.RULE: "bonus"},
                                                                        events)
    assert events[0]["rule"] == "bonus"
    saved = json.loads(json.dumps(game.state_json()))
    assert State.from_json(saved).to_json() == saved
    with pytest.raises(ValueError, match="declare no such counter"):  # thaler declares no counter
        Game.from_state(thaler, saved)


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(tokens={"thaler": "Bob"}), "'Bob' is not a player"),
    (lambda s: s.update(tokens={}), "exactly the tokens the rules declare: thaler"),
    (lambda s: s["decision"].update(step=0), "is not rule 'thaler-takeover'"),
    (lambda s: s["decision"].pop("path"), "wrong: path"),
    (lambda s: s["decision"].update(player="Bob"), "not a decision"),
])
def test_a_loaded_state_with_wrong_tokens_or_decision_is_refused_clearly(thaler, change, message):
    saved = json.loads(json.dumps(_waiting(thaler, ["soy"]).state_json()))
    change(saved)
    with pytest.raises(ValueError, match=message):
        Game.from_state(thaler, saved)


@pytest.mark.parametrize("section, rule, does", [
    ("phase draw", "rule take-card: active player may take start-player when fields are worth 6 coins with 3 "
     "players, 5 coins with 4 to 5 players", "passes the token 'start-player'"),
    ("setup", 'token start-player "the card"', "declares the token 'start-player'"),
])
def test_a_rule_that_passes_or_declares_the_card_the_start_player_keeps_is_refused(tmp_path: Path, section, rule,
                                                                                     does):
    """Classic's start player keeps the start player card all game, so the state stores no
    holder for it (its holder is start_player): a rule passing it would have the interpreter
    write into tokens it does not keep (None; the kernel's {} would take it), a rule declaring
    it again held by nobody would not be what the game plays. Both are refused at the rule,
    before any game: by the engine (UnsupportedRule) and so by check."""
    spec = tmp_path / "kept.bean"
    spec.write_text('rulebook kept "The start player card passed"\n  extends classic\n  source v "Variant"\n'
                    f'{section}\n  {rule}   § v "1"\n', encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        compile_spec(str(spec))
    (error,) = [d for d in raised.value.diagnostics if d.severity == "error"]
    assert does in error.message and "('start player chosen, keeps the card')" in error.message
    assert error.span is not None and error.span.line == 5
    with pytest.raises(UnsupportedRule, match=does):  # the model as it compiles without that check
        Game(compile_spec(str(spec), playable=False), 3, seed=0)


def test_an_end_on_coins_ends_the_game_as_soon_as_it_holds(tmp_path: Path):
    spec = tmp_path / "target.bean"
    spec.write_text('rulebook target "Two coins win"\n  extends classic\n  source v "Variant"\n'
                    'game ends when a player reaches 2 coins   § v "1"\n', encoding="utf-8")
    model = compile_spec(str(spec))
    game = Game.from_partial(model, PLAYERS, {"phase": "trade", "fields": {"Greg": [["red"] * 3]},
                                              "coins": {"Greg": ["soy"]}})
    game.apply("Greg harvests 1")  # 3 red pay 2 coins: Greg has 3
    assert game.is_over and game.winners() == ["Greg"]


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_answer_decisions(thaler, kind):
    game = _waiting(thaler, ["soy"])
    for player in ("Anna", "Natalie"):
        bot = make_bot(kind, seed=1)
        action = bot.choose(game, game.waiting_for()[0])
        assert action in game.legal_actions(action.player)
        game.apply(action)
        if game.state.decision is None:
            break
    assert game.state.decision is None


def test_the_terminal_shows_the_token_and_what_is_asked(thaler):
    game = _waiting(thaler, ["soy"])
    text = board(game, "Anna")
    assert "Natalie *thaler" in text and "waiting for Anna to choose holder: chooses Natalie / nothing" in text


def test_a_record_with_decisions_replays(thaler, tmp_path: Path):
    # a threshold of 1 coin, so that takeovers happen often
    text = (Path(__file__).parents[2] / "specs" / "anniversary" / "bean-thaler.bean").read_text(encoding="utf-8")
    text = text.replace("rulebook anniversary/bean-thaler", "rulebook low")
    text = text.replace("6 coins with 3 players, 5 coins with 4 to 5 players", "1 coins")
    (tmp_path / "low.bean").write_text(text, encoding="utf-8")
    model = compile_spec(str(tmp_path / "low.bean"))
    game = Game(model, PLAYERS, seed=5)
    play_out(game, {p: make_bot(("random", "greedy")[i % 2], seed=i) for i, p in enumerate(PLAYERS)})
    assert any(" chooses " in line for line in game.history)
    assert replay(make_record(str(tmp_path / "low.bean"), model, game, 5), model).ok


def test_a_card_chosen_where_a_condition_holds_is_the_card_moved_afterwards(thaler):
    """choose NAME from PLACE where CONDITION, the name used by the step after it, in an effect
    run from elsewhere than a phase's steps (an anchor another mechanism registers)."""
    from beanrules.core.conditions import Compare
    from beanrules.core.effects import Move, Sequence
    from beanrules.core.places import CardsIn, Zone
    from beanrules.core.quantities import Count
    card = Bound("card")
    node = Sequence((ChooseNode("card", ActivePlayer(), CardsIn(Zone("hand", ActivePlayer()), "any", Number(1), False, None),
                                Compare(Count(card, "blue"), "=", Number(0)), True),
                     Move(card, Zone("discard", None), "top")))
    decisions.ANCHORS["test"] = lambda state, rs, anchor: node
    try:
        game = Game.from_partial(thaler, PLAYERS, {"phase": "trade", "hands": {"Anna": ["blue", "soy", "red", "soy"]}})
        events: list = []
        assert decisions.run(node, {"mechanism": "test", "rule": "thaler-takeover"}, game.state, game.ruleset, {}, events) == "wait"
        assert game.state.decision["options"] == ["soy", "red"]  # one per bean; blue fails the condition
        saved = Game.from_state(thaler, json.loads(json.dumps(game.state_json())))
        for one in (game, saved):
            one.apply("Anna chooses soy")
            assert zone_of(one.state, "hands", "Anna") == ["blue", "red", "soy"] and one.state.discard[-1] == "soy"
        assert snapshot(saved) == snapshot(game)
    finally:
        del decisions.ANCHORS["test"]
