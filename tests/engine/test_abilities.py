"""Card abilities at run time: the use-ability action (on a field, from the hand), its choices,
its refusals (state untouched, the ability cited), once per turn, triggers on events, and the
action's round trip through notation, state JSON, records and replay."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.core.actors import ActivePlayer
from beanrules.core.conditions import Compare
from beanrules.core.effects import AddField
from beanrules.core.quantities import FieldsOf, Number
from beanrules.core.statements import Do
from beanrules.core.timing import When
from beanrules.engine import Game, UnsupportedRule
from beanrules.desugar.cards import card as core_card
from beanrules.engine.actions import UseAbility
from beanrules.engine.bots import RandomBot, make_bot, play_out
from beanrules.engine.errors import RuleRef
from beanrules.engine.notation import parse_action
from beanrules.engine.records import make_record, replay
from beanrules.engine.terminal import _describe
from beanrules.engine.compiler import compile_triggers
from beanrules.engine.triggers import fire
from beanrules.resolve.compiler import compile_with_warnings

from engine_helpers import PLAYERS, refused, snapshot
from by_name import seat, zone_of

# A thief bean takes the top bean of one other player's field while it lies on top of one of
# its owner's fields, in phase plant, once per turn. One type per field is removed, so a thief
# can be covered by another bean.
THIEF = '''rulebook thief "Thief"
  extends classic
  source v "Variant"
remove rule one-type-per-field   § v "1"
replace use-beans: use beans blue chili stink green soy black-eyed red garden thief   § v "1"
card thief "Thief bean" 6 beanometer 2 3   § v "2"
  ability steal "Steal": while on top of a field, in phase plant, once per turn   § v "2"
    for each of up to 1 other players:
      choose bean from chosen field top
      plant bean
'''


@pytest.fixture(scope="module")
def thief(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("thief") / "thief.bean"
    path.write_text(THIEF, encoding="utf-8")
    return compile_with_warnings(str(path))[0]


def _game(model: dict, partial: dict, players: list[str] = PLAYERS) -> Game:
    return Game.from_partial(model, players, {"phase": "plant", **partial})


def _listed(game: Game, player: str) -> list[str]:
    return [a.notation() for a in game.legal_actions(player) if isinstance(a, UseAbility)]


def test_an_ability_on_top_of_a_field_is_listed_with_each_choice_and_used(thief):
    game = _game(thief, {"hands": {"Anna": ["soy"]}, "fields": {"Anna": [["thief"], ["red"]],
                                                                 "Natalie": [["blue"], ["chili", "chili"]]}})
    assert _listed(game, "Anna") == ["Anna uses thief with Natalie, 1, 1", "Anna uses thief with Natalie, 1, 2",
                                     "Anna uses thief with Natalie, 1, 3", "Anna uses thief with Natalie, 2, 1",
                                     "Anna uses thief with Natalie, 2, 2", "Anna uses thief with Natalie, 2, 3",
                                     "Anna uses thief"]
    events = game.apply("Anna uses thief with Natalie, 2, 3")
    assert zone_of(game.state, "fields", "Anna") == [["thief"], ["red"], ["chili"]]
    assert zone_of(game.state, "fields", "Natalie") == [["blue"], ["chili"], []]
    assert [e["event"] for e in events] == ["ability", "planted"]
    assert _describe(events) == ["Anna's thief: ability steal (Steal) on field 1",
                                 "Anna plants chili from field 2 of Natalie in field 3"]


def test_once_per_turn_per_field_and_again_next_turn(thief):
    game = _game(thief, {"hands": {"Anna": ["soy"]}, "fields": {"Anna": [["thief"], ["thief"]],
                                                                 "Natalie": [["blue"], ["chili"]]}})
    game.apply("Anna uses thief on 1 with Natalie, 1, 3")
    error = refused(game, "Anna uses thief on 1 with Natalie, 2, 3", "thief-steal")
    assert "once per turn" in error.message
    game.apply("Anna uses thief on 2 with Natalie, 2, 3")  # the other field's thief is its own
    assert _listed(game, "Anna") == []
    state = game.state_json()
    assert [u[1] for u in state["used"]] == ["thief-steal@1", "thief-steal@2"]
    assert Game.from_state(thief, json.loads(json.dumps(state))).state_json() == state
    game.state.turn += 1  # a later turn: the uses of an earlier one no longer count
    assert _listed(game, "Anna") != []


def test_refused_when_covered_in_the_wrong_phase_or_turn(thief):
    game = _game(thief, {"hands": {"Anna": ["soy", "red"], "Natalie": ["blue"]},
                         "fields": {"Anna": [["thief"]], "Natalie": [["thief"], ["blue"]], "Greg": [["red"]]}})
    assert "covered" not in refused(game, "Natalie uses thief with Greg, 1, 3", "thief-steal").message
    game.apply("Anna plants soy in 1")  # covers Anna's thief
    error = refused(game, "Anna uses thief on 1 with Greg, 1, 2", "thief-steal")
    assert "covered: soy lies on top" in error.message
    refused(game, "Anna uses thief with Greg, 1, 2", "thief-steal")  # no field has it on top
    game = _game(thief, {"phase": "draw", "fields": {"Anna": [["thief"]], "Greg": [["red"]]}})
    assert "phase plant, not draw" in refused(game, "Anna uses thief with Greg, 1, 2", "thief-steal").message


def test_wrong_choices_are_refused_and_change_nothing(thief):
    game = _game(thief, {"hands": {"Anna": ["soy"]}, "fields": {"Anna": [["thief"], ["red"], ["soy"]],
                                                                 "Natalie": [["blue"]]}})
    refused(game, "Anna uses thief with Paul, 1, 1", "thief-steal")  # not a player
    refused(game, "Anna uses thief with Natalie, 2, 1", "thief-steal")  # Natalie has no bean in field 2
    refused(game, "Anna uses thief with Natalie, 1", "thief-steal")  # the field to plant it on is missing
    refused(game, "Anna uses thief with Natalie, 1, 3, Greg", "thief-steal")  # more choices than asked for
    refused(game, "Anna uses stink", None)  # a card with no ability
    before = snapshot(game)
    game.apply("Anna uses thief with none")  # an optional choice passed: nothing happens but the use
    assert json.loads(snapshot(game))["fields"] == json.loads(before)["fields"]


def test_the_notation_round_trips():
    for line in ("Anna uses magpie", "Anna uses magpie steal with Natalie, 2, 1, Greg, 1, 3",
                 "Greg uses kenia swap on 2", "Anna uses thief with none", "Anna uses field-bean on 12"):
        action = parse_action(line)
        assert isinstance(action, UseAbility) and action.notation() == line
    assert parse_action("Anna plants field-bean in 2").bean == "field-bean"  # a zone word inside a bean id


def test_a_bot_game_with_abilities_replays_from_its_record():
    model = compile_spec("anniversary/magpie")
    for seed in range(3):
        game = Game(model, 4, seed=seed)
        play_out(game, {p: make_bot(("random", "greedy")[i % 2], seed=f"{seed}:{i}")
                        for i, p in enumerate(game.players)})
        record = make_record("anniversary/magpie", model, game, seed)
        if any(line.startswith(tuple(f"{p} uses" for p in game.players)) for line in game.history):
            assert replay(json.loads(json.dumps(record)), model).ok
            return
    pytest.fail("no game of three used the magpie")


def test_a_do_statement_on_an_event_runs_when_it_happens():
    """A core ``do`` on an event (no sentence says one yet): when a stink field is harvested,
    the active player gets a field while they have fewer than four."""
    model = compile_spec("classic")
    game = Game.from_partial(model, PLAYERS, {"phase": "plant", "fields": {"Anna": [["stink", "stink"]]}})
    rule = {"id": "stink-field", "kind": "note", "provenance": {}}
    statement = Do(When("harvested", "stink", None), Compare(FieldsOf(ActivePlayer()), "<", Number(4)),
                   AddField(ActivePlayer(), 1))
    triggers = compile_triggers(model, [(rule, statement)], {"stink-field": RuleRef("stink-field", None)}, 3)
    rs = game.ruleset.__class__(**{**game.ruleset.__dict__, "triggers": triggers})
    events: list = []
    fire(rs=rs, state=game.state, event="harvested", player=seat(game.state, "Anna"), bean="stink", events=events, cards=2, field=0)
    fire(rs=rs, state=game.state, event="harvested", player=seat(game.state, "Anna"), bean="red", events=events, cards=2, field=0)
    assert len(zone_of(game.state, "fields", "Anna")) == 4 and [e["event"] for e in events] == ["ability", "field-added"]
    fire(rs=rs, state=game.state, event="harvested", player=seat(game.state, "Anna"), bean="stink", events=events, cards=2, field=0)
    assert len(zone_of(game.state, "fields", "Anna")) == 4  # the condition no longer holds


def test_bots_use_abilities_and_games_end(thief):
    for seed in range(3):
        game = Game(thief, 3, seed=seed)
        play_out(game, {p: RandomBot(seed=f"{seed}:{i}") for i, p in enumerate(game.players)})
        assert game.is_over and game.winners()


def test_the_terminal_help_shows_the_use_action():
    from beanrules.engine.terminal import help_text
    assert "uses magpie with Natalie, 1, 2" in help_text(("blue",), "Natalie", cards=("magpie",))
    assert "uses" not in help_text(("blue",), "Natalie")


def test_the_action_notation_page_documents_uses():
    page = (Path(__file__).parents[2] / "docs" / "actions.md").read_text(encoding="utf-8")
    assert "uses magpie with Natalie, 1, 2" in page


# The refused specs whose fault is a rule or the rulebook, not a card: what .rule names (None:
# no one rule, as for a rulebook without phases).
NOT_A_CARD = {"refused-leftovers-to-opponent": "leave-for-opponent", "refused-no-phase": None}
VARIANTS = Path(__file__).parents[2] / "conformance" / "variants"
REFUSED = sorted(p for p in VARIANTS.glob("refused-*.bean") if p.stem not in NOT_A_CARD)


def _refusal(spec: Path) -> tuple[dict, UnsupportedRule]:
    model = compile_spec(str(spec), playable=False)
    with pytest.raises(UnsupportedRule) as info:
        Game(model, players=["Anna", "Natalie", "Greg"], seed=0)
    return model, info.value


@pytest.mark.parametrize("stem", sorted(NOT_A_CARD))
def test_a_refused_rule_names_the_rule(stem):
    _, refusal = _refusal(VARIANTS / f"{stem}.bean")
    assert (refusal.rule, refusal.card) == (NOT_A_CARD[stem], None)


@pytest.mark.parametrize("spec", REFUSED, ids=[p.stem for p in REFUSED])
def test_a_refused_ability_names_its_card(spec):
    """UnsupportedRule names what to fix: `.rule` for a rule, `.card` for a card's ability
    (docs/engine-contract.md), so a tool built on the engine can point at it."""
    model, refusal = _refusal(spec)
    carded = [b["id"] for b in model["beans"] if core_card(b).abilities]
    if not carded:  # a rule's own step on a card event (refused-choice-in-a-rules-step.bean): the rule
        assert refusal.card is None and refusal.rule in {r["id"] for r in model["rules"]}
        return
    assert refusal.rule is None and refusal.card in carded, (refusal.rule, refusal.card, carded)
