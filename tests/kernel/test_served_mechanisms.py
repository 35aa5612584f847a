"""The mechanisms the kernel learnt after the base game, each against the interpreter on
identical random streams, over several seeds and the smallest and largest player count of the
spec that uses it (those between under `pytest -m sweep`), and each shown to occur in the games
compared (a comparison of games that never use a mechanism would prove nothing about it):

- permitted moves of one card and the core's let / matches / move (the duel: discard a hand
  card, pull matching cards from the discard pile);
- a card's step when harvested (field beans: two field beans give a third field);
- tokens, decisions inside a phase's steps and at-random picks (the bean thaler's takeover);
- a card's ability played from the front of the hand with the choices it asks for, a card never
  planted nor traded, and a step when a card is revealed (the magpie).
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.actions import Choose, MoveCard, UseAbility
from beanrules.kernel import kernel_for, kernel_reason, play

from kernel_differential import compared, ends_and_seeds, ends_first, first_difference, seed_ranges
from by_name import zone_of

_MODELS: dict[str, dict] = {}


def model(name: str) -> dict:
    return _MODELS.get(name) or _MODELS.setdefault(name, compile_spec(name))


Counts = dict[str, tuple[int, int]]
# Each spec's smallest and largest player count, written here rather than read from its model:
# the parametrizations need them at collection, and every xdist worker collects every file, so
# reading them compiled the specs in workers that never run these tests.
# test_the_player_counts_written_here_are_the_specs holds them to the compiled models.
PLAYERS: Counts = {"anniversary/duel": (2, 2), "anniversary/field-beans": (4, 5),
                   "anniversary/bean-thaler": (3, 5), "anniversary/magpie": (3, 5)}


def counts(name: str, written: Counts = PLAYERS) -> list[int]:
    low, high = written[name]
    return list(range(low, high + 1))


def unlike_the_specs(written: Counts, compiled: Callable[[str], dict]) -> list[str]:
    """The specs whose player counts in `written` are not their compiled model's."""
    found = {name: (m["players"]["min"], m["players"]["max"]) for name, m in ((n, compiled(n)) for n in written)}
    return [f"{name}: written {written[name]}, the spec says {ends}" for name, ends in found.items()
            if ends != written[name]]


def test_the_player_counts_written_here_are_the_specs():
    assert unlike_the_specs(PLAYERS, model) == []


SERVED = [(name, n) for name in PLAYERS for n in counts(name)]


@pytest.mark.parametrize("name,players", SERVED, ids=[f"{s}-{n}p" for s, n in SERVED])
def test_the_kernel_plays_it(name, players):
    assert kernel_reason(model(name), players, ["random", "greedy"]) is None


@pytest.mark.parametrize("players", counts("anniversary/duel"))
@pytest.mark.parametrize("seeds", seed_ranges(1, 4))
def test_discards_and_pulls_from_the_discard_pile(players, seeds):
    seen = compared(model("anniversary/duel"), players, seeds)
    assert sum(type(a) is MoveCard and a.verb == "discards" for a in seen) >= 4


@pytest.mark.parametrize("players", counts("anniversary/field-beans"))
@pytest.mark.parametrize("seeds", seed_ranges(1, 3))
def test_a_third_field_for_two_field_beans(players, seeds):
    m = model("anniversary/field-beans")
    compared(m, players, seeds)
    # the kernel's own games of those seeds (compared above) grow a third field somewhere
    machine = kernel_for(m, players)
    grown = sum(len(fields) == 3 for seed in range(3) for fields in
                play(machine, seed, (["random", "greedy"] if seed % 2 else ["greedy", "random"]) * 3,
                     trades=seed % 2 == 0).state.fields)
    assert grown >= 1


def _eager_takeover() -> dict:
    """The bean thaler with the takeover's threshold at 0 coins, so that it is tried nearly every
    turn: the decisions (whom to take it from, whether to resist) and the pick at random happen
    in every game, not once in ten."""
    m = copy.deepcopy(model("anniversary/bean-thaler"))
    rule = next(r for r in m["rules"] if r["id"] == "thaler-takeover")
    for case in rule["params"]["worth"]["by_players"]:  # the rule's core is built from its params
        case["value"] = 0
    return m


@pytest.mark.parametrize("players", ends_first(counts("anniversary/bean-thaler")))
def test_the_thaler_taken_over_resisted_and_drawn_at_random(players):
    compared(model("anniversary/bean-thaler"), players, range(1))
    seen = compared(_eager_takeover(), players, range(2))
    answers = {a.option for a in seen if type(a) is Choose}
    assert {"yes", "no"} <= answers  # resisted (a card drawn at random) and not
    assert answers - {"yes", "no", "nothing"}  # a holder chosen by name


@pytest.mark.parametrize("players,seeds", ends_and_seeds(counts("anniversary/magpie"), 1, 3))
def test_the_magpie_played_from_the_hand_and_flown_when_revealed(players, seeds):
    m = model("anniversary/magpie")
    fled: list[dict] = []

    def watch(game: Game, action: Any, events: list[dict]) -> None:
        fled.extend(e for e in events if e.get("event") == "ability" and e.get("on") == "revealed")
    uses = [a for a in compared(m, players, seeds, watch) if type(a) is UseAbility]
    assert any(len(a.choices) == 6 for a in uses)  # two players robbed, each bean planted on a chosen field
    # a magpie turned over flies to the discard pile by itself: the interpreter's events of the
    # games compared say so (and the states compared include the offer and the discard pile)
    assert fled


ROOK = str(Path(__file__).parent / "rook.bean")


@pytest.mark.parametrize("players,seeds", ends_and_seeds([3, 4, 5], 1, 3))
def test_a_front_card_that_cannot_be_played_lets_the_plant_lapse_in_both_engines(players, seeds):
    """rook.bean: a card never planted whose ability moves one of its owner's field tops, so
    with every field empty it cannot be played; the plant the phase requires lapses
    (docs/engine-contract.md, "When nobody can act"). The kernel lists the same end of planting:
    both engines play the same games, and the lapse happens in games they are compared on
    (random and greedy bots in turn, trading on: seeds 0 to 2 show it at every player count)."""
    m = model(ROOK)
    assert kernel_reason(m, players, ["random", "greedy"]) is None
    compared(m, players, seeds)
    lapsed = 0

    def before(game: Game, player: str, action: Any) -> None:
        nonlocal lapsed
        state = game.state
        hand = zone_of(state, "hands", player)
        if action.notation().endswith("ends planting") and state.planted == 0 and hand and hand[0] == "rook":
            lapsed += 1
    for seed in seeds:
        assert first_difference(m, players, seed, ["random", "greedy"], True, before=before) is None, seed
    assert lapsed
