"""The engine runs the core: phase steps, the deck running out, the end, scores, the winner
and tie-breaks come from core statements through one generic evaluator."""
from __future__ import annotations

import copy

import pytest

from beanrules.core.actors import ActivePlayer, AllPlayers, Bound, EachPlayer, Neighbour, StartPlayer
from beanrules.core.conditions import AllOf, Compare, InPhase, Not, TurnOf
from beanrules.core.effects import EndGame
from beanrules.core.places import Zone
from beanrules.core.quantities import (ByPlayers, Count, DeckRunOuts, Number, PlayersCase, SeatDistance, Sum,
                                      Times, TypesIn)
from beanrules.engine import Game, UnsupportedRule
from beanrules.engine import evaluate

from engine_helpers import PLAYERS
from by_name import put, seat


def _state(classic, partial):
    return Game.from_partial(classic, PLAYERS, partial).state


def test_numbers_and_conditions_read_the_state(classic):
    state = _state(classic, {"hands": {"Anna": ["red", "soy"], "Greg": ["blue"]}, "exhaustions": 2,
                             "start_player": "Natalie", "active": "Natalie"})
    hand = Count(Zone("hand", Bound("player")), None)
    score = evaluate.number(Sum((Times(3, hand), DeckRunOuts())))
    assert [score(state, {"player": seat(state, p)}) for p in PLAYERS] == [8, 2, 5]
    distance = evaluate.number(SeatDistance(Bound("player"), StartPlayer(), "clockwise"))
    assert [distance(state, {"player": seat(state, p)}) for p in PLAYERS] == [2, 0, 1]
    active_hand = Count(Zone("hand", ActivePlayer()), None)
    test = evaluate.condition(AllOf((Compare(DeckRunOuts(), ">=", Number(2)),
                                     Not(Compare(active_hand, ">", Number(0))))))
    assert test(state, {}) is True


@pytest.mark.parametrize("seats", [PLAYERS, [0, 1, 2, 3], ["Anna", "Greg"]])
def test_a_neighbour_is_the_next_seat_either_way_round(seats):
    """The player on the left sits one seat clockwise (seat-distance 1), the one on the right one
    seat counterclockwise, round the end of the seats; in a game of two both are the other player.
    The direction of play is not read: who sits where does not change with it. The players may
    be named (the engine's state) or the kernel's integers: the closures read seats either way."""
    state = type("Seats", (), {"players": list(seats)})()
    left, right = (evaluate.players_of(Neighbour(Bound("player"), side)) for side in ("left", "right"))
    clockwise = evaluate.number(SeatDistance(Bound("player"), Bound("from"), "clockwise"))
    for p in range(len(seats)):
        for direction in (1, -1):
            env = {"player": p, "direction": direction}
            (on_left,), (on_right,) = left(state, env), right(state, env)
            assert clockwise(state, {"player": on_left, "from": p}) == 1
            assert clockwise(state, {"player": p, "from": on_right}) == 1
            assert on_left != p and (on_left == on_right) == (len(seats) == 2)


def test_phase_and_turn_conditions(classic):
    state = _state(classic, {"phase": "trade", "active": "Greg"})
    assert evaluate.condition(InPhase("trade"))(state, {}) and not evaluate.condition(InPhase("plant"))(state, {})
    whose = evaluate.condition(TurnOf(Bound("player")))
    assert [whose(state, {"player": seat(state, p)}) for p in PLAYERS] == [False, False, True]


def test_a_value_by_player_count_resolves_the_named_case_before_otherwise():
    value = ByPlayers((PlayersCase(None, None, Number(5)), PlayersCase(6, 7, Number(3))))
    assert evaluate.for_players(value, 6) == Number(3)
    assert evaluate.for_players(value, 4) == Number(5)
    unresolved = evaluate.for_players(ByPlayers((PlayersCase(3, 3, Number(1)),)), 4)
    with pytest.raises(UnsupportedRule, match="no value for this many players"):
        evaluate.number(unresolved)


def test_a_node_the_engine_does_not_run_is_refused_by_name():
    with pytest.raises(UnsupportedRule, match="core effect 'end-game'"):
        evaluate.effect(EndGame())


