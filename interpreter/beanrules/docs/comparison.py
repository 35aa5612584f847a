"""The comparison of all rulebooks: one row per rule id, one column per rulebook.

A cell shows the rule's value in that rulebook (its kind and parameters, in words) and links to
the rule on the rulebook's reference page; "—" where the rulebook has no such rule. Rows where
the rulebooks disagree come first, so the differences are what a reader sees.
"""
from __future__ import annotations

from typing import Any

from .kinds import describe_value


def _value(rule: dict[str, Any]) -> str:
    params = ", ".join(f"{k} {describe_value(v)}" for k, v in rule["params"].items())
    return f"{rule['kind']}" + (f": {params}" if params else "")


def render_comparison(models: dict[str, dict[str, Any]]) -> str:
    names = list(models)
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    for name, model in models.items():
        for rule in model["rules"]:
            if rule["kind"] != "note":
                rows.setdefault(rule["id"], {})[name] = rule
    beans: dict[str, dict[str, dict[str, Any]]] = {}
    for name, model in models.items():
        for bean in model["beans"]:
            beans.setdefault(bean["id"], {})[name] = bean

    def differs(cells: dict[str, Any], key) -> bool:
        return len({key(cells[n]) if n in cells else None for n in names}) > 1

    out = ["# Comparing the rulebooks", "",
           "Every rule of every shipped rulebook, by its stable id. Rows where the rulebooks "
           "disagree (a different value, or a rule only some have) come first and are marked ≠. "
           "`beanrules diff A B` compares two rulebooks with the citations of both sides.", "",
           "## Players and turn", "",
           "| | " + " | ".join(f"`{n}`" for n in names) + " |", "|---|" + "---|" * len(names),
           "| players | " + " | ".join(f"{models[n]['players']['min']}–{models[n]['players']['max']}"
                                      for n in names) + " |",
           "| phases | " + " | ".join(" → ".join(p["id"] for p in models[n]["phases"]) for n in names) + " |",
           "", "## Rules", "",
           "| | rule | " + " | ".join(f"`{n}`" for n in names) + " |", "|---|---|" + "---|" * len(names)]
    order = sorted(rows, key=lambda rid: (not differs(rows[rid], _value), rid))
    for rule_id in order:
        cells = rows[rule_id]
        mark = "≠" if differs(cells, _value) else ""
        shown = []
        for n in names:
            rule = cells.get(n)
            shown.append(f"[{_value(rule)}](rulebooks/{n}.md)".replace("|", "\\|") if rule else "—")
        out.append(f"| {mark} | `{rule_id}` | " + " | ".join(shown) + " |")
    out += ["", "## Beans", "", "| | bean | " + " | ".join(f"`{n}`" for n in names) + " |",
            "|---|---|" + "---|" * len(names)]

    def bean_value(bean: dict[str, Any]) -> str:
        meter = "/".join(str({s["coins"]: s["cards"] for s in bean["beanometer"]}.get(c, "–")) for c in range(1, 5))
        return f"{bean['count']} cards, {meter}"

    for bean_id in sorted(beans, key=lambda b: (not differs(beans[b], bean_value), b)):
        cells = beans[bean_id]
        mark = "≠" if differs(cells, bean_value) else ""
        out.append(f"| {mark} | `{bean_id}` | " + " | ".join(
            bean_value(cells[n]) if n in cells else "—" for n in names) + " |")
    return "\n".join(out) + "\n"
