"""Shared fixtures: the classic rule model and a builder for games from partial states."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import Game

from engine_helpers import PLAYERS


@pytest.fixture(scope="session")
def classic() -> dict:
    return compile_spec("classic")


@pytest.fixture
def make(classic):
    """make(partial, players=PLAYERS) -> Game from a partial state."""
    def build(partial: dict, players: list[str] | None = None, seed: int = 0) -> Game:
        return Game.from_partial(classic, players or PLAYERS, partial, seed=seed)
    return build
