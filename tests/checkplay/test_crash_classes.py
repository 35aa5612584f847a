"""The engine-semantics crash classes of issue #10, each from a one-line change to classic, each
ending in a located `check` error or in correct play; and what the engine, the bots, the
invariant playouts and `verify` do when a model that check would reject is played anyway."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks import invariants
from beanrules.checks.invariants import playout
from beanrules.cli import main
from beanrules.engine import Game, IllegalAction, Stalled, UnsupportedRule, compile_ruleset
from beanrules.engine.bots import RandomBot, GreedyBot, make_bot, play_out
from beanrules.paths import specs_dir
from beanrules.resolve.playable import check_playable

from checkplay_helpers import check_file, failed_run, line_of, play_problems, variant_text
from by_name import whose_turn, zone_of

CLASSIC_TEXT = (specs_dir() / "classic.bean").read_text(encoding="utf-8")


def changed(old: str, new: str) -> str:
    assert CLASSIC_TEXT.count(old) == 1, old
    return CLASSIC_TEXT.replace(old, new)


def without_line(fragment: str) -> str:
    lines = CLASSIC_TEXT.splitlines(keepends=True)
    return "".join(line for line in lines if fragment not in line)


def _errors_on(outcome, text: str, fragment: str) -> list:
    return [e for e in outcome.errors if e.span and e.span.line == line_of(text, fragment)]


# -- no end block ------------------------------------------------------------------------------

def test_a_spec_with_no_end_block_is_rejected_at_its_header(tmp_path: Path) -> None:
    text = CLASSIC_TEXT[:CLASSIC_TEXT.index("\nend\n") + 1]
    outcome = check_file(tmp_path, text, "no-end.bean")
    assert outcome.rejected
    [no_end] = [e for e in outcome.errors if e.code == "no-end"]
    assert (no_end.span.line, no_end.span.column) == (line_of(text, "rulebook classic"), 1)
    assert "never ends" in no_end.message and "game ends when deck runs out" in no_end.suggestion
    # and what the end block also said is missing by name, not ignored
    assert {"who wins", "what the cards left in a hand score"} <= {
        part for e in outcome.errors for part in ("who wins", "what the cards left in a hand score") if part in e.message}


def test_an_end_no_turn_reaches_is_rejected_at_the_end_rule(tmp_path: Path) -> None:
    text = without_line("reveal 2 to offer")
    text = text.replace("  draw 3 to back of hand", "  rule skip-draw: skip when hand is empty   § es \"Fase 4\"\n  draw 3 to back of hand")
    outcome = check_file(tmp_path, text, "unreachable.bean")
    [error] = [e for e in outcome.errors if e.code == "end-unreachable"]
    assert error.span.line == line_of(text, "game ends when deck runs out 3 times")
    assert "no phase that is played every turn takes cards from the deck" in error.message


# -- no "harvest at any time" ------------------------------------------------------------------

NO_HARVEST = without_line("harvest at any time")


def test_without_a_harvest_timing_check_names_every_place_a_player_could_be_stuck(tmp_path: Path) -> None:
    outcome = check_file(tmp_path, NO_HARVEST, "no-harvest.bean")
    assert {e.code for e in outcome.errors} == {"no-room"}
    assert {e.span.line for e in outcome.errors} == {
        line_of(NO_HARVEST, "plant 1 to 2 from front of hand"),
        line_of(NO_HARVEST, "everyone plants set-aside cards"),
        line_of(NO_HARVEST, "active player plants offer cards")}
    assert all("add 'harvest at any time'" in e.suggestion for e in outcome.errors)


@pytest.fixture(scope="module")
def stuck_model(tmp_path_factory) -> dict:
    """The model check rejects, compiled without that stage: what the engine would be given."""
    from beanrules import compile_spec
    path = tmp_path_factory.mktemp("stuck") / "no-harvest.bean"
    path.write_text(NO_HARVEST.replace("rulebook classic", "rulebook no-harvest"), encoding="utf-8")
    return compile_spec(str(path), playable=False)


def _stuck_game(model: dict) -> Game:
    """Anna must plant a chili and all three of her fields grow other beans."""
    return Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["chili"]},
        "fields": {"Anna": [["soy"], ["blue"], ["red"]]}})


def test_the_bots_raise_stalled_naming_the_state_not_an_empty_range(stuck_model) -> None:
    game = _stuck_game(stuck_model)
    assert game.waiting_for() == ["Anna"] and game.legal_actions("Anna") == []
    for bot in (RandomBot(), RandomBot(trades=False), GreedyBot()):
        with pytest.raises(Stalled, match="waits for Anna, who has no legal action") as caught:
            bot.choose(game, "Anna")
        assert caught.value.where == {"phase": "plant", "active": "Anna", "turn": 1, "waiting_for": ["Anna"]}
    with pytest.raises(Stalled, match="phase plant"):
        play_out(game, {p: make_bot("random") for p in game.players})


def test_the_invariant_playouts_fail_naming_the_state(stuck_model) -> None:
    failures = [p for seed in range(6) for p in playout(stuck_model, "no-harvest", 3, seed).problems]
    assert failures, "no seed reached a player with no legal action"
    assert all("has no legal action (phase " in p and ", active " in p and ", waiting for " in p for p in failures)


def test_verify_fails_on_a_game_that_waits_for_a_player_with_no_legal_action(stuck_model, monkeypatch, capsys) -> None:
    import beanrules.resolve.compiler as compiler
    original = compiler.compile_with_warnings  # other names (the conformance files' specs) compile as ever

    def compile_with_warnings(name: str, playable: bool = True):
        return (stuck_model, []) if name == "no-harvest" else original(name, playable)
    monkeypatch.setattr(compiler, "compile_with_warnings", compile_with_warnings)
    code = main(["verify", "no-harvest", "--games", "4", "--json"])
    result = json.loads(capsys.readouterr().out)["specs"]["no-harvest"]
    assert code == 1 and not result["ok"]
    assert any("has no legal action" in p for g in result["games_failed"] for p in g["problems"])


def test_a_playout_past_its_cap_fails_saying_where_it_stalled(monkeypatch) -> None:
    from beanrules import compile_spec
    monkeypatch.setattr(invariants, "MAX_ACTIONS", 5)
    [problem] = playout(compile_spec("classic"), "classic", 3, 0).problems
    assert problem.startswith("the game did not end within 5 actions; it stalled at phase ")
    assert ", active " in problem and ", turn " in problem and ", waiting for " in problem


# -- "cannot trade field cards" changed to "cannot trade offer cards" ---------------------------

OFFER_UNTRADEABLE = changed("cannot trade field cards", "cannot trade offer cards")


def test_untradeable_offer_cards_contradict_the_rule_that_trades_them(tmp_path: Path) -> None:
    outcome = check_file(tmp_path, OFFER_UNTRADEABLE, "offer.bean")
    [error] = outcome.errors
    assert error.code == "contradiction" and error.span.line == line_of(OFFER_UNTRADEABLE, "cannot trade offer cards")
    assert f"(line {line_of(OFFER_UNTRADEABLE, 'active player may trade offer cards')})" in error.message


def test_legal_actions_and_apply_agree_when_offer_cards_are_untradeable(tmp_path: Path) -> None:
    from beanrules import compile_spec
    path = tmp_path / "offer-untradeable.bean"
    path.write_text(OFFER_UNTRADEABLE.replace("rulebook classic", "rulebook offer-untradeable"), encoding="utf-8")
    model = compile_spec(str(path), playable=False)
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "trade", "offer": ["soy", "red"], "hands": {"Anna": ["blue"], "Natalie": ["chili"]}})
    listed = [a for a in game.legal_actions("Anna") if type(a).__name__ == "Propose"]
    assert listed and not any(c.zone == "offer" for a in listed for c in a.give + a.take)
    for action in listed:  # each listed proposal is accepted by apply
        Game.from_state(model, game.state_json()).apply(action)
    with pytest.raises(IllegalAction) as caught:  # a bare bean names the offer only if it is tradeable
        game.apply("Anna gives soy to Natalie")
    assert caught.value.rule == "trade-hand-any-position" and "no soy in hand" in caught.value.message
    with pytest.raises(IllegalAction) as caught:
        game.apply("Anna gives offer soy to Natalie")
    assert caught.value.rule == "no-trading-fields"  # the id the changed line kept; its zone is now offer
    assert playout(model, "offer-untradeable", 3, 0).problems == []


@pytest.mark.parametrize("zone", ["discard", "deck"])
def test_planting_from_the_discard_pile_or_deck_is_rejected_where_written(zone: str, tmp_path: Path) -> None:
    text = changed("active player plants offer cards in any order", f"active player plants {zone} cards in any order")
    outcome = check_file(tmp_path, text, f"{zone}.bean")
    [error] = outcome.errors
    assert error.code == "not-playable" and error.span.line == line_of(text, f"plants {zone} cards")
    model_text = text.replace("rulebook classic", f"rulebook plant-{zone}")
    path = tmp_path / f"plant-{zone}.bean"
    path.write_text(model_text, encoding="utf-8")
    from beanrules import compile_spec
    with pytest.raises(UnsupportedRule) as caught:  # the engine refuses it up front, not half-way
        compile_ruleset(compile_spec(str(path), playable=False), 3)
    assert caught.value.rule == "plant-pending-" + zone


# -- everyone plants hand cards in any order ------------------------------------------------------

HAND_ANY_ORDER = changed("everyone plants set-aside cards in any order", "everyone plants hand cards in any order")


def test_planting_hand_cards_in_any_order_plays_without_losing_or_copying_a_card(tmp_path: Path) -> None:
    outcome = check_file(tmp_path, HAND_ANY_ORDER, "hand.bean")
    assert not outcome.rejected, [e.render() for e in outcome.errors]
    model = outcome.model
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant-traded", "active": "Anna", "offer": ["soy"],
        "hands": {"Greg": ["blue", "red", "chili"]}})
    total = game.state.card_counts()
    game.apply("Greg plants hand red")  # from the middle of the hand
    state = game.state_json()
    assert state["hands"]["Greg"] == ["blue", "chili"] and state["fields"]["Greg"][0] == ["red"]
    assert game.state.card_counts() == total
    assert "Greg plants blue in 2" in [a.notation() for a in game.legal_actions("Greg")]
    for seed in (0, 1):
        assert playout(model, "hand", 3, seed).problems == []


# -- effects: nothing in a spec makes check loop -----------------------------------------------

def test_checking_abilities_is_bounded_by_what_is_written_not_by_repeat_counts() -> None:
    from beanrules import compile_spec
    model = json.loads(json.dumps(compile_spec("classic")))
    effect: dict = {"do": "gain", "coins": 1}
    for _ in range(5_000):  # nested far deeper than Python's recursion limit
        effect = {"do": "repeat", "times": 100, "effects": [effect]}
    bean = dict(model["beans"][0], abilities=[{"id": "deep", "title": None, "triggers": [{"on": "when-planted"}],
                                                "effects": [effect], "provenance": {}, "span": None}])
    model["beans"] = [bean] + model["beans"][1:]
    errors = check_playable(model, None)
    assert [e.code for e in errors] == ["not-playable"] and "ability 'deep'" in errors[0].message


def test_without_consent_every_listed_proposal_is_one_apply_carries_out(tmp_path: Path) -> None:
    text = without_line("rule trade-needs-consent").replace(
        '    § es "Fase 2" "Solo retire los frijoles de su mano una vez que se haya acordado el intercambio" '
        '§ de "Leicht vergessen 4"\n', "")
    outcome = check_file(tmp_path, text, "no-consent.bean")
    assert not outcome.rejected, [e.render() for e in outcome.errors]
    game = Game.from_partial(outcome.model, ["Anna", "Natalie", "Greg"], {
        "phase": "trade", "offer": ["soy"], "hands": {"Anna": ["blue"], "Natalie": ["chili", "red"], "Greg": []}})
    listed = [a for a in game.legal_actions("Anna") if type(a).__name__ == "Propose"]
    asked = {c.bean for a in listed if a.to == "Natalie" for c in a.take if c.zone == "hand"}
    assert asked == {"chili", "red"}  # what Natalie holds, not every bean type
    assert not any(a.to == "Greg" and any(c.zone == "hand" for c in a.take) for a in listed)
    for action in listed:  # a trade is carried out at once; a gift still waits (gift-needs-consent)
        events = Game.from_state(outcome.model, game.state_json()).apply(action)
        assert any(e["event"] == "traded" for e in events) == bool(action.take)


# -- a zone of several players -----------------------------------------------------------------
GRAB = '''rulebook grab "{title}"
  extends {base}
  source v "V"
replace use-beans: use beans blue chili stink green soy black-eyed red garden thief   § v "1"
card thief "Thief bean" 4 beanometer 2 3 4 5   § v "1"
  ability grab "Grab": when planted   § v "1"
    move 1 from each opponent hand front to own hand back
'''


def test_each_opponents_hand_is_one_zone_only_in_a_game_of_two(tmp_path: Path) -> None:
    """With three to five players "each opponent hand" is several hands, which a move cannot
    take a card from: check rejects it at the ability, where the game used to stop mid-way
    (UnsupportedRule). In the two-player duel it is the opponent's hand, and plays."""
    text = GRAB.format(title="Grab in classic", base="classic")
    outcome = check_file(tmp_path, text, "grab.bean")
    assert outcome.rejected
    [error] = _errors_on(outcome, text, "ability grab")
    assert "is the zone of 2 players in a game of 3" in error.message
    duel = check_file(tmp_path, GRAB.format(title="Grab in the duel", base="anniversary/duel"), "grab-duel.bean")
    assert not duel.rejected, duel.errors
    assert play_problems(duel.model, seeds=(0, 1)) == []


