"""Generated documentation: rulebook pages in plain English, the kinds table, the comparison."""
from __future__ import annotations

import copy
import re

import pytest

from beanrules import compile_spec, list_specs
from beanrules.docs.english import ENGLISH, Context, explain
from beanrules.docs.kinds import describe_value, render_kinds_table
from beanrules.docs.reference import PageInputs, render_reference
from beanrules.model.validate import rule_model_schema


def test_every_rule_kind_has_its_english() -> None:
    assert set(ENGLISH) == set(rule_model_schema()["$defs"]["params"])


@pytest.mark.parametrize("spec", list_specs())
def test_english_never_shows_model_notation(spec: str) -> None:
    model = compile_spec(spec)
    ctx = Context.of(model)
    for rule in model["rules"]:
        if rule["kind"] == "note":  # a note is the spec author's own text
            continue
        sentence = explain(rule, ctx)
        assert sentence[0].isupper() and sentence.endswith((".", "”", ")")), (rule["id"], sentence)
        # no parameter names, dict reprs, bean ids where a name belongs, or "1 cards"
        assert not re.search(r"[{}_]|'\w+':|\b1 (cards|coins|beans|fields)\b|by_players", sentence), sentence


def test_english_reads_player_count_cases() -> None:
    how_to_play = compile_spec("how-to-play")
    ctx = Context.of(how_to_play)
    rules = {r["id"]: r for r in how_to_play["rules"]}
    assert explain(rules["fields"], ctx) == "Each player has 3 bean fields with 3 players, 2 bean fields otherwise."
    assert explain(rules["end-on-exhaustion"], ctx) == \
        "The game ends when the deck runs out for the 2nd time with 3 players, for the 3rd time otherwise."
    classic = compile_spec("classic")
    protection = next(r for r in classic["rules"] if r["id"] == "protection")
    assert explain(protection, Context.of(classic)) == ("You may not harvest a field that holds a single bean while "
                                                        "another of your fields holds more than 1 bean (the protection "
                                                        "rule).")


def rule_blocks(page: str) -> dict[str, str]:
    """Rule id -> its block on the page (from its anchor to the block's closing tag)."""
    parts = page.split('<div class="rule" id="rule-')[1:]
    return {part.split('"')[0]: part.split("\n\n</div>\n")[0] for part in parts}


@pytest.mark.parametrize("spec", list_specs())
def test_every_rule_has_anchor_sentence_line_citations_and_cases(spec: str) -> None:
    model = compile_spec(spec)
    page = render_reference(model, {}, PageInputs(source_pages=frozenset(list_specs())))
    blocks = rule_blocks(page)
    assert set(blocks) == {r["id"] for r in model["rules"]}
    for rule in model["rules"]:
        block = blocks[rule["id"]]
        assert explain(rule, Context.of(model)) in block
        assert f"{rule['span']['file']}:{rule['span']['line']}" in block and "#__codelineno-0-" in block
        assert "no case exercises this rule" in block
        for citation in rule["provenance"]["citations"]:
            assert citation["where"].replace("&", "&amp;") in block
            if citation["quote"]:
                assert f"“{citation['quote']}”".replace("&", "&amp;") in block
        if rule["provenance"]["assumed"]:
            assert "**assumed**" in block


def test_classic_page_reads_as_a_rulebook() -> None:
    page = render_reference(compile_spec("classic"), {"protection": ["rule-1-protection-refuses-single-bean"]})
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    assert headings[:2] == ["## The rules in brief", "## The rules in full"]  # the rules read first
    assert headings[2:8] == ["## The goal", "## What the game contains", "## Setup", "## The turn", "## Planting",
                            "## Harvesting and the beanometer"]
    assert "| Stink bean | 16 | 3 | 5 | 7 | 8 |" in page.replace('<span id="bean-stink"></span>', "")
    assert "| Garden bean | 6 | – | 2 | 3 | – |" in page.replace('<span id="bean-garden"></span>', "")
    harvest = page.split("### A worked harvest")[1].split("##")[0]
    assert "so the harvest earns **2 coins**" in harvest and "go to the discard pile" in harvest
    protection = rule_blocks(page)["protection"]
    assert "[rule-1-protection-refuses-single-bean](../cases/classic.md#rule-1-protection-refuses-single-bean)" \
        in protection
    assert "The game ends when the deck runs out for the 3rd time." in page.split("## The goal")[1].split("##")[0]
    assumptions = page.split("## Assumptions")[1]
    assert "[Zone hand](#rule-zone-hand)" in assumptions and "[Zone coins](#rule-zone-coins)" in assumptions


