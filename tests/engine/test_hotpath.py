"""The interpreter's hot path (engine/hotpath.py) against the reference functions.

For every shipped spec, at every step of a random game: the per-phase closures list the same
legal actions in the same order as legal.listed_in_full (legal_actions as it asks about every
mechanism on every call: each phase's compiled listing, legal.compiled_listing, is held to it
here, and by the reference game) and say the same about whom the game
waits for as legal.next_to_act (phase completion is one closure for both paths,
tests/engine/test_obligations.py); and an action carried out by the trusted apply (picked from
the listing) leaves the same state and events as the same action checked in full (an equal
action built anew, which apply does not trust).
"""
from __future__ import annotations

import copy

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, IllegalAction
from beanrules.engine import hotpath
from beanrules.engine.actions import CardRef, EndPhase, Harvest, Plant, Propose, Respond
from beanrules.engine.bots import RandomBot, play_out
from beanrules.engine.legal import legal_actions, listed_in_full, next_to_act
from beanrules.resolve.compiler import list_specs

SPECS = list_specs()
_MODELS: dict[str, dict] = {}


def model(name: str) -> dict:
    return _MODELS.get(name) or _MODELS.setdefault(name, compile_spec(name))


def counts(name: str) -> list[int]:
    players = model(name)["players"]
    return sorted({players["min"], players["max"]})




def reference_game(m: dict, players: int, seed: int) -> Game:
    """A game whose plan is the reference functions throughout: listing, completion, whom it
    waits for, the phase transitions (flow._enter, deck.ending), and nothing trusted."""
    original = hotpath.plan_for
    hotpath.plan_for = lambda rs: hotpath.Plan(rs, reference="the reference, for comparison")
    try:
        game = Game(m, players, seed=seed)
    finally:
        hotpath.plan_for = original
    assert game.plan.trusted == {} and game.plan.steps is game.plan.reference_steps
    return game