SHORT_HANDS = '''rulebook short "{title}"
  extends {base}
  source v "V"
rules
  rule short-hands: no player may harvest while count of each opponent hand < 3   § v "1"
phase draw
  rule levy: at start of phase:   § v "1"
    move 1 from each opponent hand front to own hand back
'''


def test_a_rule_reading_each_opponents_hand_is_one_zone_only_in_a_game_of_two(tmp_path: Path) -> None:
    """A rule's condition or step that names "each opponent hand" reads several hands with three
    or more players: check rejects each rule at its line (before, check passed it, and a game of
    three stopped the first time it was read: "names more than one zone"). In the duel it is the
    opponent's hand, and plays."""
    text = SHORT_HANDS.format(title="Short hands in classic", base="classic")
    outcome = check_file(tmp_path, text, "short.bean")
    assert outcome.rejected
    for rule in ("rule short-hands", "rule levy"):
        [error] = _errors_on(outcome, text, rule)
        assert error.code == "not-playable"
        assert error.message.startswith("not playable with 3 players: ")
        assert "reads or moves 'each other player's hand' as one player's zone, but in a game of 3 players it is the zone of several" in error.message
    duel = check_file(tmp_path, SHORT_HANDS.format(title="Short hands in the duel", base="anniversary/duel"),
                      "short-duel.bean")
    assert not duel.rejected, duel.errors
    assert play_problems(duel.model, seeds=(0, 1)) == []


