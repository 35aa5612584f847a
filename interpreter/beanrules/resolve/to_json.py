"""AST pieces to their rule-model JSON form (plain dicts and lists, nothing else)."""
from __future__ import annotations

from typing import Any

from ..diagnostics import Span
from ..syntax.ast import Ability, Bean, Provenance, Rule, Text


def span_json(span: Span | None) -> dict | None:
    return span.to_json() if span else None


def provenance_json(provenance: Provenance) -> dict[str, Any]:
    return {
        # "gloss" only where the spec gives one, so models without glosses keep their form
        "citations": [{"source": c.source.name, "where": c.where, "quote": c.quote,
                       **({"gloss": c.gloss} if c.gloss else {})}
                      for c in provenance.citations],
        "assumed": provenance.assumed,
    }


def text_json(text: Text) -> dict[str, Any]:
    return {"text": text.text, "provenance": provenance_json(text.provenance)}


def contradictions_json(item: Rule | Bean) -> list[dict[str, Any]]:
    """What the sources say against a rule or bean, or why its value departs from its quote."""
    return [{"kind": c.kind, "reason": c.reason, "citations": provenance_json(c.provenance)["citations"],
             "span": span_json(c.span)} for c in item.contradictions]


def default_rule_id(rule: Rule) -> str:
    """A rule's id when the spec gives none: its kind, plus what tells same-kind rules apart."""
    if rule.kind in ("zone", "untradeable", "plant-pending"):
        return f"{rule.kind}-{rule.params['zone']}"
    if rule.kind == "zone-of-kind":  # the same id as a standard zone's declaration
        return f"zone-{rule.params['zone']}"
    if rule.kind == "permit-zone":
        return f"{rule.params['action']}-{rule.params['zone']}"
    return rule.kind


def rule_json(rule: Rule, rule_id: str, origin: str) -> dict[str, Any]:
    return {
        "id": rule_id,
        "kind": rule.kind,
        "section": rule.section,
        "phase": rule.phase,
        "params": rule.params,
        "text": rule.text,
        "says": {t.language: t.text for t in rule.says},
        "notes": [text_json(n) for n in rule.notes],
        "provenance": provenance_json(rule.provenance),
        "span": span_json(rule.span),
        "origin": origin,
        **({"contradictions": contradictions_json(rule)} if rule.contradictions else {}),
    }


def beanometer_json(steps: tuple[int | None, ...] | None) -> list[dict[str, int]]:
    """``3 5 7 8`` to [{cards: 3, coins: 1}, …]; a '-' step pays nothing and is left out."""
    if not steps:
        return []
    return [{"cards": cards, "coins": coins}
            for coins, cards in enumerate(steps, start=1) if cards is not None]


def ability_json(ability: Ability) -> dict[str, Any]:
    return {"id": ability.id, "title": ability.title, "triggers": list(ability.triggers),
            "effects": list(ability.effects), "provenance": provenance_json(ability.provenance),
            "span": span_json(ability.span)}


def bean_json(bean: Bean, language: str, origin: str) -> dict[str, Any]:
    names = {}
    if bean.title:
        names[language] = bean.title
    names.update({t.language: t.text for t in bean.names})
    return {
        "id": bean.id,
        "names": names,
        "count": bean.count,
        "beanometer": beanometer_json(bean.beanometer),
        "plantable": bean.plantable,
        "text": bean.text.text if bean.text else None,
        "abilities": [ability_json(a) for a in bean.abilities],
        "notes": [text_json(n) for n in bean.notes],
        "provenance": provenance_json(bean.provenance),
        "span": span_json(bean.span),
        "origin": origin,
        **({"contradictions": contradictions_json(bean)} if bean.contradictions else {}),
        # only where a card says so, so that models without such cards keep their hash
        **({"plays_as": bean.plays_as.bean.name} if bean.plays_as else {}),
    }
