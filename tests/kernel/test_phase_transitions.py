"""The kernel enters, goes on in and leaves phases by the engine's compiled transitions
(engine/transitions.py): its machine's phases hold the closures `compile_phase` makes, and its
generated loop writes in the very lines those closures are compiled from, under its own names,
with no entry or exit step of its own."""
from __future__ import annotations

import pytest

from beanrules import compile_spec
from beanrules.engine import transitions
from beanrules.kernel import kernel_for
from beanrules.kernel.fast import _form, end_phase_source


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
        assert source.count(f"            leave_{ph.index}(g, U)") == (1 if spec.exit else 0)


def test_the_machine_enters_and_goes_on_by_the_compiled_transitions():
    machine = kernel_for(compile_spec("anniversary/bean-thaler"), 3)
    for ph in machine.phases:
        # compiled from one text per phase (transitions.compile_phase), not the kernel's code
        assert ph.enter.__code__.co_filename == ph.go_on.__code__.co_filename == \
            f"<the transitions of phase {ph.index}>"
        assert ph.leave.__code__ is transitions.compile_phase(
            machine.rs, machine.rs.phases[ph.index], ph.entry, ph.exit, transitions.running(machine.rs))[2].__code__