@pytest.mark.parametrize("rule", [
    "no player may trade while count of this field >= 1",
    "active player may move 1 from discard top to own hand, once per turn when count of this field > 0",
    "no player may harvest while count of partner hand < 2",
])
def test_a_condition_naming_what_its_action_is_not_about_is_refused_at_its_line(tmp_path: Path, rule: str) -> None:
    """'this field' is the field a harvest takes or a plant goes onto, 'partner' the other side of
    a trade: named in the condition of a rule on another action, check passed it, and the first
    game to read it stopped with an internal error (KeyError: 'field'; found by the generated
    variants). Now check refuses the rule at its line."""
    text = variant_text(f"rule house: {rule}   § v \"1\"\n")
    outcome = check_file(tmp_path, text, "about.bean")
    assert outcome.rejected
    [error] = _errors_on(outcome, text, "rule house")
    assert error.code == "not-playable" and "is not about" in error.message


@pytest.mark.parametrize("rule, words", [
    ("no player may harvest while own field may be harvested", "the rule would judge itself"),
    ("no player may plant while own field may be harvested", "the rule would judge itself"),
    ("any player may harvest when it is own turn and own field may be harvested", "the rule would judge itself"),
    ("no player may harvest while count of harvested cards > 2", "unknown name 'cards'"),
])
def test_a_condition_a_rule_by_condition_cannot_judge_is_refused_at_its_line(tmp_path: Path, rule: str,
                                                                             words: str) -> None:
    """A rule by condition takes every test an `if` takes (one grammar, one rewrite table), and
    where the engine cannot judge one there, check refuses the rule at its line: "own field may
    be harvested" in a rule on planting or harvesting asks the judge the rule is part of (a game
    stopped with RecursionError), and no action of a rule binds the harvested cards a step on a
    harvest counts."""
    text = variant_text(f"rule house: {rule}   § v \"1\"\n")
    outcome = check_file(tmp_path, text, "judged.bean")
    assert outcome.rejected
    [error] = _errors_on(outcome, text, "rule house")
    assert words in error.message


