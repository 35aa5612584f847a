"""The second play of every case through the engine's fast path (conformance/fastpath.py,
docs/conformance.md "The fast path plays alike"): it takes the trusted route for listed
actions and built proposals, and a fault on that route (a trusted move that does something
else, a listing that lets a refused action through, proposals() building another proposal, a
play without events that differs) fails the case at its step, naming the paths that differ."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from beanrules.conformance import engine_problem, load_file, run_files
from beanrules.conformance import fastpath
from beanrules.conformance.compare import differences
from beanrules.engine import Game, acting
from beanrules.engine.actions import EndPhase, Harvest, Plant, Propose
from beanrules.engine.proposal_space import Proposals
from beanrules.engine.trace import recording

from casefiles import case, write

pytestmark = pytest.mark.skipif(engine_problem() is not None, reason=str(engine_problem()))

# Classic, Anna's turn: she plants her front chili (listed), ends planting, and in the trade
# phase proposes a revealed soy to Natalie for her red (a proposal built by proposals()), which
# Natalie accepts (listed: the one proposal open to her); on the way the single garden bean is
# refused a harvest while her other fields hold two beans (the protection rule).
TRADE = case(
    id="plant-and-trade",
    state={"phase": "plant", "deck": ["soy", "blue", "garden", "stink"], "hands": {"Anna": ["chili", "stink"],
           "Natalie": ["red"]}, "fields": {"Anna": [["chili"], ["blue", "blue"], ["garden"]]}},
    steps=[{"do": "Anna plants chili in 1"},
           {"refuse": "Anna harvests 3", "rule": "protection"},
           {"do": "Anna ends planting"},
           {"expect": {"phase": "trade", "offer": ["soy", "blue"]}},
           {"do": "Anna offers offer soy to Natalie for hand red"},
           {"do": "Natalie accepts"},
           {"expect": {"set_aside": {"Anna": ["red"], "Natalie": ["soy"]}}}])


def _replayed(tmp_path: Path, raw: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> fastpath.Replay:
    """The second play the runner made of a case that passed."""
    plays: list[fastpath.Replay] = []
    replay = fastpath.replay
    monkeypatch.setattr(fastpath, "replay", lambda *args: plays.append(replay(*args)) or plays[-1])
    (result,) = run_files([write(tmp_path, raw)]).results
    assert result.status == "passed", result.explain()
    (play,) = plays
    return play


def test_a_pytest_item_plays_its_case_a_second_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As `beanrules conformance` does: the item runs the case untraced (a traced run, as
    verify's, gets no second play)."""
    from beanrules.conformance.pytest_plugin import collect_file

    class Cases:  # conformance/conftest.py's hook, for a file in tmp_path
        @staticmethod
        def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
            return collect_file(file_path, parent)
    plays: list[fastpath.Replay] = []
    replay = fastpath.replay
    monkeypatch.setattr(fastpath, "replay", lambda *args: plays.append(replay(*args)) or plays[-1])
    path = write(tmp_path, TRADE)
    code = pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts=", "--rootdir", str(tmp_path),
                        str(path)], plugins=[Cases()])
    assert code == 0 and len(plays) == 1 and plays[0].divergence is None


def _run(tmp_path: Path, raw: dict[str, Any] = TRADE) -> Any:
    (result,) = run_files([write(tmp_path, raw)]).results
    return result


def _trusted_instead(monkeypatch: pytest.MonkeyPatch, kind: type, wrap: Callable[[Callable], Callable]) -> None:
    """The listed mode's move of this kind of action (engine/acting.py) replaced by wrap(the
    real one) (moves are compiled once per ruleset: the patched ones anew, and forgotten after)."""
    original = acting.kinds

    def patched(rs: Any, steps: Any, checked: bool) -> dict:
        moves = original(rs, steps, checked)
        if not checked:
            moves[kind] = wrap(moves[kind])
        return moves
    monkeypatch.setattr(acting, "kinds", patched)
    monkeypatch.setattr(acting, "_MOVERS", {})


