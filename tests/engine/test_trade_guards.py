"""Trading judged by its rules' conditions (engine/trade_guards.py, docs/core.md "How a trade
is judged"), and the listing of proposals specialised for them (legal._lister).

The interpreter judges every proposal and answer by the guards; until the switch this file held
them to the readings (engine/readings.py) on every state bots reach, and they agreed in every
spec and variant. What it holds now is the specialisation: where every rule judges a deal by
who makes it with whom, whose turn it is and its size (`TradeGuards.by_turn`), or reads the state
besides but no card of the deal (every rule on trading: trade_guards.compile_guards refuses
another), the listing judges once per zone and partner; that listing must be exactly the
proposals the same rules accept when each is judged on its own (`_one_by_one`, by the engine's
check of a proposal), on every state bots reach."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, legal, trading
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.errors import IllegalAction, Stalled

from bot_states import SPECS, Watching
from by_name import seat, zone_of
from start_player_variant import start_player_variant

ROOT = Path(__file__).resolve().parents[2]


# Three specs of different trading rules play a short game in the test command (the proposals
# judged one by one cost a check each): classic, a rule by turn (gifts-own-turn) and one that reads
# the hands (keep-two: by_zone, not by_turn); every spec and test variant plays longer games under
# `-m sweep`.
QUICK = ("classic", str(ROOT / "conformance/variants/gifts-own-turn.bean"),
         str(ROOT / "conformance/variants/keep-two.bean"))
CASES = [pytest.param(spec, 0, 60, id=f"{Path(spec).stem if spec.endswith('.bean') else spec}-short")
         for spec in QUICK] \
    + [pytest.param(spec, seed, 1_000, id=f"{Path(spec).stem if spec.endswith('.bean') else spec}-{seed}",
                    marks=pytest.mark.sweep) for spec in SPECS for seed in (0, 1)]


def _listed(rows: tuple) -> set:
    out = set()
    for partner, give, from_offer, gift, offer, hand in rows:
        for g, bean in enumerate(give):
            zone = "offer" if g < from_offer else "hand"
            out |= {(partner, zone, bean, None)} if gift else set()
            out |= {(partner, zone, bean, ("offer", b)) for b in offer} | {(partner, zone, bean, ("hand", b)) for b in hand}
    return out


def _one_by_one(rs, state, player: str) -> tuple:
    """The rows of the one-card proposals `player` may make, each judged on its own: every card
    either side holds, offered and asked for, kept where the engine's check of the proposal
    accepts it (an ask for a hand card made at once: only a card the partner holds)."""
    unplantable = rs.unplantable
    beans = tuple(b for b in rs.beans if b not in unplantable)

    def distinct(cards: list) -> tuple:
        return tuple(dict.fromkeys(c for c in cards if c not in unplantable))
    out = []
    offer, hand = distinct(state.offer), distinct(zone_of(state, "hands", player))
    for partner in (p for p in state.players if p != player):
        for g, bean in enumerate(offer + hand):
            card = ("offer" if g < len(offer) else "hand", bean)
            for asked in ((), *((("offer", b),) for b in offer), *((("hand", b),) for b in beans)):
                proposal = {"from": player, "to": partner, "give": [dict(zip(("zone", "bean"), card))],
                            "take": [dict(zip(("zone", "bean"), a)) for a in asked]}
                try:
                    trading.check_propose_cards(state, rs, proposal)
                except IllegalAction:
                    continue
                if asked and asked[0][0] == "hand" and not trading.waits(state, rs, proposal) \
                        and asked[0][1] not in zone_of(state, "hands", partner):
                    continue
                out.append((partner, (bean,), int(card[0] == "offer"), not asked,
                            (asked[0][1],) if asked[0:1] and asked[0][0] == "offer" else (),
                            (asked[0][1],) if asked[0:1] and asked[0][0] == "hand" else ()))
    return tuple(out)


def _compare(spec: str | dict, seed: int, length: int, turns: set[bool] | None = None) -> int:
    """How many listings of the states bots reach were compared (a spec's name or path, or its
    model); `turns` gets, for each state compared, whether it was the start player's turn."""
    try:
        model = compile_spec(spec) if isinstance(spec, str) else spec
    except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
        pytest.skip("the spec does not compile, on purpose")
    compared = 0
    for players in sorted({model["players"]["min"], model["players"]["max"]}):
        game = Game(model, [f"P{i}" for i in range(players)], seed=seed)
        guards = trading.guards_of(game.ruleset)
        if guards is None:
            pytest.skip("no trading")
        listing = legal._lister(game.ruleset, guards)
        by_zone = legal._lister(game.ruleset, replace(guards, by_turn=False))  # anew in each state

        def check(game: Game) -> None:
            nonlocal compared
            state = game.state
            if state.over or state.decision is not None or game.ruleset.phase(state.phase).trade is None:
                return
            for p in state.players:  # (the listers read the state by seat; a row names the partner)
                expected = _listed(_one_by_one(game.ruleset, state, p))
                at = seat(state, p)
                assert _listed(listing(state, at)) == expected == _listed(by_zone(state, at)), \
                    f"{p} in turn {state.turn}, phase {state.phase}"
                compared += 1
            if turns is not None:
                turns.add(state.active == state.start_player)

        bots = {p: Watching(make_bot("greedy" if i % 2 else "random", seed, trades=True), check)
                for i, p in enumerate(game.players)}
        try:
            play_out(game, bots, max_actions=length, keep_events=False)
        except Stalled:  # a short game: the states reached so far are compared
            pass
    return compared