def test_a_test_of_an_if_a_rule_on_another_action_can_judge_plays(tmp_path: Path) -> None:
    """"own field may be harvested", before said only in an `if`, plays in a rule on trading: the
    trade guards ask the harvest judge, which does not ask them back."""
    text = variant_text('rule house: no player may trade while own field may be harvested   § v "1"\n')
    outcome = check_file(tmp_path, text, "trade-judged.bean")
    assert not outcome.rejected, outcome.errors
    assert play_problems(outcome.model, seeds=(0,)) == []


@pytest.mark.parametrize("rule, says", [
    ("no player may trade while count of this field >= 1", "names this field in its condition"),
    ("active player may move 1 from discard top to own hand, once per turn when count of this field > 0",
     "names this field in its condition, which 'move the top card of the discard pile to the player's hand'"),
    ("no player may harvest while count of each opponent hand < 3",
     "reads or moves 'each other player's hand' as one player's zone, but in a game of 3 players"),
    ("no player may harvest while own field may be harvested",
     "asks in its condition whether a field may be harvested"),
])
def test_the_engine_refuses_a_model_check_never_saw_at_its_start_naming_the_rule(tmp_path: Path, rule: str,
                                                                                 says: str) -> None:
    """A rule model written by hand or by another tool need not have gone through check: the
    engine, handed one with such a rule, refuses the game as it is created, naming the rule and
    the line the model says it was written at, where it used to start it and stop at the first
    read ("names more than one zone", KeyError 'field'). Its words are check's (one judgement,
    engine/refusals.py); a model that says nowhere where its rules were written is refused
    naming the rule and the rulebook it came from."""
    text = variant_text(f"rule house: {rule}   § v \"1\"\n")
    outcome = check_file(tmp_path, text, "house.bean")
    [error] = _errors_on(outcome, text, "rule house")
    model = json.loads(json.dumps(compile_spec(str(outcome.path), playable=False)))  # as a file holds it
    with pytest.raises(UnsupportedRule) as refused:
        Game(model, ["Anna", "Natalie", "Greg"], seed=0)
    assert refused.value.rule == "house"
    where = f"rule 'house' ({outcome.path}, line {line_of(text, 'rule house')}) "
    assert str(refused.value).startswith(where) and says in str(refused.value)
    assert error.message.endswith(str(refused.value)[len(where):])  # check says it in the engine's words
    for r in model["rules"]:
        del r["span"]
    with pytest.raises(UnsupportedRule, match=r"^rule 'house' \(variant\) " + re.escape(says)):
        Game(model, ["Anna", "Natalie", "Greg"], seed=0)