def test_the_types_in_a_place_count_each_bean_type_once(classic):
    """A hand of blue, red, blue holds two types; an empty one none; every card of a player's
    fields counts, whatever field it lies in; a card that plays as a type counts as it, so a
    joker playing as red adds no type to a red hand (the ruleset bound as evaluate.RULES)."""
    state = _state(classic, {"hands": {"Anna": ["blue", "red", "blue"], "Natalie": []},
                             "fields": {"Greg": [["soy", "soy"], ["soy"], ["chili"]]}})
    hand = evaluate.number(TypesIn(Zone("hand", Bound("player"))))
    assert [hand(state, {"player": seat(state, p)}) for p in ("Anna", "Natalie")] == [2, 0]
    assert evaluate.number(TypesIn(Zone("field", Bound("player"))))(state, {"player": seat(state, "Greg")}) == 2
    put(state, "hands", "Natalie", ["red", "joker"])
    rules = type("Rules", (), {"plays_as": {"joker": "red"}})()
    assert hand(state, {"player": seat(state, "Natalie"), evaluate.RULES: rules}) == 1
    assert hand(state, {"player": seat(state, "Natalie")}) == 2  # (no ruleset bound: every card is its own type)


@pytest.mark.parametrize("owner", [EachPlayer(), AllPlayers()])
def test_a_zone_of_every_player_is_refused_as_the_rules_compile_not_in_play(owner):
    """Every player's hand is several lists, and an effect moves cards of one: the engine says so
    when it compiles the rules (which check runs), never in the middle of a game."""
    with pytest.raises(UnsupportedRule, match="names a zone of every player"):
        evaluate.zone_of(Zone("hand", owner))
    evaluate.zone_of(Zone("hand", ActivePlayer()))  # one player's zone compiles


def _with_rules(model, *rules):
    out = copy.deepcopy(model)
    for kind, params in rules:
        out["rules"].append({**out["rules"][-1], "id": kind + "-added", "kind": kind, "params": params})
    return out


def test_tie_breaks_apply_in_rule_order(classic):
    # most hand cards first, then the farthest seat: Anna and Natalie tie on coins and on hand
    # cards; Natalie sits farther from the start player.
    model = copy.deepcopy(classic)
    model["rules"] = [r for r in model["rules"] if r["id"] != "tie-break"]
    model = _with_rules(model, ("tie-most-hand-cards", {"by": "most-hand-cards"}),
                        ("tie-farthest-seat", {"by": "seat-distance-from-start", "direction": "clockwise"}))
    coins = {"Anna": ["red"], "Natalie": ["red"], "Greg": ["red"]}
    hands = {"Anna": ["soy"], "Natalie": ["soy"], "Greg": []}
    game = Game.from_partial(model, PLAYERS, {"coins": coins, "hands": hands, "over": True})
    assert game.winners() == ["Natalie"]


def test_without_a_winner_rule_nobody_wins(classic):
    model = copy.deepcopy(classic)
    model["rules"] = [r for r in model["rules"] if r["kind"] != "winner"]
    game = Game.from_partial(model, PLAYERS, {"coins": {"Anna": ["red"]}, "over": True})
    assert game.winners() == []
    assert game.scores() == {"Anna": 0, "Natalie": 0, "Greg": 0}  # coins score by the winner rule


def test_without_a_reshuffle_the_first_run_out_stops_the_deck(classic):
    model = copy.deepcopy(classic)
    model["rules"] = [r for r in model["rules"] if r["kind"] != "reshuffle"]
    game = Game.from_partial(model, PLAYERS, {"phase": "plant-traded", "offer": ["soy"],
                                              "deck": ["red"], "discard": ["green", "blue"]})
    game.apply("Anna plants soy")
    state = game.state_json()
    assert state["hands"]["Anna"] == ["red"] and state["discard"] == ["green", "blue"]
    assert state["shuffles"] == 0


# Words that name a sentence kind and also something else the engine must say: the keys of the
# state and of game records ("players", "fields"), the zone a card reference names ("zone") and
# the token and the counter an event names ("token", "counter").
_NOT_A_KIND_HERE = {"players", "fields", "zone", "token", "counter"}


def test_no_engine_module_names_a_sentence_kind():
    """The engine runs the core only: no module of it reads a rule's kind or names a sentence
    kind, so every rule plays by what its core statements say."""
    import ast
    from pathlib import Path

    from beanrules.desugar import REWRITES
    from beanrules.engine import ruleset

    assert not hasattr(ruleset, "_READ_BY_KIND") and not hasattr(ruleset, "_NOT_YET")
    kinds = set(REWRITES) - _NOT_A_KIND_HERE
    assert {"plant-from-hand", "trade", "protection", "payout", "start-player", "hand-order"} <= kinds
    modules = sorted(Path(ruleset.__file__).parent.glob("*.py"))
    assert len(modules) > 20
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in kinds, f"{module.name}:{node.lineno} names the kind '{node.value}'"
                assert node.value != "kind", f"{module.name}:{node.lineno} reads a rule's kind"
