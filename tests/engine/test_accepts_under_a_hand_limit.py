"""An accept the hand limit would refuse is not listed (conformance/variants/hand-limit-trades.bean:
classic with a hand limit of 6 and received cards going to the back of the hand).

Game.apply refuses an accept whose received cards take a hand past the limit; the listings of
legal actions (legal.answers and the hot path's) once listed it all the same, so a random bot
picked it and `beanrules play` stopped with an internal error. Every listed accept must apply,
and the ones left out must be exactly those the limit refuses."""
from __future__ import annotations

from pathlib import Path

from beanrules import compile_spec
from beanrules.engine import Game, IllegalAction
from beanrules.engine.actions import Respond
from beanrules.engine.bots import make_bot
from beanrules.engine.trading import check_accept_cards

SPEC = Path(__file__).parents[2] / "conformance" / "variants" / "hand-limit-trades.bean"


def test_listed_accepts_apply_and_only_those_the_limit_refuses_are_left_out():
    model = compile_spec(str(SPEC))
    left_out = listed = 0
    for seed in range(3):
        game = Game(model, 3, seed=seed)
        bots = {p: make_bot("random", seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
        while not game.is_over:
            for player in game.players:
                answers = {a.target for a in game.legal_actions(player)
                           if isinstance(a, Respond) and a.verb == "accepts"}
                for proposal in game.state.proposals:
                    if proposal["to"] != player:
                        continue
                    try:
                        check_accept_cards(game.state, game.ruleset, proposal)
                    except IllegalAction:
                        continue  # the cards are not there: never listed
                    trial = Game.from_state(model, game.state_json())
                    try:
                        trial.apply(Respond(player, "accepts", proposal["id"]))
                        refused = False
                    except IllegalAction as why:
                        refused = why.rule == "hand-limit"
                    assert (proposal["id"] in answers) == (not refused), (seed, player, proposal)
                    left_out += refused
                    listed += not refused
            player = game.waiting_for()[0]
            game.apply(bots[player].choose(game, player), keep_events=False)
    assert left_out and listed, (left_out, listed)
