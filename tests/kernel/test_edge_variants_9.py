"""The test variants of conformance/variants/edges-9.yaml in both engines: the kernel plays them
exactly as the interpreter does.

- fields-for-sale.bean: `buy a field` without `up to N fields` (the fast path serves it), and
  spade.bean: a card's `gain a field`, in rules with card abilities. Fields have no limit; the
  cases hold the interpreter to a thirteenth field, which bots do not reach, and the games
  compared here give some player more fields than were dealt.
- gifts-without-consent.bean: a gift is given as soon as it is offered (trades still wait).
- duel-without-discard.bean: the duel without its permitted move, so the fast path serves the
  phase in which the active player plants their own accepted offers.
hand-limit-trades-and-take.bean is refused by the kernel by the same name as hand-limit-trades.bean
(tests/kernel/test_edge_variants.py): trades into a limited hand.

Each test compares seed 0 in the test command (its games reach the mechanism: a field bought
or dug, a gift given, an offer planted) and the seeds it compared before under pytest -m sweep
(seed_ranges), but fields-for-sale.bean at 5 players, which keeps its three seeds.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.kernel import kernel_reason

from kernel_differential import compared, seed_ranges
from by_name import by_player

VARIANTS = Path(__file__).parents[2] / "conformance" / "variants"


@pytest.mark.parametrize("variant,players,dealt,seeds", [
    ("fields-for-sale.bean", 2, 2, range(1)),
    pytest.param("fields-for-sale.bean", 2, 2, range(3), marks=pytest.mark.sweep),
    # every seed: seed 2 is the one game compared in which the kernel's greedy bot buys a field
    # with every field in use (kernel/bots.py)
    ("fields-for-sale.bean", 5, 2, range(3)),
    ("spade.bean", 3, 3, range(1)),
    pytest.param("spade.bean", 3, 3, range(3), marks=pytest.mark.sweep)])
def test_fields_without_a_limit_are_played_alike(variant, players, dealt, seeds):
    model = compile_spec(str(VARIANTS / variant))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    most = [0]

    def watch(game, action, events: list) -> None:
        most[0] = max(most[0], *(len(f) for f in by_player(game.state, "fields").values()))
    compared(model, players, seeds, watch=watch)  # a difference fails inside
    assert most[0] > dealt, (variant, players, most[0])  # some player bought or dug a field


@pytest.mark.parametrize("seeds", seed_ranges(1, 4))
@pytest.mark.parametrize("players", [3, 5])
def test_gifts_without_consent_are_played_alike(players, seeds):
    model = compile_spec(str(VARIANTS / "gifts-without-consent.bean"))
    assert kernel_reason(model, players, ["random", "greedy"]) is None
    given = [0]

    def watch(game, action, events: list) -> None:  # a gift carried out as it was proposed
        given[0] += any(e["event"] == "proposed" for e in events) and not game.state.proposals \
            and not getattr(action, "take", True)
    compared(model, players, seeds, watch=watch)  # a difference fails inside
    assert given[0], players


@pytest.mark.parametrize("seeds", seed_ranges(1, 4))
def test_the_duel_without_its_discard_is_played_alike(seeds):
    model = compile_spec(str(VARIANTS / "duel-without-discard.bean"))
    assert kernel_reason(model, 2, ["random", "greedy"]) is None
    planted = [0]

    def watch(game, action, events: list) -> None:  # an accepted offer planted in its receiver's turn
        planted[0] += any(e["event"] == "planted" and e["from"] == "set-aside" for e in events)
    compared(model, 2, seeds, watch=watch)  # a difference fails inside
    assert planted[0]

