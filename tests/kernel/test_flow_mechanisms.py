"""The flow mechanisms Kannibohne needs, each served by the kernel (no fallback) in a small test
variant without Kannibohne's card mechanisms, and each compared with the interpreter on
identical random streams (every action and state, the scores and winners; random and greedy
bots, trading on and off; the smallest and largest player count of the variant, those between
under `pytest -m sweep`; the generated loop too), in games shown to use the mechanism:

- hand-limit.bean: the hand limit, which cuts phase 4's draw and is tried against taking the
  discard pile's top card in phase 1 (engine/requirements.py on the kernel's state);
- draws.bean: draws one card at a time as the player's actions, owed as far as the hand limit
  lets the hand take them, between takes of the discard's top card; an end by a number of coin
  cards, as soon as a player has them (engine/draw_moves.py, kernel/tally.py);
- thalers.bean: coins written down on a counter, the first to a target winning whatever the end
  still brings, draws the player may stop early, single beans protected while a field is empty
  (kernel/tally.py);
- leftovers.bean: optional plantings and a step as a phase ends (what is left goes to the
  opponent), with trading (machine.py, fast.py);
- kannibohne-flow.bean: Kannibohne's rules with plain cards only, all of the above together.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pytest

from beanrules.engine import Game
from beanrules.engine.actions import DrawCard, EndPhase, MoveCard
from beanrules.kernel import kernel_for, kernel_reason, play

from kernel_differential import compared, ends_and_seeds, ends_first, first_difference, seed_ranges, sweep
from test_served_mechanisms import counts, model, unlike_the_specs
from by_name import by_player, counter, fixed_winners, whose_turn, zone_of

HERE = Path(__file__).parent
HAND_LIMIT, DRAWS, THALERS, LEFTOVERS, FLOW = (str(HERE / f"{name}.bean") for name in (
    "hand-limit", "draws", "thalers", "leftovers", "kannibohne-flow"))
VARIANTS = (HAND_LIMIT, DRAWS, THALERS, LEFTOVERS, FLOW)
# Their player counts, written here so that collecting the file compiles none of them
# (test_served_mechanisms.PLAYERS says why; the test below holds them to the variants).
PLAYERS = {HAND_LIMIT: (3, 5), DRAWS: (3, 5), THALERS: (3, 5), LEFTOVERS: (2, 2), FLOW: (2, 2)}
SERVED = [(path, n) for path in VARIANTS for n in counts(path, PLAYERS)]
IDS = [f"{Path(path).stem}-{n}p" for path, n in SERVED]


def test_the_player_counts_written_here_are_the_variants():
    assert unlike_the_specs(PLAYERS, model) == []


@pytest.mark.parametrize("path,players", SERVED, ids=IDS)
def test_the_kernel_serves_it(path, players):
    assert kernel_reason(model(path), players, ["random", "greedy"]) is None
    kernel_for(model(path), players)  # compiles, no fallback


@pytest.mark.parametrize("players,seeds", ends_and_seeds(counts(HAND_LIMIT, PLAYERS), 1, 2))
def test_the_hand_limit_cuts_draws_and_takes(players, seeds):
    m = model(HAND_LIMIT)
    seen = {"cut": 0, "full": 0, "took": 0}

    def watch(game: Game, action: Any, events: list[dict]) -> None:
        state = game.state
        for e in events:  # phase 4's three cards, fewer because the hand reached its limit
            if e["event"] == "drew" and e["cards"] < 3 and len(zone_of(state, "hands", e["player"])) == 5 and state.deck:
                seen["cut"] += 1
        if type(action) is MoveCard:
            seen["took"] += 1
        if not state.over and state.phase == "plant" and state.discard and len(zone_of(state, "hands", whose_turn(state))) == 5 \
                and all(turn != state.turn for turn, _ in state.moved.values()):
            seen["full"] += 1  # the discard's top card is there, but the hand may not take it
            assert not any(type(a) is MoveCard for a in game.legal_actions(whose_turn(state)))
    compared(m, players, seeds, watch)
    assert seen["cut"] and seen["full"] and seen["took"], seen


@pytest.mark.parametrize("players,seeds", ends_and_seeds(counts(DRAWS, PLAYERS), 1, 2))
def test_draws_one_at_a_time_owed_as_far_as_the_hand_may_take_them(players, seeds):
    m = model(DRAWS)
    seen = {"draws": 0, "between": 0, "short": 0}
    turn = {"turn": 1, "active": None, "drawn": 0}

    def watch(game: Game, action: Any, events: list[dict]) -> None:
        state = game.state
        if action is None:  # a new game
            turn.update(turn=state.turn, drawn=0)
        if state.turn != turn["turn"]:  # a turn ended: fewer than three drawn, the hand full
            seen["short"] += turn["drawn"] < 3 and len(zone_of(state, "hands", turn["active"])) == 6 and bool(state.deck)
            turn.update(turn=state.turn, drawn=0)
        turn["active"] = whose_turn(state)
        if type(action) is DrawCard:
            seen["draws"] += 1
            turn["drawn"] += 1
        elif type(action) is MoveCard and 0 < turn["drawn"] < 3:
            seen["between"] += 1  # the discard's top card taken between two draws
        if state.over and state.exhaustions < 3:
            assert max(len(c) for c in by_player(state, "coins").values()) >= 8  # ended by the coin target
    compared(m, players, seeds, watch)
    assert seen["draws"] and seen["between"] and seen["short"], seen
    # an end by 8 coin cards as soon as a player has them, in a game compared
    compared_where(m, players, lambda g: g.exhaustions < 3 and max(len(c) for c in g.coins) >= 8)


def compared_where(m: dict, players: int, happens: Callable[[Any], bool]) -> None:
    """Compare with the interpreter the first game (seeds 0 to 39, greedy bots, then random
    ones, no trading) in which the kernel's final state shows that something `happens`."""
    machine = kernel_for(m, players)
    found = next(((seed, bots) for seed in range(40) for bots in (["greedy"], ["random"])
                  if happens(play(machine, seed, bots * players, trades=False).state)), None)
    assert found is not None, "no game of 40 shows it"
    assert first_difference(m, players, found[0], found[1], False) is None


