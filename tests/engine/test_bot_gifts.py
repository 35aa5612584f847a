"""The bots choose among the legal actions only: a gift is one the rules list (Seat.gifts), never
one the bot makes up. Under a house rule that forbids gifts the shipped rulebooks never forbid
(specs/no-gifts-in-own-turn.bean: none by the active player), greedy bots, which give away in
their own turn the cards that fit none of their fields, play to the end, and every action they
choose is one their seat listed."""
from __future__ import annotations

from pathlib import Path

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.actions import Propose
from beanrules.engine.bots import GreedyBot
from beanrules.engine.seat import Seat
from by_name import whose_turn

VARIANT = Path(__file__).parent / "specs" / "no-gifts-in-own-turn.bean"


class _Watched(GreedyBot):
    """GreedyBot, holding each of its choices to what its seat listed."""

    def decide(self, seat: Seat) -> object:
        action = super().decide(seat)
        listed = seat.actions() if type(action) is not Propose else seat.gifts().values()
        assert action in listed, action
        return action


def _gifts_by_the_active_player(model: dict, seed: int) -> int:
    game = Game(model, 3, seed=seed)
    bots = {p: _Watched(seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    gifts = 0
    while not game.is_over:
        player = game.waiting_for()[0]
        chosen = bots[player].choose(game, player)
        gifts += type(chosen) is Propose and not chosen.take and chosen.player == whose_turn(game.state)
        game.apply(chosen, keep_events=False)
    return gifts


def test_greedy_bots_give_only_the_gifts_the_rules_list():
    classic, variant = compile_spec("classic"), compile_spec(str(VARIANT))
    for seed in range(3):
        assert _gifts_by_the_active_player(classic, seed) > 0  # the rule below refuses what they do here
        assert _gifts_by_the_active_player(variant, seed) == 0  # before: Game.apply raised IllegalAction


def test_the_listed_gifts_are_the_gifts_among_the_proposals():
    """Seat.gifts is the proposals' gifts (Proposals.gifts: picked from the rows by where they
    stand), under the rule and without it."""
    for model in (compile_spec("classic"), compile_spec(str(VARIANT))):
        game = Game(model, 3, seed=4)
        bots = {p: GreedyBot(seed=i) for i, p in enumerate(game.players)}
        listed = 0
        for _ in range(60):
            for p in game.players:
                expected = [a for a in game.legal_actions(p) if type(a) is Propose and not a.take]
                assert list(Seat.of(game, p).gifts().values()) == expected
                listed += len(expected)
            player = game.waiting_for()[0]
            game.apply(bots[player].choose(game, player), keep_events=False)
        assert listed  # the games trade: there were gifts to list
