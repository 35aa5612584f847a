"""The comparison matrix: one row per thing the rules govern, one column per rulebook.

Each cell says in plain English (from :mod:`.english`) what that rulebook's rules on the row's
topic are, each sentence linked to the rule's anchor on the rulebook's page with its citation
as the link's title (shown on hover). A cell that says something other than the first rulebook
(classic) is marked; one that says the same only links there. A few lines of JavaScript
(docs/javascripts/matrix.js) let the reader choose which rulebooks to show.
"""
from __future__ import annotations

from typing import Any

from ..wording import plural
from .english import Context, explain
from .meter import meter_cells, meter_width
from .reference import rule_anchor

# The rows: what the rules govern, and the rule kinds that govern it. Every kind of the
# rule-model schema is in exactly one row (a test checks), so no rule is left out.
TOPICS: list[tuple[str, tuple[str, ...]]] = [
    ("Players", ("players",)),
    ("Beans in the game", ("use-beans", "remove-beans")),
    ("Fields", ("fields", "fields-fixed")),
    ("Buying fields", ("buy-field",)),
    ("Start player", ("start-player",)),
    ("Deal", ("deal",)),
    ("The hand", ("hand-order", "hand-limit")),
    ("Turn order", ("turn-order",)),
    ("What players see", ("zone",)),
    ("Zones the rules declare", ("zone-of-kind", "permit-zone", "permit-move")),
    ("Planting from the hand", ("skip-if-hand-empty", "plant-from-hand", "discard-from-hand", "declared-end")),
    ("Fields and bean types", ("one-type-per-field", "same-type-many-fields", "harvest-to-make-room",
                               "mixed-fields")),
    ("Revealing", ("reveal", "pull-matching", "offer-owner")),
    ("Trading", ("trade", "trade-partners", "tradeable-hand", "tradeable-offer", "untradeable",
                 "trade-amounts", "trade-end")),
    ("Consent and gifts", ("trade-consent", "gift-consent")),
    ("Traded cards", ("traded-to-set-aside", "plant-pending", "discard-pending", "leave-for-opponent")),
    ("Draw", ("draw", "draw-one-at-a-time", "take-discard-top")),
    ("Harvest timing", ("harvest-any-time", "harvest-own-turn", "auto-harvest", "harvest-only-paying",
                        "permit-harvest")),
    ("Constraints by condition", ("forbid-while",)),
    ("Steps when something happens to a card", ("card-step",)),
    ("Steps as a round begins", ("round-step",)),
    ("Steps as the game ends", ("end-step",)),
    ("A phase's own steps", ("phase-step",)),
    ("Harvesting a field", ("whole-field",)),
    ("Protection", ("protection",)),
    ("Payout", ("payout", "coin-source")),
    ("The deck", ("reshuffle", "coins-out-of-play")),
    ("End", ("end-on-exhaustion", "end-on-target", "end-finish")),
    ("Final harvest and scoring", ("final-harvest", "hand-score", "winner")),
    ("Tie-break", ("tie-farthest-seat", "tie-most-hand-cards", "tie-shared", "tie-token-holder")),
    ("Tokens and counters", ("token", "token-draw", "token-takeover", "counter")),
    ("Notes", ("note",)),
]


def _title(rule: dict[str, Any], sources: dict[str, Any]) -> str:
    """The rule's citations as one line of plain text, for a link's title (hover)."""
    parts = []
    for c in rule["provenance"]["citations"]:
        text = f"{c['source']} {c['where']}" + (f": {c['quote']}" if c["quote"] else "")
        parts.append(text + (f" ({c['gloss']})" if c.get("gloss") else ""))
    if rule["provenance"]["assumed"]:
        parts.append(f"assumed: {rule['provenance']['assumed']}")
    # Inside a Markdown link title a quote or an unbalanced parenthesis would end the link early.
    text = " · ".join(parts).replace('"', "”").replace("|", "/").replace("\n", " ")
    return text.replace("(", "&#40;").replace(")", "&#41;") or "no citation"