def test_a_variant_page_opens_with_what_changes_from_its_base() -> None:
    step2 = compile_spec("my-first/step-2")
    page = render_reference(step2, inputs=PageInputs(base=compile_spec("my-first/step-1")))
    changes = page.split("## What changes from `my-first/step-1`")[1].split("\n## ")[0]
    assert "**removed** [Mixed fields](../../rulebooks/my-first/step-1.md#rule-mixed-fields)" in changes
    assert "**removed** [Harvest only paying]" in changes
    assert "**added** [One type per field](../../rulebooks/my-first/step-2.md#rule-one-type-per-field)" in changes


def test_a_translation_page_shows_the_rulebooks_own_words() -> None:
    page = render_reference(compile_spec("translations/de"))
    block = rule_blocks(page)["gift-needs-consent"]
    assert "In the rulebook’s words (de): “Bohnen verschenken ist erlaubt" in block


def test_kinds_table_lists_every_kind_with_its_parameters() -> None:
    table = render_kinds_table()
    for kind in rule_model_schema()["$defs"]["params"]:
        assert f"| `{kind}` |" in table
    assert "| `plant-from-hand` | `from`: `\"front\"`; `min`: integer; `max`: integer |" in table


def test_describe_value_reads_player_cases() -> None:
    value = {"by_players": [{"players": [3, 3], "value": 1}, {"players": "otherwise", "value": 2}]}
    assert describe_value(value) == "1 with 3 players; 2 otherwise"


def test_conformance_cases_are_documented_under_the_rules_they_name() -> None:
    from beanrules.docs.cases import cases_by_rule, documented_cases_of, render_cases

    cases = documented_cases_of("classic")
    page = render_cases("classic", cases)
    assert f"{len(cases)} cases" in page and len(cases) >= 60
    assert "rule-1-protection-refuses-single-bean" in page
    assert "[`protection`](../rulebooks/classic.md#rule-protection)" in page  # back to the rule
    protection = [d.case.id for d in cases_by_rule(cases)["protection"]]
    assert "rule-1-protection-refuses-single-bean" in protection


def test_the_cases_of_each_shipped_spec_are_documented_as_that_spec_alone_documents_them(tmp_path) -> None:
    """documented_cases (the site's pages, docs/hooks.py) groups what documented_cases_of (one
    rulebook's page) finds, spec by spec; cases on a .bean file beside them are tests only."""
    from beanrules.docs.cases import documented_cases, documented_cases_of
    from beanrules.paths import specs_dir

    (tmp_path / "other.bean").write_text((specs_dir() / "classic.bean").read_text(encoding="utf-8").replace(
        'rulebook classic "Bohnanza"', 'rulebook other "Another game"'), encoding="utf-8")
    case = ("  - id: {id}\n    cite: {{where: Preparar}}\n    description: three fields with three players\n"
            "    players: [Anna, Natalie, Greg]\n    dealt: true\n    steps:\n"
            "      - expect: {{fields: {{Anna: [[], [], []]}}}}\n")
    (tmp_path / "a.yaml").write_text("spec: [classic, translations/es]\nsource: Reglas\ncases:\n"
                                     + case.format(id="three") + case.format(id="again"), encoding="utf-8")
    (tmp_path / "b.yaml").write_text("spec: other.bean\nsource: Reglas\ncases:\n" + case.format(id="other"),
                                     encoding="utf-8")
    found = documented_cases(tmp_path)
    assert list(found) == ["classic", "translations/es"]
    for spec, cases in found.items():
        assert cases == documented_cases_of(spec, tmp_path)
        assert [(d.case.id, d.case.spec, d.result.status) for d in cases] == [
            ("three", spec, "passed"), ("again", spec, "passed")]
        assert "fields" in cases[0].rules


def test_worked_examples_are_told_from_the_cases() -> None:
    from beanrules.docs.cases import documented_cases_of
    from beanrules.docs.stories import stories_from

    stories = stories_from(documented_cases_of("classic"))
    page = render_reference(compile_spec("classic"), inputs=PageInputs(stories=stories))
    examples = page.split("## Worked examples")[1].split("\n## ")[0]
    assert "1. Natalie plants red in field 2." in examples
    assert "*Refused*: Natalie plants soy in field 1: the rule [One type per field](#rule-one-type-per-field) forbids " \
        "it." in examples
    assert "Natalie's fields: field 1 holds 3 Blue beans; field 2 holds 2 Red beans" in examples  # as a player writes it
    assert "Anna may now only do “Anna rejects 1”" in examples and "{'" not in examples


def test_a_waiting_decision_is_told_as_who_chooses_what() -> None:
    from beanrules.docs.stories import _state

    waiting = {"player": "Anna", "name": "gift", "options": ["soy", "blue"], "rule": "tithe"}
    said = _state({"decision": waiting}, names=lambda bean: f"{bean.capitalize()} bean")
    assert said == "the game waits for Anna to choose gift from Soy bean, Blue bean (the rule tithe)"
    assert _state({"decision": None}) == "no decision waits"  # not "decision: None"
