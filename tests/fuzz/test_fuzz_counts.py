"""Fuzz: every count of a spec set to a small number (0 above all), through `check` and, when
accepted, one bot game.

A count below what its clause takes is an error at the number saying what the clause counts, never
the rule model's schema naming a JSON path; a count the language takes (a deal or a draw of 0: no
cards dealt or drawn) plays. Mutations of the classic spec and of the variants that write counts
the classic spec does not (hand limits, drawing one card at a time, abilities' repeats)."""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from beanrules import SpecError, compile_spec
from beanrules.engine import Game
from beanrules.engine.bots import make_bot
from beanrules.paths import specs_dir

from fuzzing import OWN_ERRORS, budget, one_game, time_budget
from by_name import by_player

pytestmark = pytest.mark.fuzz

ROOT = Path(__file__).resolve().parents[2]
SPECS = [specs_dir() / "classic.bean", specs_dir() / "kannibohne.bean",
         ROOT / "conformance" / "variants" / "hand-limit-and-take.bean", ROOT / "docs" / "cookbook" / "tolls.bean"]
TEXTS = {path: path.read_text(encoding="utf-8") for path in SPECS}
NUMBER = re.compile(r"(?<![\w-])\d+(?![\w-])")
FOLDER = Path(tempfile.mkdtemp(prefix="beanrules-fuzz-counts-"))


def _numbers(text: str) -> list[tuple[int, int, int]]:
    """(line, start, end) of every number of the rules, not of their citations."""
    out = []
    for i, line in enumerate(text.split("\n")):
        rule = line.split("§")[0].split("#")[0]
        out.extend((i, m.start(), m.end()) for m in NUMBER.finditer(rule))
    return out


@st.composite
def counted(draw) -> tuple[str, int]:
    """A spec with one to three of its numbers replaced by 0, 1 or 2; the first line changed."""
    path = draw(st.sampled_from(SPECS))
    lines = TEXTS[path].split("\n")
    spots = _numbers(TEXTS[path])
    chosen = draw(st.lists(st.sampled_from(spots), min_size=1, max_size=3, unique=True))
    for i, start, end in sorted(chosen, key=lambda s: -s[1]):  # right to left: spans stay true
        lines[i] = lines[i][:start] + str(draw(st.integers(0, 2))) + lines[i][end:]
    return "\n".join(lines), min(i for i, _, _ in chosen) + 1


@budget(15)
@given(counted())
def test_a_small_count_is_played_or_refused_at_its_line_not_by_the_schema(example) -> None:
    text, first_line = example
    note(text)
    path = FOLDER / "counted.bean"
    path.write_text(text, encoding="utf-8")
    with time_budget():
        try:
            model = compile_spec(str(path))
        except SpecError as exc:
            assert "schema" not in str(exc), str(exc)
            assert exc.errors[0].span is not None and exc.errors[0].span.line >= first_line
            return
        try:
            one_game(model)
        except OWN_ERRORS:
            pass


@pytest.mark.parametrize("clause", ["deal 0 to each hand", "deal 0 to each hand with 3 players, 5 to each hand otherwise"])
def test_a_deal_of_no_cards_deals_none(clause: str) -> None:
    text = TEXTS[SPECS[0]].replace("deal 5 to each hand", clause, 1)
    path = FOLDER / "deal.bean"
    path.write_text(text, encoding="utf-8")
    model = compile_spec(str(path))
    assert [len(h) for h in by_player(Game(model, 3, seed=1).state, "hands").values()] == [0, 0, 0]
    assert [len(h) for h in by_player(Game(model, 4, seed=1).state, "hands").values()] == ([0] * 4 if "otherwise" not in clause
                                                                             else [5] * 4)


def test_a_draw_of_no_cards_draws_none_and_the_game_plays() -> None:
    text = TEXTS[SPECS[0]].replace("draw 3 to back of hand", "draw 0 to back of hand, 3 with 4 to 5 players", 1)
    path = FOLDER / "draw.bean"
    path.write_text(text, encoding="utf-8")
    model = compile_spec(str(path))
    game = Game(model, 3, seed=1)
    bots = {p: make_bot("greedy", seed=str(i)) for i, p in enumerate(game.players)}
    # only a draw puts cards into a hand once the deal is done (a trade sets them aside)
    held, turns = [sum(map(len, by_player(game.state, "hands").values()))], set()
    while not game.is_over and len(held) < 400:
        player = game.waiting_for()[0]
        game.apply(bots[player].choose(game, player))
        held.append(sum(map(len, by_player(game.state, "hands").values())))
        turns.add(game.state.turn)
    assert len(turns) > 3 and held == sorted(held, reverse=True) and held[-1] < held[0]


@pytest.mark.parametrize("old, new, column_of", [
    ("reveal 2 to offer", "reveal 0 to offer", "0"),
    ("game ends when deck runs out 3 times", "game ends when deck runs out 0 times", "0"),
    ("plant 1 to 2 from front of hand", "plant 1 to 0 from front of hand", "0 from"),
])
def test_a_count_below_its_least_is_an_error_at_the_number(old: str, new: str, column_of: str) -> None:
    text = TEXTS[SPECS[0]].replace(old, new, 1)
    path = FOLDER / "small.bean"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        compile_spec(str(path))
    first = caught.value.errors[0]
    line = text.split("\n")[first.span.line - 1]
    assert new in line and line.index(new) + new.index(column_of) + 1 == first.span.column
    assert "too small: at least 1" in first.message and "schema" not in str(caught.value)
