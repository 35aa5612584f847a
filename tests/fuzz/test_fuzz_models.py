"""Fuzz: rule models that never went through `check`, handed straight to the engine.

A rule model may be written by hand or by another tool (docs/rule-model.md), so the engine
cannot count on `check` having refused what it cannot play. Models here carry house rules whose
words the engine refuses for some player counts (a zone of several players read as one, the
opponent in a game of three, `this field` or `partner` where the action binds neither), mixed
with rules it plays. Whatever the model, `Game` either refuses it as it is created, with
UnsupportedRule naming the rule, or plays it with no error at all: never a traceback and never
a refusal half-way through a game. And `check` agrees with the engine: the words it refuses at
a rule's line are those the engine refuses, in the same words (engine/refusals.py)."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from beanrules import compile_spec
from beanrules.engine import Game, UnsupportedRule
from beanrules.engine.refusals import where
from beanrules.resolve.playable import check_playable

from fuzzing import budget, one_game, time_budget

pytestmark = pytest.mark.fuzz

FOLDER = Path(tempfile.mkdtemp(prefix="beanrules-fuzz-models-"))
BASES = ["classic", "anniversary/duel"]  # three to five players, and two
OWNERS = ["own", "active player", "left player", "each opponent", "opponent", "partner"]
ZONES = ["hand", "coins", "set-aside"]
COMPARE = [">=", "<=", "=", ">", "<"]
ACTIONS = 800  # long enough to list and carry out every kind of action several times


@st.composite
def places(draw) -> str:
    """A place a condition counts: a player's zone (owners the engine may refuse among them),
    `this field`, or a shared pile."""
    owned = st.builds(lambda o, z: f"{o} {z}", st.sampled_from(OWNERS), st.sampled_from(ZONES))
    return draw(st.one_of(owned, st.sampled_from(["this field", "offer", "discard"])))


@st.composite
def conditions(draw) -> str:
    how = draw(st.sampled_from(["count of", "count of types in"]))
    return f"{how} {draw(places())} {draw(st.sampled_from(COMPARE))} {draw(st.integers(0, 5))}"


@st.composite
def house_rules(draw, index: int) -> str:
    """One house rule, as its indented lines: a constraint or permission by condition (of the
    rules section), or a step of phase 4 that moves a card (written under `phase draw`)."""
    rid = f"house-{index}"
    form = draw(st.sampled_from(["forbid", "forbid", "move", "step"]))
    if form == "forbid":
        act = draw(st.sampled_from(["harvest", "trade", "plant", "discard"]))
        return f"  rule {rid}: no player may {act} while {draw(conditions())}   § v \"1\"\n"
    if form == "move":
        return (f"  rule {rid}: active player may move 1 from discard top to own hand, once per turn when "
                f"{draw(conditions())}   § v \"1\"\n")
    owner = draw(st.sampled_from([o for o in OWNERS if o != "partner"]))
    return (f"  rule {rid}: at start of phase:   § v \"1\"\n"
            f"    move 1 from {owner} hand front to own hand back   § v \"1\"\n")


@st.composite
def models(draw) -> tuple[str, bool]:
    """The spec text of a rule model (classic's or the duel's with one to three house rules) and
    whether the model keeps where its rules were written: one written by hand may not."""
    made = [draw(house_rules(i)) for i in range(draw(st.integers(1, 3)))]
    steps = [t for t in made if "at start of phase" in t]  # under their phase, after the rules
    ruled = [t for t in made if t not in steps]
    text = (f'rulebook house "House rules"\n  extends {draw(st.sampled_from(BASES))}\n  source v "V"\n'
            + ("rules\n" + "".join(ruled) if ruled else "") + ("phase draw\n" + "".join(steps) if steps else ""))
    return text, draw(st.booleans())


def model_of(text: str, spans: bool) -> dict:
    """The rule model of `text` made without `check`'s last stage, as a file holds it (nothing
    shared with the compiler); without `spans`, its rules say nowhere where they were written."""
    path = FOLDER / "house.bean"
    path.write_text(text, encoding="utf-8")
    model = json.loads(json.dumps(compile_spec(str(path), playable=False)))
    if not spans:
        for rule in model["rules"]:
            rule.pop("span", None)
    return model


def _refused_at_start(model: dict, players: int) -> UnsupportedRule | None:
    try:
        Game(model, players, seed=0)
    except UnsupportedRule as exc:
        return exc
    return None


def holds(example: tuple[str, bool]) -> None:
    text, spans = example
    note(text)
    model = model_of(text, spans)
    rules = {r["id"]: r for r in model["rules"]}
    counts = range(model["players"]["min"], model["players"]["max"] + 1)
    with time_budget():
        found = {n: _refused_at_start(model, n) for n in counts}
        refusals = [r for r in found.values() if r is not None]
        for refused in refusals:
            # a clear refusal: it names a rule of the model, and where the model says where the
            # rule was written, that line too
            assert refused.rule in rules, (refused.rule, str(refused))
            assert f"rule '{refused.rule}'" in str(refused)
            if spans and str(refused).startswith(f"rule '{refused.rule}' ("):
                assert f"line {rules[refused.rule]['span']['line']})" in str(refused), str(refused)
        started = [n for n in counts if found[n] is None]
        for players in sorted({started[0], started[-1]}) if started else ():
            one_game(model, ACTIONS, players)  # the fewest and the most players it starts with; any error fails
        said = [d.message for d in check_playable(model, None)]
    assert said or not refusals, [str(r) for r in refusals]  # what the engine refuses, check refuses
    # the engine's refusal for the fewest players is the first rule its words refuse there, as
    # check reports each rule for the fewest players it breaks at: in the same words
    first = refusals[0] if refusals else None
    named = where(rules[first.rule]) + " " if first is not None else None
    if named is not None and str(first).startswith(named):
        assert any(m.endswith(str(first)[len(named):]) for m in said), (str(first), said)


@budget(8)
@given(models())
def test_a_model_check_never_saw_is_refused_at_the_start_or_played(example) -> None:
    holds(example)


@pytest.mark.sweep
@budget(200)
@given(models())
def test_many_models_check_never_saw_are_refused_at_the_start_or_played(example) -> None:
    holds(example)
