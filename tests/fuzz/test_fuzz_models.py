"""Fuzz: rule models that never went through `check`, handed straight to the engine.

A rule model may be written by hand or by another tool (docs/rule-model.md), so the engine
cannot count on `check` having refused what it cannot play. Models here carry house rules whose
words the engine refuses for some player counts (a zone of several players read as one, the
opponent in a game of three, `this field` or `partner` where the action binds neither), mixed
with rules it plays, and a card whose ability may name a phase, bean or zone the model does not
have (the model's JSON edited, as a hand would edit it: a spec naming one does not compile). Whatever the model, `Game` either refuses it as it is created, with
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
from beanrules.engine.refusals import where, where_ability
from beanrules.resolve.playable import check_playable

from fuzzing import budget, one_game, time_budget

pytestmark = pytest.mark.fuzz

FOLDER = Path(tempfile.mkdtemp(prefix="beanrules-fuzz-models-"))
BASES = ["classic", "anniversary/duel"]  # three to five players, and two
OWNERS = ["own", "active player", "left player", "each opponent", "opponent", "partner"]
ZONES = ["hand", "coins", "set-aside"]
COMPARE = [">=", "<=", "=", ">", "<"]
ACTIONS = 800  # long enough to list and carry out every kind of action several times
# A card with an ability of each place to act from (the deck, the discard pile, the hand, a phase)
CARD = ('replace use-beans: use beans blue chili stink green soy black-eyed red garden jay   § v "1"\n'
        'card jay "Jay" 4 beanometer 2 3 4 5   § v "1"\n')
ABILITIES = [
    '  ability call: when played from front of hand, in phase plant, once per turn per player   § v "1"\n'
    '    move 1 from deck top to discard top   § v "1"\n',
    '  ability caw: while on top of a field, when another player harvests   § v "1"\n'
    '    move 1 from deck top to own hand back   § v "1"\n',
    '  ability run: when harvested   § v "1"\n'
    '    if count of own hand >= 4:\n'
    '      move 1 from discard top to own hand back\n',
]
# Names no model here has, put in place of a phase, bean or zone an ability names
UNKNOWN = ["attic", "plantx", "chilli", "Hand"]


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


Rename = tuple[int, str]  # (which name of the card's ability, counted in its JSON; the name put there)


@st.composite
def models(draw) -> tuple[str, bool, Rename | None]:
    """The spec text of a rule model (classic's or the duel's with one to three house rules, and
    maybe a card with an ability), whether the model keeps where its rules were written (one
    written by hand may not), and which name of the ability to make unknown (None: none)."""
    made = [draw(house_rules(i)) for i in range(draw(st.integers(1, 3)))]
    steps = [t for t in made if "at start of phase" in t]  # under their phase, after the rules
    ruled = [t for t in made if t not in steps]
    card = CARD + draw(st.sampled_from(ABILITIES)) if draw(st.booleans()) else ""
    rename = (draw(st.integers(0, 20)), draw(st.sampled_from(UNKNOWN))) if card and draw(st.booleans()) else None
    text = (f'rulebook house "House rules"\n  extends {draw(st.sampled_from(BASES))}\n  source v "V"\n' + card
            + ("rules\n" + "".join(ruled) if ruled else "") + ("phase draw\n" + "".join(steps) if steps else ""))
    return text, draw(st.booleans()), rename


def _names(item: object) -> list[tuple[dict, str]]:
    """Where an ability's JSON holds a phase, bean or zone: (the object, its key), in order."""
    found: list[tuple[dict, str]] = []
    stack = [item]
    while stack:
        at = stack.pop()
        if isinstance(at, dict):
            found += [(at, k) for k in ("phase", "zone", "bean", "is") if isinstance(at.get(k), str)]
            stack.extend(reversed(list(at.values())))
        elif isinstance(at, list):
            stack.extend(reversed(at))
    return found