def test_the_fast_play_takes_the_trusted_route(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replay = _replayed(tmp_path, TRADE, monkeypatch)
    assert replay.divergence is None
    without, keeping = f", {fastpath.WITHOUT}", f", {fastpath.WITH}"  # every second action keeps its events
    assert replay.applied == {0: fastpath.LISTED + without, 1: fastpath.PARSED + without,
                              2: fastpath.LISTED + keeping, 4: fastpath.BUILT + without,
                              5: fastpath.LISTED + keeping}


def test_trusted_events_that_differ_fail_the_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def chatty(end: Callable) -> Callable:
        def ends(state: Any, action: Any, events: list) -> None:
            end(state, action, events)
            if events:  # the phase event names the wrong player, and nothing else differs
                events[0]["active"] = "Natalie"
        return ends
    _trusted_instead(monkeypatch, EndPhase, chatty)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 2  # the second action, which keeps its events
    assert result.message.startswith("the fast path plays otherwise: its events differ from the reference run's")
    assert ("events[0].active", "Anna", "Natalie") in result.mismatches


def test_a_line_that_leaves_a_part_out_is_the_one_listed_action_completing_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "Anna plants chili" names no field: the chili field 1 is the only listed plant of a chili.
    # With three empty fields each would complete it, so the line is applied as parsed.
    one = case(id="one", state={"phase": "plant", "hands": {"Anna": ["chili"]},
                                "fields": {"Anna": [["chili"], ["blue"], ["soy"]]}}, steps=[{"do": "Anna plants chili"}])
    two = case(id="two", state={"phase": "plant", "hands": {"Anna": ["chili"]}}, steps=[{"do": "Anna plants chili"}])
    assert _replayed(tmp_path, one, monkeypatch).applied == {0: f"{fastpath.LISTED}, {fastpath.WITHOUT}"}
    assert _replayed(tmp_path, two, monkeypatch).applied == {0: f"{fastpath.PARSED}, {fastpath.WITHOUT}"}


def test_a_trusted_move_that_does_otherwise_fails_the_case_at_its_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def wrong_field(plant: Callable) -> Callable:  # the card goes one field further than listed
        return lambda state, action, events: plant(state, Plant(action.player, action.bean, action.field + 1,
                                                                action.zone), events)
    _trusted_instead(monkeypatch, Plant, wrong_field)
    result = _run(tmp_path)
    assert result.status == "failed"
    assert result.step == 0 and result.step_text == "do: Anna plants chili in 1"
    assert result.message.startswith("the fast path plays otherwise: the state differs from the reference run's")
    assert fastpath.LISTED in result.message
    assert ("fields.Anna[0]", ["chili", "chili"], ["chili"]) in result.mismatches
    assert ("fields.Anna[1]", ["blue", "blue"], ["blue", "blue", "chili"]) in result.mismatches


def test_a_listed_action_the_reference_run_refuses_fails_the_case(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    listed = Game.legal_actions

    def careless(self: Game, player: str, trades: bool = True) -> list:
        out = listed(self, player, trades)  # the protected garden field listed for a harvest
        if self.state.phase == "plant" and self._listing is not None:
            self._listing[1].append(Harvest(player, 3))
            out.append(self._listing[1][-1])
        return out
    monkeypatch.setattr(Game, "legal_actions", careless)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 1
    assert "the action was allowed (the reference run refused it)" in result.message
    assert fastpath.LISTED in result.message


def test_proposals_must_build_what_legal_actions_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = Proposals.__getitem__

    def shifted(self: Proposals, n: Any) -> Any:
        return original(self, (n + 1) % len(self) if isinstance(n, int) else n)
    monkeypatch.setattr(Proposals, "__getitem__", shifted)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 4
    assert "proposals('Anna')[" in result.message and "but legal_actions('Anna') lists" in result.message


def test_proposals_must_count_what_legal_actions_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Proposals, "__len__", lambda self: self.count + 1)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 4
    assert "counts" in result.message and "proposals('Anna')" in result.message


def test_an_expectation_of_what_may_happen_checks_proposals_against_the_listing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # no action applied (no second play): the promise is checked where the case asks `legal`
    looking = case(id="look", state={"phase": "trade", "offer": ["soy"], "hands": {"Natalie": ["red"]}},
                   steps=[{"expect": {"legal": {"Greg": []}}}])
    assert _run(tmp_path, looking).status == "passed"
    original = Proposals.__getitem__
    monkeypatch.setattr(Proposals, "__getitem__", lambda self, n: original(self, self.count - 1 - n))
    result = _run(tmp_path, looking)
    assert result.status == "failed" and result.step == 0
    assert "the engine breaks a promise of the engine contract" in result.message
    assert "proposals('Anna')[0] is " in result.message and "but legal_actions('Anna') lists" in result.message


def test_a_trusted_proposal_stored_otherwise_fails_the_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def giftless(propose: Callable) -> Callable:  # the proposal forgets what it asks for
        return lambda state, action, events: propose(state, Propose(action.player, action.to, action.give), events)
    _trusted_instead(monkeypatch, Propose, giftless)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 4
    assert fastpath.BUILT in result.message
    assert ("proposals[0].take", [{"zone": "hand", "bean": "red"}], []) in result.mismatches


def test_a_play_without_events_that_differs_fails_the_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apply = Game.apply

    def forgetful(self: Game, action: Any, keep_events: bool = True) -> list:
        events = apply(self, action, keep_events)
        if not keep_events and self.state.phase == "trade":
            self.state.turn += 1  # something only the play without events does
        return events
    monkeypatch.setattr(Game, "apply", forgetful)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 4  # the first action in trade without events
    assert result.mismatches == [("turn", 1, 2)]


def test_a_crash_on_the_fast_path_fails_the_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    apply = Game.apply

    def crashing(self: Game, action: Any, keep_events: bool = True) -> list:
        if not keep_events and isinstance(action, Propose):
            raise KeyError("offer")
        return apply(self, action, keep_events)
    monkeypatch.setattr(Game, "apply", crashing)
    result = _run(tmp_path)
    assert result.status == "failed" and result.step == 4
    assert "the engine raised KeyError" in result.message


def test_no_second_play_without_an_action_or_while_rules_are_traced(tmp_path: Path) -> None:
    (loaded,) = load_file(write(tmp_path, TRADE)).cases
    (looking,) = load_file(write(tmp_path, case(id="look", steps=[{"expect": {"coins": {"Anna": 0}}}]))).cases
    assert fastpath.reference(loaded) is not None and fastpath.reference(looking) is None
    with recording():  # verify's rule coverage wraps apply; the reference run is traced alone
        assert fastpath.reference(loaded) is None


def test_differences_are_exact_and_both_ways() -> None:
    assert differences({"a": [1, 2], "b": {"c": True}}, {"a": [1, 2], "b": {"c": True}}) == []
    assert differences({"a": [1, 2]}, {"a": [1, 3], "d": None}) == [("a[1]", 2, 3), ("d", "<missing>", None)]
    assert differences({"n": 1, "l": [1]}, {"n": True, "l": 1}) == [("n", 1, True), ("l", [1], 1)]
    assert differences({"l": [1, 2]}, {"l": [1]}) == [("l", [1, 2], [1])]


def test_proposals_under_a_lasting_ban_are_those_listed() -> None:
    # The runner's promise found it: while the hush bean's ban held, proposals() still built
    # every one-card proposal of the other players, and the random bot picked an illegal one.
    from beanrules import compile_spec
    from beanrules.engine.bots import RandomBot
    model = compile_spec(str(Path(__file__).resolve().parents[2] / "conformance" / "variants" / "hush.bean"))
    game = Game.from_partial(model, ["Anna", "Natalie", "Greg"], {
        "phase": "plant", "hands": {"Anna": ["hush", "red", "blue"], "Natalie": ["soy"]}, "deck": ["chili", "stink"]})
    for line in ("Anna uses hush", "Anna plants red in 1", "Anna ends planting", "Anna gives hand blue to Natalie"):
        game.apply(line)
    assert len(game.proposals("Natalie")) == 0 and len(game.proposals("Anna")) > 0
    assert list(game.proposals("Anna")) == [a for a in game.legal_actions("Anna") if isinstance(a, Propose)]
    for seed in range(10):  # the bot's pick is always legal: Natalie may only turn the gift down
        picked = RandomBot(seed).choose(game, "Natalie")
        assert picked.notation() == "Natalie rejects 1"
