"""What the kernel refuses, by name, and that callers then play with the interpreter."""
from __future__ import annotations

import json

import pytest

from beanrules import compile_spec
from beanrules.cli import main
from beanrules.core import actors, effects, places
from beanrules.engine.simulate import choose_engine, simulate
from beanrules.kernel import KernelUnsupported, kernel_for, kernel_reason, support
from beanrules.kernel import core as kcore


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


# Shipped specs with a mechanism the kernel does not play yet, and the words of its refusal (the
# interpreter plays them). None since the kernel learnt Kannibohne's flow and its cards
# (docs/simulation.md, "The playout kernel").
NOT_IN_KERNEL: dict[str, str] = {}


def test_every_shipped_spec_is_played_by_the_kernel():
    from beanrules.resolve.compiler import list_specs
    for name in list_specs():
        m = compile_spec(name)
        for n in range(m["players"]["min"], m["players"]["max"] + 1):
            if name in NOT_IN_KERNEL:
                assert NOT_IN_KERNEL[name] in (kernel_reason(m, n) or ""), (name, n)
            else:
                assert kernel_reason(m, n) is None, (name, n)


def test_a_mechanism_new_to_the_kernel_is_refused_where_the_spec_uses_it(monkeypatch):
    # As if the engine had grown the permits (buying a field) after the kernel was written:
    # how-to-play buys fields, so the kernel refuses it; classic does not, so the kernel still plays it.
    known = dict(support.KNOWN_FIELDS)
    known["Ruleset"] = known["Ruleset"] - {"permits"}
    monkeypatch.setattr(support, "KNOWN_FIELDS", known)
    monkeypatch.setattr("beanrules.kernel._CACHE", {})
    assert "'permits'" in kernel_reason(compile_spec("how-to-play"), 3)
    assert kernel_reason(compile_spec("classic"), 3) is None


def test_a_core_effect_the_kernel_does_not_compile():
    node = effects.RemoveField(actors.ActivePlayer(), None)  # (reverse, swap, … are compiled now)
    with pytest.raises(KernelUnsupported, match="remove-field"):
        kcore.effect(node, kernel_for(compile_spec("classic"), 3))


def test_a_bot_the_kernel_does_not_play(classic):
    assert kernel_reason(classic, 3, ["random", "greedy"]) is None
    assert kernel_reason(classic, 3, ["random", "cautious"]) == "the kernel has no cautious bot"


def test_records_are_kept_by_the_interpreter(classic):
    assert choose_engine(classic, 3, ["random"], keep_records=True) == \
        ("interpreter", "game records keep the interpreter's events")
    assert choose_engine(classic, 3, ["random"], keep_records=False) == ("kernel", None)
    with pytest.raises(ValueError, match="cannot play"):
        choose_engine(classic, 3, ["cautious"], keep_records=False, engine="kernel")


def test_kernel_and_interpreter_sweeps_give_the_same_statistics(classic):
    kernel, _ = simulate(classic, "classic", 4, 3, 12, ["random"], trades=True, engine="kernel")
    interpreter, _ = simulate(classic, "classic", 4, 3, 12, ["random"], trades=True, engine="interpreter")
    assert (kernel.engine, interpreter.engine) == ("kernel", "interpreter")
    assert kernel.to_json()["totals"] == interpreter.to_json()["totals"]
    assert [r.coins for r in kernel.results] == [r.coins for r in interpreter.results]


