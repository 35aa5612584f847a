"""Issue #10's reproducers for game records and replay: no file opened that the record may not
name, every action verified, a record without its evidence unverified, and a human game's
record written however it ends."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.cli import main
from beanrules.engine import Game
from beanrules.engine.records import make_record, replay
from beanrules.engine.terminal import play_human
from beanrules.limits import MAX_DOCUMENT_DEPTH, MAX_RECORD_BYTES
from by_name import zone_of

PLAYERS = ["Anna", "Natalie", "Greg"]


@pytest.fixture(scope="module")
def classic() -> dict:
    return compile_spec("classic")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def traded_game(classic: dict, answer: str = "Natalie withdraws") -> Game:
    """A game in which a proposal is made and answered (withdrawn or rejected), then trading
    ends: an open proposal would have lapsed there, to the same final state."""
    game = Game(classic, PLAYERS, seed=3)
    while game.state.phase != "trade":
        game.apply(game.legal_actions(game.waiting_for()[0], trades=False)[0])
    game.apply(f"Natalie offers {zone_of(game.state, 'hands', 'Natalie')[0]} to Anna for {game.state.offer[0]}")
    game.apply(answer)
    game.apply("Anna ends trading")
    return game


def write(tmp_path: Path, record: object, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.parametrize("dropped", ["Natalie withdraws", "Anna rejects"])
def test_dropping_a_withdrawal_or_rejection_diverges(classic: dict, dropped: str) -> None:
    record = make_record("classic", classic, traded_game(classic, dropped), 3)
    assert replay(record, classic).ok
    index = record["actions"].index(dropped)
    shorter = dict(record, actions=record["actions"][:index] + record["actions"][index + 1:])
    result = replay(shorter, classic)
    # The final state is the same (an open proposal lapses when trading ends): only the
    # recorded events show that the action is missing.
    assert result.game.state_json() == record["final_state"]
    assert not result.ok and result.status == "DIVERGES" and "events differ" in result.message


@pytest.mark.parametrize("missing", ["final_state", "final_state_hash", "trace_hash"])
def test_a_record_without_its_evidence_is_unverified(classic: dict, tmp_path: Path, capsys, missing: str) -> None:
    record = make_record("classic", classic, traded_game(classic), 3)
    del record[missing]
    result = replay(record, classic)
    assert not result.ok and result.status == "UNVERIFIED" and missing in result.message
    code, out, _ = run(capsys, "replay", str(write(tmp_path, record)))
    assert code == 1 and ": UNVERIFIED: " in out


@pytest.mark.parametrize("spec", ["/etc/passwd", "../outside.bean", "/etc/shadow", "sub/../../x.bean"])
def test_a_record_cannot_make_replay_open_any_file(classic: dict, tmp_path: Path, capsys, spec: str) -> None:
    secret = tmp_path / "outside.bean"
    secret.write_text("root:*:secret line\n", encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    record = make_record("classic", classic, traded_game(classic), 3)
    record["spec"] = spec
    code, out, err = run(capsys, "replay", str(write(folder, record)))
    assert code == 1
    assert "neither a shipped spec nor a file in the folder" in err
    assert "root:*:" not in out + err and "secret line" not in out + err


def test_a_record_may_name_a_spec_beside_it(classic: dict, tmp_path: Path, capsys) -> None:
    (tmp_path / "mine.bean").write_text('rulebook mine "Mine"\n  extends classic\n', encoding="utf-8")
    model = compile_spec(str(tmp_path / "mine.bean"))
    game = Game(model, PLAYERS, seed=2)
    for _ in range(30):
        game.apply(game.legal_actions(game.waiting_for()[0], trades=False)[0])
    record = make_record("mine.bean", model, game, 2)
    code, out, _ = run(capsys, "replay", str(write(tmp_path, record)))
    assert code == 0 and ": ok: 30 actions replayed" in out


def test_a_file_in_the_working_folder_does_not_shadow_a_shipped_spec(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "classic").write_text('rulebook impostor "Not classic"\n', encoding="utf-8")
    code, out, _ = run(capsys, "check", "classic")
    assert code == 0 and "ok    classic: 50 rules" in out
    code, out, _ = run(capsys, "check", "./classic")  # given as a path, it is that file
    assert code == 1 and "FAIL  ./classic" in out


@pytest.mark.parametrize("text, expected", [
    ("[" * 1000 + "]" * 1000, f"nest more than {MAX_DOCUMENT_DEPTH} deep"),
    ('{"seed": ' + "4" * 4301 + "}", "at most 40"),
    ('{"spec": "classic", "spec": "classic"}', "given twice"),
])
def test_malformed_records_are_located_errors(tmp_path: Path, capsys, text: str, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and expected in err and "internal error" not in err


def test_a_huge_record_is_refused_before_it_is_read(tmp_path: Path, capsys) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(MAX_RECORD_BYTES + 1)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and f"at most {MAX_RECORD_BYTES:,} are read" in err


def test_a_long_number_in_a_recorded_action_is_a_refused_action(classic: dict) -> None:
    record = make_record("classic", classic, traded_game(classic), 3)
    record["actions"][0] = "Anna plants " + "4" * 4301
    result = replay(record, classic)
    assert not result.ok and "action 1" in result.message and "not an action" in result.message


def _scripted(lines: list[str], then: BaseException | None = None):
    """A read() that types the given lines, then raises `then` (EOFError, KeyboardInterrupt)."""
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            if then is not None:
                raise then from None
            return "quit"
    return read


@pytest.mark.parametrize("how, ending, code", [
    (["plants 1", "quit"], None, 0),
    (["plants 1"], EOFError(), 0),
    (["plants 1"], KeyboardInterrupt(), 130),
])
def test_a_human_game_writes_its_record_however_it_ends(classic: dict, tmp_path: Path, monkeypatch,
                                                        capsys, how, ending, code) -> None:
    read = _scripted(how, ending)
    monkeypatch.setattr("builtins.input", read)
    log = tmp_path / "human.json"
    result = main(["play", "classic", "--players", "3", "--human", "1", "--seed", "4", "--log", str(log)])
    _, err = capsys.readouterr()
    assert result == code
    record = json.loads(log.read_text(encoding="utf-8"))
    expected = "interrupted" if isinstance(ending, KeyboardInterrupt) else "quit"
    assert record["ended"] == expected and record["actions"] == ["Anna plants 1"]
    assert f"game record ({expected}, {len(record['actions'])} actions) written to {log}" in err
    assert replay(record, classic).ok  # a partial game replays exactly


def test_an_interrupt_inside_an_action_still_gives_a_consistent_record(classic: dict, monkeypatch) -> None:
    import beanrules.engine.acting as acting_module  # where an action that ends a phase ends it
    end_phase = acting_module.end_phase

    def interrupted_end_phase(*args, **kwargs):
        end_phase(*args, **kwargs)  # the 2nd action changed the state (planting ended) ...
        raise KeyboardInterrupt  # ... and is interrupted before it is recorded
    monkeypatch.setattr(acting_module, "end_phase", interrupted_end_phase)
    record = play_human(classic, "classic", PLAYERS, 4, 0, ["greedy"],
                        read=_scripted(["plants 1", "ends planting"] + ["pass"] * 20), write=lambda _: None)
    monkeypatch.setattr(acting_module, "end_phase", end_phase)
    assert record["ended"] == "interrupted" and record["actions"] == ["Anna plants 1"]
    assert replay(record, classic).ok  # the half-applied 2nd action is in neither actions nor state