def _said(rules: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """What a cell's rules say, comparable across rulebooks: (kind, parameters) in order."""
    return sorted((r["kind"], repr(sorted(r["params"].items()))) for r in rules)


def _cell(spec: str, rules: list[dict[str, Any]], model: dict[str, Any], differs: bool, first: str) -> str:
    page = f"rulebooks/{spec}.md"
    if not rules:
        return ('<span class="differs" title="differs from ' + first + '">≠</span> ' if differs else "") + "—"
    if not differs and spec != first:
        links = ", ".join(f"[{r['id']}]({page}#{rule_anchor(r['id'])} \"{_title(r, model['sources'])}\")"
                          for r in rules)
        return f"as {first} ({links})"
    ctx = Context.of(model)
    sentences = [f"[{explain(r, ctx).replace('|', '/')}]({page}#{rule_anchor(r['id'])} "
                 f"\"{_title(r, model['sources'])}\")" for r in rules]
    mark = f'<span class="differs" title="differs from {first}">≠</span> ' if differs else ""
    return mark + "<br>".join(sentences)


def render_matrix(models: dict[str, dict[str, Any]]) -> list[str]:
    names = list(models)
    first = names[0]
    header = "| rules govern | " + " | ".join(f"[`{n}`](rulebooks/{n}.md)" for n in names) + " |"
    out = ['<div class="matrix" markdown>', "", header, "|---|" + "---|" * len(names)]
    for topic, kinds in TOPICS:
        cells = {n: [r for r in m["rules"] if r["kind"] in kinds] for n, m in models.items()}
        if not any(cells.values()):
            continue
        reference = _said(cells[first])
        row = [_cell(n, cells[n], models[n], _said(cells[n]) != reference, first) for n in names]
        out.append(f"| **{topic}** | " + " | ".join(row) + " |")
    return out + ["", "</div>", ""]


def _bean_table(models: dict[str, dict[str, Any]]) -> list[str]:
    names = list(models)
    beans: dict[str, dict[str, dict[str, Any]]] = {}
    for name, model in models.items():
        for bean in model["beans"]:
            beans.setdefault(bean["id"], {})[name] = bean

    width = meter_width(bean for model in models.values() for bean in model["beans"])

    def cell(bean: dict[str, Any] | None) -> str:
        if bean is None:
            return "—"
        return f"{plural(bean['count'], 'card')}, {' / '.join(meter_cells(bean, width))}"

    out = ["| bean | " + " | ".join(f"`{n}`" for n in names) + " |", "|---|" + "---|" * len(names)]
    for bean_id, found in beans.items():
        out.append(f"| {bean_id} | " + " | ".join(
            f"[{cell(found.get(n))}](rulebooks/{n}.md#bean-{bean_id})" if n in found else "—" for n in names) + " |")
    return out + [""]


def family_order(models: dict[str, dict[str, Any]]) -> list[str]:
    """Each rulebook right after the one it extends or translates, so a column is compared with
    the family it comes from; the family with the most members first (its root is the column
    every cell is compared with), the others by name."""
    children: dict[str | None, list[str]] = {}
    for name, model in models.items():
        base = model.get("extends") or model.get("translates")
        children.setdefault(base if base in models else None, []).append(name)

    def family(name: str) -> list[str]:
        return [name] + [n for child in sorted(children.get(name, [])) for n in family(child)]

    roots = sorted(children.get(None, []), key=lambda root: (-len(family(root)), root))
    return [n for root in roots for n in family(root)]


def render_comparison(models: dict[str, dict[str, Any]], figures: list[str] | None = None) -> str:
    models = {name: models[name] for name in family_order(models)}
    names = list(models)
    # The matrix needs the page's whole width: no navigation or table of contents beside it.
    out = ["---", "hide:", "  - navigation", "  - toc", "---", "", "# Comparing the rulebooks", "",
           f"All {len(names)} shipped rulebooks side by side: one row per thing the rules govern, one column "
           f"per rulebook. Each sentence links to the rule on its rulebook's page; hover over it for the "
           f"passage it cites. <span class=\"differs\">≠</span> marks a cell that says something other than "
           f"`{names[0]}`; a cell that says the same only links to its rules. Untick rulebooks to compare fewer, or show only the rows that differ. `beanrules diff A B` compares "
           "two rulebooks rule by rule from the command line.", "",
           '<div class="matrix-filter" markdown>Show: (pick the rulebooks to compare)</div>', ""]
    out += render_matrix(models)
    if figures:
        out += ["## Simulated games", ""] + figures
    width = meter_width(bean for model in models.values() for bean in model["beans"])
    out += ["## Beans", "",
            f"Cards per bean type and the beanometer (cards for {' / '.join(map(str, range(1, width + 1)))} "
            "coins) in each rulebook.", ""]
    out += _bean_table(models)
    return "\n".join(out) + "\n"
