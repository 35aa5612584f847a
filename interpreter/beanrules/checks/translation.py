"""A translation must say what its original says.

Composition records every value a translation restates differently (``differences`` in its
rule model); here such a difference becomes an error, never a warning the model then ignores.
A rule the original takes from the translation's own text (it cites a source in the
translation's language) but the translation does not restate is *dropped*: a warning.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..diagnostics import Diagnostic, Span
from ..resolve.loader import locate, read_spec
from ..resolve.to_json import default_rule_id
from ..syntax.ast import Bean, Phase, Rule

DIFFERS = "translation-differs"
DROPPED = "translation-drops"


def restated(spec: str) -> tuple[set[str], set[str]] | None:
    """(rule ids, bean ids) a translation spec restates, read from its file."""
    spec_file, _ = locate(spec)
    parsed = read_spec(spec_file)[0] if spec_file else None
    if parsed is None:
        return None
    rules: set[str] = set()
    beans: set[str] = set()
    for item in parsed.items:
        for entry in item.entries if isinstance(item, Phase) else (item,):
            if isinstance(entry, Rule):
                rules.add(entry.id or default_rule_id(entry))
            elif isinstance(entry, Bean):
                beans.add(entry.id)
    return rules, beans


def dropped_rules(spec: str, model: dict[str, Any]) -> list[dict[str, Any]]:
    """Rules of the original that cite the translation's own text yet are not restated."""
    if not model.get("translates"):
        return []
    found = restated(spec)
    if found is None:
        return []
    rules, _ = found
    language = model["language"]
    own_sources = {sid for sid, s in model["sources"].items() if s.get("language") == language}
    out = []
    for rule in model["rules"]:
        cited = [c for c in rule["provenance"]["citations"] if c["source"] in own_sources]
        if rule["kind"] != "note" and cited and rule["id"] not in rules:
            out.append({"id": rule["id"], "text": rule["text"], "cites": [f"{c['source']}: {c['where']}" for c in cited],
                        "span": rule["span"]})
    return out


def review(spec: str, model: dict[str, Any], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A compiled spec's diagnostics as `check` and `verify` judge them: a restated value that
    differs is an error; a dropped rule is a warning."""
    out = [replace(d, severity="error") if d.code == DIFFERS else d for d in diagnostics]
    for rule in dropped_rules(spec, model):
        span = rule["span"]
        out.append(Diagnostic(
            "warning", DROPPED,
            f"rule '{rule['id']}' ({rule['text']}) is stated by the {model['language']} text "
            f"({'; '.join(rule['cites'])}) in {model['translates']}, but this translation does not restate it",
            Span(**span) if span else None,
            suggestion=f"restate it in {spec}: {rule['text']}, with its says {model['language']} \"…\""))
    return out


def differences(model: dict[str, Any]) -> list[dict[str, Any]]:
    """The values a translation restates differently from its original (from its model)."""
    return list(model.get("differences", []))
