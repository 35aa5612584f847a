"""95% confidence intervals for simulation statistics (stdlib only).

Shares (a seat's win share) use the Wilson score interval: unlike the plain normal interval it
stays inside [0, 1] and keeps its coverage for shares near 0 or 1 and for few games. Means
(coins, game length) use Student's t interval over the per-game values; past 30 degrees of
freedom t is within 2% of the normal value and the normal quantile is used.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev

LEVEL = 0.95
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.95996...
# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042)


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval [low, high] (both None when one game gives no interval)."""
    value: float
    low: float | None
    high: float | None

    def to_json(self, digits: int = 4) -> dict:
        r = (lambda x: None if x is None else round(x, digits))
        return {"value": r(self.value), "ci95": [r(self.low), r(self.high)]}

    def shifted(self, by: float) -> "Estimate":
        return Estimate(self.value + by, None if self.low is None else self.low + by,
                        None if self.high is None else self.high + by)


def t_quantile(df: int) -> float:
    return _T95[df - 1] if df <= len(_T95) else Z


def wilson(successes: float, n: int) -> Estimate:
    """The share successes/n with its Wilson score interval. `successes` may be fractional
    (a shared win counts 1/k to each of k winners)."""
    if n <= 0:
        return Estimate(0.0, None, None)
    p = successes / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z / (1 + z2 / n) * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean(values: list[float]) -> Estimate:
    """The mean with its Student t interval (none for fewer than two values)."""
    if not values:
        return Estimate(0.0, None, None)
    m = fmean(values)
    if len(values) < 2:
        return Estimate(m, None, None)
    half = t_quantile(len(values) - 1) * stdev(values) / math.sqrt(len(values))
    return Estimate(m, m - half, m + half)
