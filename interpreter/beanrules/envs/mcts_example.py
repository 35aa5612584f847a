"""OpenSpiel's MCTS against random players on a small rulebook (docs/envs.md).

    python -m beanrules.envs.mcts_example --spec SPEC [--players N]
        [--simulations 20] [--games 4] [--seed 0]

Seat 0 is an MCTS bot (UCT with random rollouts, open_spiel.python.algorithms.mcts), the
other seats pick uniformly among their legal actions; prints each game's returns and the MCTS
seat's share of the wins. The MCTS bot searches the true state of the game, hidden cards
included (OpenSpiel's MCTS is a perfect-information search): a baseline, not a fair player.
"""
from __future__ import annotations

import argparse
import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from . import openspiel  # noqa: F401  (registers "beanrules")


def play(spec: str, players: int = 3, simulations: int = 20, seed: int = 0,
         max_game_length: int = 100_000) -> dict[str, Any]:
    """One game, MCTS in seat 0 against random players; returns its returns and length."""
    game = pyspiel.load_game("beanrules", {"spec": spec, "players": players, "max_game_length": max_game_length})
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    pick = random.Random(seed)
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(pick.choice(state.legal_actions()))
        actions += 1
    return {"returns": state.returns(), "actions": actions, "over": state.match.over}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", required=True, help="a spec name or a path to a .bean file "
                                                       "(a small one plays fastest: docs/envs.md)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    wins = 0.0
    for g in range(args.games):
        result = play(args.spec, args.players, args.simulations, args.seed + g)
        wins += result["returns"][0]
        print(f"game {g + 1}: returns {result['returns']} in {result['actions']} actions", flush=True)
    print(f"MCTS (seat 0, {args.simulations} simulations a move) won {wins:g} of {args.games} games "
          f"against {args.players - 1} random players (a random seat's share: {args.games / args.players:.2g})")


if __name__ == "__main__":
    main()
