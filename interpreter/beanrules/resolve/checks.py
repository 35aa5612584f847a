"""Resolver checks on a composed model: names resolve, player counts are covered,
every clause says where it comes from, beanometers make sense.

Each check reads the spec's AST (for exact spans) and the composed model (for what is
visible through ``extends``), and returns diagnostics; none of them changes anything.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..syntax.ast import Bean, Citation, Phase, Provenance, Rule, Spec

# Kinds whose by-player value must cover every player count the rulebook allows.
_MUST_COVER = {("fields", "count"), ("deal", "count"), ("end-on-exhaustion", "count"),
               ("use-beans", "beans"), ("draw", "count"), ("buy-field", "cost")}


def _items(spec: Spec) -> Iterator[Bean | Rule | Phase]:
    for item in spec.items:
        yield item
        if isinstance(item, Phase):
            yield from item.entries


def _citations(spec: Spec) -> Iterator[Citation]:
    for citation in spec.header.provenance.citations:
        yield citation
    for note in spec.header.notes:
        yield from note.provenance.citations
    for item in _items(spec):
        provenance: Provenance | None = getattr(item, "provenance", None)
        if provenance:
            yield from provenance.citations
        for text in getattr(item, "names", ()) + getattr(item, "says", ()) + getattr(item, "notes", ()):
            yield from text.provenance.citations
        for ability in getattr(item, "abilities", ()):
            yield from ability.provenance.citations
        plays_as = getattr(item, "plays_as", None)
        if plays_as:
            yield from plays_as.provenance.citations
        for contradiction in getattr(item, "contradictions", ()):
            yield from contradiction.provenance.citations


def check(spec: Spec, model: dict[str, Any], reopened: set[str] = frozenset()) -> list[Diagnostic]:
    """All checks; ``reopened`` names base phases this spec only adds rules to."""
    out: list[Diagnostic] = []
    out += check_sources(spec, model)
    out += check_refs(spec, model)
    out += check_provenance(spec, reopened)
    out += check_players(spec, model)
    out += check_beans(spec)
    return out


def check_sources(spec: Spec, model: dict[str, Any]) -> list[Diagnostic]:
    known = list(model["sources"])
    return [Diagnostic("error", "unknown-source", f"unknown source '{c.source.name}'", c.source.span,
                       suggestion=did_you_mean(c.source.name, known) or
                       ("declare it in the header: source NAME \"Title\"" if not known else
                        "known sources: " + ", ".join(known)))
            for c in _citations(spec) if c.source.name not in model["sources"]]


def check_refs(spec: Spec, model: dict[str, Any]) -> list[Diagnostic]:
    beans = [b["id"] for b in model["beans"]]
    phases = [p["id"] for p in model["phases"]]
    out = []
    for item in _items(spec):
        for ref in getattr(item, "refs", ()):
            pool = beans if ref.kind == "bean" else phases
            if ref.name not in pool:
                out.append(Diagnostic("error", f"unknown-{ref.kind}", f"unknown {ref.kind} '{ref.name}'",
                                      ref.span, suggestion=did_you_mean(ref.name, pool)))
        if isinstance(item, Bean) and item.plays_as:
            out += _plays_as(item, model)
    return out


def _plays_as(bean: Bean, model: dict[str, Any]) -> list[Diagnostic]:
    """``plays as BEAN`` names a bean of the model that plays as itself (one step: a card is
    never a bean type through another card), not the card itself, and is cited or assumed."""
    ref = bean.plays_as.bean
    known = {b["id"]: b for b in model["beans"]}
    plain = [i for i, b in known.items() if not b.get("plays_as")]
    out = []
    if ref.name not in known:
        out.append(Diagnostic("error", "unknown-bean", f"unknown bean '{ref.name}'", ref.span,
                              suggestion=did_you_mean(ref.name, plain)))
    elif ref.name == bean.id or known[ref.name].get("plays_as"):
        out.append(Diagnostic("error", "plays-as-card", f"card '{bean.id}' plays as '{ref.name}', "
                              "which is not a bean type of its own", ref.span,
                              suggestion=did_you_mean(ref.name, [i for i in plain if i != bean.id])))
    provenance = bean.plays_as.provenance
    if not (provenance.citations or provenance.assumed):
        out.append(Diagnostic("error", "unsourced", f"'plays as {ref.name}' of card '{bean.id}' cites no "
                              "source and is not marked assumed", bean.plays_as.span,
                              suggestion='add § SOURCE "where" after it, or assumed "why"'))
    return out


def check_provenance(spec: Spec, reopened: set[str] = frozenset()) -> list[Diagnostic]:
    """Everything a spec states cites a source or says why it is assumed."""
    out = []
    for item in _items(spec):
        if isinstance(item, Phase) and item.id in reopened:
            continue
        provenance = getattr(item, "provenance", None)
        if provenance is None or provenance.citations or provenance.assumed:
            continue
        if isinstance(item, Rule) and item.kind == "note":
            continue
        label = (f"bean '{item.id}'" if isinstance(item, Bean) else
                 f"phase '{item.id}'" if isinstance(item, Phase) else
                 f"rule '{item.id or item.kind}'" if isinstance(item, Rule) else None)
        if label is None:
            continue
        out.append(Diagnostic("error", "unsourced", f"{label} cites no source and is not marked assumed",
                              item.span, suggestion='add § SOURCE "where" after it, or assumed "why"'))
    return out


def _rule_span(spec: Spec, rule_id: str) -> Span | None:
    for item in _items(spec):
        if isinstance(item, Rule) and (item.id == rule_id or (item.id is None and item.kind == rule_id)):
            return item.span
    return None


def check_players(spec: Spec, model: dict[str, Any]) -> list[Diagnostic]:
    players = [r for r in model["rules"] if r["kind"] == "players"]
    if not players:
        return [Diagnostic("error", "no-players", "the rulebook never says how many may play",
                           spec.header.span, suggestion="add a rule such as: players 3 to 5")]
    low, high = players[0]["params"]["min"], players[0]["params"]["max"]
    model["players"] = {"min": low, "max": high}
    out = []
    if low > high or low < 1:
        out.append(Diagnostic("error", "bad-players", f"'players {low} to {high}' is no range of players",
                              _rule_span(spec, players[0]["id"])))
        return out
    for rule in model["rules"]:
        for key, value in rule["params"].items():
            if not (isinstance(value, dict) and "by_players" in value):
                continue
            span = _rule_span(spec, rule["id"])
            if span is None:  # inherited: checked where it was written, unless the range changed
                span = spec.header.span
            out += _check_cases(rule, key, value["by_players"], low, high, span)
    return out


def _check_cases(rule: dict, key: str, cases: list[dict], low: int, high: int, span: Span) -> list[Diagnostic]:
    out = []
    seen: dict[int, int] = {}
    otherwise = any(c["players"] == "otherwise" for c in cases)
    for case in cases:
        if case["players"] in (None, "otherwise"):
            continue
        a, b = case["players"]
        if a > b:
            out.append(Diagnostic("error", "bad-players", f"rule '{rule['id']}': '{a} to {b} players' is an empty range", span))
        outside = [n for n in range(a, b + 1) if n < low or n > high]
        if outside:
            out.append(Diagnostic("error", "players-out-of-range",
                                  f"rule '{rule['id']}' has a case for {_counts(outside)} players, "
                                  f"but the rulebook is for {low} to {high}", span))
        twice = [n for n in range(a, b + 1) if n in seen]
        if twice:
            out.append(Diagnostic("error", "players-overlap",
                                  f"rule '{rule['id']}' gives two values for {_counts(twice)} players", span))
        seen.update({n: 1 for n in range(a, b + 1)})
    plain = [c for c in cases if c["players"] is None]
    if plain and len(cases) > 1:
        out.append(Diagnostic("error", "players-ambiguous",
                              f"rule '{rule['id']}' mixes a value for every player count with values for some; "
                              "write 'otherwise' after the general one", span))
    if (rule["kind"], key) in _MUST_COVER and not otherwise and not plain:
        missing = [n for n in range(low, high + 1) if n not in seen]
        if missing:
            out.append(Diagnostic("error", "players-uncovered",
                                  f"rule '{rule['id']}' says nothing for {_counts(missing)} players",
                                  span, suggestion="add a case 'with N players' or one marked 'otherwise'"))
    return out


def _counts(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def check_beans(spec: Spec) -> list[Diagnostic]:
    out = []
    for item in _items(spec):
        if not isinstance(item, Bean):
            continue
        if item.count is not None and item.count < 1:
            out.append(Diagnostic("error", "bad-count", f"bean '{item.id}' has {item.count} cards", item.span))
        steps = [s for s in (item.beanometer or ()) if s is not None]
        if item.beanometer and len(item.beanometer) > 5:
            out.append(Diagnostic("error", "bad-beanometer",
                                  f"bean '{item.id}': a beanometer has at most 5 steps, this one has {len(item.beanometer)}",
                                  item.span))
        if any(b <= a for a, b in zip(steps, steps[1:])):
            out.append(Diagnostic("error", "bad-beanometer",
                                  f"bean '{item.id}': beanometer steps must grow ({' '.join(map(str, steps))})",
                                  item.span, suggestion="each step lists the cards needed for one more coin"))
        if any(s == 0 for s in steps):
            out.append(Diagnostic("error", "bad-beanometer", f"bean '{item.id}': a step of 0 cards", item.span))
    return out

