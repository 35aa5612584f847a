"""The comparison of all rulebooks, by stable rule id.

For every rule on which the rulebooks disagree, the rulebooks are grouped by what they say
(the same value, or no such rule), each group linked to its reference pages; rules that every
rulebook states alike are listed once. The same for beans, player counts and the turn.
"""
from __future__ import annotations

from typing import Any, Callable

from .kinds import describe_value


def _rule_value(rule: dict[str, Any] | None) -> str:
    if rule is None:
        return "— (no such rule)"
    params = ", ".join(f"{k} {describe_value(v)}" for k, v in rule["params"].items())
    return f"`{rule['kind']}`" + (f" {params}" if params else "") + (f" (in phase `{rule['phase']}`)" if rule["phase"] else "")


def _bean_value(bean: dict[str, Any] | None) -> str:
    if bean is None:
        return "— (no such bean)"
    meter = " / ".join(str({s["coins"]: s["cards"] for s in bean["beanometer"]}.get(c, "–")) for c in range(1, 5))
    return f"{bean['count']} cards, beanometer {meter}"


def _links(names: list[str]) -> str:
    return ", ".join(f"[`{n}`](rulebooks/{n}.md)" for n in names)


def _grouped(by_name: dict[str, Any], names: list[str], show: Callable[[Any], str]) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(show(by_name.get(name)), []).append(name)
    return sorted(groups.items(), key=lambda g: -len(g[1]))


def _section(title: str, items: dict[str, dict[str, Any]], names: list[str], show) -> list[str]:
    out = [f"## {title}", ""]
    agreed = []
    for item_id in sorted(items):
        groups = _grouped(items[item_id], names, show)
        if len(groups) == 1:
            agreed.append(item_id)
            continue
        out += [f"### `{item_id}`", "", "| what it says | rulebooks |", "|---|---|"]
        out += [f"| {value.replace('|', chr(92) + '|')} | {_links(members)} |" for value, members in groups]
        out.append("")
    if agreed:
        out += [f"Stated alike by every rulebook: {', '.join(f'`{a}`' for a in agreed)}.", ""]
    return out


def render_comparison(models: dict[str, dict[str, Any]]) -> str:
    names = list(models)
    rules: dict[str, dict[str, Any]] = {}
    beans: dict[str, dict[str, Any]] = {}
    for name, model in models.items():
        for rule in model["rules"]:
            if rule["kind"] != "note":
                rules.setdefault(rule["id"], {})[name] = rule
        for bean in model["beans"]:
            beans.setdefault(bean["id"], {})[name] = bean
    out = ["# Comparing the rulebooks", "",
           f"All {len(names)} shipped rulebooks, compared by stable rule id: for every rule on which they "
           "disagree, which rulebooks say what. `beanrules diff A B` compares two of them with the "
           "citations of both sides.", "",
           "## Players and the turn", "", "| rulebook | players | phases |", "|---|---|---|"]
    out += [f"| [`{n}`](rulebooks/{n}.md) | {m['players']['min']}–{m['players']['max']} | "
            f"{' → '.join(p['id'] for p in m['phases'])} |" for n, m in models.items()]
    out.append("")
    out += _section("Rules", rules, names, _rule_value)
    out += _section("Beans", beans, names, _bean_value)
    return "\n".join(out) + "\n"