def test_play_says_which_engine_played(capsys, tmp_path):
    assert main(["play", "classic", "--games", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["engine"], out["engine_reason"]) == ("kernel", None)
    assert main(["play", "classic", "--games", "3", "--engine", "interpreter"]) == 0
    assert "played by the interpreter (asked for)" in capsys.readouterr().out
    log = tmp_path / "games.json"
    assert main(["play", "classic", "--games", "2", "--engine", "kernel", "--log", str(log)]) == 2
    assert "game records keep the interpreter's events" in capsys.readouterr().err
    assert not log.exists()


def test_a_sweep_the_kernel_cannot_finish_reports_the_interpreters_account(monkeypatch):
    from beanrules.engine.errors import Stalled
    from beanrules.engine.simulate import GameFailed
    import beanrules.kernel as kernel

    def stalls(*args, **kwargs):
        raise Stalled("the game waits for seat 1, who has no legal action", {"phase": "plant"})
    monkeypatch.setattr(kernel, "play", stalls)
    with pytest.raises(GameFailed, match="the playout kernel stalled where the interpreter did not"):
        simulate(compile_spec("classic"), "classic", 3, 0, 1, ["random"], engine="kernel")


def test_the_generated_code_holds_numbers_and_fixed_text_only():
    # Spec text never enters the source the kernel generates and runs (fast.py): no phase id,
    # bean or rulebook name is a string in it, whatever the spec calls them.
    import ast

    from beanrules.kernel.fast import end_phase_source, source
    from beanrules.resolve.compiler import list_specs
    for name in list_specs():
        if name in NOT_IN_KERNEL:  # the interpreter plays it
            continue
        m = compile_spec(name)
        if kernel_reason(m, m["players"]["min"]) is not None:
            continue  # played by the interpreter (test_every_shipped_spec_is_played_by_the_kernel)
        machine = kernel_for(m, m["players"]["min"])
        code = source(machine) + end_phase_source(machine)
        strings = {n.value for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        named = set(machine.phase_ids) | set(machine.bean_names) | {m["rulebook"]}
        assert not strings & named, (name, strings & named)


def test_what_the_kernel_does_not_play_of_abilities_and_triggers_it_refuses_by_name():
    import dataclasses

    from beanrules.engine.compiler import compile_ruleset
    from beanrules.kernel.abilities import KAbility
    from beanrules.kernel.triggers import check_triggers
    model = compile_spec("anniversary/magpie")
    kernel_for(model, 3)  # (the kernel plays the magpie)
    rs = compile_ruleset(model, 3)
    [steal] = rs.abilities
    KAbility(steal, False)  # played from the hand, as the magpie is: played
    assert KAbility(dataclasses.replace(steal, where="field-top"), False).on_field  # played too
    KAbility(dataclasses.replace(steal, once=True), False)  # (tests/kernel/test_served_cards.py)
    for change, why in (({"any_turn": True}, "used in any turn"), ({"once_per": "player"}, "once per turn per player")):
        with pytest.raises(KernelUnsupported, match=why):
            KAbility(dataclasses.replace(steal, **change), False)
    # a choice the card's owner does not make (Kannibohne's card 07: the opponent picks the gift)
    # is the engine's walker's, waiting for that player's decision (tests/kernel/test_served_cards.py plays it)
    kanni = compile_ruleset(compile_spec("kannibohne"), 2)
    gift = next(a for a in kanni.abilities if a.name == "demand-gift")
    assert KAbility(gift, False).card == gift.card
    [flee] = rs.triggers["revealed"]
    check_triggers({"revealed": (flee,)})
    check_triggers({"drawn": (dataclasses.replace(flee, event="drawn"),)})  # the engine's draw fires it
    with pytest.raises(KernelUnsupported, match="a step when a card is given"):
        check_triggers({"given": (dataclasses.replace(flee, event="given"),)})
    # a harvest's step binds no card: one that names it is left to the interpreter
    with pytest.raises(KernelUnsupported, match="names 'card'"):
        check_triggers({"harvested": (dataclasses.replace(flee, event="harvested"),)})
    # a step that waits for a decision (engine/triggers.py queues it behind the game's) is too
    with pytest.raises(KernelUnsupported, match="waits for a decision"):
        check_triggers({"revealed": (dataclasses.replace(flee, decides=True),)})


def test_the_kernel_asks_the_engines_planting_judge_and_refuses_one_it_cannot_remember():
    """Which fields take a card is the engine's planting judge (kernel/planting.py): the kernel's
    answer on its own fields is the judge's, remembered by the bean and the field tops; a judge
    whose guards read more than the player's fields (a hand, a phase) is refused by name."""
    import dataclasses
    from beanrules.engine import Game
    from beanrules.kernel.planting import Planting
    rs = Game(compile_spec("classic"), 3).ruleset
    planting = Planting(rs)
    fields = [["red", "red"], [], ["soy"]]
    state = type("Fields", (), {"fields": {1: fields}})()
    # a type may grow twice (the judge answers with a sequence of indices: permissions._direct's list)
    assert tuple(planting.taking(fields, 1, "red")) == tuple(rs.plant_judge.taking(state, rs, 1, "red")) == (0, 1)
    assert tuple(planting.taking(fields, 1, "blue")) == (1,)
    assert ("red", "red", None, "soy") in planting.takes
    assert planting.accepts([["red"], [], []], 1, "soy", 1) and not planting.accepts(fields, 1, "soy", 0)
    unknowable = dataclasses.replace(rs, plant_judge=rs.plant_judge._replace(sizes=None))
    with pytest.raises(KernelUnsupported, match="reads more than the player's fields"):
        Planting(unknowable)
