"""Any rulebook as an OpenSpiel game (docs/envs.md). Importing this module registers it:

    import pyspiel
    import beanrules.envs.openspiel  # noqa: F401 (registers "beanrules")
    game = pyspiel.load_game("beanrules", {"spec": "classic", "players": 4})

Parameters: `spec` (a shipped spec's name or a path to a .bean file), `players` (0: the
fewest the spec seats), `reward` ("win": the winners share 1; "coins": the final scores),
`max_proposals` (one-card proposals a player may make per turn), `deals` (the chance node's
outcomes) and `max_game_length` (actions after which the game is cut short: returns are then
0 for everyone).

Sequential, imperfect information, terminal rewards. Chance is explicit and happens once: the
first state is a chance node that picks the game's seed uniformly among `deals` outcomes, and
the seed decides every shuffle of the game (the deal and each reshuffle, as the engine's
"Chance" section says). No player sees the seed (Game.view hides it), so the deck order and
every later reshuffle stay hidden. Observation and information-state tensors are the vector
encoding of beanrules.envs.core; the strings are the player's view as JSON, the information
state's with the player's own past actions.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _MISSING

if "pyspiel" in _MISSING:
    raise ModuleNotFoundError("beanrules.envs.openspiel needs the envs extra: pip install 'beanrules[envs]' "
                              f"(missing: {', '.join(_MISSING)})", name="pyspiel")

import pyspiel  # noqa: E402

from .core import MAX_PROPOSALS, Match, Table, _table, load_model, player_counts

DEALS = 1000
MAX_GAME_LENGTH = 100_000
_DEFAULTS = {"spec": "classic", "players": 0, "reward": "win", "max_proposals": MAX_PROPOSALS,
             "deals": DEALS, "max_game_length": MAX_GAME_LENGTH}

GAME_TYPE = pyspiel.GameType(
    short_name="beanrules",
    long_name="A Bohnanza rulebook (beanrules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS))

@dataclass(frozen=True)
class Rules:
    """A game's parameters as its states use them."""
    table: Table
    reward: str
    deals: int
    max_length: int

    def __deepcopy__(self, memo: dict) -> "Rules":
        return self


class BeanGame(pyspiel.Game):
    def __init__(self, params: dict | None = None):
        p = {**_DEFAULTS, **(params or {})}
        if p["reward"] not in ("win", "coins"):
            raise ValueError(f"reward is 'win' or 'coins', not {p['reward']!r}")
        spec = str(p["spec"])
        self.table = _table(spec, int(p["players"]) or player_counts(load_model(spec)[1]).start, int(p["max_proposals"]))
        self.reward = p["reward"]
        self.deals = int(p["deals"])
        self.max_length = int(p["max_game_length"])
        self.rules = Rules(self.table, self.reward, self.deals, self.max_length)
        total = float(sum(b.get("count", 0) for b in self.table.model["beans"]) or 1000)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.size,
            max_chance_outcomes=self.deals,
            num_players=self.table.players,
            min_utility=0.0,
            max_utility=1.0 if self.reward == "win" else total,
            utility_sum=None,
            max_game_length=self.max_length)
        super().__init__(GAME_TYPE, info, {**p, "players": self.table.players})

    def new_initial_state(self) -> "BeanState":
        return BeanState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "BeanObserver":
        return BeanObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BeanState(pyspiel.State):
    def __init__(self, game: BeanGame):
        super().__init__(game)
        self.rules = game.rules  # what a state needs of its game, kept here: pyspiel may copy the game
        self.match: Match | None = None  # None: the chance node (the seed) is still to come
        self.own: list[list[int]] = [[] for _ in range(self.rules.table.players)]  # each player's actions

    def current_player(self) -> int:
        if self.match is None:
            return pyspiel.PlayerId.CHANCE
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return self.match.seat(self.match.to_act())

    def _over(self) -> bool:
        return self.match is not None and (self.match.over or self.match.steps >= self.rules.max_length)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.match.options(self.match.table.names[player]))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.rules.deals
        return [(i, p) for i in range(self.rules.deals)]

    def _apply_action(self, action: int) -> None:
        if self.match is None:
            self.match = Match(self.rules.table, seed=int(action))
            return
        self.own[self.current_player()].append(int(action))
        self.match.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.rules.table.labels[action]

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list[float]:
        if self.match is None or not self.match.over:
            return [0.0] * self.rules.table.players
        return self.match.returns(self.rules.reward)

    def __str__(self) -> str:
        if self.match is None:
            return "chance: the seed"
        using = self.match.using
        return json.dumps({"state": self.match.game.state_json(), "made": self.match.made,
                           "using": None if using is None else [using[0][1], [list(k) for k in using[2]]]},
                          sort_keys=True, default=str)


class BeanObserver:
    """Observation and information state of one player: the vector encoding of the player's
    view (beanrules.envs.core), and as strings the view as JSON (the information state adds
    the player's own past actions)."""

    def __init__(self, game: BeanGame, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        self.recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(game.table.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BeanState, player: int) -> None:
        if state.match is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = state.match.observe(state.match.table.names[player])

    def string_from(self, state: BeanState, player: int) -> str:
        if state.match is None:
            return f"p{player}: before the deal"
        match = state.match
        name = match.table.names[player]
        view = match.view(name)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        using = match.using
        if using is not None and using[0][0] == name:
            text += " using " + json.dumps([using[0][1], [list(k) for k in using[2]]], default=str)
        text += f" left {match.proposals_left(name)}"
        if self.recall:
            text += " mine " + ",".join(map(str, state.own[player]))
        return text


pyspiel.register_game(GAME_TYPE, BeanGame)
