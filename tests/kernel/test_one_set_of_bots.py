"""One set of bots: the playout kernel's bots are engine/bots.py's own, deciding from a seat over
the kernel's state (kernel/bots.py's KSeat) as they decide from engine/seat.py's Seat. The
differential tests (test_differential.py) show they play the same games; these show that the
kernel has no bot logic of its own and that both seats have every word the bots read."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

from beanrules import compile_spec
from beanrules.engine import bots as engine_bots
from beanrules.engine import seat as engine_seat
from beanrules.engine.seat import Seat
from beanrules.kernel import bots as kernel_bots
from beanrules.kernel import kernel_reason
from beanrules.kernel.bots import KERNEL_BOTS, KSeat

from kernel_differential import first_difference


def _words_read_on_a_seat() -> set[str]:
    """Every attribute engine/bots.py reads on a variable named `seat`."""
    tree = ast.parse(inspect.getsource(engine_bots))
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "seat"}


def test_both_seats_have_every_word_the_bots_read():
    words = _words_read_on_a_seat()
    assert {"actions", "fields", "hand", "harvest", "kind", "count_proposals", "proposal"} <= words  # the walk finds them
    assert sorted(w for w in words if not hasattr(Seat, w)) == []
    assert sorted(w for w in words if not hasattr(KSeat, w)) == []


def test_the_kernel_bots_are_the_engine_bots():
    for name, kernel_bot in KERNEL_BOTS.items():
        engine_bot = engine_bots.BOTS[name]
        assert issubclass(kernel_bot, engine_bot)
        # the kernel's class adds only the entry the kernel's loop calls, which hands over its seat
        assert set(vars(kernel_bot)) - {"__module__", "__doc__", "__init__", "__annotations__", "_kseat"} == {"choose"}


def test_the_kinds_of_action_are_numbered_alike():
    names = ("PLANT", "END", "HARVEST", "BUY", "PROPOSE", "RESPOND", "MOVE", "CHOOSE", "USE", "DRAW")
    assert [getattr(kernel_bots, n) for n in names] == [getattr(engine_seat, n) for n in names]


def test_the_kernel_bots_give_only_the_gifts_the_rules_list():
    """Under a house rule that forbids the active player's gifts (which greedy bots give in
    their own turn in classic), the kernel's greedy bots pick their gifts from KSeat.gifts, the
    engine's own rows of proposals, and play the interpreter's games. Before, the kernel's bots
    made the gift up and the kernel, which checks no action it lists, carried it out."""
    model = compile_spec(str(Path(__file__).parents[1] / "engine" / "specs" / "no-gifts-in-own-turn.bean"))
    assert kernel_reason(model, 3, ["greedy"]) is None
    for seed in range(3):
        assert first_difference(model, 3, seed, ["greedy"], True) is None, seed
