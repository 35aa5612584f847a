"""Generated documentation: the rule reference and the kinds table say what the model says."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.docs.kinds import describe_value, render_kinds_table
from beanrules.docs.reference import render_reference
from beanrules.model.validate import rule_model_schema


def test_classic_reference_shows_beans_turn_and_assumptions() -> None:
    page = render_reference(compile_spec("classic"))
    assert "| `stink` | Stink bean | Saubohne | frijoles apestosos | 16 | 3 / 5 / 7 / 8 |" in page
    assert "| `garden` | Garden bean | Gartenbohne | frijoles de jardín | 6 | – / 2 / 3 / – |" in page
    headings = [line for line in page.splitlines() if line.startswith("### ")]
    assert headings == ["### 1. Plant beans from your hand (`plant`)", "### 2. Turn over and trade beans (`trade`)",
                        "### 3. Plant traded and turned-over beans (`plant-traded`)", "### 4. Draw bean cards (`draw`)"]
    assumptions = page.split("## Assumptions")[1]
    assert "rule `zone-hand`" in assumptions and "rule `zone-coins`" in assumptions
    assert "fields 3 with 3 players, 2 with 4 to 5 players" in page
    assert "count: 3 with 3 players; 2 with 4–5 players" in page
    assert "`turn-order` (but)" in page and "hacia la derecha" in page.split("## Where the sources say otherwise")[1]


def test_kinds_table_lists_every_kind_with_its_parameters() -> None:
    table = render_kinds_table()
    for kind in rule_model_schema()["$defs"]["params"]:
        assert f"| `{kind}` |" in table
    assert "| `plant-from-hand` | `from`: `\"front\"`; `min`: integer; `max`: integer |" in table


def test_describe_value_reads_player_cases() -> None:
    value = {"by_players": [{"players": [3, 3], "value": 1}, {"players": "otherwise", "value": 2}]}
    assert describe_value(value) == "1 with 3 players; 2 otherwise"


def test_conformance_cases_are_documented_under_the_rules_they_name() -> None:
    from beanrules.docs.cases import cases_by_rule, documented_cases, render_cases

    cases = documented_cases()["classic"]
    page = render_cases("classic", cases)
    assert f"{len(cases)} cases" in page and len(cases) >= 60
    assert "rule-1-protection-refuses-single-bean" in page
    by_rule = cases_by_rule(cases)
    protection = [d.case.id for d in by_rule["protection"]]
    assert "rule-1-protection-refuses-single-bean" in protection
    reference = render_reference(compile_spec("classic"), {"protection": protection})
    row = next(line for line in reference.splitlines() if line.startswith("| `protection` |"))
    assert "[rule-1-protection-refuses-single-bean](../cases/classic.md#rule-1-protection-refuses-single-bean)" in row


def test_comparison_groups_rulebooks_by_what_they_say(tmp_path) -> None:
    from beanrules.docs.comparison import render_comparison

    variant = tmp_path / "variant.bean"
    variant.write_text('rulebook variant "V"\n  extends classic\n  source v "V"\n'
                       'replace tie-break: ties are shared   § v "1"\nhand limit 7   § v "2"\n', encoding="utf-8")
    page = render_comparison({"classic": compile_spec("classic"), "translations/es": compile_spec("translations/es"),
                              "variant": compile_spec(str(variant))})
    tie = page.split("### `tie-break`")[1].split("###")[0]
    assert "| `tie-farthest-seat` by seat-distance-from-start, direction clockwise | " \
           "[`classic`](rulebooks/classic.md), [`translations/es`](rulebooks/translations/es.md) |" in tie
    assert "| `tie-shared` by shared | [`variant`](rulebooks/variant.md) |" in tie
    assert "| — (no such rule) | [`classic`](rulebooks/classic.md), [`translations/es`]" in page.split("### `hand-limit`")[1]
    agreed = page.split("## Beans")[0].split("Stated alike by every rulebook: ")[1]
    assert "`protection`" in agreed and "`tie-break`" not in agreed
