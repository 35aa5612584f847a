"""The differential test's snapshots (kernel_differential.py) are as strict as the JSON they
stand for: its short cut for empty values gives json.dumps's text, and the memo of zone names
kept over a game gives the names a fresh snapshot gives, however the zones change."""
from __future__ import annotations

import json

import pytest

from beanrules import compile_spec
from beanrules.kernel import kernel_for, play

from kernel_differential import _json, kernel_snapshot


@pytest.mark.parametrize("value", [None, {}, [], (), 0, False, "", {"b": 1, "a": [2, {}]}, [[1, "x"]], (1, 2),
                                   "text", 3, True, {"z": None}])
def test_the_short_cut_gives_the_text_json_gives(value):
    for sort_keys in (True, False):
        assert _json(value, sort_keys) == json.dumps(value, sort_keys=sort_keys)


def test_a_memo_kept_over_a_game_names_every_zone_as_a_fresh_snapshot_does():
    model = compile_spec("classic")
    machine = kernel_for(model, 4)
    names = ["A", "B", "C", "D"]
    memo: dict = {}
    compared = []

    def observe(m, g, action) -> None:
        kept = kernel_snapshot(m, g, names, memo)
        assert kept == kernel_snapshot(m, g, names), len(compared)
        compared.append(kept)
    play(machine, 5, ["random", "greedy"] * 2, trades=True, observe=observe)
    # the zones changed under the memo: the deck shrank, hands and fields grew and emptied
    assert len({s[8] for s in compared}) > 10 and len(memo) > 100
