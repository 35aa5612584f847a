"""Composition: a spec's items applied to an empty model or to its base's model.

``extends`` adds, replaces (``replace``) and removes (``remove``) named beans, rules and
phases of the base. ``translates`` may only restate what the original says: names and texts
are taken over, and every restated value that differs from the original is recorded in the
model's ``differences`` (and reported as a warning), never silently harmonised.
"""
from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, Span, did_you_mean
from ..model.copying import copy_model
from ..syntax.ast import Bean, Phase, Removal, Rule, Spec
from .citations import spec_citations
from .to_json import bean_json, contradictions_json, default_rule_id, provenance_json, rule_json, span_json

FORMAT = "beanrules-rule-model/1"


def empty_model(spec: Spec) -> dict[str, Any]:
    header = spec.header
    return {
        "format": FORMAT,
        "rulebook": header.name,
        "title": header.title or header.name,
        "language": header.language or "en",
        "extends": None,
        "translates": None,
        "lineage": [],
        "sources": {},
        "players": None,
        "beans": [],
        "phases": [],
        "rules": [],
        "notes": [],
        "differences": [],
        "citations": [],
    }


def start_model(spec: Spec, base: dict[str, Any] | None) -> dict[str, Any]:
    """The model a spec's items apply to: empty, or a copy of its base with this header."""
    header = spec.header
    if base is None:
        model = empty_model(spec)
    else:
        model = copy_model(base)  # a kept base: loaded from its bytes (model/copying.py)
        model["rulebook"] = header.name
        model["title"] = header.title or base["title"]
        model["language"] = header.language or base["language"]
        model["differences"] = []
        if header.extends:
            model["extends"], model["translates"] = header.extends.name, None
        else:
            model["extends"], model["translates"] = None, header.translates.name
    model["lineage"] = model["lineage"] + [header.name]
    for source in header.sources:
        model["sources"][source.id] = {"title": source.title, "file": source.file,
                                       "language": source.language}
    model["citations"] = model.get("citations", []) + spec_citations(spec)
    model["notes"] = model["notes"] + [
        {"text": n.text, "provenance": provenance_json(n.provenance), "span": span_json(n.span),
         "origin": header.name} for n in header.notes]
    return model


