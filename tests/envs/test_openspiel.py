"""Every rulebook as an OpenSpiel game passes OpenSpiel's random simulation test (games cut
short after 60 actions here; whole games at every player count under -m envs),
and OpenSpiel's MCTS plays it (beanrules.envs.mcts_example)."""
from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import beanrules.envs.openspiel  # noqa: E402,F401  (registers "beanrules")
from beanrules.envs.core import load_model, player_counts  # noqa: E402

from envs_helpers import VARIANT, quick_specs, specs  # noqa: E402


def game(spec: str, players: int, **params: int | str):
    return pyspiel.load_game("beanrules", {"spec": spec, "players": players, **params})


@pytest.mark.parametrize("spec", quick_specs())
def test_random_simulation_at_the_fewest_players(spec: str) -> None:
    n = player_counts(load_model(spec)[1]).start
    pyspiel.random_sim_test(game(spec, n, max_game_length=60), num_sims=1, serialize=True, verbose=False)


@pytest.mark.envs
@pytest.mark.parametrize("spec", specs())
def test_random_simulation_of_whole_games_at_every_player_count(spec: str) -> None:
    for n in player_counts(load_model(spec)[1]):
        pyspiel.random_sim_test(game(spec, n), num_sims=1, serialize=True, verbose=False)


def test_the_game_type_and_parameters() -> None:
    g = game("classic", 4)
    kind = g.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert g.num_players() == 4
    assert pyspiel.load_game("beanrules").num_players() == 3  # classic's fewest
    state = g.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(7)
    player = state.current_player()
    assert state.observation_tensor(player) == state.information_state_tensor(player)
    assert '"seed":null' in state.observation_string(player)


def test_a_path_as_spec_and_coins_as_returns() -> None:
    g = game(VARIANT, 2, reward="coins", deals=5)
    state = g.new_initial_state()
    state.apply_action(2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [float(v) for v in state.match.scores().values()]


def test_mcts_example_plays() -> None:
    from beanrules.envs.mcts_example import play
    result = play(spec="my-first/basic", players=3, simulations=2, seed=1, max_game_length=40)
    assert result["actions"] == 40 and len(result["returns"]) == 3


@pytest.mark.envs
def test_mcts_example_plays_a_whole_game() -> None:
    from beanrules.envs.mcts_example import play
    result = play(spec="my-first/basic", players=3, simulations=4, seed=1)
    assert result["over"] and sum(result["returns"]) == pytest.approx(1.0)