def test_every_rule_kind_has_a_row_in_the_comparison_matrix() -> None:
    from beanrules.docs.comparison import TOPICS

    kinds = [kind for _, row in TOPICS for kind in row]
    assert sorted(kinds) == sorted(rule_model_schema()["$defs"]["params"])  # each kind in exactly one row


def test_comparison_matrix_links_every_cell_and_marks_differences(tmp_path) -> None:
    from beanrules.docs.comparison import render_comparison

    variant = tmp_path / "variant.bean"
    variant.write_text('rulebook variant "V"\n  extends classic\n  source v "V"\n'
                       'replace tie-break: ties are shared   § v "1"\nhand limit 7   § v "2"\n', encoding="utf-8")
    models = {"classic": compile_spec("classic"), "translations/es": compile_spec("translations/es"),
              "variant": compile_spec(str(variant), playable=False)}
    page = render_comparison(models)
    rows = {line.split("|")[1].strip("* "): line for line in page.splitlines() if line.startswith("| **")}
    tie = rows["Tie-break"].split(" | ")
    assert "[A tie goes to the tied player who sits farthest from the start player, counting clockwise.]" \
           "(rulebooks/classic.md#rule-tie-break \"es Fin del juego: el jugador empatado" in tie[1]
    assert tie[2].startswith("as classic ([tie-break](rulebooks/translations/es.md#rule-tie-break")
    assert tie[3].startswith('<span class="differs" title="differs from classic">≠</span> '
                             "[Tied players share the victory.](rulebooks/variant.md#rule-tie-break")
    hand = rows["The hand"].split(" | ")
    assert "≠" not in hand[1] and "≠" in hand[3] and "A hand may hold at most 7 cards." in hand[3]
    # every rule of every rulebook is linked from some cell
    for name, model in models.items():
        for rule in model["rules"]:
            assert f"rulebooks/{name}.md#rule-{rule['id']}" in page, (name, rule["id"])


def test_what_a_source_says_against_a_rule_is_shown_with_the_rule() -> None:
    model = compile_spec("classic")
    turn = next(r for r in model["rules"] if r["id"] == "turn-order")
    turn["contradictions"] = [{"kind": "but", "reason": None, "citations": [
        {"source": "es", "where": "Como se Juega", "quote": "hacia la derecha", "gloss": "to the right"}]}]
    page = render_reference(model)
    line = ("**The sources disagree**: <abbr title=\"Reglas del juego de Bohnanza\">es</abbr> Como se Juega: "
            "“hacia la derecha” <span class=\"gloss\">(“to the right”)</span> says otherwise; this spec follows "
            "<abbr title=\"Reglas del juego de Bohnanza\">es</abbr> Fase 4: “el jugador a su izquierda")
    assert line in rule_blocks(page)["turn-order"]
    assert f"- [Turn order](#rule-turn-order): {line}" in page.split("## Where the sources say otherwise")[1]


def test_worked_harvest_uses_a_bean_in_play_and_the_rulebooks_money() -> None:
    page = render_reference(compile_spec("my-first/basic"))
    harvest = page.split("### A worked harvest")[1].split("\n## ")[0]
    assert "Say a field holds 5 Mean Beans." in harvest and "**1 bean dollar**" in harvest
    assert "harvested by itself" in harvest and "from the bank" in harvest


def test_bean_tables_show_every_beanometer_step() -> None:
    """The Keniabean pays 5 thalers for 7 cards: its fifth step appears on the rulebook page,
    on the comparison and in `beanrules diff`, not only the four steps of the classic game."""
    from beanrules.checks.diff import compare_models
    from beanrules.cli.diff import render as render_diff
    from beanrules.docs.comparison import render_comparison
    kannibohne, classic = compile_spec("kannibohne"), compile_spec("classic")
    page = render_reference(kannibohne)
    # Kannibohne's money is thalers written down, and the table says so
    assert "| bean | cards | 1 thaler | 2 thalers | 3 thalers | 4 thalers | 5 thalers | other names |" in page
    kenia = next(line for line in page.splitlines() if 'id="bean-kenia"' in line)
    assert "| 8 (5 of them special cards) | 2 | 3 | 5 | 6 | 7 |" in kenia  # 3 plain cards and 5 text cards; 2 pay 1 … 7 pay 5
    stink = next(line for line in page.splitlines() if 'id="bean-stink"' in line)
    assert "| 2 | 4 | 6 | 7 | – |" in stink  # a four-step bean gets a dash in the fifth column
    # a rulebook whose beans stop at 4 coins keeps its four columns
    assert "| 1 coin | 2 coins | 3 coins | 4 coins | other names |" in render_reference(classic)
    comparison = render_comparison({"classic": classic, "kannibohne": kannibohne})
    assert "cards for 1 / 2 / 3 / 4 / 5 coins" in comparison
    assert "3 cards, 2 / 3 / 5 / 6 / 7" in comparison  # the Keniabean's five steps in one cell
    # diff shows a bean's beanometer where it changed: give classic's blue bean a fifth step
    richer = copy.deepcopy(classic)
    blue = next(b for b in richer["beans"] if b["id"] == "blue")
    blue["beanometer"] = blue["beanometer"] + [{"cards": 12, "coins": 5}]
    said = render_diff(compare_models(classic, richer), classic, richer)
    assert "beanometer 4 / 6 / 8 / 10 → 4 / 6 / 8 / 10 / 12" in said


