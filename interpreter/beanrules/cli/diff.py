"""`beanrules diff A B`: compare two rulebooks rule by rule."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..checks.diff import Comparison
from ..docs.english import Context, explain
from ..docs.kinds import describe_value
from ..docs.meter import meter_cells


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "diff", help="compare two rulebooks rule by rule",
        description="Compile two specs and compare their rule models by stable rule id: rules and "
                    "beans only one of them has, rules whose kind, parameters or phase differ, beans "
                    "whose cards or beanometer differ, a different turn. Each difference shows where "
                    "both specs state it and what they cite. Wording and citations alone are not "
                    "differences. Exit 0 when the rulebooks agree, 1 when they differ or a spec has "
                    "errors, 2 for usage errors.")
    parser.add_argument("a", metavar="SPEC_A", help="the first spec (name or .bean path)")
    parser.add_argument("b", metavar="SPEC_B", help="the second spec (name or .bean path)")
    parser.add_argument("--json", action="store_true", help="print the comparison as one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..checks.diff import compare_models
    from ..diagnostics import SpecError
    from ..resolve.compiler import compile_spec

    models = []
    for name in (args.a, args.b):
        try:
            models.append(compile_spec(name, playable=False))  # a draft rulebook can be compared too
        except SpecError as exc:
            for diagnostic in exc.diagnostics:
                print(diagnostic.render(), file=sys.stderr)
            return 1
    result = compare_models(*models)
    if args.json:
        print(json.dumps({"a": result.a, "b": result.b, "identical": result.identical,
                          "same": result.same, "differences": [d.to_json() for d in result.differences]},
                         indent=2, ensure_ascii=False))
    else:
        print(render(result, *models))
    return 0 if result.identical else 1


def _meter(bean: dict[str, Any]) -> str:
    return " / ".join(meter_cells(bean))


def _bean_change(a: dict[str, Any], b: dict[str, Any]) -> str:
    """What differs between two versions of a bean, in words: "count 4 → 6; beanometer – / 2 / 3 / 4 → …"."""
    show = {"beanometer": _meter, "count": lambda bean: str(bean["count"]),
            "plantable": lambda bean: "plantable" if bean["plantable"] else "not plantable"}
    parts = [f"{key} {show.get(key, lambda bean: describe_value(bean[key]))(a)} → "
             f"{show.get(key, lambda bean: describe_value(bean[key]))(b)}"
             for key in a if a[key] != b.get(key)]
    return "; ".join(parts)


def render(result: Comparison, model_a: dict[str, Any], model_b: dict[str, Any]) -> str:
    """The comparison for people, as a unified diff: - first only, + second only, ~ both, each
    rule said in plain English (the sentences of the rulebook pages), never as model notation."""
    ctx = {result.a: Context.of(model_a), result.b: Context.of(model_b)}
    lines = [f"--- {result.a}", f"+++ {result.b}"]
    mark = {"only-a": "-", "only-b": "+", "changed": "~"}
    for d in result.differences:
        head = f"{mark[d.change]} {d.what} {d.id}"
        if d.change == "changed" and d.what == "rule":
            lines.append(head)
            lines.append(f"    {result.a} says: {explain(d.a, ctx[result.a])}" + _phase(d.a))
            lines.append(f"    {result.b} says: {explain(d.b, ctx[result.b])}" + _phase(d.b))
        elif d.change == "changed" and d.what == "bean":
            lines.append(f"{head}: {_bean_change(d.a, d.b)}")
        elif d.change == "changed":
            lines.append(f"{head}: {_value(d.a)} → {_value(d.b)}")
        else:
            name = result.a if d.change == "only-a" else result.b
            side = d.a if d.change == "only-a" else d.b
            said = (f": {explain(side, ctx[name])}" if d.what == "rule" and isinstance(side, dict) and "kind" in side
                    else f": {side}" if isinstance(side, str) else "")
            lines.append(f"{head} (only in {name}){said}")
        for label, where, cites in ((result.a, d.where_a, d.cites_a), (result.b, d.where_b, d.cites_b)):
            if where or cites:
                lines.append(f"    {label}: {where or ''}" + (f" — {'; '.join(cites)}" if cites else ""))
    same = result.same
    notes = max(sum(r["kind"] == "note" for r in model["rules"]) for model in (model_a, model_b))
    counted = [f"{same.get('rules', 0)} {'rule' if same.get('rules', 0) == 1 else 'rules'}"
               + (f" (notes are not compared: {notes} {'note' if notes == 1 else 'notes'})" if notes else ""),
               f"{same.get('beans', 0)} {'bean' if same.get('beans', 0) == 1 else 'beans'}",
               f"{same.get('phases', 0)} {'phase' if same.get('phases', 0) == 1 else 'phases'}"]
    count = len(result.differences)
    verdict = "no differences" if result.identical else f"{count} {'difference' if count == 1 else 'differences'}"
    return "\n".join(lines + [f"{verdict}; the same in both: {', '.join(counted)}"])


def _value(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else describe_value(value)


def _phase(rule: dict[str, Any]) -> str:
    return f" (in phase {rule['phase']})" if rule.get("phase") else ""
