"""Helpers for scripted games (imported by the test modules of this folder)."""
from __future__ import annotations

import json

import pytest

from beanrules.engine import Game, IllegalAction

PLAYERS = ["Anna", "Natalie", "Greg"]


def snapshot(game: Game) -> str:
    return json.dumps(game.state_json(), sort_keys=True)


def refused(game: Game, action: str, rule: str | None) -> IllegalAction:
    """Apply `action`, expect a refusal naming `rule`, and check the state did not change."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule == rule, info.value
    assert snapshot(game) == before
    return info.value