def test_cards_that_play_as_a_bean_are_counted_with_it_not_as_types() -> None:
    """Kannibohne's 19 text cards are bean cards of five types: the page says so, and lists each
    under the special cards with the bean it plays as (linked to that bean's row)."""
    page = render_reference(compile_spec("kannibohne"))
    assert "5 bean types and 19 cards that play as one of them" in page and "33 cards in all" in page
    table = page.split("| bean | cards |")[1].split("\n\n")[0]
    assert "Text card" not in table
    assert "(plays as [Stink bean](#bean-stink))" in page.split("### Special cards")[1]
    assert "5 bean types" not in render_reference(compile_spec("classic"))  # classic: 11 types, none playing as another


def test_the_page_names_special_cards_abilities_and_an_exact_player_count() -> None:
    page = render_reference(compile_spec("kannibohne"))
    special = page.split("### Special cards")[1]
    assert "— ability “Look at the draw pile”" in special and "(ies)" not in special
    assert "Players: 2. " in page  # not "2 to 2"
    assert "Players: 3 to 5. " in render_reference(compile_spec("classic"))


def test_phases_are_named_by_title_not_by_a_counted_number() -> None:
    """Kannibohne's preliminary phase comes before its "Phase 1": counting phases by place called
    "Phase 2: Turn cards face up" phase 3 and gave the turn a phase 5 the rulebook does not have."""
    from beanrules.checks.diff import compare_models
    from beanrules.cli.diff import render as render_diff
    kannibohne, classic = compile_spec("kannibohne"), compile_spec("classic")
    page = render_reference(kannibohne)
    # the rulebook's own numbers, read from the passages the phases cite: the preliminary phase has none
    assert "### Phase 2: Turn cards face up" in page and "### Preliminary phase: Discard remaining cards" in page
    assert not re.search(r"### Phase [05]", page) and "Phase 5" not in page
    # (the assumptions quote the spec's own reasons, which may well say "phase 3 (…)")
    assert "phase 3 (" not in page.split("\n## Assumptions\n")[0]
    assert "except during phase 2, “Turn cards face up”" in page  # was "phase 3 (Turn cards face up)"
    classic_page = render_reference(classic)
    assert "### Phase 2: Turn over and trade beans" in classic_page
    assert "phase 2, “Turn over and trade beans” and phase 3, “Plant traded and turned-over beans”" in classic_page
    said = render_diff(compare_models(classic, kannibohne), classic, kannibohne)
    assert "phase 2, “Turn cards face up”" in said and not re.search(r"phase \d \(", said)
    # the duel adds a phase before the rulebook's phase 1: it gets no number, the others keep theirs
    duel = render_reference(compile_spec("anniversary/duel"))
    assert "### Plant the cards you accepted" in duel and "### Phase 1: Plant beans from your hand" in duel


def test_a_rule_that_every_case_relies_on_shows_a_few_cases_and_counts_the_rest() -> None:
    many = {"players": [f"case-{i:02d}" for i in range(20)], "fields": ["case-00", "case-01"]}
    page = render_reference(compile_spec("classic"), cases_by_rule=many)
    assert "case-07" in page and "case-08" not in page and "and 12 more" in page
    assert "[case-01](" in page.split('id="rule-fields"')[1].split("</div>")[0]


def test_the_comparison_puts_each_rulebook_after_the_one_it_builds_on() -> None:
    from beanrules.docs.comparison import family_order, render_comparison

    models = {name: compile_spec(name) for name in ("kannibohne", "my-first/step-1", "translations/de",
                                                     "my-first/basic", "classic", "anniversary/duel",
                                                     "my-first/other-beans")}
    order = family_order(models)
    # classic's family is the largest, so classic is the column every cell is compared with
    assert order == ["classic", "anniversary/duel", "translations/de", "my-first/basic",
                     "my-first/other-beans", "my-first/step-1", "kannibohne"]
    header = next(line for line in render_comparison(models).splitlines() if line.startswith("| rules govern"))
    assert header.index("`classic`") < header.index("`anniversary/duel`") < header.index("`kannibohne`")
