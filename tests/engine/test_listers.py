"""The listers of planting and harvesting (engine/listers.py: each `permit` of planting the front
card of the hand, every card of a zone, or harvesting by choice, picked by its own nodes and
compiled from its core statement). On every state bots reach in games of every spec at its
fewest and most players, every player is listed the plants (and ends of planting) that the
phase's numbers, zones and rules say (least, most, who plants which zone, optional), in order,
and a harvest is listed exactly where the phase's harvest permits and the field's own guards
let it, refused by the permit's rule otherwise. (Until the listers picked their permits by
their nodes, this held them to the readings PlantFront, PlantEvery and HarvestTime they
replaced, engine/readings.py, on the same states.)"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

from beanrules import compile_spec
from beanrules.core import actors, effects, places, quantities, statements as core, timing
from beanrules.engine import Game, UnsupportedRule, listers, program
from beanrules.engine.abilities import front_lapses
from beanrules.engine.actions import EndPhase, Plant
from beanrules.engine.errors import RuleRef
from beanrules.engine.harvesting import field_refusal, harvestable, open_fields
from beanrules.engine.ruleset import zone_cards
from bot_states import CASES, watch
from by_name import put, seat, whose_turn, zone_of

PLAYER = actors.Bound("player")


# ------------------------------------------------------------------ what a phase holds
@dataclass(frozen=True)
class _Front:  # a phase's planting from the front of the hand (FrontPlanting's numbers)
    min: int
    max: int
    ref: str


@dataclass(frozen=True)
class _Pending:  # a phase's planting of a zone (ZonePlanting's parts)
    who: str
    zone: str
    ref: str
    optional: bool


def _held(ph: Any) -> tuple[_Front | None, tuple[_Pending, ...]]:
    """What the phase's listers hold of its planting."""
    f = ph.listers.front
    return (None if f is None else _Front(f.least, f.most, f.ref.id),
            tuple(_Pending(s.who, s.zone, s.ref.id, s.optional) for s in ph.listers.every))


def _numbered_plants(state: Any, rs: Any, player: str, held: tuple) -> list:
    """The plants, and ends of planting, that the phase's numbers say (legal.phase_actions
    before the listers): the front card of the hand up to the phase's most, then each bean of
    each zone the phase empties, onto each field the planting guards let take it."""
    out: list = []
    active, at = player == whose_turn(state), seat(state, player)
    plant, pending = held

    def onto(bean: str, zone: str | None) -> None:
        judge = rs.plant_judge
        takes = range(len(zone_of(state, "fields", player))) if judge is None else judge.taking(state, rs, at, bean)
        out.extend(Plant(player, bean, i + 1, zone) for i in takes)

    if plant is not None and active:
        hand = zone_of(state, "hands", player)
        if hand and state.planted < plant.max and hand[0] not in rs.unplantable:
            onto(hand[0], None)
        if state.planted >= plant.min or not hand or (rs.abilities and front_lapses(state, rs, at)):
            out.append(EndPhase(player, "planting"))
    for step in pending:
        if step.who == "everyone" or active:
            cards = zone_cards(state, step.zone, at)
            if cards:
                for bean in dict.fromkeys(cards):
                    if bean not in rs.unplantable:
                        onto(bean, step.zone)
                if step.optional and active:
                    out.append(EndPhase(player, "phase"))
    return out


def _rule(refusal: Any) -> str | None:
    return None if refusal is None else (refusal.rule or "-")


