"""An answer to a decision that a `require` (the hand limit) would refuse is not listed.

conformance/variants/thaler-hand-limit.bean: the bean thaler with a hand limit of 5. When the
active player takes the thaler over, its holder may resist, and she then draws a card from his
hand: with five cards in her hand already, that answer takes her hand past the limit, and
Game.apply refuses it, citing the limit. The listing of legal actions once offered it all the
same (decision answers were not tried against requirements, as accepts are), so a bot picked
it and the game stopped with IllegalAction (issues #26/#27). Every listed answer must apply."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.actions import Choose
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.compiler import compile_ruleset
from beanrules.diagnostics import SpecError

ROOT = Path(__file__).parents[2]
THALER = ROOT / "conformance" / "variants" / "thaler-hand-limit.bean"
# Every spec and variant under a `require` (its own or one it extends): those whose games meet
# decisions are the ones the property is about (the test counts them, so that the selection
# cannot go empty unnoticed). Written down, not computed while collecting (every xdist worker
# collects every file, and compiling the variants was half of a worker's collecting):
# test_the_selection_is_every_spec_under_a_requirement computes it and holds this list to it
# (under -m sweep, which .ci/run runs: it compiles every spec and variant, 2-4 s of CPU).
UNDER_A_REQUIREMENT = [ROOT / name for name in (
    "conformance/variants/hand-limit-and-take.bean", "conformance/variants/hand-limit-trades-and-take.bean",
    "conformance/variants/hand-limit-trades.bean", "conformance/variants/hand-room.bean",
    "conformance/variants/heron.bean", "conformance/variants/jay.bean",
    "conformance/variants/kannibohne-frozen-gift.bean", "conformance/variants/kannibohne-one-field-per-type.bean",
    "conformance/variants/scavenge-two.bean", "conformance/variants/thaler-hand-limit.bean", "specs/kannibohne.bean")]


def _requires(path: Path) -> bool:
    """The variants a check refuses (refused-*.bean) compile to nothing."""
    try:
        spec = compile_spec(str(path))
    except SpecError:
        return False
    return bool(compile_ruleset(spec, spec["players"]["min"]).requirements)


@pytest.mark.sweep
def test_the_selection_is_every_spec_under_a_requirement():
    """Under -m sweep (.ci/run): the list is bookkeeping of which games the tests below play,
    held to every spec and variant there; the test command plays the list as written."""
    found = sorted(path for path in [*ROOT.glob("specs/**/*.bean"), *ROOT.glob("conformance/variants/*.bean")]
                   if _requires(path))
    assert UNDER_A_REQUIREMENT == found, [str(p.relative_to(ROOT)) for p in found]


@cache
def model(path: Path) -> dict:
    return compile_spec(str(path))


def test_the_resisting_answer_that_breaks_the_limit_is_not_listed_and_the_game_ends():
    """3 players, seed 0, greedy bots: the holder was offered 'yes' with the active player's
    hand full, and play stopped with "'Anna chooses yes' would break 'hand limit 5'"."""
    game = Game(model(THALER), 3, seed=0)
    play_out(game, {p: make_bot("greedy", seed=i) for i, p in enumerate(game.players)}, max_actions=20_000)
    assert game.state.over and game.winners()


def answers_apply(path: Path, players: int, seed: int, kind: str) -> tuple[int, int]:
    """Play a bot game; at every decision, apply each listed answer to a copy of the game
    (it must not be refused) and count those the requirement left out. Returns (decisions
    met, answers left out)."""
    spec = model(path)
    game = Game(spec, players, seed=seed)
    bots = {p: make_bot(kind, seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    met = left_out = 0
    for _ in range(20_000):
        if game.is_over:
            break
        player = game.waiting_for()[0]
        if game.state.decision is not None:
            met += 1
            listed = game.legal_actions(player)
            assert listed, f"{path.name}: {player}'s decision has no answer left"
            for answer in listed:
                Game.from_state(spec, game.state_json()).apply(answer)  # IllegalAction fails the test
            offered = {option for option in game.state.decision["options"]}
            left_out += len(offered - {a.option for a in listed if isinstance(a, Choose)})
        game.apply(bots[player].choose(game, player), keep_events=False)
    assert game.is_over, f"{path.name}: the game did not end"
    return met, left_out


def _cases(seeds: range) -> list:
    return [pytest.param(path, seed, kind, id=f"{path.stem}-{kind}-{seed}")
            for path in UNDER_A_REQUIREMENT for seed in seeds for kind in ("random", "greedy")]


def test_the_selection_holds_specs_with_decisions():
    """The property below is about games that meet a decision under a requirement: the
    thaler variant does, with an answer the limit leaves out."""
    assert THALER in UNDER_A_REQUIREMENT and ROOT / "specs" / "kannibohne.bean" in UNDER_A_REQUIREMENT
    met, left_out = 0, 0
    for seed in range(3):
        m, l = answers_apply(THALER, 3, seed, "greedy")
        met, left_out = met + m, left_out + l
    assert met and left_out, (met, left_out)


@pytest.mark.parametrize("path,seed,kind", _cases(range(1)))
def test_every_listed_answer_applies(path: Path, seed: int, kind: str):
    spec = model(path)
    answers_apply(path, spec["players"]["min"], seed, kind)


@pytest.mark.sweep
@pytest.mark.parametrize("path,seed,kind", _cases(range(1, 6)))
def test_every_listed_answer_applies_sweep(path: Path, seed: int, kind: str):
    spec = model(path)
    for players in range(spec["players"]["min"], spec["players"]["max"] + 1):
        answers_apply(path, players, seed, kind)
