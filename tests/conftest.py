"""Hypothesis profiles for the fuzz suite (tests/fuzz). Registered here, where pytest reads them
before it loads a profile given with --hypothesis-profile."""
from __future__ import annotations

from hypothesis import HealthCheck, settings

# The long run (docs/limits.md): pytest -m fuzz --hypothesis-profile fuzz-long --hypothesis-seed N
settings.register_profile(
    "fuzz-long", max_examples=5_000, deadline=None, derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
