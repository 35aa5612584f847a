"""A requirement that compares the count of each player's own zone with a number (a hand limit)
is tested by a closure bound to the zone and the number (requirements._count_holds), not by the
compiled condition asked per player: it must say what the condition says, for every comparison,
every per-player zone and every size of the players' zones, on a state whose players are names
(the engine's) or seats (the kernel's), both keeping the zones by seat."""
from __future__ import annotations

from itertools import product
from types import SimpleNamespace

import pytest

import beanrules.engine  # noqa: F401  (the semantics table the generic condition compiles through)
from beanrules.core import actors, conditions, places, quantities, statements
from beanrules.engine import requirements
from beanrules.engine.errors import RuleRef

OPS = ("<", "<=", "=", ">=", ">", "!=")
ZONES = {"hand": "hands", "coins": "coins", "set-aside": "set_aside"}
RULES = SimpleNamespace(direction="clockwise")


def _require(zone: str, op: str, bound: int, player: actors.Actor = actors.EachPlayer(),
             bean: str | None = None) -> statements.Require:
    counted = quantities.Count(places.Zone(zone, actors.Bound("player")), bean)
    return statements.Require(player, conditions.Compare(counted, op, quantities.Number(bound)))


def _generic(statement: statements.Require) -> requirements.Requirement:
    req = requirements._compiled(statement, RuleRef("limit", None))
    return requirements.Requirement(req.players, req.condition, req.ref,
                                    requirements._holds(statement, req.players, req.condition))


def _state(players: list, sizes: tuple[int, ...], attr: str) -> SimpleNamespace:
    """A state with `players` (names, or seats as the kernel's), their zones by seat (as both
    engines keep them), `attr`'s of these sizes."""
    zones = [["red"] * n for n in sizes]
    state = SimpleNamespace(players=players, active=0, **{a: [[] for _ in players] for a in ZONES.values()})
    setattr(state, attr, zones)
    return state


@pytest.mark.parametrize("zone", sorted(ZONES))
@pytest.mark.parametrize("op", OPS)
def test_a_count_compared_with_a_number_holds_as_the_condition_says(zone: str, op: str) -> None:
    for bound, every in product((0, 2, 4), (actors.EachPlayer(), actors.AllPlayers())):
        statement = _require(zone, op, bound, every)
        assert requirements._count_holds(statement) is not None  # the shape is bound, not asked per player
        fast, slow = requirements._compiled(statement, RuleRef("limit", None)), _generic(statement)
        for sizes, players in product(product(range(6), repeat=2), ([0, 1], ["Anna", "Natalie"])):
            state = _state(players, sizes, ZONES[zone])
            assert fast.holds(state, RULES) is slow.holds(state, RULES), (zone, op, bound, sizes, players)


def test_other_shapes_keep_the_condition_asked_per_player() -> None:
    assert requirements._count_holds(_require("hand", "<=", 4, bean="red")) is None  # one type counted
    assert requirements._count_holds(_require("hand", "<=", 4, actors.ActivePlayer())) is None  # one player
    other = statements.Require(actors.EachPlayer(), conditions.Compare(
        quantities.Count(places.Zone("hand", actors.ActivePlayer()), None), "<=", quantities.Number(4)))
    assert requirements._count_holds(other) is None  # not the player's own zone
