"""A beanometer read as columns: how many cards pay 1, 2, 3 … coins.

One place for the pages' bean tables, the comparison and `beanrules diff`, so that a bean with
more than four steps (a rulebook where 7 cards pay 5) shows every step.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

DEFAULT_STEPS = 4  # what every printed beanometer shows; a table never has fewer columns


def meter_width(beans: Iterable[dict[str, Any]]) -> int:
    """How many coin columns a table of these beans needs: the highest step any of them pays."""
    return max([DEFAULT_STEPS] + [s["coins"] for bean in beans for s in bean.get("beanometer", [])])


def meter_cells(bean: dict[str, Any], width: int | None = None) -> list[str]:
    """The cards that pay 1 … width coins ('–' where no number of cards pays that much);
    without a width, as many as the bean itself needs."""
    steps = {s["coins"]: s["cards"] for s in bean.get("beanometer", [])}
    return [str(steps.get(c, "–")) for c in range(1, (width or meter_width([bean])) + 1)]
