"""A game that can never end (issue #27, "what checks, plays"): `check` warns at the end rule
that can never hold, and a game that does not end within a bound stops with an error naming
its state, never hangs."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.checks.invariants import playout
from beanrules.engine import Game, Stalled
from beanrules.engine.bots import make_bot, play_out
from beanrules.resolve.compiler import compile_with_warnings

from checkplay_helpers import line_of, variant_text

STARS = ('counter stars "Stars" per player   § v "1"\n'
         'replace end-on-exhaustion: game ends when a player reaches 5 stars   § v "1"\n')
ADDS = 'rule shine: when a card is harvested:   § v "2"\n  add 1 to own stars   § v "2"\n'


def _compiled(tmp_path: Path, body: str) -> tuple[str, str, dict, list]:
    path = tmp_path / "variant.bean"
    text = variant_text(body)
    path.write_text(text, encoding="utf-8")
    model, warnings = compile_with_warnings(str(path))
    return str(path), text, model, [w for w in warnings if w.code == "never-ends"]


def test_an_end_on_a_counter_nothing_adds_to_is_warned_of_at_its_line(tmp_path: Path) -> None:
    _, text, _, found = _compiled(tmp_path, STARS)
    (warning,) = found
    assert warning.severity == "warning" and warning.span.line == line_of(text, "game ends when a player reaches")
    assert warning.message.startswith("the game can never end: ") and "'stars'" in warning.message
    assert not _compiled(tmp_path, STARS + ADDS)[3]  # a step adds to it: the end can come


def test_an_end_that_never_comes_beside_one_that_does_is_warned_of_without_never_ending(tmp_path: Path) -> None:
    both = STARS.replace("replace end-on-exhaustion: ", "rule star-end: ")
    _, _, _, found = _compiled(tmp_path, both)
    (warning,) = found
    assert not warning.message.startswith("the game can never end") and "can never hold" in warning.message


def test_a_game_that_never_ends_stops_with_an_error_naming_its_state(tmp_path: Path) -> None:
    path, _, model, _ = _compiled(tmp_path, STARS)
    game = Game(model, 3, seed=0)
    with pytest.raises(Stalled) as stalled:
        play_out(game, {p: make_bot("random", seed=i) for i, p in enumerate(game.players)}, max_actions=3000)
    assert "did not end within 3000 actions" in str(stalled.value) and "turn" in str(stalled.value)
    # verify's invariant playout reports it as a problem of the game, not a hang or a traceback
    checked = playout(model, path, 3, 0)
    assert not checked.ok and any("stalled" in p or "did not end" in p for p in checked.problems)
