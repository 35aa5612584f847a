"""Cases of the kind `refused_state`: the engine must refuse to start from a state no game could
reach, naming where (docs/conformance.md, "Start states that must be refused"); and the loader,
which asks the engine about every other case's start instead of checking it twice."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from beanrules.conformance import load_file, run_case
from beanrules.conformance.binding import bind
from beanrules.conformance.inheritance import run_binding
from beanrules.engine import Game
from casefiles import write


def refused(**changes: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": "lena-is-not-playing", "cite": {"where": "Como se Juega"},
                           "description": "Lena is not playing, so she cannot be active.",
                           "players": ["Anna", "Natalie", "Greg"], "state": {"active": "Lena"},
                           "refused_state": {"at": "state.active"}}
    out.update(changes)
    return {k: v for k, v in out.items() if v is not None}  # None: leave the key out


def run(tmp_path: Path, **changes: Any):
    loaded = load_file(write(tmp_path, refused(**changes)))
    assert loaded.all_errors == []
    (case,) = loaded.cases
    return run_case(case)


def test_a_start_refused_where_the_case_says_passes(tmp_path: Path) -> None:
    assert run(tmp_path).status == "passed"
    # the engine may name a key below the one the case gives (the zone of one player)
    assert run(tmp_path, state={"hands": {"Lena": ["soy"]}}, refused_state={"at": "state.hands"}).status == "passed"


def test_a_start_the_engine_accepts_fails_the_case(tmp_path: Path) -> None:
    result = run(tmp_path, state={"active": "Greg"})
    assert result.status == "failed"
    assert result.message == "the engine started the game; expected it to refuse the start at state.active"


def test_a_refusal_elsewhere_fails_the_case(tmp_path: Path) -> None:
    result = run(tmp_path, state={"active": "Lena"}, refused_state={"at": "state.phase"})
    assert result.status == "failed"
    assert result.message.startswith("the engine refused the start at state.active, expected at state.phase: "
                                     "unknown player 'Lena'")


def test_a_crash_is_no_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(*args: Any, **kwargs: Any) -> None:
        raise KeyError("phase")
    monkeypatch.setattr(Game, "from_partial", classmethod(crash))
    result = run(tmp_path)
    assert result.status == "failed"
    assert result.message == "the engine crashed instead of refusing the start: KeyError: 'phase'"


def test_players_may_repeat_or_be_unreadable_only_in_this_kind(tmp_path: Path) -> None:
    for players in (["Anna", "Natalie", "Anna"], ["Anna", "natalie", "Greg"]):
        assert run(tmp_path, players=players, state={}, refused_state={"at": "players"}).status == "passed"
    path = write(tmp_path, refused(refused_state=None, steps=[{"expect": {"over": False}}],
                                   players=["Anna", "Anna", "Greg"], state={}))
    assert any("players" in e.render() for e in load_file(path).all_errors)


def test_the_case_names_no_steps(tmp_path: Path) -> None:
    path = write(tmp_path, refused(steps=[{"expect": {"over": False}}]))
    (error,) = load_file(path).all_errors
    assert "'steps' was unexpected" in error.message


def test_a_case_for_other_players_does_not_load(tmp_path: Path) -> None:
    # written for three players: on a spec for two, it says nothing about the active player
    path = write(tmp_path, refused(players=["Anna", "Natalie"]))
    (error,) = load_file(path).all_errors
    assert error.render() == (f"{path}: case 'lena-is-not-playing' at players: classic is played by 3 to 5 "
                              "players, not 2 (the case expects the start refused at state.active)")
    # unless the players are what it is about
    assert run(tmp_path, players=["Anna", "Natalie"], state={}, refused_state={"at": "players"}).status == "passed"


def test_the_rule_it_rests_on_must_be_a_rule_of_the_spec(tmp_path: Path) -> None:
    path = write(tmp_path, refused(refused_state={"at": "players", "rule": "player"}))
    (error,) = load_file(path).all_errors
    assert error.render() == (f"{path}: case 'lena-is-not-playing' at refused_state.rule: unknown rule 'player' "
                              "(did you mean 'players'?) in classic")


def test_the_loader_reports_the_engines_refusal_of_a_case_start(tmp_path: Path) -> None:
    steps = [{"expect": {"over": False}}]
    bad = [({"phase": "plnt"}, "state.phase", "unknown phase 'plnt' (did you mean 'plant'?); phases are "
                                              "plant, trade, plant-traded, draw"),
           ({"fields": {"Lena": [["soy"]]}}, "state.fields.Lena",
            "unknown player 'Lena'; players are Anna, Natalie, Greg"),
           ({"tokens": {"thaler": "Anna"}}, "state.tokens.thaler", "unknown token 'thaler' (tokens: none)")]
    for state, at, why in bad:
        path = write(tmp_path, refused(refused_state=None, state=state, steps=steps))
        assert [e.render() for e in load_file(path).all_errors] == [f"{path}: case 'lena-is-not-playing' at {at}: {why}"]


def test_a_variant_that_changes_the_rule_changes_the_case_not_fails_it() -> None:
    """The duel extends classic for two players: classic's refused starts either no longer fit
    it (three players) or rest on the players rule it replaced; none fails."""
    binding = bind("anniversary/duel")
    assert binding is not None
    mine = [c for c in binding.inherited if c.refused_state is not None and "classic" in c.target]
    mine_ids = {c.id for c in mine}
    assert {"two-players-cannot-start-the-base-game", "player-names-must-differ"} <= mine_ids
    binding.inherited = mine
    binding.inherited_broken = [(i, e) for i, e in binding.inherited_broken if "refused-states" in e[0].file]
    outcomes = {o.case_id: o for o in run_binding(binding) if o.origin == "inherited"}
    assert outcomes["two-players-cannot-start-the-base-game"].status == "changed"
    assert outcomes["player-names-must-differ"].status == "passed"  # names hold for any rulebook
    assert outcomes["the-active-player-is-playing"].status == "changed"  # three players do not fit
    assert not [o for o in outcomes.values() if o.status in ("failed", "error")]