@pytest.mark.parametrize("players", ends_first(counts(THALERS, PLAYERS)))
def test_thalers_written_down_and_the_first_to_the_target_wins(players):
    m = model(THALERS)
    seen = {"stopped": 0, "protected": 0, "paid": 0}
    drawn = [0]

    def watch(game: Game, action: Any, events: list[dict]) -> None:
        state = game.state
        seen["paid"] += sum(1 for e in events if e["event"] == "harvested" and e.get("counter") == "thalers")
        if action is None:  # a new game
            drawn[0] = 0
        elif type(action) is DrawCard:
            drawn[0] += 1
        elif type(action) is EndPhase and action.what == "phase":
            seen["stopped"] += drawn[0] < 3 and bool(state.deck)  # the player stopped drawing early
            drawn[0] = 0
        for fields in by_player(state, "fields").values():  # a single bean that an empty field protects
            if any(len(f) == 1 for f in fields) and any(not f for f in fields) and all(len(f) < 2 for f in fields):
                seen["protected"] += 1
        if state.over and fixed_winners(state) is not None:
            assert all(counter(state, "thalers", p) >= 6 for p in fixed_winners(state))
            assert all(c == [] for c in by_player(state, "coins").values())  # no coin cards: written down
    compared(m, players, range(2), watch)
    assert seen["paid"] and seen["stopped"] and seen["protected"], seen
    # a game won by whoever first reached the target (not necessarily the most thalers at the end)
    compared_where(m, players, lambda g: g.winners is not None)


@pytest.mark.parametrize("path", [LEFTOVERS, FLOW])
@pytest.mark.parametrize("seeds", seed_ranges(1, 3))
def test_optional_plantings_and_cards_left_to_the_opponent(path, seeds):
    m = model(path)
    seen = {"left": 0, "moved": 0}

    def watch(game: Game, action: Any, events: list[dict]) -> None:
        state = game.state
        if type(action) is EndPhase and action.what == "phase" and any(
                e["event"] == "moved" and e["from_zone"] == "offer" and e["to_zone"] == "set-aside" for e in events):
            seen["left"] += 1  # the player ended phase 3 with cards unplanted: they went to the opponent
        seen["moved"] += any(e["event"] == "discarded" for e in events) and not state.over
    compared(m, 2, seeds, watch)
    assert seen["left"] and seen["moved"], seen


@pytest.mark.kernel_sweep
@pytest.mark.parametrize("path,players", SERVED, ids=IDS)
def test_sweep(path, players):
    sweep(model(path), players, int(os.environ.get("BEANRULES_KERNEL_SEEDS", "40")))


def test_the_generated_code_of_the_variants_holds_no_spec_text():
    import ast

    from beanrules.kernel.fast import end_phase_source, source
    for path, players in SERVED:
        machine = kernel_for(model(path), players)
        code = source(machine) + end_phase_source(machine)
        strings = {n.value for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not strings & (set(machine.phase_ids) | set(machine.bean_names)), path


def test_a_hand_limit_the_kernel_would_not_try_everywhere_is_refused_by_name(tmp_path):
    # Traded cards that go into the hand (not set aside) would pass the limit untried: the
    # interpreter plays such rules (and refuses the trade that breaks it).
    spec = tmp_path / "traded-into-hand.bean"
    spec.write_text('rulebook traded-into-hand "Traded cards into the hand"\n  extends classic\n'
                    '  source lang "The beanrules rules language"\n'
                    'hand limit 6   § lang "Setup"\n'
                    'phase trade\n  remove rule traded-cards-set-aside\n')
    from beanrules import compile_spec
    assert "with trades into the hand" in kernel_reason(compile_spec(str(spec)), 3)
    assert kernel_reason(model(HAND_LIMIT), 3) is None
