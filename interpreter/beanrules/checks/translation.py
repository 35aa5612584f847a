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
from ..resolve.loader import locate

DIFFERS = "translation-differs"
DROPPED = "translation-drops"


def dropped_rules(original: dict[str, Any], translation: dict[str, Any]) -> list[dict[str, Any]]:
    """Rules the original takes from the translation's own text (it cites a source in the
    translation's language) that the translation does not restate: restating a rule adds its
    citations (and mostly its wording) to the translation's copy, so an untouched copy was dropped."""
    language = translation["language"]
    own_sources = {sid for sid, s in original["sources"].items() if s.get("language") == language}
    copies = {r["id"]: r for r in translation["rules"]}
    out = []
    for rule in original["rules"]:
        cited = [c for c in rule["provenance"]["citations"] if c["source"] in own_sources]
        copy = copies.get(rule["id"])
        if rule["kind"] == "note" or not cited or copy is None:
            continue
        if copy["provenance"]["citations"] == rule["provenance"]["citations"] and language not in copy["says"]:
            out.append({"id": rule["id"], "text": rule["text"], "span": rule["span"],
                        "cites": [f"{c['source']}: {c['where']}" for c in cited]})
    return out


def original_of(spec: str, model: dict[str, Any]) -> dict[str, Any] | None:
    """The rule model a translation translates, found beside it or among the shipped specs."""
    from ..diagnostics import SpecError
    from ..resolve.compiler import compile_spec
    if not model.get("translates"):
        return None
    spec_file, _ = locate(spec)
    base, _ = locate(model["translates"], near=spec_file.path.parent if spec_file else None)
    try:
        return compile_spec(str(base.path)) if base else None
    except SpecError:
        return None


def review(spec: str, model: dict[str, Any], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A compiled spec's diagnostics as `check` and `verify` judge them: a restated value that
    differs is an error; a dropped rule is a warning."""
    out = [replace(d, severity="error") if d.code == DIFFERS else d for d in diagnostics]
    original = original_of(spec, model)
    for rule in dropped_rules(original, model) if original else []:
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
