"""Every rulebook as a PettingZoo AEC environment passes PettingZoo's own api_test and
seed_test (one player count each here; every count under pytest -m envs)."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from beanrules import compile_spec  # noqa: E402
from beanrules.envs import pettingzoo  # noqa: E402
from beanrules.envs.core import load_model, player_counts  # noqa: E402

from envs_helpers import VARIANT, quick_specs, specs  # noqa: E402


def counts(spec: str) -> range:
    return player_counts(load_model(spec)[1])


def check(spec: str, players: int, cycles: int) -> None:
    with warnings.catch_warnings():
        # api_test warns about every dict observation (the mask beside the vector), as it does
        # for PettingZoo's own classic games
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo.env(spec=spec, players=players), num_cycles=cycles)
        seed_test(lambda **kw: pettingzoo.env(spec=spec, players=players, **kw), num_cycles=min(cycles, 20))


@pytest.mark.parametrize("spec", quick_specs())
def test_api_and_seed_at_the_fewest_players(spec: str) -> None:
    check(spec, counts(spec).start, 25)


@pytest.mark.envs
@pytest.mark.parametrize("spec", specs())
def test_api_and_seed_at_every_player_count(spec: str) -> None:
    for n in counts(spec):
        check(spec, n, 300)


def test_a_game_to_its_end_rewards_the_winners_once() -> None:
    env = pettingzoo.env(spec="my-first/basic", players=3)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        env.step(None if termination or truncation else
                 env.action_space(agent).sample(observation["action_mask"]))
    game = env.unwrapped.match.game
    assert game.is_over
    winners = game.winners()
    assert sum(totals.values()) == pytest.approx(1.0)
    assert {a for a, r in totals.items() if r > 0} == {env.unwrapped.agent_of[w] for w in winners}


def test_coins_as_rewards_and_a_spec_by_path() -> None:
    env = pettingzoo.raw_env(spec=VARIANT, players=2, reward="coins")
    env.reset(seed=1)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        _, reward, termination, _, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        env.step(None if termination else int(env.observe(agent)["action_mask"].nonzero()[0][0]))
    scores = env.match.scores()
    assert totals == {env.agent_of[p]: float(s) for p, s in scores.items()}


def test_a_model_given_as_a_dict() -> None:
    env = pettingzoo.raw_env(spec=compile_spec("classic"), players=3)
    env.reset(seed=0)
    assert env.observe(env.agent_selection)["action_mask"].any()
