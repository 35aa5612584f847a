"""Rule reference pages: one Markdown page per rulebook, rendered from its rule model.

Everything on the page comes from the compiled model (never from the .bean text), so the page
says exactly what the interpreter runs: beans, zones, phases with their steps, every other rule
by section, each with its citations, and a list of every assumption with its reason.
"""
from __future__ import annotations

from typing import Any

from .kinds import describe_value


def _cite(provenance: dict[str, Any], sources: dict[str, Any]) -> str:
    """Citations by source id (the page lists each source's title once, under "Sources")."""
    parts = []
    for citation in provenance["citations"]:
        where = f"`{citation['source']}` {citation['where']}"
        parts.append(f"{where}: “{citation['quote']}”" if citation["quote"] else where)
    if provenance.get("assumed"):
        parts.append(f"**assumed**: {provenance['assumed']}")
    return "<br>".join(parts)


def _meter(bean: dict[str, Any]) -> str:
    steps = {s["coins"]: s["cards"] for s in bean["beanometer"]}
    return " / ".join(str(steps.get(coins, "–")) for coins in range(1, 5)) if steps else "–"


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def _rule_row(rule: dict[str, Any], sources: dict[str, Any], language: str, cases: str) -> str:
    """One rule: its id, its wording (the rulebook's own where the spec gives it), what it is."""
    params = ", ".join(f"{k}: {describe_value(v)}" for k, v in rule["params"].items()) or "–"
    wording = rule["says"].get(language)
    text = f"{wording}<br>`{rule['text']}`" if wording else rule["text"]
    return (f"| `{rule['id']}` | {_escape(text)} | `{rule['kind']}` {_escape(params)} | "
            f"{_escape(_cite(rule['provenance'], sources))} | {cases} |")


def cases_page(spec: str) -> str:
    """Where a rulebook's conformance page lies, relative to its reference page."""
    return "../" * (spec.count("/") + 1) + f"cases/{spec}.md"


def _case_links(spec: str, case_ids: list[str]) -> str:
    return ", ".join(f"[{case_id}]({cases_page(spec)}#{case_id})" for case_id in case_ids) or "–"


def render_reference(model: dict[str, Any], cases_by_rule: dict[str, list[str]] | None = None) -> str:
    """The page; ``cases_by_rule`` maps rule ids to the ids of the conformance cases naming them."""
    cases_by_rule = cases_by_rule or {}
    spec = model["rulebook"]

    def row(rule: dict[str, Any]) -> str:
        return _rule_row(rule, sources, model["language"], _case_links(spec, cases_by_rule.get(rule["id"], [])))

    sources = model["sources"]
    rules = {r["id"]: r for r in model["rules"]}
    out = [f"# {model['title']} (`{model['rulebook']}`)", ""]
    if model["extends"]:
        out.append(f"Extends [`{model['extends']}`]({model['extends'].split('/')[-1]}.md).")
    if model["translates"]:
        out.append(f"Translates `{model['translates']}` into `{model['language']}`.")
    out += [f"Players: {model['players']['min']} to {model['players']['max']}. "
            f"Written in `{model['language']}`.", "", "## Sources", ""]
    out += [f"- `{sid}`: {s['title']}" + (f" (`{s['file']}`)" if s["file"] else "")
            for sid, s in sources.items()]
    others = sorted({lang for b in model["beans"] for lang in b["names"]} - {model["language"]})
    languages = [model["language"]] + others
    out += ["", "## Beans", "",
            "| id | " + " | ".join(languages) + " | cards | beanometer (1/2/3/4 coins) | source |",
            "|---|" + "---|" * len(languages) + "---|---|---|"]
    for bean in model["beans"]:
        names = " | ".join(_escape(bean["names"].get(lang, "")) for lang in languages)
        out.append(f"| `{bean['id']}` | {names} | {bean['count']} | {_meter(bean)} | "
                   f"{_escape(_cite(bean['provenance'], sources))} |")
    header = ["| id | rule | kind and parameters | source | cases |", "|---|---|---|---|---|"]
    out += ["", "## The turn", ""]
    for number, phase in enumerate(model["phases"], start=1):
        title = phase.get("titles", {}).get(model["language"]) or phase["title"] or phase["id"]
        out += [f"### {number}. {title} (`{phase['id']}`)", ""]
        if phase["provenance"]["citations"]:
            out += [_cite(phase["provenance"], sources), ""]
        out += header + [row(rules[rid]) for rid in phase["rules"] if rid in rules] + [""]
    sections: dict[str, list[dict[str, Any]]] = {}
    for rule in model["rules"]:
        if rule["phase"] is None and rule["kind"] != "note":
            sections.setdefault(rule["section"] or "rules", []).append(rule)
    for section, members in sections.items():
        out += [f"## {section.capitalize()}", ""] + header + [row(r) for r in members] + [""]
    notes = [r for r in model["rules"] if r["kind"] == "note"] + model["notes"]
    if notes:
        out += ["## Notes", ""]
        out += [f"- {n['params']['text'] if 'params' in n else n['text']} "
                f"({_cite(n['provenance'], sources)})" for n in notes]
        out.append("")
    against = [(item, c) for item in model["beans"] + model["rules"] for c in item.get("contradictions", [])]
    if against:
        out += ["## Where the sources say otherwise", "",
                "What a source says against a rule (but), and where a value departs from its quote (departs):", ""]
        out += [f"- `{item['id']}` ({c['kind']}): " + (f"{c['reason']} " if c["reason"] else "")
                + f"({_cite({'citations': c['citations'], 'assumed': None}, sources)})" for item, c in against]
        out.append("")
    assumed = [(kind, item) for kind, items in (("bean", model["beans"]), ("rule", model["rules"]))
               for item in items if item["provenance"]["assumed"]]
    out += ["## Assumptions", ""]
    if assumed:
        out += ["What the sources do not state, and why the spec assumes it:", ""]
        out += [f"- {kind} `{item['id']}`: {item['provenance']['assumed']}" for kind, item in assumed]
    else:
        out.append("None: every clause cites its source.")
    if model["differences"]:
        out += ["", "## Where this translation differs from the original", "",
                "| what | id | field | original | translation |", "|---|---|---|---|---|"]
        out += [f"| {d['what']} | `{d['id']}` | {d['field']} | `{d['original']}` | `{d['translation']}` |"
                for d in model["differences"]]
    return "\n".join(out) + "\n"
