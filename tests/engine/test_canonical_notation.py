"""engine/canonical.py reads a canonical line of the notation to the very Action the Lark
grammar makes of it, and leaves every other line to Lark (same action, same error)."""
from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest

from beanrules.engine import canonical
from beanrules.engine.actions import (BuyField, CardRef, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose,
                                      Respond, UseAbility)
from beanrules.engine.errors import NotationError
from beanrules.engine.notation import _parser, lark_action, parse_action

GOLDEN = Path(__file__).parents[1] / "golden" / "games"
# bean ids that start or end like a word the grammar reserves, without being one
BEANS = ("wax", "field-bean", "hand-x", "indigo", "phases", "tox", "a1", "offers2", "set-aside-b", "x")


def _reading(line: str):
    """What Lark makes of `line`: the action, or the NotationError's message and column."""
    try:
        return lark_action(line)
    except NotationError as exc:
        return ("error", exc.message, exc.column)


def _golden_lines() -> list[str]:
    lines: set[str] = set()
    for path in sorted(GOLDEN.glob("*.jsonl")):
        with path.open(encoding="utf-8") as rows:
            lines.update(json.loads(row).get("do") for row in rows)
    lines.discard(None)  # type: ignore[arg-type]
    return sorted(lines)


def _every_form() -> list:
    """An action of every shape notation() writes, over awkward bean ids, names and numbers."""
    cards = [CardRef(b) for b in BEANS[:3]] + [CardRef("wax", z) for z in ("offer", "hand", "field")] \
        + [CardRef(None, "hand", n) for n in (1, 12, 999999)]
    actions: list = [BuyField("Anna"), DrawCard("Bo_2")]
    for bean, field, zone in itertools.product((None, *BEANS), (None, 0, 1, 42), (None, "offer", "set-aside")):
        actions.append(Plant("Anna", bean, field, zone))
    actions += [Harvest("Anna", field=f) for f in (1, 9, 100000)] + [Harvest("Anna", bean=b) for b in BEANS]
    actions += [EndPhase("Anna", what) for what in sorted(canonical.WHATS)]
    for give, take in itertools.product([(), (cards[0],), tuple(cards[3:6]), (cards[6], cards[1])],
                                        [(), (cards[7],), tuple(cards[:3]), (cards[5], cards[8])]):
        if give or take:
            actions.append(Propose("Anna", "Natalie", give, take))
    actions += [Respond("Greg", verb, target) for verb in sorted(canonical.VERBS) for target in (None, 0, 7, "Anna")]
    for ability, field, choices in itertools.product((None, "tox"), (None, 3), ((), ("Anna",), ("2", "none", "Z9"))):
        actions += [UseAbility("Anna", bean, ability, field, choices) for bean in ("magpie", "field-bean")]
    actions += [Choose("Anna", option) for option in ("Natalie", "yes", "nothing", "12", *BEANS)]
    actions += [MoveCard("Anna", "discards"), MoveCard("Anna", "discards", "wax"), MoveCard("Anna", "discards", None, 3),
                MoveCard("Anna", "takes"), MoveCard("Anna", "takes", "hand-x")]
    return actions


def test_the_reader_knows_the_grammar_words_and_terminals() -> None:
    terminals = {t.name: t.pattern for t in _parser().terminals}
    for name, pattern in canonical.PATTERNS.items():
        assert terminals.pop(name).value == pattern
    words = set()
    for name, pattern in terminals.items():
        if pattern.type == "str":
            words.add(pattern.value)
        elif not name.startswith("__IGNORE"):  # a word list such as ZONE's, character classes aside
            words.update(re.findall(r"[a-z]+(?:-[a-z]+)*", re.sub(r"\[[^]]*\]", "", pattern.value)))
    assert words - {","} == canonical.RESERVED


def test_every_line_of_the_golden_games_reads_as_lark_reads_it() -> None:
    lines = _golden_lines()
    assert len(lines) > 2000
    for line in lines:
        action = canonical.read(line)
        assert action is not None, line
        assert action == lark_action(line), line


def test_every_form_notation_writes_reads_as_lark_reads_it() -> None:
    for action in _every_form():
        line = action.notation()
        assert lark_action(line) == action, line  # the notation says what the action is
        assert canonical.read(line) == action, line


ODD = ["Anna  plants wax", " Anna plants wax", "Anna plants\twax", "Anna plants hand wax", "Anna plants field",
       "Anna plants in 2", "Anna plants wax 2", "Anna plants wax in", "Anna plants hand",
       "Anna harvests 007", "Anna harvests 1234567", "Anna harvests field", "Anna harvests in", "Anna ends turn",
       "Anna discards hand 0", "Anna discards offer 2", "Anna discards hand", "Anna takes deck", "Anna takes",
       "Anna buys field", "Anna buys a", "Anna gives hand 0 to Bo", "Anna gives offer 2 to Bo",
       "Anna gives wax,tox to Bo", "Anna gives wax ,tox to Bo", "Anna gives to to Bo", "Anna offers wax to Bo",
       "Anna asks Bo for", "Anna asks Bo wax", "Anna gives wax to bo", "Anna accepts 0012", "Anna accepts 1234567",
       "Anna accepts wax", "Anna chooses in", "Anna chooses 1234567", "Anna uses wax on 01", "Anna uses wax with",
       "Anna uses wax with Bo,2", "Anna uses on 2", "Anna uses wax tox hand", "anna plants", "Anna", "Anna draws 2",
       "Anna plants wax in 1234567", "Anna discards wax tox", "Anna takes discard wax tox", "Anna rejects Bo Cy"]


@pytest.mark.parametrize("line", ODD)
def test_an_odd_line_goes_to_lark_with_its_action_or_error(line: str) -> None:
    assert canonical.read(line) is None
    try:
        parsed = parse_action(line)
    except NotationError as exc:
        assert ("error", exc.message, exc.column) == _reading(line.strip())
    else:
        assert parsed == _reading(line.strip())


def test_a_line_changed_a_little_is_read_as_lark_reads_it_or_left_to_lark() -> None:
    """Words swapped for reserved words, awkward beans, numbers; words dropped or doubled: where
    the reader answers, Lark gives the same action."""
    rng = random.Random(9)
    vocabulary = sorted(canonical.RESERVED) + list(BEANS) + ["Bo", "in", "0", "01", "7", "1234567", ",", ""]
    lines = [a.notation() for a in _every_form()]
    answered = 0
    for _ in range(1500):
        words = rng.choice(lines).split(" ")
        at = rng.randrange(len(words))
        change = rng.randrange(3)
        if change == 0:
            words[at] = rng.choice(vocabulary)
        elif change == 1 and len(words) > 2:
            del words[at]
        else:
            words.insert(at, words[at])
        line = " ".join(words)
        action = canonical.read(line)
        if action is not None:
            answered += 1
            assert _reading(line) == action, line
    assert answered > 100  # the changes often leave a canonical line (a bean for a bean)
