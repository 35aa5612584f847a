"""One set of bots: the playout kernel's bots are engine/bots.py's own, deciding from a seat over
the kernel's state (kernel/bots.py's KSeat) as they decide from engine/seat.py's Seat. The
differential tests (test_differential.py) show they play the same games; these show that the
kernel has no bot logic of its own and that both seats have every word the bots read."""
from __future__ import annotations

import ast
import inspect

from beanrules.engine import bots as engine_bots
from beanrules.engine import seat as engine_seat
from beanrules.engine.seat import Seat
from beanrules.kernel import bots as kernel_bots
from beanrules.kernel.bots import KERNEL_BOTS, KSeat


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
