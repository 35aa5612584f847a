"""The consistency report (``beanrules verify --report``): everything the specs record or show
about where the rulebooks disagree, with both citations each time.

1. Within a rulebook: every ``but`` (its text says two things) and ``departs`` (the spec's
   value departs from what its quote states) recorded in a spec.
2. Between rulebooks: rules paired by what they govern (a topic per rule kind, e.g. buying a
   field is ``fields-fixed`` in one book and ``buy-field`` in another), not by the ids authors
   chose; a topic is listed where the rulebooks say different things. A variant appears where
   it changes the topic against its base.
3. Translations: restated values that differ from the original, and rules left out.
4. Every ``assumed`` clause of each spec, wherever it stands (a bean, a rule, a phase, a
   card's text or ability or effect, a note), with what it qualifies and the reason; the
   same whether a spec is given by name or by its path.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..diagnostics import SpecError
from ..paths import specs_dir
from ..resolve.compiler import compile_spec, list_specs
from ..resolve.loader import SpecFile, is_shipped, locate
from .assumptions import file_assumptions

# What a rule kind governs. Kinds that answer the same question in different ways share one.
_TOPICS: dict[str, str] = {
    "players": "how many may play",
    "use-beans": "the beans in play", "remove-beans": "the beans in play",
    "fields": "the fields each player starts with",
    "fields-fixed": "buying a field", "buy-field": "buying a field",
    "start-player": "who starts", "deal": "the deal",
    "hand-order": "the order of the hand", "hand-limit": "the size of the hand",
    "turn-order": "the direction turns pass",
    "one-type-per-field": "what a field may hold", "mixed-fields": "what a field may hold",
    "same-type-many-fields": "one type in two fields", "harvest-to-make-room": "making room to plant",
    "skip-if-hand-empty": "an empty hand in phase 1", "plant-from-hand": "planting from the hand",
    "discard-from-hand": "discarding from the hand", "reveal": "turning cards over",
    "discard-pending": "planting received and turned-over cards",
    "pull-matching": "turning cards over", "plant-pending": "planting received and turned-over cards",
    "draw": "drawing", "draw-one-at-a-time": "drawing", "take-discard-top": "drawing",
    "harvest-any-time": "when a field may be harvested", "harvest-own-turn": "when a field may be harvested",
    "auto-harvest": "when a field may be harvested", "harvest-only-paying": "harvesting a field that pays nothing",
    "whole-field": "harvesting part of a field", "payout": "whose beanometer pays",
    "coin-source": "where coins come from", "protection": "the protection rule",
    "reshuffle": "an empty deck", "coins-out-of-play": "coins and the deck",
    "end-on-exhaustion": "when the game ends", "end-on-target": "when the game ends",
    "end-finish": "finishing the turn when the deck runs out", "final-harvest": "the harvest at the end",
    "hand-score": "hand cards at the end", "winner": "who wins",
    "tie-farthest-seat": "breaking a tie", "tie-most-hand-cards": "breaking a tie", "tie-shared": "breaking a tie",
    "tie-token-holder": "breaking a tie",
}


def topic(rule: dict[str, Any]) -> str:
    """What a rule governs (a zone rule: what is seen of its zone; a trade rule: itself)."""
    if rule["kind"] == "zone":
        return f"what is seen of the {rule['params']['zone']}"
    if rule["kind"] == "untradeable":
        return f"trading {rule['params']['zone']} cards"
    return _TOPICS.get(rule["kind"], f"trading: {rule['kind']}" if "trade" in rule["kind"] else rule["kind"])


def _cites(citations: list[dict[str, Any]], model: dict[str, Any]) -> list[str]:
    out = []
    for c in citations:
        title = model["sources"].get(c["source"], {}).get("title", c["source"])
        out.append(f"{title}, {c['where']}" + (f": “{c['quote']}”" if c.get("quote") else ""))
    return out


def _value(rules: list[dict[str, Any]]) -> str:
    return json.dumps(sorted(json.dumps([r["kind"], r["params"]], sort_keys=True) for r in rules)) if rules else "nothing"


def _contradictions(models: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    out, seen = [], set()
    for name, model in models.items():
        for kind, items in (("bean", model["beans"]), ("rule", model["rules"])):
            for item in items:
                for c in item.get("contradictions", []):
                    # the same contradiction restated by a translation (its gloss aside) is listed once
                    cited = [[x["source"], x["where"], x.get("quote")] for x in c["citations"]]
                    key = (item["id"], c["kind"], c["reason"], json.dumps(cited))
                    if key in seen:
                        continue
                    seen.add(key)
                    first = (c["citations"] or item["provenance"]["citations"] or [{"source": None}])[0]
                    rulebook = model["sources"].get(first["source"], {}).get("title") or model["title"]
                    out.append({"rulebook": rulebook, "spec": name, "what": f"{kind} {item['id']}",
                                "kind": c["kind"], "states": _states(item),
                                "states_cites": _cites(item["provenance"]["citations"], model),
                                "against_cites": _cites(c["citations"], model), "reason": c["reason"],
                                "where": f"{c['span']['file']}:{c['span']['line']}" if c.get("span") else None})
    return out


def _between(models: dict[str, dict[str, Any]], bases: dict[str, str]) -> list[dict[str, Any]]:
    books = {n: m for n, m in models.items() if not m.get("translates")}
    by_topic: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for name, model in books.items():
        for rule in model["rules"]:
            if rule["kind"] != "note":
                by_topic.setdefault(topic(rule), {}).setdefault(name, []).append(rule)
    out = []
    for governs, per_spec in by_topic.items():
        entries = []
        for name, model in books.items():
            rules = per_spec.get(name, [])
            base = bases.get(name)
            if base in books and _value(per_spec.get(base, [])) == _value(rules):
                continue  # a variant is listed only where it changes the topic
            entries.append({"spec": name, "says": "; ".join(r["text"] for r in rules) or "says nothing",
                            "rules": [r["id"] for r in rules], "value": _value(rules),
                            "recorded": sorted({c["kind"] for r in rules for c in r.get("contradictions", [])}),
                            "cites": [c for r in rules for c in _cites(r["provenance"]["citations"], model)]})
        # listed where the books say different things, or one of them records that its text
        # says otherwise (the same value, written down against what the book says)
        if len({e["value"] for e in entries}) > 1 or any(e["recorded"] for e in entries):
            for e in entries:
                del e["value"]
            out.append({"governs": governs, "rulebooks": entries})
    return sorted(out, key=lambda t: t["governs"])


def _translations(models: dict[str, dict[str, Any]], bases: dict[str, str]) -> list[dict[str, Any]]:
    from .translation import dropped_rules
    out = []
    for name, model in models.items():
        original = models.get(bases.get(name, "")) if model.get("translates") else None
        if original is None:
            continue
        out.append({"spec": name, "original": model["translates"],
                    "differs": [{"what": f"{d['what']} {d['id']}", "field": d["field"], "original": d["original"],
                                 "translation": d["translation"]} for d in model["differences"]],
                    "dropped": [{"rule": r["id"], "text": r["text"], "cites": r["cites"]}
                                for r in dropped_rules(original, model)]})
    return out


def _states(item: dict[str, Any]) -> str:
    """A rule's wording, or a bean's cards and beanometer."""
    if "text" in item and isinstance(item["text"], str) and "kind" in item:
        return item["text"]
    meter = " ".join(f"{step['cards']}:{step['coins']}" for step in item.get("beanometer", []))
    return f"{item['count']} cards, beanometer (cards:coins) {meter}"


def _assumed(files: dict[str, SpecFile]) -> list[dict[str, Any]]:
    """Every ``assumed`` clause each spec's own file writes (checks/assumptions.py): on a bean
    or rule, and on a card's text, an ability and its effects, a phase, a note."""
    out = []
    for name, spec_file in files.items():
        out += [{"spec": name, "what": a.what, "states": a.states, "reason": a.reason,
                 "where": f"{a.file}:{a.line}"} for a in file_assumptions(spec_file, name)]
    return out


