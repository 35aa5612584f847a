"""Game.keep_listings, which lets an invariant playout list each state's actions once (the
wait check lists them, the bot picks from the same list): a kept listing is one of this very
state, never of one before the last action, and a game that does not keep them lists afresh."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import wait_problems
from beanrules.engine import Game
from by_name import put, zone_of


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def test_a_kept_listing_answers_until_the_next_action_and_is_trusted_by_it(classic) -> None:
    game = Game(classic, 3, seed=4)
    game.keep_listings()
    anna = game.players[0]
    first = game.listed(anna, False)
    assert game.listed(anna, False) is first  # the same state: the same list, not listed again
    assert game.listed(anna, True) is not first  # another question is listed on its own
    game.listed(anna, False)
    assert game._listing is not None and game._listing[1] is first  # what apply may trust is this list
    hand = list(zone_of(game.state, "hands", anna))
    game.apply(next(a for a in first if a.notation().startswith(f"{anna} plants")))
    assert zone_of(game.state, "hands", anna) == hand[1:]
    after = game.listed(anna, False)
    assert after is not first and after == Game.from_state(classic, game.state_json()).listed(anna, False)


def test_a_game_that_does_not_keep_listings_lists_a_changed_state_afresh(classic) -> None:
    game = Game(classic, 3, seed=4)
    anna = game.players[0]
    planting = game.listed(anna, False)
    put(game.state, "hands", anna, [])  # changed behind apply's back (tests do): no listing may survive it
    assert game.listed(anna, False) != planting


def test_the_wait_check_leaves_the_trusted_listing_the_callers(classic) -> None:
    """wait_problems lists through Game.listed; the listing apply may trust stays the one the
    caller made (a property test applies its own choice after the check)."""
    game = Game(classic, 3, seed=4)
    assert game._listing is None
    assert wait_problems(game) == []
    assert game._listing is None
    mine = game.listed(game.players[0], True)
    assert wait_problems(game) == [] and game._listing is not None and game._listing[1] is mine
