"""The listers of planting and harvesting (engine/listers.py: each `permit` of planting the front
card of the hand, every card of a zone, or harvesting by choice, compiled from its core
statement) held to the readings they replace (engine/readings.py's PlantFront, PlantEvery and
HarvestTime; the Ruleset held the first two as `PhaseSpec.plant` and `PhaseSpec.pending` before
the phases held their listers, and `harvest_when`, `harvest_except` before the playout kernel
listed harvests by the listers too: the timing is read here as the compiler read it): on every state bots reach in games of every spec at its fewest and most players, every
player is listed the same plants (and ends of planting) and the same harvests, in the same order,
a harvest is refused by the same rule, and each phase holds the numbers, zones and rules the
readings gave (least, most, who plants which zone, optional)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from beanrules import compile_spec
from beanrules.core import statements as core
from beanrules.engine import Game, listers, program, readings
from beanrules.engine.abilities import front_lapses
from beanrules.engine.actions import EndPhase, Plant
from beanrules.engine import program
from beanrules.engine.harvesting import by_itself, field_refusal, harvestable, open_fields
from beanrules.engine.ruleset import zone_cards
from beanrules.engine.readings import HarvestTime, read_once
from bot_states import CASES, watch


# ------------------------------------------------------------------ what the readings say
@dataclass(frozen=True)
class _Front:  # the reading PlantFront of a phase, as the Ruleset held it (PlantStep)
    min: int
    max: int
    ref: str


@dataclass(frozen=True)
class _Pending:  # a reading PlantEvery of a phase, as the Ruleset held it (PendingStep)
    who: str
    zone: str
    ref: str
    optional: bool


def _readings(model: dict, players: int) -> dict[str, tuple[_Front | None, tuple[_Pending, ...]]]:
    """Each phase's planting from the readings of the rules it lists, in their order, as the
    compiler read them (compiler._phase_steps before the phases held their listers)."""
    found = [(rule, readings.read_once(s)) for rule, s in program.core_program(model, players)
             if isinstance(s, core.Permit)]
    out = {}
    for phase in model["phases"]:
        front, pending, listed = None, [], set(phase["rules"])
        for rule, r in found:
            if rule["id"] not in listed or getattr(r, "phase", None) != phase["id"]:
                continue
            if isinstance(r, readings.PlantFront):
                front = _Front(r.least, r.most, rule["id"])
            elif isinstance(r, readings.PlantEvery):
                pending.append(_Pending(r.who, r.zone, rule["id"], r.optional))
        out[phase["id"]] = (front, tuple(pending))
    return out


def _held(ph: Any) -> tuple[_Front | None, tuple[_Pending, ...]]:
    """What the phase's listers hold of its planting, in the readings' terms."""
    f = ph.listers.front
    return (None if f is None else _Front(f.least, f.most, f.ref.id),
            tuple(_Pending(s.who, s.zone, s.ref.id, s.optional) for s in ph.listers.every))


def _reading_plants(state: Any, rs: Any, player: str, read: dict) -> list:
    """The plants, and ends of planting, that the readings listed (legal.phase_actions before
    the listers): the front card of the hand up to the phase's most, then each bean of each zone
    the phase empties, onto each field the planting guards let take it."""
    out: list = []
    active = player == state.active
    plant, pending = read[state.phase]

    def onto(bean: str, zone: str | None) -> None:
        judge = rs.plant_judge
        takes = range(len(state.fields[player])) if judge is None else judge.taking(state, rs, player, bean)
        out.extend(Plant(player, bean, i + 1, zone) for i in takes)

    if plant is not None and active:
        hand = state.hands[player]
        if hand and state.planted < plant.max and hand[0] not in rs.unplantable:
            onto(hand[0], None)
        if state.planted >= plant.min or not hand or (rs.abilities and front_lapses(state, rs, player)):
            out.append(EndPhase(player, "planting"))
    for step in pending:
        if step.who == "everyone" or active:
            cards = zone_cards(state, step.zone, player)
            if cards:
                for bean in dict.fromkeys(cards):
                    if bean not in rs.unplantable:
                        onto(bean, step.zone)
                if step.optional and active:
                    out.append(EndPhase(player, "phase"))
    return out


def _timing_read(model: dict, players: int) -> tuple[Any, str | None]:
    """The harvest timing's reading (readings.HarvestTime) and its rule, as the compiler read it
    into the Ruleset before: any time wins over own turn where a model has both; (None, None):
    no rule lets anyone harvest by choice."""
    found = [(r, rule["id"]) for rule, s in program.core_program(model, players)
             for r in (read_once(s),) if isinstance(r, HarvestTime)]
    return next((f for f in found if f[0].any_time), found[-1] if found else (None, None))


def _reading_timing(state: Any, rs: Any, player: str, timing: tuple[Any, str | None]) -> str | None:
    """The rule the harvest timing's reading cites against `player` harvesting now (where nobody
    harvests by choice: the step that harvests by itself, or "-", none), or None: they may."""
    reading, rule = timing
    if reading is None:
        auto = by_itself(rs)
        return auto.id if auto is not None else "-"
    if (not reading.any_time and player != state.active) or state.phase in reading.except_phases:
        return rule
    return None


def _rule(refusal: Any) -> str | None:
    return None if refusal is None else (refusal.rule or "-")


def _compare(spec: str, seed: int) -> tuple[int, int, int]:
    """Play `spec` at its fewest and most players holding every player's listing to the
    readings'; returns how many listings were compared, how many plants and how many harvest
    refusals they held."""
    try:
        model = compile_spec(spec)
    except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
        pytest.skip("the spec does not compile, on purpose")
    compared = plants = refusals = 0
    read: dict = {}
    read_timing = {n: _timing_read(model, n) for n in {model["players"]["min"], model["players"]["max"]}}

    def check(game: Game) -> None:
        nonlocal compared, plants, refusals
        state, rs = game.state, game.ruleset
        if state.over or state.decision is not None:
            return
        if not read:
            read.update(_readings(game.model, rs.players))
            assert {ph.id: _held(ph) for ph in rs.phases} == read
        ph = rs.phase(state.phase)
        for player in state.players:
            want = _reading_plants(state, rs, player, read)
            got: list = []
            listers.plant_options(got, state, rs, ph, player, front_lapses if rs.abilities else None)
            assert got == want, (player, state.phase, got, want)
            plants += sum(type(a) is Plant for a in got)
            timing = _reading_timing(state, rs, player, read_timing[len(state.players)])
            fields = [] if timing is not None else open_fields(state, rs, player)
            assert harvestable(state, rs, player) == fields, (player, state.phase)
            for index in range(len(state.fields[player])):
                old = field_refusal(state, rs, player, index) if timing is None else None
                new = listers.harvest_refusal(state, rs, player, index)
                assert _rule(new) == (timing or _rule(old)), (player, index, state.phase, new)
                refusals += timing is not None
            compared += 1

    for players in sorted({model["players"]["min"], model["players"]["max"]}):
        read.clear()
        watch(model, players, seed, check)
    return compared, plants, refusals


@pytest.mark.parametrize("spec,seed", CASES)
def test_the_listers_list_what_the_readings_list(spec, seed):
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
    harvests, refusal = listers._harvesting((applying,), (ref,), "plant")
    game = Game(compile_spec("classic"), ["Anna", "Natalie", "Greg"], seed=0)
    state, rs = game.state, game.ruleset
    active, other = state.active, next(p for p in state.players if p != state.active)
    for player in (active, other):
        state.fields[player][0][:] = ["blue", "blue"]
    assert harvests(state, rs, other) == [] and refusal(state, rs, other).rule == "own-turn"
    assert harvests(state, rs, active) == [0] and refusal(state, rs, active) is None


def test_a_harvest_owed_to_make_room_is_compiled_from_its_statement():
    """"A player who must plant a card no field takes must harvest first" is read by no shape: it
    compiles into each phase's Room (its timing is any time: every phase), whose condition, with
    the card due bound (places.Due), holds exactly where no field of the player takes that card;
    a spec without the rule owes no harvest."""
    from beanrules.engine.planting import field_accepts
    model = compile_spec("classic")
    statement = next(s for rule, s in program.core_program(model, 3) if rule["id"] == "harvest-to-make-room")
    assert readings.read(statement) is None and listers.owes_harvest(statement)
    game = Game(model, ["Anna", "Natalie", "Greg"], seed=0)
    state, rs = game.state, game.ruleset
    assert {ph.listers.room.ref.id for ph in rs.phases} == {"harvest-to-make-room"}
    room = listers.room(state, rs)
    held = 0
    for fields in ([["stink", "stink"], ["blue"], []], [["stink", "stink"], ["blue"], ["red"]], [[], [], []]):
        state.fields["Anna"] = [list(f) for f in fields]
        for bean in rs.beans:
            none_takes = not any(field_accepts(state, rs, "Anna", bean, i) for i in range(3))
            assert room.holds(state, rs, "Anna", bean) == none_takes, (fields, bean)
            held += none_takes
    assert held > 0
    basic = Game(compile_spec("my-first/basic"), 3, seed=0)
    assert all(ph.listers.room is None for ph in basic.ruleset.phases)
