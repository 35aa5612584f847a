"""Carrying out an action in its two modes (engine/acting.py): checked, and as listed.

For every shipped spec, at every step of a random game: the action the bot picked from the
listing (carried out as listed, with the check switched off) leaves the same state and events
as an equal action built anew (which apply checks in full); at every few steps, every listed
action of the player the game waits for, and a few of the proposals built for them, carried
out in either mode on copies of the state, is refused by neither and leaves the same state and
events. Both modes are one code: the same functions with the check bound on or off.
"""
from __future__ import annotations

import copy

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, IllegalAction, acting, transitions
from beanrules.engine.actions import CardRef, EndPhase, Harvest, Plant, Propose, Respond
from beanrules.engine.bots import RandomBot, play_out
from beanrules.engine.harvesting import harvester
from beanrules.engine.legal import next_to_act
from beanrules.resolve.compiler import list_specs
from by_name import seat, whose_turn, zone_of

SPECS = list_specs()
_MODELS: dict[str, dict] = {}


def model(name: str) -> dict:
    return _MODELS.get(name) or _MODELS.setdefault(name, compile_spec(name))


def counts(name: str) -> list[int]:
    players = model(name)["players"]
    return sorted({players["min"], players["max"]})


def both_modes(game: Game, player: str, trades: bool) -> int:
    """Every action listed for `player` now but the proposals (every 25th), and the first,
    middle and last proposal built for
    them, where apply would carry them out as listed (Game.listed: not while a decision waits
    or a constraint is laid down for a while), carried out checked and as listed on copies of
    the state: asserts neither refuses it and both leave the same state and events. Returns
    how many were compared."""
    checked, as_listed = acting.movers(game.ruleset)
    listing = game.listed(player, trades)
    listed = [a for a in listing if type(a) is not Propose] if game._listing is not None else []  # one apply trusts
    listed += [a for a in listing if type(a) is Propose][::25] if game._listing is not None else []  # (hundreds)
    space = game.proposals(player) if trades else ()
    if game._offered is not None and len(space):  # proposals apply would trust
        listed += [space[i] for i in sorted({0, len(space) // 2, len(space) - 1})]
    for action in listed:
        results = []
        for move in (checked, as_listed[type(action)]):
            state, events = copy.deepcopy(game.state), []
            move(state, action, events)
            results.append((state.to_json(), events))
        assert results[0] == results[1], action
    return len(listed)


def lockstep(m: dict, players: int, seed: int, trades: bool, limit: int = 2000, every: int = 5) -> tuple[int, int]:
    """Play one random game twice in step: `fast` lists through the game (so apply carries the
    bot's pick out as listed, proposals included), `checked` gets an equal copy of each action
    (so apply checks it in full). Asserts equal states and events after every action, and both
    modes alike on every `every`-th state (both_modes). Returns (actions, compared)."""
    fast, checked = Game(m, players, seed=seed), Game(m, players, seed=seed)
    assert fast.start_events == checked.start_events and fast.state_json() == checked.state_json()
    bots = {p: RandomBot(seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(fast.players)}
    compared = 0
    for count in range(limit):
        state, rs = fast.state, fast.ruleset
        if state.over:
            return count, compared
        player = next_to_act(state, rs)
        if count % every == 0:
            compared += both_modes(fast, player, trades)
        action = bots[player].choose(fast, player)
        events = fast.apply(action)
        again = copy.copy(action)
        assert again == action and again is not action
        assert checked.apply(again) == events, (count, action)
        assert fast.state_json() == checked.state_json(), (count, action)
    return limit, compared


# By spec, its smallest player count in the test command and its largest under `-m sweep`: a
# parametrization by count would compile every spec at collection, in every xdist worker, to
# read its counts. Trading is on at even counts: the smallest counts have it both ways (on in
# the two-player games and field-beans, off in the others), and the largest add no trading rule
# of their own (a spec plays the same rules at every count).
@pytest.mark.parametrize("end", ["smallest", pytest.param("largest", marks=pytest.mark.sweep)])
@pytest.mark.parametrize("name", SPECS)
def test_the_listed_mode_carries_out_what_the_checked_mode_does(name, end):
    smallest, *largest = counts(name)
    if end == "largest" and not largest:
        pytest.skip("one player count only: the test command plays it")
    for players in [smallest] if end == "smallest" else largest:
        trades = players % 2 == 0
        played, compared = lockstep(model(name), players, seed=players, trades=trades)
        assert played > 0 and compared > played // 10, (players, played, compared)


def test_both_modes_are_one_code():
    """Each kind's move in the listed mode is the checked mode's function with its check bound
    off (the same code object), not a copy; a listed harvest is the harvester itself, which the
    checked harvest calls once its check passes; the kinds the listed mode does not save on are
    the checked move itself."""
    rs = Game(model("classic"), 4, seed=0).ruleset
    steps = transitions.of(rs)
    checked, listed = acting.kinds(rs, steps, True), acting.kinds(rs, steps, False)
    assert checked.keys() == listed.keys() and len(checked) == 6
    for kind, move in checked.items():
        if kind is Harvest:
            harvest = listed[kind].__code__
            assert harvest is harvester(rs).__code__
            assert harvest in {cell.cell_contents.__code__ for cell in move.__closure__
                               if hasattr(cell.cell_contents, "__code__")}
            continue
        assert move.__code__ is listed[kind].__code__, kind.__name__
    whole, by_kind = acting.movers(rs)
    assert {k for k, m in by_kind.items() if m is whole} == set(by_kind) - set(checked)


def test_a_playout_is_the_same_game_as_before():
    """play_out (the compiled closures, the listed mode, no events kept) plays the game the checked
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
    anna = whose_turn(game.state)
    listed = game.legal_actions(anna)
    before = game.state_json()
    front = zone_of(game.state, "hands", anna)[0]
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
    anna = whose_turn(game.state)
    plants = [a for a in game.legal_actions(anna) if isinstance(a, Plant)]
    game.apply(plants[0])
    zone_of(game.state, "hands", anna)[:] = []  # nothing left in hand: no further plant is legal
    before = game.state_json()
    with pytest.raises(IllegalAction):
        game.apply(plants[0])  # the stale listing is no licence
    assert game.state_json() == before


def test_a_listing_does_not_outlive_a_change_the_caller_makes_to_its_copy():
    game = _game_in_planting()
    anna = whose_turn(game.state)
    listed = game.legal_actions(anna)
    listed.append(Harvest(anna, 1))  # a field holding nothing: not legal
    before = game.state_json()
    with pytest.raises(IllegalAction):
        game.apply(listed[-1])
    assert game.state_json() == before


def _game_in_trading() -> Game:
    game = _game_in_planting()
    while game.state.phase != "trade":
        game.apply(game.listed(whose_turn(game.state), False)[0])
    assert game.state.offer and not game.state.proposals
    return game


def test_the_proposal_space_is_the_listed_proposals_built_one_at_a_time():
    from beanrules.engine.legal import proposals
    game = _game_in_trading()
    for player in game.players:
        space = game.proposals(player)
        listed = proposals(game.state, game.ruleset, seat(game.state, player))
        assert len(space) == len(listed) > 0
        assert list(space) == listed and space[-1] == listed[-1] and space[2:5] == listed[2:5]
        with pytest.raises(IndexError):
            space[len(listed)]
    game.apply(EndPhase(whose_turn(game.state), "trading"))
    assert len(game.proposals(whose_turn(game.state))) == 0  # no trading in this phase


def test_a_proposal_the_game_built_is_trusted_and_any_other_is_checked(monkeypatch):
    """A proposal built by Game.proposals for this state is carried out without the full check;
    an equal one built anew, or one built before another action, goes through it."""
    game = _game_in_trading()
    anna = whose_turn(game.state)
    game.listed(anna, False)  # as the random bot asks: its listing first, then the proposals
    space = game.proposals(anna)
    built = space[0]

    def no_check(state, action, events):
        raise AssertionError(f"checked in full: {action}")
    monkeypatch.setattr(game, "_checked", no_check)
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
        anna = whose_turn(fast.state)
        for game in (fast, checked):
            partner = next(p for p in game.players if p != anna)
            game.apply(Propose(anna, partner, (CardRef(game.state.offer[0], "offer"),), ()))
        who = anna if verb == "withdraws" else partner
        answer = next(a for a in fast.legal_actions(who) if isinstance(a, Respond) and a.verb == verb)
        assert fast.apply(answer) == checked.apply(copy.copy(answer))
        assert fast.state_json() == checked.state_json() and not fast.state.proposals
