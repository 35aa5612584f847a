"""The harvest judge (engine/harvest_guards.py): every forbid of harvesting the field, by its
condition, compiled into one closure that the interpreter's listing and refusal ask and the
playout kernel runs on its own fields. It replaced the readings of the protection rule and of
harvesting only what pays, held to them on every state bots reach in every spec and variant
before they went (the oracle of the change that made it)."""
from __future__ import annotations

import random

import pytest

from beanrules import compile_spec
from beanrules.engine import Game, harvest_guards
from beanrules.engine.actions import Harvest
from beanrules.engine.errors import IllegalAction
from by_name import put, seat, zone_of

VARIANTS = "conformance/variants/"


@pytest.mark.parametrize("spec", ["classic", "kannibohne", "my-first/other-beans", VARIANTS + "big-harvests.bean",
                                  "conformance/core/permissions.bean", "tests/kernel/trade-keeps-big-fields.bean"])
def test_the_judge_as_one_expression_says_what_the_guards_closures_say(spec):
    """Where the guards read only the fields, the phase and numbers, the judge is one expression
    (harvest_guards._direct, the terms that do not read the field harvested worked out once); on
    random fields in every phase it refuses by the same guard as the evaluator's closures of the
    same guards, and lists the same fields: the protection rule (beside a field of more, or an
    empty one), a field that pays nothing, a house rule on a field's size, one on the phase."""
    model = compile_spec(spec)
    players = ["Anna", "Greg", "Natalie"][:model["players"]["min"]]
    game = Game.from_partial(model, players, {"phase": model["phases"][0]["id"]})
    rs, rng = game.ruleset, random.Random(spec)
    direct, closures = rs.harvest_judge, harvest_guards._by_closures(rs.harvest_guards)
    assert direct.direct and direct.opened.__code__.co_filename == "<string>"
    written = _written(direct)
    cards = sorted(set(rs.beans))
    refused = 0
    for _ in range(300):
        game.state.phase = rng.choice(model["phases"])["id"]
        put(game.state, "fields", "Anna", [[rng.choice(cards[:3])] * rng.choice((0, 1, 1, 2, 3, 5))
                                           for _ in range(rng.randint(1, 4))])
        state = game.state
        assert direct.opened(state, rs, seat(state, "Anna")) == closures.opened(state, rs, seat(state, "Anna")) \
            == written(state, rs, zone_of(state, "fields", "Anna"))
        for index, field in enumerate(zone_of(state, "fields", "Anna")):
            said = direct.refusing(state, rs, seat(state, "Anna"), field, index)
            assert said is closures.refusing(state, rs, seat(state, "Anna"), field, index)
            refused += said is not None and bool(field)
    assert refused > 20


def _written(judge):
    """The judge's listing as another source writes it (harvest_guards.listing, as the playout
    kernel's loop does: its state named `g`, the fields listed into `found`), as a function."""
    from beanrules.engine.harvesting import coins_for
    lines = harvest_guards.listing(judge, state="g", out="found")
    names = {"C": coins_for}
    exec("def written(g, rs, fs):\n" + "".join(f"    {line}\n" for line in lines) + "    return found\n", names)
    return names["written"]


def test_the_written_listing_of_no_judge_or_a_judge_by_closures():
    """No harvest guard: the listing written out lists every field that holds cards. A judge
    by the guards' closures has no listing to write (None: the kernel's loop calls the lister)."""
    written = _written(None)
    assert written(None, None, [["blue"], [], ["soy", "soy"]]) == [0, 2]
    rs = Game(compile_spec("classic"), ["Anna", "Greg", "Natalie"], seed=0).ruleset
    assert harvest_guards.listing(harvest_guards._by_closures(rs.harvest_guards), "g", "found") is None


def test_a_refusal_cites_the_first_guard_that_holds_and_says_it():
    """big-harvests extends classic: the judge refuses a single bean beside a field of three by
    the protection rule (the first guard in rule order; the game may cite the house rule, which
    holds too and also stands among the constraints), two beans by the house rule."""
    game = Game.from_partial(compile_spec(VARIANTS + "big-harvests.bean"), ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "fields": {"Anna": [["chili"], ["blue"] * 3, ["soy"] * 2]}})
    state, rs = game.state, game.ruleset
    assert [rs.harvest_judge.refusing(state, rs, seat(state, "Anna"), f, i) for i, f in enumerate(zone_of(state, "fields", "Anna"))] \
        == [rs.harvest_guards[0], None, rs.harvest_guards[1]]
    for field, rules in ((1, {"protection", "small-fields-stay"}), (3, {"small-fields-stay"})):
        with pytest.raises(IllegalAction) as refused:
            game.apply(f"Anna harvests {field}")
        assert refused.value.rule in rules
    assert [a.field for a in game.legal_actions("Anna") if isinstance(a, Harvest)] == [2]


@pytest.mark.parametrize("spec, rule, may", [("classic", "protection", False), ("kannibohne", "protection", False),
                                              ("my-first/other-beans", "harvest-only-paying", True),
                                              (VARIANTS + "big-harvests.bean", "small-fields-stay", True)])
def test_a_guard_that_may_refuse_every_field_stands_among_the_constraints(spec, rule, may):
    """The protection rule never refuses every field with cards (were every field a single bean,
    none would hold more); a house rule on a field's size may. Where harvests make room for a
    plant, such a guard also stands among the constraints by condition, so a plant it leaves no
    room for lapses (legal.stuck) rather than stalling the game."""
    model = compile_spec(spec)
    rs = Game(model, model["players"]["min"]).ruleset
    guard = next(g for g in rs.harvest_guards if g.ref.id == rule)
    assert harvest_guards.may_refuse_every_field(guard) is may
    makes_room = any(ph.listers.room is not None for ph in rs.phases)  # a harvest owed to make room
    assert (guard in rs.standing) is (may and makes_room)


def test_a_guard_that_reads_more_than_the_fields_is_judged_by_its_closures(tmp_path):
    path = tmp_path / "hands.bean"
    path.write_text('rulebook hands "H"\n  extends classic\n  source v "V"\n\nrules\n'
                    '  rule full-hands-harvest: no player may harvest while count of own hand < 2   § v "1"\n',
                    encoding="utf-8")
    game = Game.from_partial(compile_spec(str(path)), ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["red", "soy"]}, "fields": {"Anna": [["blue"] * 2, [], []]}})
    rs = game.ruleset
    assert not rs.harvest_judge.direct and [g.ref.id for g in rs.harvest_judge.guards][-1] == "full-hands-harvest"
    assert rs.harvest_judge.opened(game.state, rs, seat(game.state, "Anna")) == [0]
    put(game.state, "hands", "Anna", ["red"])
    with pytest.raises(IllegalAction) as refused:
        game.apply("Anna harvests 1")
    assert refused.value.rule == "full-hands-harvest"
