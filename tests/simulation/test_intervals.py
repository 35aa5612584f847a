"""The confidence intervals `beanrules play` reports, against values worked out by hand."""
from __future__ import annotations

import math

import pytest

from beanrules.engine.intervals import Z, mean, t_quantile, wilson


def test_wilson_half_of_ten():
    # p = 0.5, n = 10: centre 0.5, half = z/(1+z²/10) * sqrt(0.025 + z²/400)
    est = wilson(5, 10)
    half = Z / (1 + Z * Z / 10) * math.sqrt(0.025 + Z * Z / 400)
    assert est.value == 0.5
    assert est.low == pytest.approx(0.5 - half) and est.high == pytest.approx(0.5 + half)
    assert est.low == pytest.approx(0.2366, abs=1e-4) and est.high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_stays_inside_zero_and_one():
    none, every = wilson(0, 20), wilson(20, 20)
    assert none.low == 0.0 and 0.1 < none.high < 0.2  # 0/20: [0, 0.161]
    assert every.high == 1.0 and 0.8 < every.low < 0.9
    assert wilson(0, 0).low is None


def test_fractional_wins_count_as_shares():
    assert wilson(2.5, 10).value == 0.25


def test_t_interval_of_five_values():
    est = mean([1, 2, 3, 4, 5])  # sd = sqrt(2.5), t(4) = 2.776
    half = 2.776 * math.sqrt(2.5) / math.sqrt(5)
    assert est.value == 3 and est.low == pytest.approx(3 - half) and est.high == pytest.approx(3 + half)


def test_t_becomes_normal_past_thirty_degrees_of_freedom():
    assert t_quantile(1) == 12.706 and t_quantile(30) == 2.042 and t_quantile(31) == pytest.approx(1.96, abs=1e-3)


def test_one_value_has_no_interval():
    est = mean([7])
    assert est.value == 7 and est.low is None and est.to_json()["ci95"] == [None, None]
