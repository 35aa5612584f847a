"""Hypothesis profiles for the fuzz suite (tests/fuzz). Registered here, where pytest reads them
before it loads a profile given with --hypothesis-profile.

Also: compiled test modules are cached even where PYTHONDONTWRITEBYTECODE is set (as on the
project's shared machines). pytest rewrites the asserts of every test module as it imports it
and keeps the result as bytecode; without that cache every xdist worker rewrote all ~90 test
modules on every run, ~4 s of CPU each. The cache goes where Python puts it anyway
(`__pycache__/`, ignored by git), and is used only while its source file is unchanged."""
from __future__ import annotations

import sys

from hypothesis import HealthCheck, settings

sys.dont_write_bytecode = False  # before pytest imports any test module (see above)

# The long run (docs/limits.md): pytest -m fuzz --hypothesis-profile fuzz-long --hypothesis-seed N
settings.register_profile(
    "fuzz-long", max_examples=5_000, deadline=None, derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