@pytest.mark.parametrize("spec,seed,length", CASES)
def test_the_listing_by_zone_is_the_proposals_the_rules_accept_one_by_one(spec, seed, length):
    assert _compare(spec, seed, length) > 10


@pytest.mark.parametrize("seed,length", [(0, 40), *(pytest.param(seed, 1_000, marks=pytest.mark.sweep)
                                                     for seed in (0, 1))])
def test_a_guard_naming_the_start_player_is_listed_by_zone_as_judged_one_by_one(seed, length):
    """The start player's guard (tests/start_player_variant.py: no gifts while it is not the
    start player's turn) reads the state but no card of the deal: listed once per zone, as the
    one-by-one judgement lists it, in the start player's turns and in the others' (a short game
    in the test command, two long ones under `-m sweep`)."""
    with start_player_variant() as model:
        assert trading.guards_of(Game(model, 3, seed=seed).ruleset) is not None
        turns: set[bool] = set()
        assert _compare(model, seed, length, turns) > 10
        assert turns == {True, False}


@pytest.mark.parametrize("who,condition", [("active", None), ("any", "own turn")])
def test_a_permit_of_trading_of_another_shape_is_refused_by_name(who, condition):
    """Which phase trades is a permit of trading during it (what a side may trade, with whom and
    when, is the forbids' and allows'); a permit only some players have, or one under a
    condition, the guards would play as if every player had it always: it is refused, naming
    its rule and saying why, rather than played as another rule."""
    from beanrules.core import actors, conditions, effects, statements, timing
    from beanrules.engine.errors import RuleRef, UnsupportedRule
    from beanrules.engine.trade_guards import compile_guards
    player = actors.ActivePlayer() if who == "active" else actors.AnyPlayer()
    cond = conditions.TurnOf(actors.Bound("player")) if condition else None
    permit = statements.Permit(player, effects.Trade(actors.Bound("player"), actors.Bound("partner"), None, None),
                               timing.During("trade", False), cond, False, None, None)
    with pytest.raises(UnsupportedRule, match="rule 'odd-trade': .*a permit of trading lets any player trade"):
        compile_guards([(RuleRef("odd-trade", None), permit)])
    plain = replace(permit, player=actors.AnyPlayer(), condition=None)
    assert compile_guards([(RuleRef("trade", None), plain)]).phases == frozenset({"trade"})