def _spec_file(name: str, near: Path | None = None) -> tuple[str, SpecFile | None]:
    """A spec's file, and the name the report gives it: a shipped spec by its name, also when
    given by its path (so that the two give the same report), any other file by its path."""
    spec_file, _ = locate(name, near=near)
    if spec_file is None:
        return name, None
    if is_shipped(spec_file.name) and (specs_dir() / f"{spec_file.name}.bean").resolve() == spec_file.path.resolve():
        return spec_file.name, spec_file
    return (name if near is None else spec_file.display), spec_file


def consistency_report(specs: list[str] | None = None) -> dict[str, Any]:
    """The report over the given specs (default: every shipped spec). The bases of a variant
    or translation (its base, and that one's base in turn) are compiled too, so that they can be
    compared and their assumptions listed."""
    files: dict[str, SpecFile | None] = dict(_spec_file(name) for name in specs) if specs else \
        {name: _spec_file(name)[1] for name in list_specs()}
    models = {name: compile_spec(str(f.path) if f is not None and not is_shipped(name) else name)
              for name, f in files.items()}
    bases: dict[str, str] = {}  # a variant's name to the name its base has in the report
    queue = list(models)
    while queue:  # the base of each spec, and its base in turn
        name = queue.pop(0)
        for base in (models[name].get("extends"), models[name].get("translates")):
            if not base:
                continue
            spec_file = files[name]
            key, base_file = _spec_file(base, near=spec_file.path.parent if spec_file else None)
            if base_file is None:
                continue
            try:
                if key not in models:
                    models[key] = compile_spec(key if is_shipped(key) else str(base_file.path))
                    files[key] = base_file
                    queue.append(key)
                bases[name] = key
            except SpecError:  # reported when that spec is given itself
                pass
    models = {n: models[n] for n in sorted(models)}
    return {"specs": list(models), "within": _contradictions(models),
            "between": _between(models, {n: b for n, b in bases.items() if models[n].get("extends")}),
            "translations": _translations(models, bases),
            "assumed": _assumed({n: f for n, f in sorted(files.items()) if f is not None})}


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a '|' of the spec's own (`a | b`) would split the cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def render_report(report: dict[str, Any]) -> str:
    """The report as Markdown (readable in a terminal, and the docs page)."""
    out = ["# Consistency report", "",
           f"Over {len(report['specs'])} specs: {', '.join(f'`{s}`' for s in report['specs'])}.", "",
           f"- {len(report['within'])} contradictions within a rulebook, recorded in the specs",
           f"- {len(report['between'])} questions the rulebooks answer differently",
           f"- {sum(len(t['differs']) + len(t['dropped']) for t in report['translations'])} translation differences",
           f"- {len(report['assumed'])} assumed values (every `assumed` clause of the specs)", "",
           "## Within a rulebook", "",
           "Where a rulebook says two things (`but`), or a spec's value departs from its own quote (`departs`).", ""]
    for c in report["within"]:
        out += [f"### {c['rulebook']}: {c['what']} ({c['kind']})", "",
                f"- the spec (`{c['spec']}`) says: {c['states']} — " + ("; ".join(c["states_cites"]) or "uncited")]
        if c["reason"]:
            out.append(f"- it departs: {c['reason']}")
        out += [f"- but the rulebook also says: {'; '.join(c['against_cites'])}" if c["kind"] == "but" else
                f"- from what the rulebook says: {'; '.join(c['against_cites']) or 'the quote above'}", ""]
    out += ["## Between rulebooks", "",
            "Rules paired by what they govern, not by their ids; a variant is listed where it changes "
            "what its base says.", ""]
    for t in report["between"]:
        out += [f"### {t['governs'].capitalize()}", "", "| spec | says | cites |", "|---|---|---|"]
        out += [f"| `{e['spec']}` | {e['says']}"
                + "".join(f" (see {kind} above)" for kind in e["recorded"])
                + f" | {'; '.join(e['cites']) or '–'} |".replace("\n", " ") for e in t["rulebooks"]]
        out.append("")
    out += ["## Translations", ""]
    for t in report["translations"]:
        if not t["differs"] and not t["dropped"]:
            out.append(f"- `{t['spec']}` says what `{t['original']}` says: no value differs, no rule left out.")
        for d in t["differs"]:
            out.append(f"- `{t['spec']}`: {d['what']} {d['field']} is {d['translation']!r}, "
                       f"`{t['original']}` says {d['original']!r} (an error)")
        for d in t["dropped"]:
            out.append(f"- `{t['spec']}` does not restate rule `{d['rule']}` ({d['text']}), which its "
                       f"text states ({'; '.join(d['cites'])}) (a warning)")
    out += ["", "## Assumed values", "",
            "Every `assumed` clause, with what it is written on and what that states.", "",
            "| spec | line | what | value | why |", "|---|---|---|---|---|"]
    out += [f"| `{a['spec']}` | {a['where'].rpartition(':')[2]} | {a['what']} | {_cell(a['states'])} | {_cell(a['reason'])} |"
            for a in report["assumed"]]
    return "\n".join(out) + "\n"