def model_of(text: str, spans: bool, rename: Rename | None = None) -> dict:
    """The rule model of `text` made without `check`'s last stage, as a file holds it (nothing
    shared with the compiler); without `spans`, its rules and abilities say nowhere where they
    were written; with `rename`, one name its card's ability uses is one the model has not."""
    path = FOLDER / "house.bean"
    path.write_text(text, encoding="utf-8")
    model = json.loads(json.dumps(compile_spec(str(path), playable=False)))
    if not spans:
        for item in model["rules"] + model["beans"] + [a for b in model["beans"] for a in b["abilities"]]:
            item.pop("span", None)
    if rename is not None:
        [ability] = next(b for b in model["beans"] if b["id"] == "jay")["abilities"]
        names = _names({k: ability[k] for k in ("triggers", "effects")})
        at, key = names[rename[0] % len(names)]
        at[key] = rename[1]
    return model


def _where(model: dict, refused: UnsupportedRule) -> str | None:
    """How the engine names what it refuses, a rule or a card's ability, where its refusal
    begins so (None: it names the rule or card otherwise)."""
    if refused.rule is not None:
        named = [where({r["id"]: r for r in model["rules"]}[refused.rule])]
    else:
        bean = next(b for b in model["beans"] if b["id"] == refused.card)
        named = [where_ability(bean, i) for i in range(len(bean["abilities"]))]
    return next((n for n in named if str(refused).startswith(n + " ")), None)


def _refused_at_start(model: dict, players: int) -> UnsupportedRule | None:
    try:
        Game(model, players, seed=0)
    except UnsupportedRule as exc:
        return exc
    return None


def holds(example: tuple[str, bool, Rename | None]) -> None:
    text, spans, rename = example
    note(text)
    model = model_of(text, spans, rename)
    rules = {r["id"]: r for r in model["rules"]}
    beans = {b["id"]: b for b in model["beans"]}
    counts = range(model["players"]["min"], model["players"]["max"] + 1)
    with time_budget():
        found = {n: _refused_at_start(model, n) for n in counts}
        refusals = [r for r in found.values() if r is not None]
        for refused in refusals:
            # a clear refusal: it names a rule or a card of the model, and where the model says
            # where the rule or ability was written, that line too
            assert refused.rule in rules or (refused.rule is None and refused.card in beans), (refused.rule, str(refused))
            assert (f"rule '{refused.rule}'" if refused.rule else f"card '{refused.card}'") in str(refused)
            if spans and str(refused).startswith(f"rule '{refused.rule}' ("):
                assert f"line {rules[refused.rule]['span']['line']})" in str(refused), str(refused)
            if rename is not None and refused.rule is None:  # before any other reason of an ability
                assert refused.card == "jay" and "which the rulebook does not have" in str(refused), str(refused)
                assert spans == (", line " in str(refused)), str(refused)
        started = [n for n in counts if found[n] is None]
        for players in sorted({started[0], started[-1]}) if started else ():
            one_game(model, ACTIONS, players)  # the fewest and the most players it starts with; any error fails
        said = [d.message for d in check_playable(model, None)]
    assert said or not refusals, [str(r) for r in refusals]  # what the engine refuses, check refuses
    # the engine's refusal for the fewest players is the first rule its words refuse there, as
    # check reports each rule for the fewest players it breaks at: in the same words
    first = refusals[0] if refusals else None
    named = _where(model, first) if first is not None else None
    if named is not None:
        assert any(m.endswith(str(first)[len(named):]) for m in said), (str(first), said)
    assert rename is None or not started, "an ability naming what the model has not is refused at every count"


@budget(8)
@given(models())
def test_a_model_check_never_saw_is_refused_at_the_start_or_played(example) -> None:
    holds(example)


@pytest.mark.sweep
@budget(200)
@given(models())
def test_many_models_check_never_saw_are_refused_at_the_start_or_played(example) -> None:
    holds(example)
