"""The kernel enters, goes on in and leaves phases by the engine's compiled transitions
(engine/transitions.py): its machine's phases hold the closures `compile_phase` makes, and its
generated loop writes in the very lines those closures are compiled from, under its own names,
with no entry or exit step of its own; its phase changes (end_phase) are the lines the
engine's end_phase is compiled from (transitions.passing)."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import transitions
from beanrules.engine.compiler import compile_ruleset
from beanrules.kernel import kernel_for
from beanrules.kernel.fast import FORM, _form, _left_to_do, end_phase_source


@pytest.mark.parametrize("name", ["classic", "kannibohne", "anniversary/bean-thaler"])
def test_the_generated_loop_writes_the_engines_lines_of_each_phase(name):
    model = compile_spec(name)
    machine = kernel_for(model, model["players"]["min"])
    source = end_phase_source(machine).splitlines()
    for ph, spec in zip(machine.phases, machine.rs.phases):
        lines = transitions.entering(machine.rs, spec, _form(ph))
        start = source.index(f"            {lines[0]}")  # the phase entered: then its steps, line for line
        assert [line.strip() for line in source[start:start + len(lines)]] == [line.strip() for line in lines]
        steps = [line for line in lines if f"p{ph.index}_step_" in line]
        assert len(steps) == len(spec.entry)  # each entry step called once, as the engine's lines call it
        # left as it ends (after the lapse of proposals), and where it is played through
        assert [line.strip() for line in source].count(f"p{ph.index}_leave(g, UNRECORDED)") == \
            (2 if spec.exit else 0)
    # the whole of it is the engine's text of passing on, under the kernel's names
    body = transitions.passing(machine.rs, FORM, lambda spec: _left_to_do(machine, machine.phases[spec.index]))
    assert [line[4:] for line in source[2:]] == body


def test_the_engine_passes_on_by_the_same_text():
    # flow.end_phase runs what transitions.compile_passing compiled from `passing` (the lines
    # above under the engine's Form): no second text of leaving a phase or passing the turn
    rs = compile_ruleset(compile_spec("kannibohne"), 2)
    assert transitions.of(rs).end_phase.__code__.co_filename == "<passing on from a phase>"


def test_the_machine_enters_and_goes_on_by_the_compiled_transitions():
    machine = kernel_for(compile_spec("anniversary/bean-thaler"), 3)
    for ph in machine.phases:
        # compiled from one text per phase (transitions.compile_phase), not the kernel's code
        assert ph.enter.__code__.co_filename == ph.go_on.__code__.co_filename == \
            f"<the transitions of phase {ph.index}>"
        assert ph.leave.__code__ is transitions.compile_phase(
            machine.rs, machine.rs.phases[ph.index], ph.entry, ph.exit, transitions.running(machine.rs))[2].__code__
