"""The test variant of conformance/variants/edges-10.yaml in both engines: reap.bean's card, used
while it lies on top of a field, harvests that very field (`this field` of a used ability). The
kernel plays it exactly as the interpreter does, and the games compared use the ability."""
from __future__ import annotations

from pathlib import Path

from beanrules import compile_spec
from beanrules.kernel import kernel_reason

from kernel_differential import compared

VARIANT = Path(__file__).parents[2] / "conformance" / "variants" / "reap.bean"


def test_a_card_that_harvests_its_own_field_is_played_alike():
    model = compile_spec(str(VARIANT))
    assert kernel_reason(model, 3, ["random", "greedy"]) is None
    reaped = [0]

    def watch(game, action, events: list) -> None:
        reaped[0] += any(e["event"] == "ability" and e.get("card") == "reap" for e in events)
    compared(model, 3, range(3), watch=watch)  # a difference fails inside
    assert reaped[0], "no game compared used the reaping bean"
