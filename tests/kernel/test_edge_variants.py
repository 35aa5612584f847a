"""The test variants of conformance/variants/edges-8.yaml in both engines: the kernel plays them
exactly as the interpreter does (or would have to refuse them by name, which it need not).

- second-run-out.bean: two ends, the one written second coming first (the kernel's end test
  reads every end).
- hand-limit-trades.bean: a trade may take a hand past its limit; the kernel refuses it by name.
- kannibohne-frozen-gift.bean: card 15 forbids the opponent's harvests before its gift, so a
  gift no field takes cannot be given. The kernel once offered the harvest to make room all the
  same (kernel/plant_for.py did not ask the lasting forbid), so its bots used the card where the
  interpreter refuses it and the games parted (seed 0, at the 73rd action).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.kernel import kernel_reason

from kernel_differential import compared, fast_difference, first_difference, seed_ranges, trade_refusals
from by_name import seat, zone_of

VARIANTS = Path(__file__).parents[2] / "conformance" / "variants"
HERE = Path(__file__).parent


@pytest.mark.parametrize("variant,players", [("second-run-out.bean", 3), ("second-run-out.bean", 4),
                                             ("kannibohne-frozen-gift.bean", 2)])
@pytest.mark.parametrize("seeds", seed_ranges(1, 3))
def test_the_kernel_plays_the_variant_as_the_interpreter(variant, players, seeds):
    model = compile_spec(str(VARIANTS / variant))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    assert compared(model, players, seeds)


def test_a_hand_limit_with_trades_into_the_hand_is_refused_by_name():
    # hand-limit-trades.bean: a trade may take a hand past the limit, which the interpreter
    # refuses and undoes; the kernel does not try trades against the limit, so it says so.
    from beanrules.engine.simulate import choose_engine
    model = compile_spec(str(VARIANTS / "hand-limit-trades.bean"))
    reason = "rule 'hand-limit' with trades into the hand"
    assert reason in (kernel_reason(model, 3) or "")
    engine, why = choose_engine(model, 3, ["random"], keep_records=False)
    assert engine == "interpreter" and reason in (why or "")


def test_a_target_beside_the_deck_end_is_played_alike_and_both_ends_come():
    """first-to-twelve.bean at 3 players: the kernel plays the interpreter's games, and among
    them some end by the target (someone reached 12 before the deck's third run-out) and some
    by the deck (nobody had 12 as it ran out, and the turn was finished)."""
    from beanrules.engine import Game
    from beanrules.engine.actions import Harvest
    model = compile_spec(str(VARIANTS / "first-to-twelve.bean"))
    assert kernel_reason(model, 3, ["random", "greedy"]) is None
    by = {"target": 0, "deck": 0}

    def watch(game: Game, action, events: list) -> None:
        if game.state.over and action is not None:
            by["deck" if game.state.exhaustions >= 3 and not isinstance(action, Harvest) else "target"] += 1
    compared(model, 3, range(6), watch=watch)  # a difference fails inside
    assert by["target"] and by["deck"], by


def test_a_planting_guard_by_condition_is_played_alike_and_the_plant_it_takes_away_lapses():
    """full-fields.bean ("no player may plant while count of this field >= 4", a forbid-while):
    the kernel lists plants by the engine's judge and lets the required plant lapse by the
    engine's constraints, as the interpreter does (legal.stuck, lasting.waived). At 5 players
    some active player ends planting with the front card still in hand, every field full."""
    from beanrules.engine.actions import EndPhase
    model = compile_spec(str(VARIANTS / "full-fields.bean"))
    assert kernel_reason(model, 5, ["random", "greedy"]) is None
    lapses: list[tuple] = []

    def before(game, player, action) -> None:
        st = game.state
        front = game.ruleset.phase(st.phase).listers.front
        if type(action) is EndPhase and front is not None and st.planted < front.least and zone_of(st, "hands", player):
            lapses.append((st.turn, player))
    for seed in range(3):
        bots = ["random", "greedy"] if seed % 2 else ["greedy", "random"]
        assert first_difference(model, 5, seed, bots, seed % 2 == 0, full=seed == 0, before=before) is None, seed
    assert lapses


@pytest.mark.parametrize("spec", [VARIANTS / "big-harvests.bean", HERE / "trade-keeps-big-fields.bean"],
                         ids=lambda p: p.stem)
def test_a_harvest_guard_by_condition_is_played_alike(spec):
    """A house rule that forbids harvesting by a condition on the field harvested (and the
    phase): the kernel lists harvests by the engine's harvest judge (engine/harvest_guards.py)
    on its own fields, as the interpreter does, so both play the same games; and the games
    reached harvests the house rule refused."""
    model = compile_spec(str(spec))
    assert kernel_reason(model, 4) is None
    refused: list[str] = []

    def watch(game, action, events) -> None:
        state, rs = game.state, game.ruleset
        if state.over:
            return
        for player in state.players:
            for index, field in enumerate(zone_of(state, "fields", player)):
                guard = rs.harvest_judge.refusing(state, rs, seat(state, player), field, index) if field else None
                if guard is not None and guard.ref.id != "protection":
                    refused.append(guard.ref.id)
    compared(model, 4, range(3), watch=watch)  # a difference fails inside
    assert refused


@pytest.mark.parametrize("spec,players,who", [("classic", 4, "everyone"), ("kannibohne", 2, "active"),
                                              (str(HERE / "trade-keeps-big-fields.bean"), 4, "everyone")])
def test_the_harvest_judge_is_written_into_the_loop_and_plays_as_its_call(spec, players, who, monkeypatch):
    """The generated loop writes the harvest judge's listing into each phase that harvests
    (engine/harvest_guards.listing: the lines the judge's own `opened` runs), under the phase's
    permit: for everyone (classic's "harvest at any time") or only the active player
    (Kannibohne's own turn), with no call per decision. Where it cannot (a permit with a
    condition left, a judge by closures: here `listing` made to say so), the loop calls the
    phase's lister, and both loops play the same games."""
    from beanrules.kernel import fast, kernel_for, play
    machine = kernel_for(compile_spec(spec), players)
    code = fast.source(machine)
    assert "harvests_" not in code and "harvests.append(i)" in code
    assert ("if seat == g.active:" in code) is (who == "active")
    games = [play(machine, seed, ["random"] * players, trades=False) for seed in range(4)]
    monkeypatch.setattr(fast, "listing", lambda judge, state, out: None)
    assert "harvests = harvests_" in fast.source(machine)
    monkeypatch.setattr(machine, "random_loop", fast.compile_random_loop(machine)[0])
    for seed, inline in enumerate(games):
        called = play(machine, seed, ["random"] * players, trades=False)
        assert (called.scores, called.winners, called.actions) == (inline.scores, inline.winners, inline.actions)
        assert (called.state.fields, called.state.coins) == (inline.state.fields, inline.state.coins)


@pytest.mark.parametrize("variant,rule", [("gifts-own-turn.bean", "gifts-on-own-turn"),
                                          ("keep-two.bean", "keep-two")])
def test_a_guard_of_trading_by_condition_is_played_alike(variant, rule):
    """A house rule on trading by condition (a forbid-while): the kernel judges and lists trades
    by the engine's own trade guards on its state, so it plays these as the interpreter does.
    gifts-own-turn.bean refuses a gift off one's own turn (a rule by_turn, remembered per
    turn); keep-two.bean refuses every trade of a player or partner holding fewer than two
    cards (a condition on the hands: judged once per zone in each state, `by_zone`, and again as
    a proposal is answered). The games compared meet states in which the rule refuses a deal the player
    acting could otherwise make."""
    model = compile_spec(str(VARIANTS / variant))
    assert kernel_reason(model, 3, ["random", "greedy"]) is None
    before, refused = trade_refusals(rule, ((), (("hand", None),)))
    for seed in range(3):
        bots = ["random", "greedy"] if seed % 2 else ["greedy", "random"]
        assert first_difference(model, 3, seed, bots, True, full=seed == 0, before=before) is None, seed
        assert fast_difference(model, 3, seed + 500, ["random"], True) is None, seed
    assert refused
