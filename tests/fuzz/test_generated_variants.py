"""Property: what checks, plays. Variants of classic generated from the grammar's sentence forms
(house rules with random numbers, beans, zones, phases, counters, triggers and effects within
their bounds) are either refused by `check` with located errors, or play to their end with
random bots: no internal error, no stall, no game that never ends.

The test command runs a few derandomized examples (a few seconds); `pytest -m sweep` runs many
more; a failure prints the generated spec (hypothesis `note`)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from beanrules import SpecError, compile_spec
from beanrules.engine import Game
from beanrules.engine.bots import make_bot, play_out

from fuzzing import budget, time_budget

pytestmark = pytest.mark.fuzz

HEAD = 'rulebook generated "A generated variant"\n  extends classic\n  source v "Variant rules"\n'
BEANS = ["blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden"]
PHASES = ["plant", "trade", "plant-traded", "draw"]
ZONES = ["hand", "set-aside", "coins"]  # a player's own zones
COMPARE = [">=", "<=", "=", ">", "<"]
ACTIONS = 40_000  # a game of classic takes 300 to 900; a generated rule may slow it (a reshuffle each round), not stop it

FOLDER = Path(tempfile.mkdtemp(prefix="beanrules-generated-"))


# ------------------------------------------------------------------ sentence forms
@st.composite
def places(draw, this_field: bool = False, ends: bool = True, several: bool = False) -> str:
    """A place; with `several`, also one of each opponent (several players' zones in a game of
    three or more, which check refuses at the rule's line)."""
    shared = st.sampled_from(["deck top", "discard top", "offer", "discard", "deck"] if ends else
                             ["offer", "discard", "deck"])
    owners = ["own", "active player", "left player", "right player"] + (["each opponent"] if several else [])
    owned = st.builds(lambda o, z: f"{o} {z}", st.sampled_from(owners), st.sampled_from(ZONES))
    options = [shared, owned] + ([st.just("own hand back"), st.just("own hand front")] if ends else [])
    if this_field:
        options.append(st.just("this field"))
    return draw(st.one_of(*options))


@st.composite
def a_test(draw, counters: dict[str, bool], harvest: bool = False, this_field: bool = False,
          constraint: bool = False) -> str:
    """One test of a condition: every test is said in an `if` and in a constraint alike (one
    language), though a constraint's places have no end of a pile, and only a constraint's
    action binds `this field`."""
    n = draw(st.integers(0, 7))
    forms = [f"count of {draw(places(this_field, not constraint, constraint))} {draw(st.sampled_from(COMPARE))} {n}",
             f"count of types in {draw(places(this_field, False, constraint))} {draw(st.sampled_from(COMPARE))} {n}",
             f"fields {draw(st.sampled_from(COMPARE))} {min(n, 4)}",
             f"it is {draw(st.sampled_from(['', 'not ']))}own turn",
             f"it is {draw(st.sampled_from(['', 'not ']))}phase {draw(st.sampled_from(PHASES))}",
             f"{draw(places(this_field, not constraint, constraint))} is empty",
             f"{draw(places(this_field, not constraint, constraint))} holds {draw(st.sampled_from(BEANS))}",
             f"cards planted this phase {draw(st.sampled_from(COMPARE))} {min(n, 2)}",
             f"{draw(st.sampled_from(['own', 'left player']))} field may be harvested"]
    if harvest:
        forms.append(f"count of harvested cards {draw(st.sampled_from(COMPARE))} {n}")
    if counters:
        name = draw(st.sampled_from(sorted(counters)))
        forms.append(f"{'own ' if counters[name] else ''}{name} {draw(st.sampled_from(COMPARE))} {n}")
    return draw(st.sampled_from(forms))


@st.composite
def conditions(draw, counters: dict[str, bool], harvest: bool = False, this_field: bool = False,
               constraint: bool = False) -> str:
    """A condition of `if` or of a constraint: one test, or two joined by `and` or `or`."""
    first = draw(a_test(counters, harvest, this_field, constraint))
    if draw(st.booleans()):
        return first
    return f"{first} {draw(st.sampled_from(['and', 'or']))} {draw(a_test(counters, harvest, this_field, constraint))}"


def _NO_DECK(place: str) -> bool:
    """Rules that put cards back onto the deck (or the discard pile into it) may keep the game
    from its end, which comes as the deck runs out: a game that never ends by its own rules is
    no error of the engine's, and not what this test looks for."""
    return not place.startswith("deck")


LASTING_TIMES = ["until end of turn", "until next turn of owner", "until start of phase draw",
                 "in next phase plant of opponent", "for the rest of the game"]
LASTING_ACTIONS = ["harvest", "trade", "plant", "discard", "use abilities"]


@st.composite
def effects(draw, counters: dict[str, bool], depth: int = 0, harvest: bool = False, this_field: bool = False,
            card: bool = False) -> list[str]:
    """One effect as its lines (the first unindented, the block's lines indented by two)."""
    n = draw(st.integers(1, 3))
    forms = ["move", "move", "shuffle", "field"]
    if counters:
        forms.append("count")
    if depth < 2:
        forms += ["if", "repeat"]
    if card:
        forms += ["lasting", "discard-this"]
    form = draw(st.sampled_from(forms))
    if form == "move":  # not onto the deck: see _NO_DECK
        return [f"move {n} from {draw(places(this_field))} to {draw(places(this_field).filter(_NO_DECK))}"]
    if form == "shuffle":
        return [draw(st.sampled_from(["shuffle deck", "shuffle own hand", "shuffle offer"]))]
    if form == "field":
        return ["gain a field"]
    if form == "count":
        name = draw(st.sampled_from(sorted(counters)))
        return [f"add {n} to {'own ' if counters[name] else ''}{name}"]
    if form == "lasting":
        return [f"{draw(st.sampled_from(LASTING_TIMES))}: {draw(st.sampled_from(['owner', 'opponent', 'active player']))}"
                f" may not {draw(st.sampled_from(LASTING_ACTIONS))}"]
    if form == "discard-this":
        return ["discard this card"]
    body = draw(effect_blocks(counters, depth + 1, harvest, this_field, card))
    head = (f"if {draw(conditions(counters, harvest, this_field))}:" if form == "if"
            else f"repeat {n} times:")
    return [head] + ["  " + line for line in body]


@st.composite
def effect_blocks(draw, counters: dict[str, bool], depth: int = 0, harvest: bool = False, this_field: bool = False,
                  card: bool = False) -> list[str]:
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 2))):
        lines += draw(effects(counters, depth, harvest, this_field, card))
    return lines


