"""verify's playouts: the interpreter checks every invariant in one game per spec, the kernel
plays the rest checking conservation, and a kernel that strays is reported, not trusted."""
from __future__ import annotations

import pytest

import beanrules.kernel as kernel
from beanrules import compile_spec
from beanrules.checks import invariants
from beanrules.checks.invariants import invariant_playouts, kernel_playout


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def test_who_plays_which_game(classic):
    report = invariant_playouts(classic, "classic", 2, seed=5)
    assert [(g.players, g.seed, g.engine) for g in report.games] == [
        (3, 5, "interpreter"), (3, 6, "kernel"), (4, 5, "kernel"), (4, 6, "kernel"), (5, 5, "kernel"), (5, 6, "kernel")]
    assert not report.failed and report.kernel_reason is None
    assert all(g.actions > 100 for g in report.games)


def test_without_the_kernel_the_interpreter_plays_every_game(classic, monkeypatch):
    # A mechanism new to the kernel is new to the engine too: every invariant is checked in
    # the first game of every player count, conservation in the others.
    monkeypatch.setattr(kernel, "kernel_reason", lambda *args: "the kernel does not play rule 'x'")
    report = invariant_playouts(classic, "classic", 2)
    assert [g.engine for g in report.games] == ["interpreter", "interpreter-quick"] * 3
    assert report.kernel_reason == "the kernel does not play rule 'x'" and not report.failed


def test_a_quick_game_that_fails_is_reported_with_every_check(classic, monkeypatch):
    monkeypatch.setattr(invariants, "MAX_ACTIONS", 5)
    [problem] = invariants.quick_playout(classic, "classic", 3, 0).problems
    assert problem.startswith("the game did not end within 5 actions; it stalled at phase ")


def _straying(change):
    real = kernel.play

    def play(machine, seed, bots, **options):
        result = real(machine, seed, bots, **options)
        change(result.state)
        return result
    return play


def test_a_kernel_game_that_loses_a_card_is_played_again_by_the_interpreter(classic, monkeypatch):
    monkeypatch.setattr(kernel, "play", _straying(lambda g: g.discard.pop()))
    game = kernel_playout(classic, "classic", 4, 3)
    assert game.engine == "interpreter"  # the interpreter's game of that seed broke nothing, so:
    [problem] = game.problems
    assert problem.startswith("the kernel's game broke an invariant the interpreter's did not: "
                              "the cards at the end are not the box's")


def test_a_kernel_game_that_ends_elsewhere_is_reported(classic, monkeypatch):
    monkeypatch.setattr(kernel, "play", _straying(lambda g: g.coins.reverse()))  # the same cards, other owners
    game = kernel_playout(classic, "classic", 4, 3, compare=True)
    assert game.engine == "kernel"
    assert game.problems == ["the kernel and the interpreter played this seed to different ends"]
    assert kernel_playout(classic, "classic", 4, 3, compare=False).ok  # only the comparison sees it


def test_a_kernel_game_past_the_cap_is_reported_as_the_interpreter_sees_it(classic, monkeypatch):
    monkeypatch.setattr(invariants, "MAX_ACTIONS", 5)
    [problem] = kernel_playout(classic, "classic", 3, 0).problems
    assert problem.startswith("the game did not end within 5 actions; it stalled at phase ")
