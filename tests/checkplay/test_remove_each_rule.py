"""Every behavioural rule of classic is one the engine (or check) reads: a variant that removes
it (`remove rule ID`) is rejected by `check`, or plays differently — a seeded bot game differs
(actions or final state) or a classic conformance case fails on it.

Run with -s to see the figures: rules removed, rejected by check, changed play."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.conformance import discover, load_file, run_case
from beanrules.conformance import runner
from beanrules.conformance.modelinfo import model_info
from beanrules.engine import Game
from beanrules.engine.actions import Action
from beanrules.engine.bots import Bot, make_bot, play_out
from beanrules.paths import conformance_dir

from checkplay_helpers import check_file

CLASSIC = compile_spec("classic")
RULES = [r["id"] for r in CLASSIC["rules"]]
# Rules of classic that describe rather than decide, and why: a note is a remark for readers;
# coins-leave-game says what reshuffling the discard pile already means, and classic has no way
# for a coin to reach that pile (check reads the rule: tests/checkplay/test_every_kind.py).
NOT_BEHAVIOURAL = {"note": "a remark for readers",
                   "coins-leave-game": "restates that only the discard pile is reshuffled"}
GAMES = [(n, seed) for n in (3, 4, 5) for seed in (0, 1)]
# Kinds once inert (the engine hard-wired what they say): each must now be a rule of classic that
# this test removes and holds to changing play or being rejected by check.
ONCE_INERT = ("hand-order", "same-type-many-fields", "whole-field", "winner", "trade-amounts", "start-player")


def test_the_kinds_once_inert_are_removed_here_and_decide_something():
    for kind in ONCE_INERT:
        ids = [r["id"] for r in CLASSIC["rules"] if r["kind"] == kind]
        assert ids, f"classic has no rule of kind '{kind}'"
        assert all(i in RULES and i not in NOT_BEHAVIOURAL for i in ids), kind


class _Parted(Exception):
    """The game took an action the baseline game did not take there."""


class _Watched:
    """A bot that, each time it is asked, first holds the action just applied to the baseline
    game's action at the same place: a game that has parted from it need not be played on."""

    def __init__(self, bot: Bot, history: list[str]):
        self.bot, self.history = bot, history

    def choose(self, game: Game, player: str) -> Action:
        done = len(game.actions)
        if done and (done > len(self.history) or game.actions[-1].notation() != self.history[done - 1]):
            raise _Parted
        return self.bot.choose(game, player)


def _game(model: dict, n: int, seed: int, baseline: tuple | None = None) -> tuple | None:
    """A seeded random-and-greedy bot game: its actions and final state (rulebook name aside).
    With `baseline` (such a game's result): None as soon as the game takes an action that
    the baseline did not take at that place, for then the two differ whatever follows."""
    game = Game(model, n, seed=seed)
    bots: dict = {p: make_bot(("random", "greedy")[i % 2], seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    if baseline is not None:
        bots = {p: _Watched(bot, baseline[0]) for p, bot in bots.items()}
    try:
        play_out(game, bots)
    except _Parted:
        return None
    state = game.state_json()
    state.pop("rulebook")
    return game.history, state


@pytest.fixture(scope="module")
def baseline() -> dict:
    return {key: _game(CLASSIC, *key) for key in GAMES}


@pytest.fixture(scope="module")
def cases() -> list:
    # run_on loads only the cases written for classic, so the loader does not compile the
    # other 40-odd specs the suite's cases name (the same 176 cases as filtering by c.spec)
    return [c for path in discover([conformance_dir()]) for c in load_file(path, run_on={"classic": "classic"}).cases]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("removals")


FIGURES: dict[str, str] = {}  # rule id -> "rejected" | "games" | "cases" | "same"


def _outcome(rule_id: str, folder: Path, baseline: dict, cases: list, monkeypatch) -> tuple[str, str]:
    text = (f'rulebook without-{rule_id} "Classic without {rule_id}"\n  extends classic\n'
            f'remove rule {rule_id}   assumed "the rule-removal test"\n')
    checked = check_file(folder, text, f"without-{rule_id}.bean")
    if checked.rejected:
        return "rejected", checked.errors[0].message
    model = checked.model
    # The first game parts from classic's for all but one of the 21 rules that change the games,
    # within a few actions. Where it does not, the cases come before the other five games, which
    # a game that stays classic's plays out in full: the rules that only the cases catch are
    # caught by their first failing case (1 to 3 of the 176 fail for each).
    first, *others = GAMES
    if _game(model, *first, baseline[first]) != baseline[first]:
        return "games", f"{first[0]} players, seed {first[1]}"
    # Classic's cases run on the variant: the runner compiles by spec name, so it is given this model.
    monkeypatch.setattr(runner, "compiled", lambda spec: (model, model_info("classic", model), None))
    # one failing case decides, and the report names it: the rest need not run
    failed = next((c.id for c in cases if run_case(c).status != "passed"), None)
    if failed:
        return "cases", failed
    differs = next((key for key in others if _game(model, *key, baseline[key]) != baseline[key]), None)
    return ("games", f"{differs[0]} players, seed {differs[1]}") if differs else ("same", "")


@pytest.mark.parametrize("rule_id", RULES)
def test_removing_a_rule_of_classic_is_rejected_or_changes_play(rule_id, folder, baseline, cases, monkeypatch):
    how, detail = _outcome(rule_id, folder, baseline, cases, monkeypatch)
    FIGURES[rule_id] = how
    if rule_id in NOT_BEHAVIOURAL:
        assert how == "same", f"'{rule_id}' now decides something ({how}: {detail}); take it off NOT_BEHAVIOURAL"
    else:
        assert how != "same", f"removing '{rule_id}' is accepted by check and changes nothing"


def test_figures():
    """Printed with -s; also checks that every rule of classic was tried."""
    assert set(FIGURES) == set(RULES) or not FIGURES  # empty when run on its own with -k
    if FIGURES:
        counts = {how: sum(1 for v in FIGURES.values() if v == how) for how in ("rejected", "games", "cases", "same")}
        print(f"\nclassic: {len(FIGURES)} rules removed one at a time: {counts['rejected']} rejected by check, "
              f"{counts['games'] + counts['cases']} changed play ({counts['games']} in seeded bot games, "
              f"{counts['cases']} in conformance cases, tried after the first game), {counts['same']} unchanged "
              f"({', '.join(sorted(k for k, v in FIGURES.items() if v == 'same'))}: not behavioural)")
