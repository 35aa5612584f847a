"""Rule-by-rule comparison of two rule models.

Rules keep the same id across rulebooks, so two models compare id by id: a rule only one of
them has (paired with one only the other has where both govern the same thing under two ids), a
rule whose kind or parameters differ, a bean whose cards or beanometer differ, a
different turn. Wording (``says``), citations and spans are provenance, not rules: they are
shown beside a difference, never counted as one. When one model translates the other, what
the translation restates differently (``what: "translation"``, changed; an error for `check`)
and what it does not restate though its own text states it (only in the original; a warning)
are differences too: a translation's model keeps its original's rules, so without them the
two would always look the same.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Change = Literal["only-a", "only-b", "changed"]


@dataclass(frozen=True)
class Difference:
    what: Literal["rule", "bean", "turn", "translation"]
    id: str
    change: Change
    a: Any = None  # the value in the first model (None if it has no such thing)
    b: Any = None
    where_a: str | None = None  # file:line of each side, for the reader
    where_b: str | None = None
    cites_a: tuple[str, ...] = ()
    cites_b: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "id": self.id, "change": self.change, "a": self.a, "b": self.b,
                "where_a": self.where_a, "where_b": self.where_b,
                "cites_a": list(self.cites_a), "cites_b": list(self.cites_b)}


@dataclass
class Comparison:
    a: str
    b: str
    differences: list[Difference] = field(default_factory=list)
    same: dict[str, int] = field(default_factory=dict)  # how many rules, beans, phases agree

    @property
    def identical(self) -> bool:
        return not self.differences


def _where(item: dict[str, Any]) -> str | None:
    span = item.get("span")
    return f"{span['file']}:{span['line']}" if span else None


def _cites(item: dict[str, Any], model: dict[str, Any]) -> tuple[str, ...]:
    sources = model["sources"]
    return tuple(f"{sources.get(c['source'], {}).get('title', c['source'])}, {c['where']}"
                 for c in item["provenance"]["citations"])


def _rule_value(rule: dict[str, Any]) -> dict[str, Any]:
    return {"kind": rule["kind"], "params": rule["params"], "phase": rule["phase"], "text": rule["text"]}


def _bean_value(bean: dict[str, Any]) -> dict[str, Any]:
    return {"count": bean["count"], "beanometer": bean["beanometer"], "plantable": bean["plantable"],
            "abilities": [{k: a[k] for k in ("triggers", "effects")} for a in bean["abilities"]]}


def compare_models(a: dict[str, Any], b: dict[str, Any]) -> Comparison:
    result = Comparison(a["rulebook"], b["rulebook"])
    out = result.differences  # (the player counts are a rule, "players", compared with the rest)

    def compare(what: str, items_a: list[dict], items_b: list[dict], value, semantic) -> int:
        by_a, by_b = {i["id"]: i for i in items_a}, {i["id"]: i for i in items_b}
        same = 0
        for item_id in list(by_a) + [i for i in by_b if i not in by_a]:
            x, y = by_a.get(item_id), by_b.get(item_id)
            if x is not None and y is not None and semantic(x) == semantic(y):
                same += 1
                continue
            change: Change = "only-a" if y is None else "only-b" if x is None else "changed"
            out.append(Difference(
                what, item_id, change, value(x) if x else None, value(y) if y else None,
                _where(x) if x else None, _where(y) if y else None,
                _cites(x, a) if x else (), _cites(y, b) if y else ()))
        return same

    # A rule's wording ("text") is shown but not compared: two specs may word one rule differently.
    result.same["rules"] = compare("rule", [r for r in a["rules"] if r["kind"] != "note"],
                                   [r for r in b["rules"] if r["kind"] != "note"], _rule_value,
                                   lambda r: (r["kind"], r["params"], r["phase"]))
    _pair_by_topic(out, a, b)
    result.same["beans"] = compare("bean", a["beans"], b["beans"], _bean_value, _bean_value)
    order_a, order_b = [p["id"] for p in a["phases"]], [p["id"] for p in b["phases"]]
    if order_a != order_b:
        out.append(Difference("turn", "phases", "changed", order_a, order_b))
    result.same["phases"] = sum(1 for p in order_a if p in order_b)
    out.extend(_translation_differences(a, b))
    return result


def _pair_by_topic(out: list[Difference], a: dict[str, Any], b: dict[str, Any]) -> None:
    """A rule only the first model has and one only the second has that govern the same thing
    (the consistency report's topics: "when the game ends", "when a field may be harvested")
    are one difference, shown side by side with both citations, when each is the only one of
    its topic on its side: the two rulebooks answer one question differently, under two ids."""
    from .report import topic
    rules = {("only-a", r["id"]): r for r in a["rules"]} | {("only-b", r["id"]): r for r in b["rules"]}
    by_topic: dict[str, dict[str, list[int]]] = {}
    for index, d in enumerate(out):
        if d.what == "rule" and d.change in ("only-a", "only-b"):
            by_topic.setdefault(topic(rules[(d.change, d.id)]), {}).setdefault(d.change, []).append(index)
    paired: dict[int, Difference | None] = {}
    for sides in by_topic.values():
        if len(sides.get("only-a", ())) == 1 and len(sides.get("only-b", ())) == 1:
            x, y = out[sides["only-a"][0]], out[sides["only-b"][0]]
            paired[sides["only-a"][0]] = Difference("rule", f"{x.id} / {y.id}", "changed", x.a, y.b,
                                                    x.where_a, y.where_b, x.cites_a, y.cites_b)
            paired[sides["only-b"][0]] = None
    out[:] = [paired.get(i, d) for i, d in enumerate(out) if paired.get(i, d) is not None]


def _translation_differences(a: dict[str, Any], b: dict[str, Any]) -> list[Difference]:
    """What a translation restates differently, and what it leaves out, as differences."""
    from .translation import dropped_rules
    if b.get("translates") == a["rulebook"]:
        original, translation, flip = a, b, False
    elif a.get("translates") == b["rulebook"]:
        original, translation, flip = b, a, True
    else:
        return []

    def line(span: dict | None) -> str | None:
        return f"{span['file']}:{span['line']}" if span else None

    def sided(item_id: str, dropped: bool, o: Any, t: Any, o_where: Any, t_where: Any,
              o_cites: tuple[str, ...] = ()) -> Difference:
        change: Change = "changed" if not dropped else "only-b" if flip else "only-a"
        if flip:
            return Difference("translation", item_id, change, t, o, t_where, o_where, (), o_cites)
        return Difference("translation", item_id, change, o, t, o_where, t_where, o_cites, ())

    found = [sided(f"{d['what']} {d['id']} {d['field']}", False, d["original"], d["translation"],
                   None, line(d.get("span"))) for d in translation["differences"]]
    found += [sided(f"rule {r['id']} not restated", True, r["text"], None, line(r.get("span")), None,
                    tuple(r["cites"])) for r in dropped_rules(original, translation)]
    return found


def render_text(result: Comparison) -> str:
    """The comparison for people, in the style of a unified diff: - first, + second, ~ both."""
    lines = [f"--- {result.a}", f"+++ {result.b}"]
    mark = {"only-a": "-", "only-b": "+", "changed": "~"}
    for d in result.differences:
        head = f"{mark[d.change]} {d.what} {d.id}"
        if d.change == "changed" and d.what == "rule":
            parts = [f"{k}: {d.a[k]!r} → {d.b[k]!r}" for k in ("kind", "params", "phase") if d.a[k] != d.b[k]]
            head += ": " + "; ".join(parts)
        elif d.change == "changed" and d.what == "bean":
            parts = [f"{k}: {d.a[k]!r} → {d.b[k]!r}" for k in d.a if d.a[k] != d.b[k]]
            head += ": " + "; ".join(parts)
        elif d.what == "translation" and d.change == "changed":
            head += f": {result.a} says {d.a!r}, {result.b} says {d.b!r} (an error: a translation says what its original says)"
        elif d.what == "translation":
            head += f" (a warning): {d.a if d.change == 'only-a' else d.b}"
        elif d.change == "changed":
            head += f": {d.a!r} → {d.b!r}"
        else:
            side = d.a if d.change == "only-a" else d.b
            head += f" (only in {result.a if d.change == 'only-a' else result.b})"
            if d.what == "rule":
                head += f": {side['text']}"
        lines.append(head)
        for label, where, cites in ((result.a, d.where_a, d.cites_a), (result.b, d.where_b, d.cites_b)):
            if where or cites:
                lines.append(f"    {label}: {where or ''}" + (f" — {'; '.join(cites)}" if cites else ""))
    same = ", ".join(f"{n} {what}" for what, n in result.same.items())
    verdict = "no differences" if result.identical else f"{len(result.differences)} difference(s)"
    lines.append(f"{verdict}; the same: {same}")
    return "\n".join(lines)