def _compare(spec: str, seed: int) -> tuple[int, int, int]:
    """Play `spec` at its fewest and most players holding every player's listing to what the
    phase holds; returns how many listings were compared, how many plants and how many harvest
    refusals by the timing they held."""
    try:
        model = compile_spec(spec)
    except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
        pytest.skip("the spec does not compile, on purpose")
    compared = plants = refusals = 0
    choosing = {n: {rule["id"] for rule, s in program.core_program(model, n) if listers.by_choice(s)}
                for n in {model["players"]["min"], model["players"]["max"]}}

    def check(game: Game) -> None:
        nonlocal compared, plants, refusals
        state, rs = game.state, game.ruleset
        if state.over or state.decision is not None:
            return
        ph = rs.phase(state.phase)
        for player in state.players:
            want = _numbered_plants(state, rs, player, _held(ph))
            got: list = []
            at = seat(state, player)
            listers.plant_options(got, state, rs, ph, at, front_lapses if rs.abilities else None)
            assert got == want, (player, state.phase, got, want)
            plants += sum(type(a) is Plant for a in got)
            timing_refusal = ph.listers.refusal(state, rs, at)
            by_choice = choosing[len(state.players)]  # nobody harvests by choice without such a permit,
            assert by_choice or timing_refusal is not None  # and a refusal by timing cites one of them
            assert timing_refusal is None or not by_choice or timing_refusal.rule in by_choice, timing_refusal
            fields = [] if timing_refusal is not None else open_fields(state, rs, at)
            assert harvestable(state, rs, at) == fields, (player, state.phase)
            for index in range(len(zone_of(state, "fields", player))):
                new = listers.harvest_refusal(state, rs, at, index)
                want_rule = _rule(timing_refusal) or _rule(field_refusal(state, rs, at, index))
                assert _rule(new) == want_rule, (player, index, state.phase, new)
                refusals += timing_refusal is not None
            compared += 1

    for players in sorted({model["players"]["min"], model["players"]["max"]}):
        watch(model, players, seed, check)
    return compared, plants, refusals


@pytest.mark.parametrize("spec,seed", CASES)
def test_the_listers_list_what_their_phase_holds(spec, seed):
    compared, plants, _ = _compare(spec, seed)
    assert compared > 100 and plants > 0, (compared, plants)


@pytest.mark.parametrize("spec", ["kannibohne", "anniversary/duel"])
def test_the_oracle_saw_harvests_refused_by_their_timing(spec):
    """Specs that harvest in one's own turn only (Kannibohne: and not in its phase 2) reach
    harvests their timing refuses, so the comparison saw refusals as well as listings."""
    assert _compare(spec, 0)[2] > 0


def test_a_phase_without_a_harvest_permit_compiles_no_harvest_check():
    """Kannibohne harvests in the player's own turn except in its reveal phase: that phase's
    lister knows no harvest permit, the others one (the phase settled when compiled)."""
    game = Game(compile_spec("kannibohne"), ["Anna", "Natalie"], seed=0)
    rs = game.ruleset
    assert [listers.of(ph).harvesting for ph in rs.phases] == [ph.id != "reveal" for ph in rs.phases]


def test_a_condition_is_settled_for_each_phase_where_the_phase_decides_it():
    """`it is phase P` is settled as a phase's listers compile; what else a condition asks is
    left for the evaluator, and a term the phase decides drops out of an all-of or any-of."""
    from beanrules.core import actors, conditions
    own = conditions.TurnOf(actors.Bound("player"))
    not_trade = conditions.Not(conditions.AnyOf((conditions.InPhase("trade"), conditions.InPhase("reveal"))))
    assert listers._settled(not_trade, "trade") is False and listers._settled(not_trade, "plant") is True
    assert listers._settled(None, "plant") is True
    assert listers._settled(conditions.AllOf((conditions.InPhase("plant"), own)), "plant") == own
    assert listers._settled(conditions.AllOf((conditions.InPhase("plant"), own)), "trade") is False
    assert listers._settled(conditions.AnyOf((conditions.InPhase("plant"), own)), "plant") is True
    assert listers._settled(conditions.AnyOf((conditions.InPhase("plant"), own)), "trade") == own
    assert listers._settled(conditions.Not(own), "plant") == conditions.Not(own)


def test_a_harvest_permit_with_a_condition_left_is_asked_in_play():
    """A harvest permit whose condition the phase does not settle (here: "while it is own turn",
    for any player) lists harvests only while the condition holds, and a refusal cites it."""
    from beanrules.core import actors, conditions, effects, statements as core, timing
    from beanrules.engine.errors import RuleRef
    player = actors.Bound("player")
    permit = core.Permit(actors.AnyPlayer(), effects.Harvest(player, actors.Bound("field"), False),
                         timing.AnyTime(), conditions.TurnOf(player), False, None, None)
    ref = RuleRef("own-turn", None)
    applying = listers._harvest_permit(permit, ref, "plant")
    assert applying is not None and applying.when is not None
    harvests, refusal, who = listers._harvesting((applying,), (ref,), "plant")
    assert who is None  # a condition left: the lister asks it (the kernel calls it, kernel/fast.py)
    game = Game(compile_spec("classic"), ["Anna", "Natalie", "Greg"], seed=0)
    state, rs = game.state, game.ruleset
    active, other = whose_turn(state), next(p for p in state.players if p != whose_turn(state))
    for player in (active, other):
        zone_of(state, "fields", player)[0][:] = ["blue", "blue"]
    mine, theirs = seat(state, active), seat(state, other)
    assert harvests(state, rs, theirs) == [] and refusal(state, rs, theirs).rule == "own-turn"
    assert harvests(state, rs, mine) == [0] and refusal(state, rs, mine) is None