@pytest.mark.parametrize("command", [["play", "house", "--players", "3"], ["verify", "house", "--games", "1"]])
def test_play_and_verify_handed_a_model_check_never_saw_refuse_it_naming_the_rule(
        tmp_path: Path, monkeypatch, capsys, command: list[str]) -> None:
    """`beanrules play` and `verify` on such a model (given in place of the compiled spec, as a
    tool that makes its own models would) fail with the engine's refusal, naming the rule, its
    line and why: no traceback, no game started."""
    text = variant_text('rule house: no player may harvest while count of each opponent hand < 3   § v "1"\n')
    path = tmp_path / "house.bean"
    path.write_text(text, encoding="utf-8")
    said = failed_run(monkeypatch, capsys, "house", compile_spec(str(path), playable=False), command)
    assert f"rule 'house' ({path}, line {line_of(text, 'rule house')}) reads or moves 'each other player's hand'" in said
    assert "Traceback" not in said


# -- a rule's own step that meets a pile with too few cards (issue #27) ---------------------------

SHORT_PILES = Path(__file__).resolve().parents[2] / "conformance" / "variants" / "short-piles.bean"


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_steps_that_take_from_short_piles_play_to_the_end(players: int, bot: str) -> None:
    """A step taking the discard pile's top card on every plant meets an empty discard pile in
    the first turns, and one taking three cards off the deck on every harvest runs the deck
    out: both do what they can (docs/language.md), and every game ends. Before, the first
    ended play with an internal error ("the discard pile holds fewer than 1 cards")."""
    from beanrules import compile_spec
    model = compile_spec(str(SHORT_PILES))
    for seed in range(2):
        game = Game(model, [f"P{i}" for i in range(players)], seed=seed)
        play_out(game, {p: make_bot(bot, seed) for p in game.players}, max_actions=20_000)
        assert game.state.over
        assert game.state.exhaustions >= 1