def lockstep(m: dict, players: int, seed: int, trades: bool, limit: int = 2000) -> int:
    """Play one random game twice in step: `fast` lists through the game (so apply trusts the
    bot's pick, proposals included) and changes phases by the compiled transitions, `checked`
    gets an equal copy of each action (so apply checks it in full) and changes phases by the
    reference functions. Asserts the closures against the reference functions before every
    action, and equal states and events after it. Returns the number of actions."""
    fast, checked = Game(m, players, seed=seed), reference_game(m, players, seed)
    assert fast.start_events == checked.start_events and fast.state_json() == checked.state_json()
    bots = {p: RandomBot(seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(fast.players)}
    for count in range(limit):
        state, rs = fast.state, fast.ruleset
        if state.over:
            return count
        for p in state.players:
            listed = listed_in_full(state, rs, p, trades)
            assert fast.legal_actions(p, trades) == listed == legal_actions(state, rs, p, trades), (count, p)
            if trades:  # the lazily built proposals: as many as are listed, the same ones
                space = fast.proposals(p)
                assert len(space) == sum(type(a) is Propose for a in listed), (count, p)
                assert [space[i] for i in range(0, len(space), 7)] == \
                    [a for a in listed if type(a) is Propose][::7], (count, p)
        player = next_to_act(state, rs)
        if state.decision is None:
            closures = fast.plan.by_id[state.phase]
            assert closures.waiter(state) == player, count
        action = bots[player].choose(fast, player)
        events = fast.apply(action)
        again = copy.copy(action)
        assert again == action and again is not action
        assert checked.apply(again) == events, (count, action)
        assert fast.state_json() == checked.state_json(), (count, action)
    return limit


# By spec, its smallest and largest player count in the test: a parametrization by count would
# compile every spec at collection, in every xdist worker, to read its counts.
@pytest.mark.parametrize("name", SPECS)
def test_closures_and_trusted_apply_match_the_reference(name):
    for players in counts(name):
        trades = players % 2 == 0  # both modes over the specs' smallest and largest counts
        assert lockstep(model(name), players, seed=players, trades=trades) > 0, players


def test_a_playout_is_the_same_game_as_before():
    """play_out (the closures, the trusted apply, no events kept) plays the game the checked
    path plays: same actions, same final state."""
    m = model("classic")
    fast = Game(m, 4, seed=11)
    play_out(fast, {p: RandomBot(seed=f"11:{i}", trades=True) for i, p in enumerate(fast.players)},
             keep_events=False)
    replayed = Game(m, 4, seed=11)
    for action in fast.actions:
        replayed.apply(copy.copy(action))
    assert replayed.state_json() == fast.state_json() and fast.is_over


def _game_in_planting() -> Game:
    game = Game(model("classic"), 4, seed=3)
    assert game.state.phase == "plant" and game.state.planted == 0
    return game


def test_an_illegal_action_after_a_listing_is_checked_and_leaves_the_state():
    game = _game_in_planting()
    anna = game.state.active
    listed = game.legal_actions(anna)
    before = game.state_json()
    front = game.state.hands[anna][0]
    wrong = next(b for b in game.ruleset.beans if b != front)
    for action in (Plant(anna, wrong, 1), Harvest(anna, 1), EndPhase(anna, "trading")):
        assert action not in listed
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.state_json() == before


def test_a_listing_holds_only_until_the_next_action():
    """A listed action applied after another action is checked in full (here: a plant from an
    emptied hand is refused)."""
    game = _game_in_planting()
    anna = game.state.active
    plants = [a for a in game.legal_actions(anna) if isinstance(a, Plant)]
    game.apply(plants[0])
    game.state.hands[anna][:] = []  # nothing left in hand: no further plant is legal
    before = game.state_json()
    with pytest.raises(IllegalAction):
        game.apply(plants[0])  # the stale listing is no licence
    assert game.state_json() == before


def test_a_listing_does_not_outlive_a_change_the_caller_makes_to_its_copy():
    game = _game_in_planting()
    anna = game.state.active
    listed = game.legal_actions(anna)
    listed.append(Harvest(anna, 1))  # a field holding nothing: not legal
    before = game.state_json()
    with pytest.raises(IllegalAction):
        game.apply(listed[-1])
    assert game.state_json() == before


def test_an_unknown_mechanism_sends_the_plan_to_the_reference_functions(monkeypatch):
    """A Ruleset field the hot path does not know, holding a value, makes the plan use the
    reference functions and trust nothing (how-to-play has a field to buy: drop it from the
    known fields as if it were new)."""
    m = model("how-to-play")
    known = dict(hotpath.KNOWN_FIELDS)
    rs_type = next(t for t in known if t.__name__ == "Ruleset")
    monkeypatch.setitem(hotpath.KNOWN_FIELDS, rs_type, known[rs_type] - {"buy_field"})
    from beanrules.engine.compiler import compile_ruleset
    plan = hotpath.Plan(compile_ruleset(m, 4))  # built apart: the cached plans stay as they are
    assert plan.reference == "the rules: buy_field" and plan.trusted == {}
    monkeypatch.setattr(hotpath, "plan_for", lambda ruleset: plan)
    assert lockstep(m, 4, seed=5, trades=True, limit=300) > 0


def test_the_known_fields_are_the_fields_of_the_compiled_rules():
    """Every field KNOWN_FIELDS names exists (a renamed field would silently stay 'known'); a
    spec the closures do not serve names the field that stops them; the benchmarks' specs are
    served by them."""
    import dataclasses
    for kind, names in hotpath.KNOWN_FIELDS.items():
        assert names <= {f.name for f in dataclasses.fields(kind)}, kind.__name__
    known = set().union(*hotpath.KNOWN_FIELDS.values())
    for name in SPECS:
        for n in counts(name):
            reason = hotpath.plan_for(Game(model(name), n, seed=0).ruleset).reference
            assert reason is None or reason.split(": ")[-1] not in known, (name, n, reason)
    for name in ("classic", "how-to-play"):
        assert hotpath.plan_for(Game(model(name), 4, seed=0).ruleset).reference is None


def _game_in_trading() -> Game:
    game = _game_in_planting()
    while game.state.phase != "trade":
        game.apply(game.listed(game.state.active, False)[0])
    assert game.state.offer and not game.state.proposals
    return game


def test_the_proposal_space_is_the_listed_proposals_built_one_at_a_time():
    from beanrules.engine.legal import proposals
    game = _game_in_trading()
    for player in game.players:
        space = game.proposals(player)
        listed = proposals(game.state, game.ruleset, player)
        assert len(space) == len(listed) > 0
        assert list(space) == listed and space[-1] == listed[-1] and space[2:5] == listed[2:5]
        with pytest.raises(IndexError):
            space[len(listed)]
    game.apply(EndPhase(game.state.active, "trading"))
    assert len(game.proposals(game.state.active)) == 0  # no trading in this phase


def test_a_proposal_the_game_built_is_trusted_and_any_other_is_checked(monkeypatch):
    """A proposal built by Game.proposals for this state is carried out without the full check;
    an equal one built anew, or one built before another action, goes through it."""
    game = _game_in_trading()
    anna = game.state.active
    game.listed(anna, False)  # as the random bot asks: its listing first, then the proposals
    space = game.proposals(anna)
    built = space[0]

    def no_check(action, events):
        raise AssertionError(f"checked in full: {action}")
    monkeypatch.setattr(game, "_checked_move", no_check)
    game.apply(built)
    assert [p["id"] for p in game.state.proposals] == [1]
    again = game.proposals(anna)[0]
    with pytest.raises(AssertionError, match="checked in full"):
        game.apply(copy.copy(again))  # equal, not the very object: checked
    monkeypatch.undo()
    stale = game.proposals(anna)[0]
    game.apply(EndPhase(anna, "trading"))  # the proposals lapse, trading is over
    before = game.state_json()
    with pytest.raises(IllegalAction, match="no trading"):
        game.apply(stale)
    assert game.state_json() == before


def test_a_listed_answer_is_trusted_and_matches_the_checked_one():
    """Answers listed to a proposal (accept, reject, withdraw) carry out as their checked
    copies do, in two games played alike."""
    for verb in ("accepts", "rejects", "withdraws"):
        fast, checked = _game_in_trading(), _game_in_trading()
        anna = fast.state.active
        for game in (fast, checked):
            partner = next(p for p in game.players if p != anna)
            game.apply(Propose(anna, partner, (CardRef(game.state.offer[0], "offer"),), ()))
        who = anna if verb == "withdraws" else partner
        answer = next(a for a in fast.legal_actions(who) if isinstance(a, Respond) and a.verb == verb)
        assert fast.apply(answer) == checked.apply(copy.copy(answer))
        assert fast.state_json() == checked.state_json() and not fast.state.proposals
