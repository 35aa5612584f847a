"""benchmarks/mutation.py finds mutants, swaps them into the live engine, kills the ones a case
catches and reports the ones it does not. A few mutants of one small function, against two
case files, so it stays fast; the full run is on demand (docs/mutation.md)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import mutation  # noqa: E402
from mutants import enumerate_mutants  # noqa: E402

SCORING = ROOT / "interpreter" / "beanrules" / "engine" / "scoring.py"


def test_every_operator_yields_mutants_with_stable_keys() -> None:
    mutants = enumerate_mutants(SCORING)
    assert {"compare", "constant", "return", "delete", "boolean"} <= {m.operator for m in mutants}
    keys = [m.key for m in mutants]
    assert len(set(keys)) == len(keys)
    assert all(m.key.startswith(f"scoring.py:{m.function}: ") and m.code in m.key for m in mutants)


# One case that ends a game and looks only at the scores: it must catch scores() returning
# nothing, and cannot see the game-over event going missing.
CASE = """\
spec: classic
source: Reglas del juego de Bohnanza
file: bohnanza.es.txt
description: a case for the mutation tool's test
cases:
  - id: end-scores-only
    cite: {where: "Fin del juego", quote: "Al final del juego, cosecha todos tus campos de frijoles"}
    description: The last card runs out and the game ends with the fields harvested.
    players: [Anna, Natalie, Greg]
    state:
      active: Natalie
      phase: trade
      exhaustions: 2
      deck: [green]
      rest: discard
      fields: {Natalie: [[blue, blue, blue, blue]]}
      coins: {Anna: 1}
    steps:
      - do: Natalie ends trading
      - expect: {scores: {Anna: 1, Natalie: 1, Greg: 0}}