# -- a zone declared otherwise than the engine keeps it (issue #27) ------------------------------

@pytest.mark.parametrize("old,new,kept", [
    ("zone field per player public", "zone field public", "one for each player"),
    ("zone offer public", "zone offer per player public", "one for the table"),
])
def test_a_zone_the_engine_cannot_keep_as_declared_is_refused_at_its_line(tmp_path: Path, old: str, new: str,
                                                                        kept: str) -> None:
    """`zone field public` (one field for the table) was accepted and ignored: every player kept
    fields of their own. What the engine cannot keep as written is refused where it is written."""
    text = changed(old, new)
    outcome = check_file(tmp_path, text)
    assert outcome.rejected
    errors = _errors_on(outcome, text, new)
    assert errors and f"it keeps {kept}" in errors[0].message, [e.message for e in outcome.errors]


# -- a variant's rule that breaks a rule of its base (issue #27) ---------------------------------

OWN_TURN = 'harvesting\n  replace harvest-any-time: harvest on own turn only   § v "1"\n'


def test_a_variants_change_that_breaks_its_base_is_reported_at_the_variants_line(tmp_path: Path) -> None:
    """Harvesting only in one's own turn leaves no room for the set-aside cards every player
    must plant in classic's phase 3. The error points at the variant's line (the author cannot
    edit classic's), names the base's rule it breaks, and its hint keeps the variant's rule."""
    from checkplay_helpers import variant_text
    text = variant_text(OWN_TURN)
    outcome = check_file(tmp_path, text)
    assert outcome.rejected
    (error,) = [e for e in outcome.errors if e.code == "no-room"]
    assert error.span.file.endswith("variant.bean") and error.span.line == line_of(text, "harvest on own turn only")
    assert "(classic, line" in error.message
    assert "harvest at any time" not in (error.suggestion or "")


def test_following_the_hint_plays(tmp_path: Path) -> None:
    from checkplay_helpers import variant_text
    text = variant_text(OWN_TURN + '  rule make-room: any player may harvest when it is phase plant-traded   § v "1"\n')
    outcome = check_file(tmp_path, text)
    assert not outcome.rejected, [e.message for e in outcome.errors]
    for players in (3, 5):
        game = Game(outcome.model, players, seed=players)
        play_out(game, {p: make_bot("greedy", players) for p in game.players}, max_actions=20_000)
        assert game.state.over


# -- a rule that checks clean yet can never act (issue #27) --------------------------------------

def test_a_step_counting_the_harvested_field_is_warned_of_at_its_line(tmp_path: Path) -> None:
    """'when a card is harvested, if count of this field >= 6' reads the field after the
    harvest emptied it: check warns at the rule's line and names what to write instead; the
    same rule written with 'count of harvested cards' is clean, and so is every shipped spec."""
    from beanrules.resolve.compiler import compile_with_warnings
    from checkplay_helpers import variant_text
    body = ('rules\n  rule big-harvest: when a card is harvested, if count of this field >= 6:   § v "1"\n'
            '    move 1 from deck top to own hand back   § v "1"\n')
    path = tmp_path / "variant.bean"
    path.write_text(variant_text(body), encoding="utf-8")
    _, warnings = compile_with_warnings(str(path))
    (warning,) = [w for w in warnings if w.code == "never-acts"]
    assert warning.span.line == line_of(variant_text(body), "big-harvest")
    assert "count of harvested cards" in warning.suggestion
    path.write_text(variant_text(body.replace("count of this field", "count of harvested cards")), encoding="utf-8")
    assert not [w for w in compile_with_warnings(str(path))[1] if w.code == "never-acts"]


