"""Every generated rulebook page, read as a player reads it (issue 28).

- it opens with "The rules in brief" (after "What changes" on a variant): at most about 40 lines,
  each linked to an entry of the page;
- what it prints as a rule is what the compiled model says: every rule's sentence is the English
  of that model's rule (never its base's), and no printed sentence claims what the model's core
  statements rule out (hand cards traded where the core forbids it, harvesting at any time where
  only the own turn is permitted, "the most coins wins" where reaching a target names the winner);
- its sentences have no unit or number slips ("with 4–5 players coins", "3 + 5 playing as it",
  "1 cards", "2 to 2 players", "this phase" with nothing to name it);
- worked examples read as a player writes them (lists of bean names), not as state dumps.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterator

import pytest

from beanrules import compile_spec, list_specs
from beanrules.docs.english import Context, explain
from beanrules.docs.reference import PageInputs, render_reference, rule_title
from beanrules.docs.slips import slips

MAX_BRIEF = 40


def _page(spec: str) -> tuple[dict[str, Any], str]:
    model = compile_spec(spec)
    base = compile_spec(model["extends"]) if model["extends"] else None
    return model, render_reference(model, inputs=PageInputs(base=base, source_pages=frozenset(list_specs())))


def _brief(page: str) -> str:
    return page.split("## The rules in brief")[1].split("</div>")[0]


def _anchors(page: str) -> set[str]:
    found = set(re.findall(r'id="([^"]+)"', page)) | set(re.findall(r"\{ #([\w-]+) \}", page))
    return found | ({"special-cards"} if "### Special cards" in page else set())


@pytest.mark.parametrize("spec", list_specs())
def test_every_page_opens_with_the_rules_in_brief_each_line_linked(spec: str) -> None:
    model, page = _page(spec)
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    first = 1 if model["extends"] else 0
    if model["extends"]:
        assert headings[0].startswith("## What changes from")  # a variant says what changes first
    assert headings[first] == "## The rules in brief"
    lines = [line for line in _brief(page).splitlines() if line.startswith("- ")]
    assert 25 <= len(lines) <= MAX_BRIEF, (spec, len(lines))
    sentences = sum(len(re.findall(r"[.!?](?:\)|\]\(#[\w-]+\))*(?:\s|$)", line)) for line in lines)
    assert sentences <= MAX_BRIEF + 2, (spec, sentences)  # "at most about 40 sentences"
    anchors = _anchors(page)
    for line in lines:
        targets = re.findall(r"\]\(#([\w-]+)\)", line)
        assert targets and line.rstrip().endswith(")"), line  # the whole line is links
        assert all(t in anchors for t in targets), (line, anchors - set(targets))
    # the goal, a phase of the turn and the end are there, in play order
    brief = _brief(page)
    assert brief.index("**The goal**") < brief.index("**Setup**") < brief.index("**The end**")


def _rule_sentences(page: str) -> Iterator[tuple[str, str]]:
    """(rule id, the sentence printed as the rule) for each rule entry of the page."""
    for part in page.split('<div class="rule" id="rule-')[1:]:
        rule_id = part.split('"')[0]
        body = part.split("</a>", 1)[1].split('<details class="rule-sources"')[0].split('<p class="disagree"')[0].split('<p class="rule-note"')[0]
        body = body.split('<span class="says">')[0].strip()
        yield rule_id, body.removeprefix("If that leaves a tie: ")


def _core_nodes(model: dict[str, Any]) -> Iterator[dict[str, Any]]:
    return _nodes([c for r in model["rules"] for c in r.get("core") or []])


def _nodes(root: Any) -> Iterator[dict[str, Any]]:
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "node" in node:
                yield node
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _hand_trades(model: dict[str, Any]) -> bool:
    return not any(n["node"] == "forbid" and n["action"]["node"] == "trade" and n["condition"] is None
                   and (n["action"].get("gives") or {}).get("place", {}).get("zone") == "hand"
                   for n in _core_nodes(model))


def _harvest_any_time(model: dict[str, Any]) -> bool:
    return any(n["node"] == "permit" and n["action"]["node"] == "harvest" and n["player"]["node"] == "any-player"
               and n["when"]["node"] == "any-time" for n in _core_nodes(model))


def _most_money_wins(model: dict[str, Any]) -> bool:
    from beanrules.core.node import from_json
    return not any(from_json(c).to_text().startswith("The game is won by")
                   for r in model["rules"] for c in r.get("core") or [])


def _no_card_adds_a_field(model: dict[str, Any]) -> bool:
    return not any(n["node"] == "add-field" for b in model["beans"] for n in _nodes((b.get("core") or {}).get("abilities")))


# What a printed sentence claims, and what in the compiled core must hold for the claim to be true.
CLAIMS: list[tuple[str, str, Callable[[dict[str, Any]], bool]]] = [
    (r"cards from (?:the|a|any position in a) hand|for any number of other cards|Cards from any position",
     "hand cards may be traded", _hand_trades),
    (r"at any time, even during another player's turn", "anyone may harvest at any time", _harvest_any_time),
    (r"The player with the most \w+ wins", "the most money wins", _most_money_wins),
    (r"harvest only during your own turn", "harvesting in one's own turn only", lambda m: not _harvest_any_time(m)),
    (r"gain another field|number of fields is fixed", "no field is ever added", _no_card_adds_a_field),
    (r"never change the order of the cards in your hand:", "no card changes the order of a hand",
     lambda m: not any(n["node"] in ("reverse", "reorder") and (n.get("place") or {}).get("zone") == "hand"
                       for b in m["beans"] for n in _nodes((b.get("core") or {}).get("abilities")))),
]


def _printed_as_holding(page: str) -> list[str]:
    """The sentences a page prints as rules of this rulebook: the brief, each rule entry, and the
    added and changed rules of "What changes" (not what they were before, nor removed rules)."""
    out = [text for _, text in _rule_sentences(page)]
    out += re.findall(r"\[([^\]]+)\]\(#[\w-]+\)", _brief(page))
    changes = page.split("## What changes from")[1].split("\n## ")[0] if "## What changes from" in page else ""
    for line in changes.splitlines():
        if line.startswith(("- **added**", "- **changed**")):
            out.append(line.split("([before]")[0])
    return out


@pytest.mark.parametrize("spec", list_specs())
def test_no_page_prints_a_rule_its_model_contradicts(spec: str) -> None:
    model, page = _page(spec)
    ctx = Context.of(model)
    rules = {r["id"]: r for r in model["rules"]}
    printed = dict(_rule_sentences(page))
    assert set(printed) == set(rules)
    for rule_id, text in printed.items():
        assert text == explain(rules[rule_id], ctx), rule_id  # this model's rule, in this model's words
    names = re.findall(r'class="rule-name" href="#rule-([\w-]+)"[^>]*>([^<]+)<', page)
    assert all(name == rule_title(rules[rid], model) for rid, name in names)
    for sentence in _printed_as_holding(page):
        for pattern, claim, holds in CLAIMS:
            if re.search(pattern, sentence):
                assert holds(model), f"{spec} prints “{sentence}”, but its model says not: {claim}"


def test_the_claims_are_checked_against_the_core() -> None:
    """The duel forbids trading hand cards and harvesting in another's turn; Kannibohne's target
    names its winner: their pages say so, where the classic page says the opposite."""
    classic, duel, kanni = (compile_spec(s) for s in ("classic", "anniversary/duel", "kannibohne"))
    assert _hand_trades(classic) and not _hand_trades(duel)
    assert _harvest_any_time(classic) and not _harvest_any_time(duel)
    assert _most_money_wins(classic) and not _most_money_wins(kanni)
    _, page = _page("anniversary/duel")
    block = dict(_rule_sentences(page))
    assert block["trade-offer-cards"] == "The active player may offer the turned-over cards, and only those."
    assert block["trade-any-number"] == "An offer may hold any number of the turned-over cards."
    assert '">Harvest own turn</a>' in page and '">Harvest any time</a>' not in page
    # classic's fixed fields stay in the field beans' variant, whose cards add a field
    assert _no_card_adds_a_field(classic) and not _no_card_adds_a_field(compile_spec("anniversary/field-beans"))
    _, page = _page("anniversary/field-beans")
    assert dict(_rule_sentences(page))["no-field-buying"] == (
        "Nobody can buy another field; only a Field bean can give a player one more (see Special cards).")


def _generated_text(page: str) -> str:
    """A page without what it quotes (the sources' words, the spec's own lines and notes): the
    sentences the generator wrote."""
    text = re.sub(r"<details class=\"rule-sources\".*?</details>", "", page, flags=re.S)
    text = re.sub(r"“[^”]*”", "“”", text)
    for section in ("## Notes", "## Where the sources say otherwise", "## Assumptions",
                    "## What the rulebook says about itself"):
        text = text.split(section)[0] + ("\n## " + text.split(section)[1].split("\n## ", 1)[1]
                                         if section in text and "\n## " in text.split(section)[1] else "")
    return text


@pytest.mark.parametrize("spec", list_specs())
def test_generated_sentences_have_no_unit_or_number_slips(spec: str) -> None:
    from beanrules.docs.cases import documented_cases_of
    from beanrules.docs.stories import stories_from

    model = compile_spec(spec)
    base = compile_spec(model["extends"]) if model["extends"] else None
    page = render_reference(model, inputs=PageInputs(base=base, stories=stories_from(documented_cases_of(spec))))
    text = _generated_text(page)
    assert not slips(text), (spec, slips(text)[:3])
    if Context.of(model).counter:  # money written down: no pile of coins, no coins counted
        assert not re.search(r"pile of coins|coin pile|\d+ coins?\b", text), spec


def test_the_comparison_page_has_no_unit_or_number_slips() -> None:
    """The comparison's cells are the same sentences, each in its own model's words; its bean
    table once said "1 cards" for each of Kannibohne's text cards."""
    from beanrules.docs.comparison import render_comparison

    text = _generated_text(render_comparison({spec: compile_spec(spec) for spec in list_specs()}))
    assert not slips(text), slips(text)[:3]


