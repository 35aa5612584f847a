"""The engine plays every golden playthrough exactly as it was recorded (see playthrough.py).

Each recorded action is applied in turn (the bots are not consulted, so a change of bot
behaviour does not matter here), and after each one everything the contract lets a player
ask must be what it was: whose decision the game waits for, phase, turn, active player, each
player's legal actions, the number of trade proposals, the events, the state and every view.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playthrough import FORMAT, GAMES, GOLDEN_DIR, canonical, canonical_text, file_name, observe, read  # noqa: E402

from beanrules.engine import Game  # noqa: E402
from beanrules.engine.actions import Propose  # noqa: E402
from beanrules.engine.ruleset import model_hash  # noqa: E402
from beanrules.resolve.compiler import compile_spec  # noqa: E402

FILES = sorted(GOLDEN_DIR.glob("*.jsonl"))
RERECORD = "if play is meant to change, record again: python tests/golden/record.py {spec}"


def _difference(label: str, expected, actual) -> str:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if expected.get(key) != actual.get(key):
                return _difference(f"{label}.{key}", expected.get(key), actual.get(key))
    if isinstance(expected, list) and isinstance(actual, list) and all(isinstance(x, str) for x in expected + actual):
        missing = [x for x in expected if x not in actual]
        extra = [x for x in actual if x not in expected]
        if missing or extra:
            return f"{label}: missing {missing}, unexpected {extra}"
    return f"{label}: recorded {expected!r}, now {actual!r}"


def _compare(where: str, recorded: dict, now: dict, spec: str, hint: Callable[[], str]) -> None:
    for key, value in now.items():
        if recorded.get(key) != value:
            pytest.fail(f"{where}: {_difference(key, recorded.get(key), value)}\n{hint()}\n"
                        + RERECORD.format(spec=spec), pytrace=False)


def test_every_manifest_game_is_recorded_and_nothing_else():
    assert sorted(file_name(g) for g in GAMES) == [f.name for f in FILES]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_playthrough(path: Path):
    header, *steps, closing = read(path)
    assert header["format"] == FORMAT
    spec = header["spec"]
    model = compile_spec(spec)
    def hint() -> str:  # only for a failure's message: hashing the model costs 5-10 ms
        return "" if header["model_hash"] == model_hash(model) else \
            f"(the rule model of {spec} changed since this game was recorded)"
    game = Game(model, header["players"], seed=header["seed"])
    _compare("after the deal", header, {"initial_state": game.state_json(),
                                        "start_events": game.start_events, **observe(game)}, spec, hint)
    for number, step in enumerate(steps, start=1):
        events = game.apply(step["do"])
        _compare(f"action {number} ({step['do']})", step, {"events": events, **observe(game)}, spec, hint)
    assert game.is_over, f"the recorded actions end, the game does not ({path.name})"
    _compare("at the end", closing, {"final_state": game.state_json(), "scores": game.scores(),
                                     "winners": game.winners()}, spec, hint)


# Random bots that trade, and greedy ones at four players: the games with the most proposals.
COUNTED = ["classic.3p.random.seed1", "my-first--step-3.4p.greedy.seed14"]


@pytest.mark.parametrize("stem", COUNTED)
def test_the_proposals_counted_are_the_proposals_listed(stem: str):
    """observe() counts each player's proposals with Game.proposals, without building them:
    at every step of a recorded game with trading, that count is the number of proposals that
    legal_actions(player) lists besides the listing without trades."""
    header, *steps, _ = read(GOLDEN_DIR / f"{stem}.jsonl")
    game = Game(compile_spec(header["spec"]), header["players"], seed=header["seed"])
    compared = 0
    for step in [None, *steps]:
        if step:
            game.apply(step["do"])
        for player in game.players:
            listed = game.legal_actions(player, trades=True)
            counted = len(game.proposals(player))
            assert counted == len(listed) - len(game.legal_actions(player, trades=False)) \
                == sum(type(a) is Propose for a in listed), (step, player)
            compared += counted > 0
    assert compared > 100  # the game traded: the counts compared were not all zero


def test_the_digested_text_is_the_text_the_games_were_recorded_from():
    """The digests are taken of orjson's text where orjson is installed: at every step of a
    recorded game with trading and written coins, it is json.dumps's text, byte for byte, for
    the state and for every view."""
    pytest.importorskip("orjson")
    header, *steps, _ = read(GOLDEN_DIR / "kannibohne.2p.mixed.seed17.jsonl")
    game = Game(compile_spec(header["spec"]), header["players"], seed=header["seed"])
    for step in [None, *steps]:
        if step:
            game.apply(step["do"])
        for value in (game.state_json(), {p: game.view(p) for p in game.players}):
            assert canonical(value) == canonical_text(value), step
    assert canonical({1: "a"}) == canonical_text({1: "a"})  # orjson refuses it: json's text