"""


def test_kills_a_mutant_and_reports_a_survivor(tmp_path: Path) -> None:
    cases = tmp_path / "end.yaml"
    cases.write_text(CASE, encoding="utf-8")
    args = mutation.parse_args(["--module", "scoring", "--function", "scores", "--function", "finish_game",
                                "--jobs", "1", "--cases", str(cases), "--triage", str(tmp_path / "none.yaml")])
    run = mutation.measure(args, progress=False)
    assert run["cases"] == 1 and not run["failing"]
    by_text = {(m.function, m.mutation, m.code): run["outcomes"][m.key] for m in run["mutants"]}
    killed = by_text[("scores", "`return X` → `return None`",
                      'return {name: sum(term(state, {"player": p}) for term in rs.score_terms) '
                      'for p, name in enumerate(state.players)}')]
    assert killed.status == "killed" and killed.killer == "classic::end-scores-only"
    survivor = [o for (function, mutation_, code), o in by_text.items()
                if function == "finish_game" and code.startswith('events.append({"event": "game-over"')]
    assert [o.status for o in survivor] == ["survived"]
    row = run["table"]["scoring.py"]
    assert row["mutants"] == len(run["mutants"]) and 1 <= row["killed"] < row["mutants"]
    # Mutants live only in the worker processes: the engine here plays as before.
    from beanrules import compile_spec
    from beanrules.engine import Game
    game = Game(compile_spec("classic"), players=3, seed=1)
    assert game.scores() == {p: 0 for p in game.players}


def test_a_survivor_is_listed_and_an_equivalent_leaves_the_score(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    # With no case at all every mutant survives, uncovered; naming one equivalent removes it
    # from the denominator and the report lists the others with file:line.
    empty = tmp_path / "no-cases"
    empty.mkdir()
    first = enumerate_mutants(SCORING)[0]
    listed = tmp_path / "triage.yaml"
    listed.write_text(f"- match: {first.key!r}\n  verdict: equivalent\n  why: a test\n", encoding="utf-8")
    code = mutation.main(["--module", "scoring", "--jobs", "1", "--cases", str(empty),
                          "--triage", str(listed)])
    out = capsys.readouterr().out
    assert code == 0
    total = len(enumerate_mutants(SCORING))
    assert f"0 of {total - 1} non-equivalent mutants killed" in out
    assert f"scoring.py:{enumerate_mutants(SCORING)[1].line}" in out


def test_bad_arguments_are_usage_errors(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exit_:
        mutation.parse_args(["--module", "no-such-module"])
    assert exit_.value.code == 2
    assert "no engine module 'no-such-module'" in capsys.readouterr().err


def test_the_shipped_triage_loads_and_a_broken_one_is_a_clear_error(tmp_path: Path) -> None:
    verdicts = mutation.load_triage()
    assert len(verdicts) > 50 and {v.verdict for v in verdicts} == set(mutation.VERDICTS)
    assert all(v.why.strip() for v in verdicts)
    broken = tmp_path / "triage.yaml"
    broken.write_text("- match: x\n  verdict: maybe\n  why: because\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="entry 1: verdict 'maybe' is not one of equivalent, out-of-reach"):
        mutation.load_triage(broken)
    broken.write_text("- match: [x\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not valid YAML"):
        mutation.load_triage(broken)


def test_every_shipped_triage_entry_names_a_mutant_the_engine_has() -> None:
    """An entry whose line moved to another function matches nothing, and that line's survivors
    go untriaged; the tool warns of such entries, and the shipped list has none."""
    verdicts = mutation.load_triage()
    modules = sorted({v.match.split(".py:", 1)[0] for v in verdicts} | set(mutation.DEFAULT_MODULES))
    assert [v.match for v in mutation.unmatched(verdicts, modules)] == []
    moved = mutation.Verdict("scoring.py:no_such_function: * in `return 0`", "equivalent", "why")
    kept = mutation.Verdict("scoring.py:*", "equivalent", "why")
    assert mutation.unmatched([moved, kept], ["scoring"]) == [moved]
    assert mutation.unmatched([moved], ["legal"]) == []  # a module not run is not judged


def test_a_pattern_matches_only_where_it_says() -> None:
    verdict = mutation.Verdict("legal.py:_buy: * in `if len(_BUYS) > 5_000:`", "equivalent", "why")
    assert verdict.matches("legal.py:_buy: `>` → `>=` in `if len(_BUYS) > 5_000:`")
    assert not verdict.matches("legal.py:_buy: `>` → `>=` in `if len(_BUYS) > 5_000:` #2")
    assert mutation.Verdict("a[b]*", "equivalent", "why").matches("a[b] c")  # brackets are plain text


# --- the stratified sample and its estimate (benchmarks/mutation_sample.py) ---------------------

from mutation_sample import allocate, ratio_estimate, stratified  # noqa: E402


def test_a_sample_gives_each_module_its_share_and_a_floor() -> None:
    sizes = {"big": 900, "mid": 90, "tiny": 2, "small": 8}
    shares = allocate(sizes, 100, floor=3)
    assert shares == {"big": 90, "mid": 9, "tiny": 2, "small": 3}  # 0.8 rounds up to the floor of 3
    assert allocate(sizes, 1000) == sizes and allocate(sizes, 5000) == sizes
    items = [(module, i) for module, n in sizes.items() for i in range(n)]
    first = stratified(items, lambda item: item[0], 100, seed=7)
    assert first == stratified(items, lambda item: item[0], 100, seed=7)  # the seed decides
    assert first != stratified(items, lambda item: item[0], 100, seed=8)
    assert first == sorted(first, key=items.index)  # in the order of the population
    assert {m: sum(1 for x in first if x[0] == m) for m in sizes} == shares


def test_a_changed_stratum_leaves_the_others_sample_alone() -> None:
    """Each stratum draws from a generator of its own (seed and name): mutants added to one
    module redraw that module, not the others (as long as their shares stay). With one generator
    for all strata in turn, module a's ten more mutants changed b's and c's samples for seeds 1,
    3, 12, 15, 24 and 28 of the first 30."""
    sizes = {"a": 10, "b": 500, "c": 300}
    items = [(module, i) for module, n in sizes.items() for i in range(n)]
    grown = items[:10] + [("a", 10 + i) for i in range(10)] + items[10:]  # ten more mutants in a
    assert allocate({"a": 20, "b": 500, "c": 300}, 60) == allocate(sizes, 60)  # the same shares
    for seed in range(30):
        before = stratified(items, lambda item: item[0], 60, seed=seed)
        after = stratified(grown, lambda item: item[0], 60, seed=seed)
        assert [x for x in before if x[0] != "a"] == [x for x in after if x[0] != "a"], seed
        assert sum(1 for x in after if x[0] == "a") == 3


def test_the_estimate_scales_each_stratum_and_its_interval_narrows_to_a_census() -> None:
    # A census: the ratio is exact and there is no uncertainty.
    census = ratio_estimate({"a": (4, [(1, 1), (1, 1), (0, 1), (0, 0)]), "b": (2, [(1, 1), (1, 1)])})
    assert census is not None and (census.ratio, census.low, census.high) == (0.8, 0.8, 0.8)
    # Stratum a: 2 sampled from 100, both killed; stratum b: all 10, 2 killed of 4 judged (6
    # equivalent). Killed ≈ 100·1 + 2 = 102 of 100 + 4 = 104; only a could add variance, and its
    # d's (y − R·x) are equal, so its sample variance is 0: the interval is the point.
    exact = ratio_estimate({"a": (100, [(1, 1), (1, 1)]), "b": (10, [(1, 1), (0, 1)] * 2 + [(0, 0)] * 6)})
    assert exact is not None and round(exact.ratio, 6) == round(102 / 104, 6)
    assert exact.low == exact.high == exact.ratio
    # 80 of 100 killed in a sample of 100 from 1000: R = 0.8, SE = sqrt((1 − 0.1)·0.16·100/99/100).
    sample = ratio_estimate({"m": (1000, [(1, 1)] * 80 + [(0, 1)] * 20)})
    half = 1.959964 * (0.9 * 0.16 * 100 / 99 / 100) ** 0.5
    assert sample is not None and abs(sample.high - (0.8 + half)) < 1e-9 and abs(sample.low - (0.8 - half)) < 1e-9
    assert sample.percent() == (80.0, 72.5, 87.5)
    assert ratio_estimate({"m": (10, [(0, 0)])}) is None  # nothing left to judge


def test_a_sampled_run_reports_the_estimate(tmp_path: Path) -> None:
    cases = tmp_path / "end.yaml"
    cases.write_text(CASE, encoding="utf-8")
    args = mutation.parse_args(["--module", "scoring", "--module", "deck", "--limit", "8", "--seed", "2",
                                "--jobs", "1", "--cases", str(cases), "--triage", str(tmp_path / "none.yaml")])
    run = mutation.measure(args, progress=False)
    population = {"scoring.py": len(enumerate_mutants(SCORING)),
                  "deck.py": len(enumerate_mutants(SCORING.with_name("deck.py")))}
    # 8 shared by size, each module at least 3 (allocate's floor may add a few)
    assert run["population"] == population and len(run["mutants"]) == sum(allocate(population, 8).values())
    total = run["table"]["total"]
    score, low, high = total["estimate"]
    assert low <= score <= high and 0 <= low and high <= 100
    assert run["table"]["scoring.py"]["estimate"] is not None


def test_a_module_interval_stays_open_at_none_and_all_killed() -> None:
    from mutation_sample import wilson
    none = wilson(0, 7, 50)
    assert none is not None and none.ratio == none.low == 0 and 0.3 < none.high < 0.4  # Wilson: 0–35.4%
    every = wilson(7, 7, 50)
    assert every is not None and every.high == 1 and 0.6 < every.low < 0.7
    assert wilson(7, 7, 7) == wilson(7, 7, 7) and wilson(7, 7, 7).low == 1  # a census is exact
    assert wilson(0, 0, 7) is None