def cited(lines: list[str], indent: str) -> str:
    return "".join(f"{indent}{line}   § v \"1\"\n" if not line.rstrip().endswith(":") or i == 0
                   else f"{indent}{line}\n" for i, line in enumerate(lines))


TRIGGER_SETS = [
    ["while on top of a field", "in phase plant"], ["while on top of a field", "in phase plant", "once per turn"],
    ["while on top of a field", "in any turn", "once per turn"], ["while on top of a field", "in any turn"],
    ["while on top of a field", "in phase trade", "once per turn per player"],
    ["while on top of a field", "in any turn", "once per turn per card"],
    ["while on top of a field", "once per turn per field"],
    ["while on top of a field", "when another player harvests"], ["while on top of a field", "when any player plants"],
    ["while on top of a field", "when any player harvests"], ["while on top of a field", "when another player plants"],
    ["while on top of a field", "in any turn", "once per turn per field"],
    ["when planted"], ["when harvested"], ["when revealed"], ["when harvested with 3 cards"],
    ["when played from front of hand", "in phase plant"],
    ["when played from front of hand", "in any turn", "once per turn per player"],
    ["when played from front of hand", "in phase plant", "once per turn"],
]


@st.composite
def cards(draw, index: int, counters: dict[str, bool]) -> tuple[str, str]:
    """A card with one ability: its declaration and its id (for `use beans`)."""
    name = f"house{index}"
    triggers = draw(st.sampled_from(TRIGGER_SETS))
    event = any(t.startswith("when") for t in triggers)
    harvest = any("harvest" in t for t in triggers)
    body = draw(effect_blocks(counters, 0, harvest, "while on top of a field" in triggers,
                              card="when played from front of hand" in triggers or not event))
    plantable = "" if "when played from front of hand" not in triggers else '  cannot be planted   § v "1"\n'
    steps = [draw(st.integers(1, 4)) for _ in range(4)]  # a beanometer's steps grow
    meter = " ".join(str(sum(steps[:k + 1])) for k in range(4))
    return (f'card {name} "House bean {index}" {draw(st.integers(1, 8))} beanometer {meter}   § v "1"\n'
            + plantable + f'  ability act: {", ".join(triggers)}   § v "1"\n' + cited(body, "    ")), name


FORMS = ["card-step", "round-step", "forbid", "hand-limit", "draw", "fields", "reveal", "deal", "target"]


