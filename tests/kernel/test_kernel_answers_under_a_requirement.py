"""The kernel lists a decision's answers as the interpreter does under a requirement
(engine/answering.py, kernel/moves.py `_answers`): an answer that would take a hand past the
hand limit is not listed. In conformance/variants/thaler-hand-limit.bean, resisting the thaler
takeover moves a card from the holder's hand into the active player's, which no draw cuts to
the room left; greedy bots with trades reached it at these seeds, where the kernel answered
"yes" and let a hand hold six cards while the interpreter answered "no"."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.kernel import kernel_for
from beanrules.resolve.compiler import compile_spec

from kernel_differential import first_difference

VARIANT = str(Path(__file__).parents[2] / "conformance" / "variants" / "thaler-hand-limit.bean")


@pytest.mark.parametrize("players, seed", [(3, 0), (4, 1)])
def test_the_kernel_answers_as_the_interpreter_where_an_answer_would_break_the_hand_limit(players: int, seed: int) -> None:
    model = compile_spec(VARIANT)
    kernel_for(model, players)  # the kernel plays the variant itself (no fallback to the interpreter)
    assert first_difference(model, players, seed, ["greedy"], True) is None
