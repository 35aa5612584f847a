"""The one rule every process-wide cache of beanrules follows: bounded, the oldest entries go.

Specs, copies of rule models, rulesets, kernels, fast-path plans, parse trees and the playout
kernel's planting answers are each remembered so that the same work is not done twice, but a
process may see any number of them (a test run writes thousands of variants, `play --jobs` runs
for hours), so each cache holds at most a fixed number of entries. At the bound only the oldest
are forgotten: clearing the whole cache also forgot what had just been made, so two copies of a
model handed out one after the other could compile apart (a fresh-clone CI run failed on it).

The caches are plain dicts, which the hot paths read inline (kernel/fast.py reads the planting
answers so): a dict's get is the fastest lookup Python has, an OrderedDict's or a dict
subclass's is slower by about half. A plain dict finds its oldest key by walking past every key
deleted before it, so forgetting one entry at a time cost a walk of up to the bound per entry
(60,000 answers past a bound of 100,000: 6.9 s); forgetting the oldest eighth in one walk makes
it a few steps per entry (0.14 s), and keeps the newest seven eighths.
"""
from __future__ import annotations

from itertools import islice
from typing import Any, Callable, Hashable, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(cache: dict[K, V], key: K, value: V, limit: int = 64) -> V:
    """Keep `value` under `key` in `cache`, which holds at most `limit` entries: at the bound
    the oldest eighth goes (the oldest one below 16 entries; a dict keeps insertion order, so
    its first keys are the oldest); return `value`."""
    if key not in cache and len(cache) >= limit:
        for old in list(islice(cache, max(1, limit // 8))):
            del cache[old]
    cache[key] = value
    return value


def per_object(cache: dict[tuple[int, Hashable], tuple[Any, V]], obj: Any, extra: Hashable,
               make: Callable[[], V], limit: int = 64) -> V:
    """``make()``, kept in `cache` per object `obj` (by identity) and `extra`, under
    `remember`'s bound. For what depends on an object nobody changes (a model, a ruleset, a
    node): an id is cheap to hash where the object is not, and the entry holds the object, so
    its id cannot pass to another object while the entry is kept."""
    key = (id(obj), extra)
    hit = cache.get(key)
    if hit is None or hit[0] is not obj:
        hit = remember(cache, key, (obj, make()), limit)
    return hit[1]
