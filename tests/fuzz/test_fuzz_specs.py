"""Fuzz: mutated specs through `check` and, when accepted, one bot game.

Mutations of the classic spec: lines dropped, repeated, swapped, re-indented; a number replaced
by one at or past a bound (0, 10**30, 4,301 digits); a word replaced by another word of the
language; a broken escape or a control character in a text; blocks nested deep."""
from __future__ import annotations

import difflib
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from beanrules import SpecError, compile_spec
from beanrules.limits import MAX_CARDS, MAX_FIELDS, MAX_PLAYERS
from beanrules.paths import specs_dir

from fuzzing import OWN_ERRORS, budget, mutated, one_game, time_budget

pytestmark = pytest.mark.fuzz

CLASSIC = (specs_dir() / "classic.bean").read_text(encoding="utf-8").split("\n")
NUMBERS = ["0", "1", "2", str(MAX_PLAYERS + 1), str(MAX_FIELDS + 1), str(MAX_CARDS), str(MAX_CARDS + 1),
           "1" + "0" * 30, "7" * 4301, "007"]
WORDS = ["field", "offer", "hand", "discard", "deck", "set-aside", "active", "everyone", "any", "own",
         "phase", "end", "trade", "harvest", "plant", "cannot", "remove", "replace", "players", "with"]
TEXTS = ['"\\x"', '"\\', '"\x1b[2J"', '"' + "a" * 5000 + '"', '""', '"\\u00e9"']
GAME_ACTIONS = 3_000  # one game, cut short if it runs long: checking its end is not this test's job

FOLDER = Path(tempfile.mkdtemp(prefix="beanrules-fuzz-specs-"))


def _replace_word(draw, lines: list[str], i: int, choices: list[str], which=lambda w: True) -> None:
    words = lines[i].split(" ")
    spots = [k for k, w in enumerate(words) if which(w)]
    if spots:
        words[draw(st.sampled_from(spots))] = draw(st.sampled_from(choices))
        lines[i] = " ".join(words)


def _nest(draw, lines: list[str], i: int) -> None:
    depth = draw(st.integers(1, 40))
    lines[i:i] = ['card deep "Deep" 1', '  ability "Deep": when planted'] + [
        "    " + "  " * d + "repeat 2 times:" for d in range(depth)] + ["    " + "  " * depth + "gain 1 coins"]


SPEC_EDITS = {
    "indent": lambda draw, lines, i: lines.__setitem__(i, "  " + lines[i]),
    "dedent": lambda draw, lines, i: lines.__setitem__(i, lines[i].lstrip()),
    "number": lambda draw, lines, i: _replace_word(draw, lines, i, NUMBERS, str.isdigit),
    "word": lambda draw, lines, i: _replace_word(draw, lines, i, WORDS),
    "text": lambda draw, lines, i: lines.__setitem__(i, lines[i] + " § es " + draw(st.sampled_from(TEXTS))),
    "nest": _nest,
}


@budget(12)
@given(mutated(CLASSIC, SPEC_EDITS))
def test_a_mutated_spec_is_checked_and_played_without_an_internal_error(text: str) -> None:
    note("\n".join(difflib.unified_diff(CLASSIC, text.split("\n"), lineterm="", n=0)))
    path = FOLDER / "mutated.bean"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with time_budget():
        try:
            model = compile_spec(str(path))
        except SpecError as exc:
            assert exc.errors and all(d.span is not None or d.code == "more" for d in exc.errors[:1])
            assert len(str(exc)) < 200_000  # a bounded report, whatever the input
            return
        try:
            one_game(model, GAME_ACTIONS)
        except OWN_ERRORS:
            pass
