"""Issue #10's reproducers for specs: each ends in a clean located error, never a hang, a
crash or a flood of output."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.cli import main
from beanrules.limits import (MAX_CARDS, MAX_DIAGNOSTICS, MAX_EXTENDS, MAX_FIELDS, MAX_NESTING,
                              MAX_PLAYERS, MAX_SHOWN_LINE, MAX_SPEC_BYTES)

from hardening_specs import located_error, line_of, variant

HUGE = "1" + "0" * 30
DIGITS_4301 = "7" * 4301


@pytest.mark.parametrize("old, new, needle", [
    ('"Coffee bean" 24', f'"Coffee bean" {HUGE}', "bean coffee"),
    ("fields 3 with 3 players", f"fields {HUGE} with 3 players", "fields "),
    ("deal 5 to each hand", f"deal {HUGE} to each hand", "deal "),
    ("draw 3 to back of hand", f"draw {HUGE} to back of hand", "to back of hand"),
    ("reveal 2 to offer", f"reveal {HUGE} to offer", "reveal "),
    ("runs out 3 times", f"runs out {HUGE} times", "runs out"),
    ("players 3 to 5", f"players 3 to {DIGITS_4301}", "players 3"),
    ("2 with 4 to 5 players", f"2 with 4 to {HUGE} players", "fields "),
])
def test_numbers_past_their_bound_are_located_errors(tmp_path: Path, old: str, new: str, needle: str) -> None:
    path = variant(tmp_path, (old, new))
    error = located_error(path, "too-large")  # the 10**30 player range used to hang
    assert error.span.line == line_of(path, needle)
    assert "too large: at most" in error.message


def test_each_bound_is_the_one_for_what_the_number_counts(tmp_path: Path) -> None:
    players = located_error(variant(tmp_path, ("players 3 to 5", f"players 3 to {MAX_PLAYERS + 1}")))
    assert f"at most {MAX_PLAYERS} players" in players.message
    fields = located_error(variant(tmp_path, ("fields 3 with 3", f"fields {MAX_FIELDS + 1} with 3")))
    assert f"at most {MAX_FIELDS} fields" in fields.message
    deal = located_error(variant(tmp_path, ("deal 5 to", f"deal {MAX_CARDS + 1} to")))
    assert f"at most {MAX_CARDS:,} cards" in deal.message
    # At the bound itself a number is accepted (the bound is inclusive).
    model = compile_spec(str(variant(tmp_path, ("fields 3 with 3", f"fields {MAX_FIELDS} with 3"))))
    fields = next(r for r in model["rules"] if r["kind"] == "fields")
    assert fields["params"]["count"]["by_players"][0]["value"] == MAX_FIELDS


def test_a_broken_escape_is_a_located_error(tmp_path: Path) -> None:
    path = variant(tmp_path, ('"Coffee bean"', '"Coffee \\x bean"'))
    error = located_error(path, "bad-escape")
    assert error.span.line == line_of(path, "bean coffee") and "\\x" in error.message


def test_known_escapes_still_work(tmp_path: Path) -> None:
    path = variant(tmp_path, ('"Coffee bean"', '"Coffee \\"Java\\" \\\\ bean"'))
    model = compile_spec(str(path))
    coffee = next(b for b in model["beans"] if b["id"] == "coffee")
    assert coffee["names"]["en"] == 'Coffee "Java" \\ bean'


def _nested_abilities(depth: int) -> str:
    lines = ['card deep "Deep" 1', '  ability "Deep": when planted']
    for level in range(depth):
        lines.append("    " + "  " * level + "repeat 2 times:")
    lines.append("    " + "  " * depth + "gain 1 coins")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("depth", [491, MAX_NESTING])
def test_abilities_nested_too_deep_are_a_located_error(tmp_path: Path, depth: int) -> None:
    path = variant(tmp_path, ("\nphase draw", "\n" + _nested_abilities(depth) + "\nphase draw"))
    error = located_error(path, "too-deep")
    assert error.span.line == line_of(path, "repeat 2 times") + MAX_NESTING - 1  # card 0, ability 1, repeats 2…


def test_abilities_nested_within_the_bound_parse(tmp_path: Path) -> None:
    path = variant(tmp_path, ("\nphase draw", "\n" + _nested_abilities(MAX_NESTING - 3) + "\nphase draw"))
    try:
        compile_spec(str(path))
    except SpecError as exc:  # the checks may still object to the card; never the nesting
        assert all(d.code != "too-deep" for d in exc.diagnostics), exc


def _chain(tmp_path: Path, length: int) -> Path:
    (tmp_path / "link0.bean").write_text('rulebook link0 "0"\n  extends classic\n', encoding="utf-8")
    for n in range(1, length):
        (tmp_path / f"link{n}.bean").write_text(f'rulebook link{n} "{n}"\n  extends link{n - 1}\n',
                                                encoding="utf-8")
    return tmp_path / f"link{length - 1}.bean"


def test_a_long_extends_chain_is_a_located_error(tmp_path: Path) -> None:
    last = _chain(tmp_path, 964)
    with pytest.raises(SpecError) as caught:
        compile_spec(str(last))
    codes = [d.code for d in caught.value.diagnostics]
    assert "too-deep" in codes
    deep = next(d for d in caught.value.diagnostics if d.code == "too-deep")
    assert deep.span is not None and deep.span.line == 2  # at an 'extends' clause


def test_an_extends_chain_within_the_bound_compiles(tmp_path: Path) -> None:
    model = compile_spec(str(_chain(tmp_path, MAX_EXTENDS - 1)))
    assert model["lineage"][-1] == f"link{MAX_EXTENDS - 2}"


def test_thousands_of_errors_on_one_line_print_a_bounded_report(tmp_path: Path, capsys) -> None:
    citations = " ".join(f'§ nowhere{n} "p.{n}"' for n in range(5000))
    path = variant(tmp_path, ("deal 5 to each hand", f"deal 5 to each hand {citations}"))
    assert path.stat().st_size > 50_000
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert len(out) < 100_000  # was 363 MB
    assert "more (" in out and "not shown" in out
    assert out.count("error: unknown source") == MAX_DIAGNOSTICS
    assert max(len(line) for line in out.splitlines()) < MAX_SHOWN_LINE + 20
    assert "FAIL" in out and "5000 errors" in out


@pytest.mark.parametrize("old, new", [
    ("fields 3 with 3 players", "fields 0 with 3 players"),
    ("reveal 2 to offer", "reveal 0 to offer"),
])
def test_a_zero_where_the_clause_needs_one_is_an_error_at_the_number(tmp_path: Path, old: str, new: str) -> None:
    path = variant(tmp_path, (old, new))
    error = located_error(path, "too-small")  # was the schema's "at /rules/10/params/count"
    assert error.span.line == line_of(path, new.split(" with")[0]), error.render()
    assert error.span.column == path.read_text().split("\n")[error.span.line - 1].index(new) + new.index("0") + 1


def test_a_draw_of_zero_draws_nothing(tmp_path: Path) -> None:
    model = compile_spec(str(variant(tmp_path, ("draw 3 to back of hand", "draw 0 to back of hand"))))
    draw = next(r for r in model["rules"] if r["kind"] == "draw")
    assert draw["params"]["count"] == 0


def test_the_size_is_checked_before_the_file_is_read(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "huge.bean"
    with path.open("wb") as out:
        out.truncate(MAX_SPEC_BYTES + 1)  # sparse: costs nothing to make
    read = []
    original = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or original(self))
    error = located_error(path, "too-large")
    assert error.span.line == 1 and not read


def test_more_cards_than_a_game_holds_is_a_located_error(tmp_path: Path) -> None:
    # Ten extra types of 1,000 cards each: every count within its own bound, 10,000 cards in
    # all, and the classic coffee beans after them cross the bound of a game.
    beans = "\n".join(f'  bean extra{n} "Extra {n}" 1000 beanometer 1 2 3 4   § es "Componentes"'
                      for n in range(MAX_CARDS // 1000))
    path = variant(tmp_path, ("  bean coffee", beans + "\n  bean coffee"))
    error = located_error(path, "too-large")
    assert f"with bean 'coffee' the rulebook has more than {MAX_CARDS:,} cards" in error.message
    assert error.span.line == line_of(path, "bean coffee")