def _warnings(tmp_path: Path, body: str, code: str) -> tuple[str, list]:
    from beanrules.resolve.compiler import compile_with_warnings
    from checkplay_helpers import variant_text
    path = tmp_path / "variant.bean"
    path.write_text(variant_text(body), encoding="utf-8")
    model, warnings = compile_with_warnings(str(path))
    assert model is not None
    return variant_text(body), [w for w in warnings if w.code == code]


def test_a_card_harvested_with_a_condition_on_its_emptied_field_is_warned_of(tmp_path: Path) -> None:
    """A card's own ability 'when harvested' guarded by 'count of this field' reads the field
    the harvest emptied, as a rule's step does: the same warning, at the card."""
    body = ('replace use-beans: use beans blue chili stink green soy black-eyed red garden hare   § v "1"\n'
            'card hare "Hare" 6 beanometer 2 3 4 5   § v "1"\n'
            '  ability run: when harvested   § v "1"\n'
            '    if count of this field >= 4:\n'
            '      move 1 from deck top to own hand back\n')
    text, found = _warnings(tmp_path, body, "never-acts")
    (warning,) = found
    assert warning.span.line == line_of(text, "ability run") and "hare" in warning.message
    assert not _warnings(tmp_path, body.replace("this field", "harvested cards"), "never-acts")[1]


def test_a_card_left_out_of_use_beans_is_warned_of_at_its_line(tmp_path: Path) -> None:
    """A card declared but named by no 'use beans' list would go to `removed` copy by copy
    while check said only 'ok': check warns at the card, naming the list to add it to."""
    body = ('card crow "Crow" 4 beanometer 2 3 4 5   § v "1"\n'
            '  ability caw: while on top of a field, when another player harvests   § v "1"\n'
            '    move 1 from deck top to own hand back   § v "1"\n')
    text, found = _warnings(tmp_path, body, "not-in-play")
    (warning,) = found
    assert warning.span.line == line_of(text, "card crow") and "4 copies" in warning.message
    assert "use beans blue" in warning.suggestion
    listed = 'replace use-beans: use beans blue chili stink green soy black-eyed red garden crow   § v "1"\n'
    assert not _warnings(tmp_path, listed + body, "not-in-play")[1]
    by_count = ('replace use-beans: use beans blue chili stink green soy black-eyed red garden with 3 players, '
                'blue chili stink green soy black-eyed red garden crow with 4 to 5 players   § v "1"\n')
    assert not _warnings(tmp_path, by_count + body, "not-in-play")[1]  # in play with some count


def test_a_counter_nothing_uses_is_warned_of_at_its_line(tmp_path: Path) -> None:
    """A declared counter no rule or card adds to or reads: a warning at its declaration; one
    that a step adds to is used."""
    body = 'rules\n  rule ledger: counter ledger "A ledger" per player   § v "1"\n'
    text, found = _warnings(tmp_path, body, "unused-counter")
    (warning,) = found
    assert warning.span.line == line_of(text, "rule ledger") and "'ledger'" in warning.message
    used = body + '  rule note-it: when a card is harvested:   § v "1"\n    add 1 to own ledger   § v "1"\n'
    assert not _warnings(tmp_path, used, "unused-counter")[1]


def test_the_language_server_shows_the_same_warnings(tmp_path: Path) -> None:
    """The editor's diagnostics come from the same front end: a card out of play is a warning
    there too, on the card's line."""
    from beanrules.lsp.analysis import analyse, problems
    from checkplay_helpers import variant_text
    body = 'card crow "Crow" 4 beanometer 2 3 4 5   § v "1"\n'
    path = tmp_path / "variant.bean"
    path.write_text("", encoding="utf-8")  # the editor's buffer is read instead of the file
    found = [p for p in problems(analyse(path, variant_text(body))) if p.code == "not-in-play"]
    assert [(p.severity, p.range[0]) for p in found] == [("warning", line_of(variant_text(body), "card crow") - 1)]


# -- found by the generated variants (tests/fuzz/test_generated_variants.py) --------------------