def test_a_harvest_owed_to_make_room_is_compiled_from_its_statement():
    """"A player who must plant a card no field takes must harvest first" is read by no shape: it
    compiles into each phase's Room (its timing is any time: every phase), whose condition, with
    the card due bound (places.Due), holds exactly where no field of the player takes that card;
    a spec without the rule owes no harvest."""
    from beanrules.engine.planting import field_accepts
    model = compile_spec("classic")
    statement = next(s for rule, s in program.core_program(model, 3) if rule["id"] == "harvest-to-make-room")
    assert listers.owes_harvest(statement) and listers.front_phase(statement) is None \
        and not listers.by_choice(statement)
    game = Game(model, ["Anna", "Natalie", "Greg"], seed=0)
    state, rs = game.state, game.ruleset
    assert {ph.listers.room.ref.id for ph in rs.phases} == {"harvest-to-make-room"}
    room = listers.room(state, rs)
    held = 0
    for fields in ([["stink", "stink"], ["blue"], []], [["stink", "stink"], ["blue"], ["red"]], [[], [], []]):
        put(state, "fields", "Anna", [list(f) for f in fields])
        for bean in rs.beans:
            anna = seat(state, "Anna")
            none_takes = not any(field_accepts(state, rs, anna, bean, i) for i in range(3))
            assert room.holds(state, rs, anna, bean) == none_takes, (fields, bean)
            held += none_takes
    assert held > 0
    basic = Game(compile_spec("my-first/basic"), 3, seed=0)
    assert all(ph.listers.room is None for ph in basic.ruleset.phases)


def _front_permit(actor: Any, least: int | None = 1, most: int = 2) -> core.Permit:
    front = places.CardsIn(places.Zone("hand", PLAYER), "front", quantities.Number(1), False, None)
    return core.Permit(actor, effects.Plant(PLAYER, front, None), timing.During("plant", False), None, True,
                       None if least is None else quantities.Number(least), quantities.Number(most))


def test_a_permit_is_picked_by_its_own_nodes():
    """The front card of the own hand by the active player during a phase is a FrontPlanting of
    that phase, whatever its numbers; by another actor, or with a number that is no constant, no
    lister takes it; an end of the phase owed more than once is no end the phase program plays."""
    assert listers.front_phase(_front_permit(actors.ActivePlayer(), 2, 4)) == "plant"
    assert listers.front_phase(_front_permit(actors.ActivePlayer(), None, 1)) == "plant"
    assert listers.front_phase(_front_permit(actors.AnyPlayer())) is None
    assert not listers.lists(_front_permit(actors.EachPlayer()))
    held = listers._front(_front_permit(actors.ActivePlayer(), 2, 4), RuleRef("r", None))
    assert (held.least, held.most) == (2, 4)
    end = core.Permit(actors.ActivePlayer(), effects.EndPhase(None), timing.During("trade", False), None,
                      False, None, None)
    assert program.ends_phase(end) == "trade" and program.declared_end(end) is None
    owed = core.Permit(actors.ActivePlayer(), effects.EndPhase(None), timing.During("trade", False), None,
                       True, quantities.Number(1), quantities.Number(1))
    assert program.declared_end(owed) == "trade"
    assert program.ends_phase(core.Permit(actors.ActivePlayer(), effects.EndPhase(None),
                                          timing.During("trade", False), None, True, None, None)) is None


def test_a_planting_permit_no_lister_takes_is_refused_by_its_words(monkeypatch):
    """Planting the front card of the hand by any player is no permit the listers compile: the
    game is refused when it is created, naming the rule and saying what it says."""
    model = copy.deepcopy(compile_spec("classic"))
    real = program.rule_statements
    monkeypatch.setattr(program, "rule_statements",
                        lambda rule: (_front_permit(actors.AnyPlayer()),) if rule["id"] == "coin-source" else real(rule))
    with pytest.raises(UnsupportedRule, match=r"rule 'coin-source' \(specs/classic.bean, line \d+\) says \"During phase plant, any player must plant") as refused:
        Game(model, 3)
    assert refused.value.rule == "coin-source"
