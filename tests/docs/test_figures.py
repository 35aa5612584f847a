"""Simulation figures: a fixed-seed sweep, drawn as the same SVG every time."""
from __future__ import annotations

import importlib.util

import pytest

from beanrules import compile_spec
from beanrules.docs.figures import caption, draw, rules_key, run_sweep

# Looked up, not imported: every xdist worker collects this file, and importing matplotlib
# costs about a second (figures.py imports it only to draw).
pytestmark = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                                reason="the docs extra is not installed: pip install '.[docs]'")


def test_sweep_is_seeded_and_counts_every_win() -> None:
    model = compile_spec("my-first/basic")
    first, again = run_sweep(model, games=3), run_sweep(model, games=3)
    assert first == again
    assert first.players == 4 and len(first.turns) == 3 and all(t > 0 for t in first.turns)
    assert sum(first.win_share) == pytest.approx(1.0)  # every game has a winner, shared wins split
    assert caption(first).startswith("3 games of 4 greedy bots (seeds 2026–2028): ")


def test_svg_is_reproducible_and_undated() -> None:
    sweep = run_sweep(compile_spec("my-first/basic"), games=2)
    svg = draw(sweep)
    assert svg.startswith("<?xml") and "<svg" in svg and svg == draw(sweep)
    assert "<dc:date>" not in svg and "game length" in svg and "wins per seat" in svg


def test_a_translation_plays_like_its_original() -> None:
    assert rules_key(compile_spec("translations/de")) == rules_key(compile_spec("classic"))
    assert rules_key(compile_spec("how-to-play")) != rules_key(compile_spec("classic"))