def test_the_slip_patterns_catch_the_slips_of_the_issue() -> None:
    said = ["at least 6 with 3 players, 5 with 4 to 5 players coins", "| 3 + 5 playing as it |", "1 cards",
            "At the start of this phase the active player", "Players: 2 to 2 players", "3 coin",
            "Anna's legal: {'non_proposals': ['Anna rejects 1']}"]
    for text in said:
        assert slips(text), text


def test_mechanisms_are_explained_in_plain_words() -> None:
    _, kanni = _page("kannibohne")
    brief = _brief(kanni)
    assert "only while the card lies on top of one of the owner's fields" in brief
    assert "the right lapses as soon as another card is planted on it or the field is harvested" in brief
    assert "only in the phase the card names" in brief and "at most once per turn" in brief
    special = kanni.split("### Special cards")[1].split("\n## ")[0]
    assert "**Text card 11**" in special and "used in phase 4, “Draw new bean cards”, at most once per turn" in special
    _, thaler = _page("anniversary/bean-thaler")
    brief = _brief(thaler)
    assert ("At the start of phase 4, “Draw bean cards”, the active player may take the AMIGO bean thaler from the "
            "player who holds it, if the active player's fields together are worth at least 6 coins with 3 players, "
            "5 coins with 4–5 players") in brief
    assert "if it is a Blue bean the takeover fails" in brief
    assert ("A tie goes to the tied player who holds the AMIGO bean thaler](#rule-tie-break); [if that leaves a tie, "
            "to the tied player who sits farthest") in brief
    _, duel = _page("anniversary/duel")
    assert "an offer gives turned-over cards to another player for nothing in return" in _brief(duel)
    # a contradiction the spec records is one rule and a note of the disagreement, not two rules
    protection = kanni.split('id="rule-protection"')[1].split("</details>")[0]
    assert "**The sources disagree**" in protection and "this spec follows" in protection