@st.composite
def rules(draw, index: int, counters: dict[str, bool], form: str) -> str:
    rid = f"house-{index}"
    if form == "card-step":
        event = draw(st.sampled_from(["planted", "harvested", "revealed", "drawn"]))
        which = draw(st.sampled_from(["a card"] + [f"a {b} card" for b in BEANS]))
        cond = draw(st.one_of(st.just(""), conditions(counters, event == "harvested").map(lambda c: ", if " + c)))
        body = draw(effect_blocks(counters, 0, event == "harvested"))
        return f"rule {rid}: when {which} is {event}{cond}:   § v \"1\"\n" + cited(body, "  ")
    if form == "round-step":
        cond = draw(st.one_of(st.just(""), conditions(counters).map(lambda c: ", if " + c)))
        return f"rule {rid}: at the start of each round{cond}:   § v \"1\"\n" + cited(draw(effect_blocks(counters)), "  ")
    if form == "forbid":
        return (f"rule {rid}: no player may {draw(st.sampled_from(['harvest', 'trade', 'discard']))} while "
                f"{draw(conditions(counters, this_field=True, constraint=True))}   § v \"1\"\n")
    if form == "hand-limit":
        return f"rule {rid}: hand limit {draw(st.integers(1, 12))}   § v \"1\"\n"
    if form == "draw":
        return f"phase draw\n  replace draw: draw {draw(st.integers(1, 5))} to back of hand   § v \"1\"\n"
    if form == "fields":
        return f"replace fields: fields {draw(st.integers(1, 4))}   § v \"1\"\n"
    if form == "reveal":
        return f"phase trade\n  replace reveal: reveal {draw(st.integers(0, 4))} to offer   § v \"1\"\n"
    if form == "deal":
        return f"replace deal: deal {draw(st.integers(1, 8))} to each hand   § v \"1\"\n"
    mine = sorted(c for c, per_player in counters.items() if per_player)
    what = draw(st.sampled_from(["coins"] + mine))
    return (f"rule {rid}: game ends when a player reaches {draw(st.integers(1, 30))} {what}   § v \"1\"\n")


@st.composite
def variants(draw) -> str:
    counters = {f"tally{i}": draw(st.booleans()) for i in range(draw(st.integers(0, 2)))}  # name: per player
    text = HEAD + "".join(f"rule counter-{c}: counter {c}{' per player' if mine else ''}   § v \"1\"\n"
                          for c, mine in counters.items())
    made = [draw(cards(i, counters)) for i in range(draw(st.integers(0, 2)))]
    if made:
        text += ("replace use-beans: use beans " + " ".join(BEANS + [name for _, name in made])
                 + "   § v \"1\"\n" + "".join(card for card, _ in made))
    # the steps may come several times; a phase or setting is changed once (a second change of it
    # would be a duplicate id, which check refuses and the test would learn nothing from)
    forms = draw(st.lists(st.sampled_from(FORMS), min_size=1, max_size=4))
    once = [f for i, f in enumerate(forms) if f.endswith("step") or f == "forbid" or f not in forms[:i]]
    for i, form in enumerate(once):
        text += draw(rules(i, counters, form))
    return text


# ------------------------------------------------------------------ the property
def play_to_the_end(model: dict, players: int, seed: int) -> None:
    """Random bots play the game to its end (play_out raises Stalled, naming the state, where
    it waits for nobody or does not end within ACTIONS actions)."""
    game = Game(model, players, seed=seed)
    play_out(game, {p: make_bot("random", seed=f"{seed}:{i}") for i, p in enumerate(game.players)},
             max_actions=ACTIONS)


def holds(text: str) -> None:
    note(text)
    path = FOLDER / "generated.bean"
    path.write_text(text, encoding="utf-8")
    with time_budget():
        try:
            model = compile_spec(str(path))
        except SpecError as exc:  # refused: every error located in the spec
            assert exc.errors and all(d.span is not None for d in exc.errors), exc.errors
            return
        for players in sorted({model["players"]["min"], model["players"]["max"]}):
            play_to_the_end(model, players, seed=players)


@budget(8)
@given(variants())
def test_a_generated_variant_is_refused_at_its_line_or_plays_to_its_end(text: str) -> None:
    holds(text)


@pytest.mark.sweep
@budget(300)
@given(variants())
def test_many_generated_variants_are_refused_at_their_line_or_play_to_their_end(text: str) -> None:
    holds(text)