def test_a_step_by_itself_that_needs_a_pick_is_refused_at_its_line(tmp_path: Path) -> None:
    """'move 2 from own hand to …' in a rule's step says no end of the hand, so a player would
    have to pick the cards, and nobody is asked in a step: check refuses it at the rule's line.
    Before, check accepted it and the first plant ended the game with an internal error."""
    from checkplay_helpers import variant_text
    body = 'rule restock: when a card is planted:   § v "1"\n  move 2 from own hand to discard top   § v "1"\n'
    outcome = check_file(tmp_path, variant_text(body))
    assert outcome.rejected
    (error,) = outcome.errors
    assert error.code == "not-playable" and error.span.line == line_of(variant_text(body), "rule restock")
    assert "which end" in error.message


def test_a_step_at_a_phases_start_takes_what_an_empty_pile_has(tmp_path: Path) -> None:
    """A step as a round (and so a phase) begins, moving the discard pile's top card while the
    pile is empty, takes nothing: the phase's compiled entry runs its steps by themselves, as
    the reference does. Before, the game's very start raised 'the discard pile holds fewer than
    1 cards'."""
    from checkplay_helpers import variant_text
    body = 'rule gleaning: at the start of each round:   § v "1"\n  move 1 from discard top to own coins   § v "1"\n'
    outcome = check_file(tmp_path, variant_text(body))
    game = Game(outcome.model, 3, seed=0)
    assert game.state.discard == [] and zone_of(game.state, "coins", whose_turn(game.state)) == []
    play_out(game, {p: make_bot("random", p) for p in game.players}, max_actions=20_000)
    assert game.state.over


def test_a_step_lays_no_more_into_a_hand_than_the_hand_limit_lets_it(tmp_path: Path) -> None:
    """A step that runs by itself and moves cards into a hand takes as many as a rule that holds
    at all times allows, as a draw does. Before, the plant that triggered it was listed as legal
    and then refused for the hand limit the step broke, and a bot playing it stopped the game."""
    from checkplay_helpers import variant_text
    body = ('rule hand-limit: hand limit 5   § v "1"\n'
            'rule gleaning: when a card is planted:   § v "1"\n  move 3 from discard top to own hand back   § v "1"\n')
    model = check_file(tmp_path, variant_text(body)).model
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["stink", "green", "soy", "red", "blue"]},
        "discard": ["chili", "garden", "blue"]})
    assert "Anna plants stink in 1" in [a.notation() for a in game.legal_actions("Anna")]
    game.apply("Anna plants stink in 1")
    assert zone_of(game.state, "hands", "Anna") == ["green", "soy", "red", "blue", "blue"]  # one card of room
    assert game.state.discard == ["chili", "garden"]
    for seed in range(3):
        game = Game(model, 4, seed=seed)
        play_out(game, {p: make_bot("random", f"{seed}{p}") for p in game.players}, max_actions=20_000)
        assert game.state.over


@pytest.mark.parametrize("triggers, accepted", [
    ("when played from front of hand, in phase plant, once per turn per player", True),
    ("when played from front of hand, in any turn, once per turn per card", True),
    ("when played from front of hand, in phase plant, once per turn per field", False),  # no field to count on
    ("when planted, in any turn", False),  # runs by itself: nobody uses it
    ("when another player harvests", False),  # acts from a field: needs 'while on top of a field'
    ("while on top of a field, when another player harvests, in any turn", False),
])
def test_which_timings_an_ability_takes_together(tmp_path: Path, triggers: str, accepted: bool) -> None:
    """Timings as the text says combine where they mean something; where they do not, check
    refuses the ability at its line, saying why."""
    from checkplay_helpers import variant_text
    body = ('replace use-beans: use beans blue chili stink green soy black-eyed red garden jay   § v "1"\n'
            'card jay "Jay" 4 beanometer 2 3 4 5   § v "1"\n'
            f'  ability call: {triggers}   § v "1"\n'
            '    move 1 from deck top to discard top   § v "1"\n')
    outcome = check_file(tmp_path, variant_text(body))
    assert outcome.rejected != accepted
    if not accepted:
        assert [e.span.line for e in outcome.errors] == [line_of(variant_text(body), "ability call")]
