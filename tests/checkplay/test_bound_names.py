"""What an action binds for the condition of a rule on it is read once (engine/refusals.py,
binds), by the two places that judge it: the shared judgement that check reports and the
engine's compile step raises (refusals.unbound: "names this field in its condition, which … is
not about"), and the constraints the engine matches against its players' actions
(engine/lasting.py, compile_rule: "a constraint by condition speaks of who acts, not of …").
Over every statement of every shipped spec (and, in the sweep, of every .bean file of the tree), and over a rule by
condition on each action with a condition on each place, both refuse the same statements for
the same names, and accept the same."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.core import statements as core
from beanrules.desugar import core_statements
from beanrules.engine import UnsupportedRule, lasting
from beanrules.engine.refusals import ABOUT, unbound

from checkplay_helpers import variant_text

ROOT = Path(__file__).resolve().parents[2]
ACTS = ["harvest", "trade", "plant", "discard", "use abilities", "buy a field"]
PLACES = ["this field", "partner hand", "own hand", "offer", "left player hand"]


# What each action binds of what a condition may name (docs/language.md, "Constraints by
# condition"): a harvest its field, a plant the field planted onto, a trade its partner.
BOUND = {"harvest": {"field"}, "plant": {"field"}, "trade": {"partner"}, "discard": set(),
         "use abilities": set(), "buy a field": set(), "move": set()}


def _house_rules() -> list[tuple[str, str, str]]:
    """(a rule by condition, its action, its place): a forbid of each action, a permission of
    harvesting (the one action a permission by condition opens) and of moving a card, each with
    its condition on each place."""
    out = []
    for act, place in itertools.product(ACTS, PLACES):
        out.append((f"rule house: no player may {act} while count of {place} >= 1", act, place))
    out += [(f"rule house: any player may harvest when it is own turn and count of {place} >= 1", "harvest", place)
            for place in PLACES]
    out += [(f"rule house: active player may move 1 from discard top to own hand, once per turn when "
             f"count of {place} > 0", "move", place) for place in PLACES]
    return out


def _judged(path: Path, rule_id: str | None = None) -> list[core.Statement]:
    """The statements of a spec's rules (or its rule `rule_id`) with an action and a condition."""
    try:
        model = compile_spec(str(path), playable=False)
    except SpecError:
        return []  # a broken spec (tests/broken) has no statements to judge
    return [s for rule, s in core_statements(model) if rule_id in (None, rule["id"])
            and getattr(s, "action", None) is not None and getattr(s, "condition", None) is not None]


def _statements(tmp: Path, folders: tuple[str, ...]) -> tuple[dict[str, core.Statement], dict[str, list[str]]]:
    """Every statement of the .bean files under `folders` and of the house rules by its words,
    and what each house rule's should be refused for."""
    files = [p for folder in folders for p in (ROOT / folder).rglob("*.bean")]
    found = {s.to_text(): s for path in files for s in _judged(path)}
    expected = {}
    for i, (rule, act, place) in enumerate(_house_rules()):
        path = tmp / f"house-{i}.bean"
        path.write_text(variant_text(f"rules\n  {rule}   § v \"1\"\n"), encoding="utf-8")
        [statement] = _judged(path, "house")
        found[statement.to_text()] = statement
        named = {"this field": "field", "partner hand": "partner"}.get(place)
        expected[statement.to_text()] = [named] if named and named not in BOUND[act] else []
    return found, expected


def _loose_for_lasting(statement: core.Statement) -> list[str]:
    """What compile_rule refuses the statement's condition for speaking of, among what an
    action may be about (empty: it takes it)."""
    try:
        lasting.compile_rule(statement, statement.action, statement.condition, True, None)
    except UnsupportedRule as refused:
        said = re.search(r"speaks of who acts \('the player'\), not of (.*)$", str(refused))
        return [n for n in said.group(1).split(", ") if n in ABOUT] if said else []
    return []


@pytest.mark.parametrize("folders", [
    ("specs",),
    pytest.param(("specs", "conformance", "tests"), marks=pytest.mark.sweep),  # every variant written: 7 s more
])
def test_both_judges_of_what_an_action_binds_refuse_the_same_statements(tmp_path: Path, folders: tuple[str, ...]) -> None:
    statements, expected = _statements(tmp_path, folders)
    refused = {text: unbound(s) for text, s in statements.items() if unbound(s)}
    assert {text: unbound(statements[text]) for text in expected} == expected
    assert len(statements) > 50 and len(refused) >= 10  # both kinds of answer are asked
    assert {text: _loose_for_lasting(s) for text, s in statements.items() if _loose_for_lasting(s)} == refused
    # what each refuses: the field in a rule on trading, moving or buying a field; the partner
    # in a rule on harvesting or planting
    assert {"field", "partner"} == {n for names in refused.values() for n in names}