class Composer:
    """Applies one spec's items to a model, collecting diagnostics."""

    def __init__(self, spec: Spec, model: dict[str, Any], mode: str):
        self.spec = spec
        self.model = model
        self.mode = mode  # "fresh", "extends" or "translates"
        self.origin = spec.header.name
        self.diagnostics: list[Diagnostic] = []
        self.defined_here: dict[str, Span] = {}  # rule and bean ids this spec defines
        self.reopened: set[str] = set()  # phases of the base this spec only adds rules to

    def error(self, code: str, message: str, span: Span | None, suggestion: str | None = None) -> None:
        self.diagnostics.append(Diagnostic("error", code, message, span, suggestion=suggestion))

    # ------------------------------------------------------------ lookups
    def rule_index(self, rule_id: str) -> int | None:
        return next((i for i, r in enumerate(self.model["rules"]) if r["id"] == rule_id), None)

    def bean_index(self, bean_id: str) -> int | None:
        return next((i for i, b in enumerate(self.model["beans"]) if b["id"] == bean_id), None)

    def phase_index(self, phase_id: str) -> int | None:
        return next((i for i, p in enumerate(self.model["phases"]) if p["id"] == phase_id), None)

    # ------------------------------------------------------------ items
    def apply(self) -> None:
        for item in self.spec.items:
            if isinstance(item, Phase):
                self.phase(item)
            else:
                self.entry(item, phase=None)

    def entry(self, item: Bean | Rule | Removal, phase: str | None) -> None:
        if isinstance(item, Bean):
            self.bean(item)
        elif isinstance(item, Rule):
            self.rule(item, phase)
        else:
            self.removal(item)

    def _first_definition(self, key: str, span: Span, what: str) -> bool:
        if key in self.defined_here:
            first = self.defined_here[key]
            self.error("duplicate-id", f"{what} is defined twice (first at line {first.line})", span,
                       "give one of them its own id: rule NAME: …" if what.startswith("rule") else None)
            return False
        self.defined_here[key] = span
        return True

    def bean(self, bean: Bean) -> None:
        if not self._first_definition("bean:" + bean.id, bean.id_span, f"bean '{bean.id}'"):
            return
        index = self.bean_index(bean.id)
        if self.mode == "translates":
            self.restate_bean(bean, index)
            return
        if bean.count is None:
            self.error("no-count", f"bean '{bean.id}' needs its number of cards", bean.id_span,
                       f"write it after the name: bean {bean.id} \"Name\" 10")
            return
        new = bean_json(bean, self.model["language"], self.origin)
        if index is None:
            if bean.replace:
                self.error("nothing-to-replace", f"cannot replace bean '{bean.id}': the base has no such bean",
                           bean.id_span, did_you_mean(bean.id, [b["id"] for b in self.model["beans"]]))
            self.model["beans"].append(new)
        elif bean.replace or self.mode == "fresh":
            self.model["beans"][index] = new
        else:
            self.error("already-defined", f"bean '{bean.id}' already exists in {self.model['extends']}",
                       bean.id_span, f"write 'replace bean {bean.id} …' to change it")

    def rule(self, rule: Rule, phase: str | None) -> None:
        rule_id = rule.id or default_rule_id(rule)
        where = rule.id_span or rule.span
        if not self._first_definition("rule:" + rule_id, where, f"rule '{rule_id}'"):
            return
        index = self.rule_index(rule_id)
        if self.mode == "translates":
            self.restate_rule(rule, rule_id, index)
            return
        new = rule_json(rule, rule_id, self.origin)
        if index is None:
            if rule.replace:
                self.error("nothing-to-replace", f"cannot replace rule '{rule_id}': the base has no such rule",
                           where, did_you_mean(rule_id, [r["id"] for r in self.model["rules"]]))
            self.model["rules"].append(new)
            if phase is not None:
                self.model["phases"][self.phase_index(phase)]["rules"].append(rule_id)
        elif rule.replace:
            old = self.model["rules"][index]
            if phase is None and old["phase"] is not None:
                new["phase"] = old["phase"]
            self.model["rules"][index] = new
            if phase is not None and old["phase"] != phase:
                self._unlink(rule_id)
                self.model["phases"][self.phase_index(phase)]["rules"].append(rule_id)
        else:
            self.error("already-defined", f"rule '{rule_id}' already exists in {self.model['extends']}",
                       where, f"write 'replace {rule_id}: …' to change it, or give this rule its own id")

    def _unlink(self, rule_id: str) -> None:
        for phase in self.model["phases"]:
            if rule_id in phase["rules"]:
                phase["rules"].remove(rule_id)

    def removal(self, removal: Removal) -> None:
        if self.mode != "extends":
            self.error("remove-outside-extends", f"'remove {removal.what}' only makes sense in a spec "
                       "that extends another", removal.span)
            return
        if removal.what in ("bean", "card"):
            index = self.bean_index(removal.id)
            pool = [b["id"] for b in self.model["beans"]]
            if index is not None:
                del self.model["beans"][index]
                return
        elif removal.what == "phase":
            index = self.phase_index(removal.id)
            pool = [p["id"] for p in self.model["phases"]]
            if index is not None:
                for rule_id in self.model["phases"][index]["rules"]:
                    self.model["rules"] = [r for r in self.model["rules"] if r["id"] != rule_id]
                del self.model["phases"][index]
                return
        else:
            index = self.rule_index(removal.id)
            pool = [r["id"] for r in self.model["rules"]]
            if index is not None:
                self._unlink(removal.id)
                del self.model["rules"][index]
                return
        self.error("nothing-to-remove", f"cannot remove {removal.what} '{removal.id}': "
                   f"{self.model['extends']} has no such {removal.what}", removal.id_span,
                   did_you_mean(removal.id, pool))

    def phase(self, phase: Phase) -> None:
        if not self._first_definition("phase:" + phase.id, phase.id_span, f"phase '{phase.id}'"):
            return
        index = self.phase_index(phase.id)
        record = {"id": phase.id, "title": phase.title, "rules": [],
                  "provenance": provenance_json(phase.provenance), "span": span_json(phase.span),
                  "origin": self.origin}
        if self.mode == "translates":
            if index is None:
                self.error("not-in-original", f"phase '{phase.id}' is not in {self.model['translates']}: "
                           "a translation can only restate the original's phases", phase.id_span,
                           did_you_mean(phase.id, [p["id"] for p in self.model["phases"]]))
                return
            self.reopened.add(phase.id)
            target = self.model["phases"][index]
            if phase.title:
                target.setdefault("titles", {})[self.model["language"]] = phase.title
            for entry in phase.entries:
                self.entry(entry, phase.id)
            return
        if phase.verb == "replace":
            if index is None:
                self.error("nothing-to-replace", f"cannot replace phase '{phase.id}': the base has no such phase",
                           phase.id_span, did_you_mean(phase.id, [p["id"] for p in self.model["phases"]]))
                return
            for rule_id in self.model["phases"][index]["rules"]:
                self.model["rules"] = [r for r in self.model["rules"] if r["id"] != rule_id]
            self.model["phases"][index] = record
        elif index is not None and phase.verb == "add":
            self.error("already-defined", f"phase '{phase.id}' already exists", phase.id_span,
                       f"write 'phase {phase.id}' to add rules to it, or 'replace phase {phase.id}'")
            return
        elif index is not None:
            self.reopened.add(phase.id)
            if phase.title:
                self.model["phases"][index]["title"] = phase.title
        else:
            position = len(self.model["phases"])
            if phase.placement is not None:
                where, target = phase.placement
                target_index = self.phase_index(target.name)
                if target_index is None:
                    self.error("unknown-phase", f"unknown phase '{target.name}'", target.span,
                               did_you_mean(target.name, [p["id"] for p in self.model["phases"]]))
                else:
                    position = target_index + (1 if where == "after" else 0)
            self.model["phases"].insert(position, record)
        for entry in phase.entries:
            self.entry(entry, phase.id)

    # ------------------------------------------------------------ translations
    def restate_bean(self, bean: Bean, index: int | None) -> None:
        if index is None:
            self.error("not-in-original", f"bean '{bean.id}' is not in {self.model['translates']}: "
                       "a translation can only restate the original's beans", bean.id_span,
                       did_you_mean(bean.id, [b["id"] for b in self.model["beans"]]))
            return
        target = self.model["beans"][index]
        restated = bean_json(bean, self.model["language"], self.origin)
        for key in ("count", "beanometer"):
            if restated[key] not in (None, []) and restated[key] != target[key]:
                self.differ("bean", bean.id, key, target[key], restated[key], bean.span)
        target["names"].update(restated["names"])
        if bean.contradictions:
            target["contradictions"] = target.get("contradictions", []) + contradictions_json(bean)
        target["provenance"]["citations"] += restated["provenance"]["citations"]

    def restate_rule(self, rule: Rule, rule_id: str, index: int | None) -> None:
        where = rule.id_span or rule.span
        if index is None:
            self.error("not-in-original", f"rule '{rule_id}' is not in {self.model['translates']}: "
                       "a translation can only restate the original's rules", where,
                       did_you_mean(rule_id, [r["id"] for r in self.model["rules"]]))
            return
        target = self.model["rules"][index]
        if rule.kind != "note":
            if rule.kind != target["kind"]:
                self.differ("rule", rule_id, "kind", target["kind"], rule.kind, rule.span)
            elif rule.params != target["params"]:
                self.differ("rule", rule_id, "params", target["params"], rule.params, rule.span)
        target["says"].update({t.language: t.text for t in rule.says})
        if rule.contradictions:  # a translation may record what its own text says against it
            target["contradictions"] = target.get("contradictions", []) + contradictions_json(rule)
        target["provenance"]["citations"] += provenance_json(rule.provenance)["citations"]
        target["notes"] += [{"text": n.text, "provenance": provenance_json(n.provenance)} for n in rule.notes]

    def differ(self, what: str, item_id: str, key: str, original: Any, restated: Any, span: Span) -> None:
        self.model["differences"].append({"what": what, "id": item_id, "field": key,
                                          "original": original, "translation": restated,
                                          "span": span_json(span)})
        self.diagnostics.append(Diagnostic(
            "warning", "translation-differs",
            f"{what} '{item_id}': the translation says {key} {restated!r}, "
            f"{self.model['translates']} says {original!r}", span))
