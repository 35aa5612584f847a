"""The invariants step_problems checks after one action, each broken on purpose in an edited
state JSON (the game's own state stays sound, so only the planted fault is reported): coins
written down on a counter, a bank that pays coins, cards out of play, who acts next.
tests/checks/test_verify.py plants the others (a card vanishing, a hand reordered, a plant not
from the front, a harvest paid against the beanometer)."""
from __future__ import annotations

import copy

import pytest

from beanrules import compile_spec
from beanrules.checks import invariants
from beanrules.checks.invariants import step_problems
from beanrules.engine import Game


class _NoRoundTrip:
    """A sample that never asks for the round trip (the states below are edited JSON)."""

    def due(self, after: dict) -> bool:
        return False


def _check(game: Game, before: dict, after: dict, events: list[dict]) -> list[str]:
    return step_problems(game, before, events, game.state.card_counts(), after=after, sample=_NoRoundTrip())


def _harvest(game: Game, player: str, coins: int, **more) -> dict:
    """A harvest the beanometer pays `coins` (plus what is `unpaid`) for."""
    bean, cards = next((bean, cards) for bean, row in game.ruleset.payout.items() for cards, pay in enumerate(row)
                       if pay == coins + more.get("unpaid", 0))
    return {"event": "harvested", "player": player, "bean": bean, "cards": cards, "coins": coins, "field": 1, **more}


@pytest.fixture(scope="module")
def kannibohne() -> Game:
    return Game(compile_spec("kannibohne"), 2, seed=0)


@pytest.fixture(scope="module")
def bank() -> Game:
    return Game(compile_spec("my-first/basic"), 3, seed=0)


def test_written_coins_change_only_by_harvests_and_what_the_rules_count(kannibohne) -> None:
    game, counter = kannibohne, kannibohne.ruleset.harvest.pays_into
    before = game.state_json()
    anna = game.players[0]
    assert _check(game, before, before, []) == []
    after = copy.deepcopy(before)
    after["counters"][counter][anna] += 3
    assert _check(game, before, after, []) == [
        f"{anna}'s {counter} went from 0 to 3 with 0 earned by harvests and 0 counted"]
    counted = {"event": "counted", "counter": counter, "player": anna, "amount": 3, "rule": "bonus"}
    assert _check(game, before, after, [counted]) == []
    # a change no rule caused is not accounted for, as a payment no rule caused is not
    assert _check(game, before, after, [{**counted, "rule": None}]) == [f"3 was added to {anna}'s {counter}, by no rule"]
    assert _check(game, before, after, [{**counted, "counter": "elsewhere"}]) != []
    after["coins"][anna] = ["soy"]
    assert f"{anna}'s coin cards went from 0 to 1, though coins are written down" in \
        _check(game, before, after, [counted])


def test_coins_from_the_bank_shrink_it_by_exactly_what_was_paid(bank) -> None:
    game = bank
    before = game.state_json()
    anna = game.players[0]
    after = copy.deepcopy(before)
    after["coins"][anna] = after["removed"][:2]
    after["removed"] = after["removed"][2:]
    assert _check(game, before, after, [_harvest(game, anna, 2)]) == []
    taken = copy.deepcopy(after)
    taken["removed"] = taken["removed"][1:]
    size = len(before["removed"])
    assert _check(game, before, taken, [_harvest(game, anna, 2)]) == [
        f"the bank went from {size} to {size - 3} cards with 2 coins paid from it"]
    short = _check(game, before, after, [_harvest(game, anna, 1, unpaid=1)])
    assert f"{anna} was paid 1 coins short, yet the bank was not empty" in short


def test_cards_out_of_play_stay_put_where_coins_are_not_paid_from_them(kannibohne) -> None:
    game = kannibohne
    before = game.state_json()
    after = copy.deepcopy(before)
    after["removed"] = ["soy"]
    assert "cards out of play changed" in _check(game, before, after, [])


def test_the_quick_and_the_full_answer_to_who_acts_next_must_agree(kannibohne, monkeypatch) -> None:
    before = kannibohne.state_json()
    assert _check(kannibohne, before, before, []) == []
    monkeypatch.setattr(invariants, "next_to_act", lambda state, rs: "nobody")
    assert "the quick and the full answer to 'who acts next' disagree" in _check(kannibohne, before, before, [])


def test_a_playout_counts_the_changed_zones_against_what_they_held(kannibohne) -> None:
    """conserved=True (invariant playouts: the state before was counted the action before):
    only the zones an action changed are counted, and they must hold the cards they held."""
    game = kannibohne
    before = game.state_json()
    anna, natalie = game.players

    def conserved(after: dict) -> list[str]:
        return step_problems(game, before, [], game.state.card_counts(), after=after, sample=_NoRoundTrip(),
                             conserved=True)
    moved = copy.deepcopy(before)
    card = moved["deck"].pop(0)
    moved["discard"].append(card)
    assert [p for p in conserved(moved) if "cards" in p] == []
    vanished = copy.deepcopy(before)
    lost = vanished["hands"][natalie].pop()
    assert f"cards appeared or vanished: {{}} more, {{'{lost}': 1}} fewer" in conserved(vanished)
    changed = copy.deepcopy(before)
    changed["hands"][anna][0] = next(bean for bean in game.ruleset.beans if bean != changed["hands"][anna][0])
    assert any(p.startswith("cards appeared or vanished") for p in conserved(changed))


def test_a_playout_whose_state_json_leaves_a_card_out_fails_at_once(monkeypatch) -> None:
    """The count of the changed zones builds on the state JSON holding the box at the start."""
    written = Game.state_json

    def short(self):
        state = written(self)
        state["deck"] = state["deck"][1:]
        return state
    monkeypatch.setattr(Game, "state_json", short)
    result = invariants.playout(compile_spec("classic"), "classic", 3, 0)
    assert result.problems == ["the state JSON does not hold the cards of the state"] and result.actions == 0
