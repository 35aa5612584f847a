"""The sentences for core mechanisms that no sentence wrote before (issue #13): the kernel plays
a spec that uses them exactly as the interpreter does, or refuses it by name - never plays it
differently.

- Lasting constraints until a phase begins and for the rest of the game, laid down by cards'
  abilities, are served: both engines play the same games (frost-cards.bean), and the games
  compared do lay them down. A constraint that forbids trading (frost-cards.bean's drought
  bean, hush.bean's) is kept by the bots of both engines alike.
- A rule's own step when a card is harvested is played (bumper-crop.bean: the engine's trigger
  on the engine's harvest, which binds the harvested cards); one when a card is planted, and
  counters added to by effects, are refused by what the kernel does not run, in its words; the
  interpreter plays those specs. No list of rule kinds decides it (kernel/support.py).
- A phase's own step is played where its effects are the kernel's: both engines play the same
  games of a step that moves a card when a condition holds (scavenge.bean) and of one that waits
  for the active player's choice and passes the card to the left (neighbourly.bean), and of one
  whose condition counts the bean types of a hand (varied-hand.bean: the engine's `types-in`
  closure on the kernel's state, no kernel edit); one that holds an auction is refused by its
  effect.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.engine.simulate import choose_engine
from beanrules.kernel import kernel_reason

from kernel_differential import compared, ends_and_seeds, seed_ranges

HERE = Path(__file__).parent
VARIANTS = HERE.parents[1] / "conformance" / "variants"


@pytest.fixture(scope="module")
def frost_cards() -> dict:
    return compile_spec(str(HERE / "frost-cards.bean"))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seeds", seed_ranges(1, 3))
def test_constraints_until_a_phase_and_for_the_whole_game_play_alike(frost_cards, players, seeds):
    assert kernel_reason(frost_cards, players, ["random", "greedy"]) is None
    laid: list[dict] = []

    def watch(game, action, events) -> None:
        laid.extend(e for e in events if e["event"] == "lasting")
    compared(frost_cards, players, seeds, watch=watch)
    # the games compared lay down both new times (phase None and until None: the whole game)
    assert any(e["until"] is None for e in laid)
    assert any(e["until"] is not None and "start of phase" in e["says"] for e in laid)


@pytest.mark.parametrize("seeds", seed_ranges(1, 3))
def test_proposals_a_lasting_constraint_forbids_are_not_made_in_either_engine(seeds):
    # hush.bean: "until end of turn: each opponent may not trade". The interpreter's bots leave
    # out the proposals it forbids (Game.proposals lists what legal_actions lists); the kernel's
    # random bot once picked from the whole space and its greedy bot made up gifts, so the games
    # parted. Now both leave them out, and the games compared do lay the constraint down.
    laid: list[dict] = []

    def watch(game, action, events) -> None:
        laid.extend(e for e in events if e["event"] == "lasting")
    compared(compile_spec(str(VARIANTS / "hush.bean")), 3, seeds, watch=watch)
    assert laid


def _passed_left(game, action, events) -> list:
    return [e for e in events if e["event"] == "chose" and e.get("rule") == "pass-left"]


def _scavenged(game, action, events) -> list:
    return [e for e in events if e["event"] == "moved" and e.get("from_zone") == "discard" and e.get("to_zone") == "hand"]


def _drew_more(game, action, events) -> list:
    return [e for e in events if e["event"] == "moved" and e.get("from_zone") == "deck" and e.get("to_zone") == "hand"]


@pytest.mark.parametrize("variant,fired", [("neighbourly.bean", _passed_left), ("scavenge.bean", _scavenged),
                                           ("varied-hand.bean", _drew_more)])
@pytest.mark.parametrize("players,seeds", ends_and_seeds([3, 4, 5], 2, 4))
def test_a_phase_s_own_step_plays_alike(variant, fired, players, seeds):
    model = compile_spec(str(VARIANTS / variant))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    seen: list = []

    def watch(game, action, events) -> None:
        seen.extend(fired(game, action, events))
    compared(model, players, seeds, watch=watch)
    assert seen  # the games compared do run the step


def test_a_phase_s_own_step_with_an_auction_is_refused_by_its_effect():
    model = compile_spec(str(VARIANTS / "auction.bean"))
    assert "bids coins" in (kernel_reason(model, 3) or "")
    engine, why = choose_engine(model, 3, ["random"], keep_records=False)
    assert engine == "interpreter" and "bids coins" in (why or "")


@pytest.mark.parametrize("variant,reason", [
    ("frost.bean", "rule 'frost': a step when a card is planted"),
    ("tally.bean", "the core effect 'add-to-counter'"),
])
def test_a_rules_step_and_counters_are_refused_by_name(variant, reason):
    model = compile_spec(str(VARIANTS / variant))
    assert reason in (kernel_reason(model, 3) or "")
    engine, why = choose_engine(model, 3, ["random"], keep_records=False)
    assert engine == "interpreter" and reason in (why or "")


@pytest.mark.parametrize("players,seeds", ends_and_seeds([3, 5], 3, 6))
def test_a_rules_step_when_a_card_is_harvested_plays_alike(players, seeds):
    # bumper-crop.bean: "when a card is harvested, if count of harvested cards >= 6: move 1 from
    # deck top to own hand back". The count reads the cards the engine's harvest binds, which
    # the kernel's harvest is (harvesting.harvester), so both engines play the same games.
    model = compile_spec(str(VARIANTS / "bumper-crop.bean"))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    seen: list = []

    def watch(game, action, events) -> None:  # the step ran, and took a card off the deck
        seen.extend(after for e, after in zip(events, events[1:]) if e.get("ability") == "bumper-crop"
                    and after["event"] == "moved" and after["from_zone"] == "deck" and after["cards"])
    compared(model, players, seeds, watch=watch)
    assert seen  # the games compared do run the step
