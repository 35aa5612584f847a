"""Fuzz: mutated case files through the case loader and runner, and mutated game records
through `beanrules replay`.

Case files: a shipped case file with lines dropped, repeated or swapped, and YAML injected
(aliases, anchors, duplicate keys, deep brackets, 4,301-digit numbers, control characters,
tags, paths as the spec); and the same file's document with values of other shapes than the
schema's put anywhere in it (an empty item in `cases:`, a list or a bool where a spec name
stands, a number for a case), run by `beanrules conformance`. Records: a real record with actions dropped, repeated, swapped or
edited, keys removed, numbers and texts replaced, nesting added, the text cut short."""
from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import given, note
from hypothesis import strategies as st

from beanrules import compile_spec
from beanrules.cli import main
from beanrules.conformance.loader import load_file
from beanrules.conformance.runner import run_case
from beanrules.conformance.schema import schema_errors
from beanrules.engine import Game
from beanrules.engine.bots import make_bot
from beanrules.engine.records import make_record
from beanrules.paths import conformance_dir

from fuzzing import budget, mutated, time_budget

pytestmark = pytest.mark.fuzz

FOLDER = Path(tempfile.mkdtemp(prefix="beanrules-fuzz-documents-"))
CASES = (conformance_dir() / "classic" / "refresher.yaml").read_text(encoding="utf-8").split("\n")
CASES_RUN = 3  # cases run per mutated file: loading is the subject, running a sample suffices
INJECTIONS = ["x: &a [1, 2]", "y: *a", "spec: classic", "  - id: dup", "cases: " + "[" * 500,
              "seed: " + "7" * 4301, 'description: "\\e[2J"', "spec: /etc/passwd",
              "spec: !!python/object/apply:os.system ['true']", "<<: *a", "    players: [Anna, Anna]",
              "      - do: Anna plants " + "9" * 60, "  - {id: z, " * 40]


@budget(10)
@given(mutated(CASES, {"inject": lambda draw, lines, i: lines.insert(i, draw(st.sampled_from(INJECTIONS)))}, 4))
def test_a_mutated_case_file_loads_and_runs_without_an_internal_error(text: str) -> None:
    path = FOLDER / "cases.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with time_budget():
        loaded = load_file(path)  # never raises: every problem is a CaseError
        for error in loaded.all_errors:
            assert error.render()
        for case in loaded.cases[:CASES_RUN]:
            result = run_case(case)
            assert result.status in ("passed", "failed", "error", "skipped"), result


# Values of other shapes than the schema's; the first ones found ending the runner with an
# internal error were an empty list item (None) and a list or bool where a spec name stands.
SHAPES = [None, True, False, 0, -1, 1.5, "", "x", [], [None], [[]], {}, {"x": 1}, ["classic"], [["classic"]]]
# Where to put them: the places those were found, or any place of the document (None).
PLACES = [("spec",), ("source",), ("cases", 0), ("cases", 1), ("cases", 0, "spec"), ("cases", 0, "id"),
          ("cases", 0, "cite"), ("cases", 0, "steps", 0), None]


def _places(node: object, at: tuple = ()) -> list[tuple]:
    found = [at]
    if isinstance(node, dict):
        found += [p for key, value in node.items() for p in _places(value, at + (key,))]
    elif isinstance(node, list):
        found += [p for i, value in enumerate(node) for p in _places(value, at + (i,))]
    return found


def _put(document: object, at: tuple, value: object) -> object:
    """The document with `value` at `at` (made where a dict lacks the key); unchanged where the
    path runs through something else."""
    if not at:
        return value
    node = document
    for key in at[:-1]:
        try:
            node = node[key]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return document
    if isinstance(node, dict) or (isinstance(node, list) and isinstance(at[-1], int) and at[-1] < len(node)):
        node[at[-1]] = value
    return document


@st.composite
def reshaped(draw) -> object:
    """The first cases of a shipped case file, with one to three values given another shape."""
    document = yaml.safe_load("\n".join(CASES))
    document["cases"] = document["cases"][:CASES_RUN]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from(PLACES)) or draw(st.sampled_from(_places(document)))
        document = _put(document, at, draw(st.sampled_from(SHAPES)))
    return document


@budget(8)
@given(reshaped())
def test_a_case_file_of_another_shape_is_refused_with_a_located_error(document: object) -> None:
    path = FOLDER / "shape.yaml"
    path.write_text(json.dumps(document), encoding="utf-8")  # JSON is YAML
    note(json.dumps(document)[:2000])
    out = io.StringIO()
    with time_budget(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["conformance", str(path)])
    assert "internal error" not in out.getvalue(), out.getvalue()
    assert code in (0, 1), out.getvalue()
    if list(schema_errors(document)):  # a shape the schema refuses: said, with the file, and failed
        assert code == 1 and "shape.yaml" in out.getvalue(), out.getvalue()


@cache
def record_text() -> str:
    model = compile_spec("classic")
    game = Game(model, 3, seed=5)
    bots = {p: make_bot("greedy", seed=f"5:{i}") for i, p in enumerate(game.players)}
    for _ in range(120):  # a game's beginning, trades included: enough to mutate
        player = game.waiting_for()[0]
        game.apply(bots[player].choose(game, player))
    return json.dumps(make_record("classic", model, game, 5), indent=1)


def mutated_record(rng: random.Random) -> str:
    record = json.loads(record_text())
    for _ in range(rng.randint(1, 3)):
        op = rng.choice(["drop", "dup", "swap", "edit", "key", "number", "nest", "spec", "cut", "type"])
        actions = record.get("actions")
        if op in ("drop", "dup", "swap", "edit") and isinstance(actions, list) and actions:
            i = rng.randrange(len(actions))
            if op == "drop":
                del actions[i]
            elif op == "dup":
                actions.insert(i, actions[i])
            elif op == "swap":
                j = rng.randrange(len(actions))
                actions[i], actions[j] = actions[j], actions[i]
            else:
                actions[i] = rng.choice(["Anna plants " + "4" * 4301, "Greg withdraws", "Anna accepts 0",
                                         "Natalie offers hand 0 to Anna for red", str(actions[i])[::-1]])
        elif op == "key" and record:
            del record[rng.choice(sorted(record))]
        elif op == "number":
            record[rng.choice(["seed", "players", "final_state_hash"])] = rng.choice(
                [10**30, -1, 0, "x", None, [], {}])
        elif op == "nest":
            record["final_state"] = json.loads("[" * 40 + "]" * 40)
        elif op == "spec":
            record["spec"] = rng.choice(["/etc/passwd", "../../x.bean", "classic", "how-to-play", "", "\u202e"])
        elif op == "type":  # not a record at all, or several
            return json.dumps(rng.choice([[record, record], [], "text", 7, [record, 3]]))
        else:
            return json.dumps(record)[: rng.randrange(1, 2000)]
    return json.dumps(record)


@budget(15)
@given(st.integers(0, 10**9))
def test_a_mutated_record_replays_or_is_refused_without_an_internal_error(choices: int) -> None:
    path = FOLDER / "record.json"
    path.write_text(mutated_record(random.Random(choices)), encoding="utf-8")
    out = io.StringIO()
    with time_budget(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["replay", str(path)])
    assert code in (0, 1), out.getvalue()  # 70 would be an internal error
    assert "internal error" not in out.getvalue()
