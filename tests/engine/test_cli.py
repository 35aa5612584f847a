"""`beanrules play` and `beanrules replay` through the CLI entry point."""
from __future__ import annotations

import json

import pytest

from beanrules.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_json_is_deterministic(capsys):
    args = ("play", "classic", "--players", "4", "--games", "3", "--seed", "5", "--bots", "greedy,random", "--json")
    code, first, _ = run(capsys, *args)
    assert code == 0
    again = run(capsys, *args)[1]
    assert first == again
    result = json.loads(first)
    assert result["games"] == 3 and result["players"] == 4
    assert [s["bot"] for s in result["seats"]] == ["greedy", "random", "greedy", "random"]
    assert abs(sum(s["win_share"] for s in result["seats"]) - 1) < 1e-6
    assert result["turns_per_game"] > 10 and result["actions_per_game"] > result["turns_per_game"]


def test_play_table(capsys):
    code, out, _ = run(capsys, "play", "classic", "--players", "3", "--games", "2", "--no-trading")
    assert code == 0 and "mean coins" in out and "win share" in out and "actions per game" in out


def test_log_and_replay(capsys, tmp_path):
    log = tmp_path / "game.json"
    code, _, _ = run(capsys, "play", "classic", "--players", "3", "--seed", "9", "--bots", "greedy",
                     "--log", str(log), "--json")
    assert code == 0
    record = json.loads(log.read_text())
    assert record["spec"] == "classic" and record["seed"] == 9 and record["model_hash"].startswith("sha256:")
    assert record["players"] == ["Anna", "Natalie", "Greg"] and record["actions"]
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "ok" in out and "final state identical" in out
    record["actions"][5] = "Greg plants 9"
    log.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 1 and "action 6" in out and "refused" in out
    record = json.loads(log.read_text())
    record["actions"] = record["actions"][:5] + record["actions"][6:]
    record["actions"][5:] = []
    log.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 1 and "final state differs at state." in out


@pytest.mark.parametrize("argv, code, words", [
    (("play", "clasic", "--players", "3"), 1, "did you mean 'classic'"),
    (("play", "classic", "--players", "9"), 2, "3 to 5 players"),
    (("play", "classic", "--players", "3", "--bots", "clever"), 2, "unknown bot"),
    (("play", "classic", "--players", "3", "--human", "7"), 2, "no seat"),
    (("replay", "/nonexistent/game.json"), 1, "no such file"),
])
def test_errors_are_reported_without_traceback(capsys, argv, code, words):
    got, out, err = run(capsys, *argv)
    assert got == code and words in err and "Traceback" not in err


def test_replay_rejects_a_file_that_is_not_a_record(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1 and "not JSON" in err
    bad.write_text(json.dumps({"format": "something"}))
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1 and "not a game record" in out


def test_human_game_in_the_terminal(capsys, monkeypatch):
    lines = iter(["?", "plants soy in 1", "Anna plants 1", "ends planting", "ends trading", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    code, out, _ = run(capsys, "play", "classic", "--players", "3", "--seed", "1", "--human", "1",
                       "--bots", "greedy")
    assert code == 0
    assert "You are Anna (seat 1)" in out and "hand (front first):" in out
    assert "legal now: Anna plants" in out
    assert "refused:" in out and "rule 'hand-order' (es: Preparar)" in out
    assert "revealed:" in out and "phase plant-traded" in out


def test_a_whole_terminal_game_ends(classic):
    """A scripted human who asks for the legal actions and takes the first listed one."""
    from beanrules.engine.terminal import play_human

    out: list[str] = []

    def first_legal(line: str) -> str:
        first = line[len("legal now: "):].split("; ")[0]
        return "pass" if first == "nothing but waiting" else first

    def read(prompt: str) -> str:
        last = out[-1] if out else ""
        if "'pass' to go on" in last:
            return "pass"
        if last.startswith("legal now: "):
            return first_legal(last)
        if last.startswith("and trade proposals"):
            return first_legal(out[-2])
        return "?"

    record = play_human(classic, "classic", ["Anna", "Natalie", "Greg"], 4, 1, ["greedy"], read=read,
                        write=out.append)
    assert record is not None and record["final_state"]["over"]
    assert any(line.startswith("   game over:") for line in out)
    assert record["bots"] == ["greedy", "human", "greedy"]


def test_unknown_beans_are_named(classic):
    from beanrules.engine import Game, IllegalAction
    game = Game(classic, 3, seed=1)
    with pytest.raises(IllegalAction, match="did you mean 'chili'"):
        game.apply("Anna plants chilli in 1")


def test_model_hash_ignores_source_positions_and_where_beanrules_runs(tmp_path) -> None:
    import copy

    from beanrules import compile_spec
    from beanrules.engine import model_hash

    model = compile_spec("classic")
    assert model["rules"][0]["span"]["file"] == "specs/classic.bean"  # never a cwd-relative path
    moved = copy.deepcopy(model)
    for rule in moved["rules"]:
        rule["span"]["line"] += 3
    assert model_hash(moved) == model_hash(model)
    changed = copy.deepcopy(model)
    next(r for r in changed["rules"] if r["kind"] == "draw")["params"]["count"] = 4
    assert model_hash(changed) != model_hash(model)
