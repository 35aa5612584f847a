"""Stratified random samples of mutants, and what a sample says about the whole: the score with
its 95% confidence interval.

Used by benchmarks/mutation.py (--limit). A full run of every engine mutant takes hours on a
shared two-core machine, so a measurement is often a sample. A plain random sample of a few
hundred would leave small modules with one mutant or none; the sample here is *stratified by
module*: each module gets a share proportional to its number of mutants (largest remainders),
but at least `floor` (or all it has), drawn at random with a fixed seed: each stratum from its
own generator, seeded by the seed and the stratum's name (since December 2026; before, one
generator drew the strata in turn, so mutants added to one module redrew every module after it).

The score is a ratio, killed / non-equivalent (or killed / reachable), and both counts are
only known on the sample, so the estimate is the *combined ratio estimator* of survey sampling
(Cochran, Sampling Techniques, 3rd ed., §6.11): each module's counts are scaled up by
population / sample and summed, and the variance is the linearised one, with the finite
population correction (a module sampled in full adds no uncertainty). The interval is the
normal one, R ± 1.96·SE, clipped to [0, 1]; with a few hundred mutants across many modules
that is what a textbook would use. For one module alone (a few dozen mutants, often all killed
or none) the normal interval collapses to a point, so a module's interval is Wilson's score
interval (`wilson`), which stays honest at 0% and 100% (it leaves out the finite population
correction, so it is a little wide where a module is mostly sampled).
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

Z95 = 1.959964  # the normal quantile for a two-sided 95% interval

T = TypeVar("T")


def allocate(sizes: dict[str, int], total: int, floor: int = 3) -> dict[str, int]:
    """How many to draw from each stratum: proportional to its size by largest remainders, at
    least `floor` (or the whole stratum when smaller), never more than it holds. The floors may
    push the sum a little above `total`; a `total` of everything gives everything."""
    population = sum(sizes.values())
    if total >= population:
        return dict(sizes)
    exact = {k: total * n / population for k, n in sizes.items()}
    share = {k: math.floor(v) for k, v in exact.items()}
    for k in sorted(exact, key=lambda k: (share[k] - exact[k], k))[: total - sum(share.values())]:
        share[k] += 1
    return {k: min(sizes[k], max(share[k], floor)) for k in sizes}


def stratified(items: Sequence[T], stratum_of, total: int, seed: int, floor: int = 3) -> list[T]:
    """A stratified random sample of `items` (in their original order), reproducible by seed."""
    groups: dict[str, list[int]] = defaultdict(list)
    for index, item in enumerate(items):
        groups[stratum_of(item)].append(index)
    counts = allocate({k: len(v) for k, v in groups.items()}, total, floor)
    picked: set[int] = set()
    for stratum, members in groups.items():
        # Each stratum draws from its own generator, seeded by the seed and the stratum's name,
        # so a change to one module (mutants added or gone) redraws that module alone; the
        # others keep their sample unless their share of `total` moves with the population.
        picked.update(random.Random(f"{seed}:{stratum}").sample(members, counts[stratum]))
    return [item for index, item in enumerate(items) if index in picked]


@dataclass(frozen=True)
class Estimate:
    ratio: float  # the estimated score, 0..1
    low: float    # the 95% interval
    high: float

    def percent(self) -> tuple[float, float, float]:
        return tuple(round(100 * v, 1) for v in (self.ratio, self.low, self.high))  # type: ignore[return-value]


def ratio_estimate(strata: dict[str, tuple[int, list[tuple[int, int]]]]) -> Estimate | None:
    """The combined ratio estimate of Σy / Σx over a population from a stratified sample.
    `strata` maps each stratum to (its population size, [(y, x) for each sampled unit]); here y
    is 1 for a killed mutant and x is 1 for a mutant that counts in the denominator. None when
    the sample has no unit with x = 1."""
    y_total = x_total = 0.0
    for size, units in strata.values():
        if units:
            y_total += size * sum(y for y, _ in units) / len(units)
            x_total += size * sum(x for _, x in units) / len(units)
    if x_total == 0:
        return None
    ratio = y_total / x_total
    variance = 0.0
    for size, units in strata.values():
        n = len(units)
        if n < 2 or n >= size:
            continue  # a stratum sampled in full (or, degenerate, by one unit) adds nothing
        d = [y - ratio * x for y, x in units]
        mean = sum(d) / n
        s2 = sum((v - mean) ** 2 for v in d) / (n - 1)
        variance += size * size * (1 - n / size) * s2 / n
    half = Z95 * math.sqrt(variance) / x_total
    return Estimate(ratio, max(0.0, ratio - half), min(1.0, ratio + half))


def wilson(successes: int, trials: int, population: int) -> Estimate | None:
    """Wilson's 95% score interval for a proportion seen in `trials` of `population` units;
    exact (a point) when the sample is the whole population. None when nothing was tried."""
    if trials == 0:
        return None
    p = successes / trials
    if trials >= population:
        return Estimate(p, p, p)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))
