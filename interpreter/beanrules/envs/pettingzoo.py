"""Any rulebook as a PettingZoo AEC environment (docs/envs.md).

    from beanrules.envs import pettingzoo
    env = pettingzoo.env(spec="classic", players=4)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are "player_0" … in seat order (player_0 is the start player). Each observation is a
dict: "observation", the vector encoding of the agent's view (beanrules.envs.core), and
"action_mask", 1 for every legal action id of the agent the game waits for (all 0 for the
others). The game decides who acts next: the first player it waits for, as the engine's own
bots play. Rewards come at the end only: with reward="win" the winners share 1, with
reward="coins" each agent gets its final score. env.view(agent) is the engine's view of the
agent (Game.view), a plain dict; with views=True it is also each agent's info["view"].

There is no parallel_env: who acts next is decided by the rules (a receiver of a proposal,
the active player, everyone with cards to plant in turn), not one action per agent per cycle,
so PettingZoo's AEC-to-parallel conversion does not apply.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from . import _MISSING

if {"gymnasium", "pettingzoo"} & set(_MISSING):
    raise ModuleNotFoundError("beanrules.envs.pettingzoo needs the envs extra: pip install 'beanrules[envs]' "
                              f"(missing: {', '.join(_MISSING)})", name="pettingzoo")

from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .core import MAX_PROPOSALS, Match, Table


def env(**kwargs: Any) -> AECEnv:
    """raw_env wrapped as PettingZoo's classic games are (an illegal action ends the game
    with a penalty for its agent; order enforcing)."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):
    """One rulebook at one player count: spec is a shipped spec's name, a path to a .bean
    file (or to a compiled rule model's .json), or a rule model as a dict."""

    metadata = {"render_modes": ["human", "ansi"], "name": "beanrules_v0", "is_parallelizable": False}

    def __init__(self, spec: str | dict = "classic", players: int | None = None, reward: str = "win",
                 max_proposals: int = MAX_PROPOSALS, views: bool = False, render_mode: str | None = None):
        super().__init__()
        if reward not in ("win", "coins"):
            raise ValueError(f"reward is 'win' or 'coins', not {reward!r}")
        self.table = Table(spec, players, max_proposals=max_proposals)
        self.reward_kind = reward
        self.views = views
        self.render_mode = render_mode
        n = self.table.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name = dict(zip(self.possible_agents, self.table.names))
        self.agent_of = {name: agent for agent, name in self.agent_name.items()}
        high = np.inf
        obs = spaces.Dict({
            "observation": spaces.Box(low=-high, high=high, shape=(self.table.layout.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.table.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs if i == 0 else spaces.Dict(dict(obs.spaces))
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self.match: Match | None = None
        self._seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the cycle -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed = seed
        elif self._seed is None:
            self._seed = int(np.random.SeedSequence().generate_state(1)[0])
        else:
            self._seed += 1  # a new deal for every reset not seeded
        self.match = Match(self.table, seed=self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        """After an action: whom the game waits for, or the end and its rewards."""
        match = self.match
        if match.over:
            for a, r in zip(self.possible_agents, match.returns(self.reward_kind)):
                if a in self.agents:
                    self.rewards[a] = r
                    self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.agent_of[match.to_act()]
        if self.views:
            for a in self.agents:
                self.infos[a] = {"view": match.view(self.agent_name[a])}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.match.step(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        name = self.agent_name[agent]
        return {"observation": self.match.observe(name), "action_mask": self.match.mask(name)}

    def view(self, agent: str) -> dict[str, Any]:
        """The engine's view of this agent (Game.view): what the observation encodes."""
        return self.match.view(self.agent_name[agent])

    def legal_notations(self, agent: str) -> dict[int, str]:
        """The legal action ids of this agent, each with the action it plays (notation)."""
        out = {}
        for i, action in self.match.options(self.agent_name[agent]).items() if agent == self.agent_selection else ():
            out[i] = action.notation() if hasattr(action, "notation") else self.table.labels[i]
        return out

    def render(self) -> str | None:
        if self.match is None:
            return None
        g = self.match.game
        state = g.state
        text = (f"{self.table.spec}: turn {state.turn}, phase {state.phase}, active {state.players[state.active]}; "
                f"scores {g.scores()}" + ("; over" if g.is_over else f"; {self.match.to_act()} to act"))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.match = None
