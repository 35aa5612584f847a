"""A rulebook page per spec, generated from its compiled rule model so it reads as a rulebook.

A variant's page opens with what changes from its base; every page then with the rules in brief
(:mod:`.brief`), the whole game in play order, each line linked to its rule's entry. The rules in
full follow the order of a printed rulebook: the goal, what the game contains, setup, the turn
phase by phase (numbered as the rulebook numbers them), planting, harvesting with the beanometer
explained on a worked harvest, the deck, the end, special cards (what each ability does and when
it is used); then worked examples told from the conformance cases, the sources and the
assumptions. Every sentence about a rule comes from :mod:`.english`; every rule has a stable
anchor ``#rule-ID``, its name on a line of its own, and, folded under it, its citations with the
quoted words (and their English gloss), its ``.bean`` line (linked to the spec's source page),
the cases that exercise it, and whether it is assumed and why. Where the sources disagree, the
rule says so in the open, and which passage the spec follows.
"""
from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass, field
from typing import Any

from ..checks.assumptions import Assumption, assumptions_in_force
from ..resolve.loader import is_shipped
from ..wording import plural
from .brief import ability_effect, ability_when, acts_by_itself, joined, needs_effect, phase_heading, rules_in_brief
from .english import ENGLISH, Context, explain, listing
from .meter import meter_cells, meter_width
from .links import up
from .stories import Story, render_story

# Where each section's rules go on the page, in the order a rulebook tells them.
SECTION_TITLES = {"setup": "Setup", "planting": "Planting", "trading": "Trading",
                  "harvesting": "Harvesting and the beanometer", "deck": "The deck",
                  "end": "The end of the game", "scoring": "The end of the game",
                  "rules": "Other rules", "cards": "Special cards"}
SECTION_ORDER = ["setup", "turn", "planting", "trading", "harvesting", "deck", "end", "cards", "rules"]


@dataclass(frozen=True)
class PageInputs:
    """What a page shows besides its own model (all optional, so a bare model renders too)."""

    cases_by_rule: dict[str, list[str]] = field(default_factory=dict)  # rule id -> case ids naming it
    base: dict[str, Any] | None = None       # the compiled model the spec extends
    stories: tuple[Story, ...] = ()          # worked examples from the conformance cases
    has_cases_page: bool = True
    source_pages: frozenset[str] = frozenset()  # spec names that have a source page
    figure: str | None = None   # Markdown showing the simulation figure, relative to the page
    assumptions: tuple[Assumption, ...] | None = None  # None: read from the spec's files


def rule_anchor(rule_id: str) -> str:
    return f"rule-{rule_id}"


def rulebook_page(spec: str, from_spec: str) -> str:
    """Relative link from the rulebook page of ``from_spec`` to that of ``spec``."""
    return f"{up(from_spec)}rulebooks/{spec}.md"


def source_page(spec: str, from_spec: str) -> str:
    return f"{up(from_spec)}source/{spec}.md"


def cases_page(spec: str) -> str:
    """Where a rulebook's conformance page lies, relative to its reference page."""
    return up(spec) + f"cases/{spec}.md"


def title_of(rule_id: str) -> str:
    return rule_id.replace("-", " ").capitalize()


def rule_title(rule: dict[str, Any], model: dict[str, Any] | None = None) -> str:
    """A rule's name on the page: its id, unless a variant replaced the rule of that id by
    another kind of rule, so the id names what the rule no longer is (a variant that replaces
    a harvest-any-time rule by an own-turn one keeps the id, not its meaning)."""
    if model and model.get("extends") and rule["id"] in ENGLISH and rule["id"] != rule["kind"]:
        return title_of(rule["kind"])
    return title_of(rule["id"])


# At most this many case links under a rule; the rest are counted.
_CASES_SHOWN = 8


def _abilities(bean: dict[str, Any], ctx: Context | None = None) -> str:
    """A special card's abilities by their titles and when they are used: "— ability “Look
    ahead”: used in phase 1, “…”, at most once per turn"; for a card without a printed text,
    what the ability does."""
    abilities = bean.get("abilities") or []
    if not abilities:
        return ""
    said = []
    for index, a in enumerate(abilities):
        text = f"“{_escape(a.get('title') or a['id'])}”"
        if ctx:
            text += (": acts " if acts_by_itself(a) else ": used ") + ", ".join(w.removeprefix("only ") for w in ability_when(a["triggers"], ctx, False)
                                          if "lapses" not in w)
            if needs_effect(bean, a):
                text += f"; it does this: {_escape(ability_effect(bean, index))}"
        said.append(text)
    return f" — {'ability' if len(abilities) == 1 else 'abilities'} " + "; ".join(said)


def _escape(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "&#124;")


def _spec_of_file(path: str) -> str | None:
    """``specs/family/step-1.bean`` -> ``family/step-1``; None for a file outside ``specs/``."""
    if path.startswith("specs/") and path.endswith(".bean"):
        return path[len("specs/"):-len(".bean")]
    return None


class Page:
    """Builds one rulebook page; methods render its parts, ``markdown()`` puts them together."""

    def __init__(self, model: dict[str, Any], inputs: PageInputs):
        self.model, self.inputs = model, inputs
        self.spec = model["rulebook"]
        self.ctx = Context.of(model)
        self.rules = {r["id"]: r for r in model["rules"]}
        self.sources = model["sources"]

    # ------------------------------------------------------------ one rule
    def citation(self, citation: dict[str, Any]) -> str:
        source = self.sources.get(citation["source"], {})
        label = f'<abbr title="{_escape(source.get("title", ""))}">{citation["source"]}</abbr>'
        text = f"{label} {_escape(citation['where'])}"
        if citation.get("quote"):
            text += f": “{_escape(citation['quote'])}”"
            language = source.get("language") or self.model["language"]
            if citation.get("gloss"):
                text += f' <span class="gloss">(“{_escape(citation["gloss"])}”)</span>'
            elif language != "en":
                text += ' <span class="gloss">(no English gloss in the spec)</span>'
        return text

    def contradiction(self, found: dict[str, Any], rule: dict[str, Any] | None = None) -> str:
        """What a source says against a rule (``but``) or why its value departs from its quote:
        the sources disagree, and the spec follows the passages the rule cites."""
        against = "; ".join(self.citation(c) for c in found["citations"])
        if found["kind"] != "but":
            return f"**departs** from its quote: {_escape(found.get('reason') or '')} {against}"
        followed = [self.citation(c) for c in (rule or {}).get("provenance", {}).get("citations", [])[:1]]
        return (f"**The sources disagree**: {against} says otherwise; this spec follows "
                + ("; ".join(followed) if followed else "its own reading") + ".")

    def bean_line(self, span: dict[str, Any] | None) -> str:
        if not span:
            return "no source line"
        where = f"{span['file']}:{span['line']}"
        spec = _spec_of_file(span["file"])
        if spec and spec in self.inputs.source_pages:
            # Raw HTML to the built page's URL: mkdocs cannot see the line anchors Pygments adds
            # inside a code block, so a Markdown link would fail its anchor check; the site's
            # link test (tests/docs) follows this one.
            url = f"../{up(self.spec)}source/{spec}/#__codelineno-0-{span['line']}"
            return f'<a href="{url}"><code>{where}</code></a>'
        return f"`{where}`"

    def case_links(self, rule_id: str) -> str:
        found = self.inputs.cases_by_rule.get(rule_id, [])
        if not found:
            return "no case exercises this rule"
        target = cases_page(self.spec) if self.inputs.has_cases_page else None
        links = [f"[{c}]({target}#{c})" if target else f"`{c}`" for c in found[:_CASES_SHOWN]]
        said = f"{'case' if len(found) == 1 else 'cases'}: " + ", ".join(links)
        if len(found) > _CASES_SHOWN:
            # rules every case relies on (players, fields, the beans) would bury the page in links
            rest = len(found) - _CASES_SHOWN
            said += f" and {rest} more" + (f" (all on the [cases page]({target}))" if target else "")
        return said

    def rule(self, rule: dict[str, Any]) -> list[str]:
        anchor = rule_anchor(rule["id"])
        provenance = rule["provenance"]
        says = rule["says"].get(self.model["language"]) if self.model["language"] != "en" else None
        lines = [f'<div class="rule" id="{anchor}" markdown>', "",
                 f'<a class="rule-name" href="#{anchor}" title="link to this rule">{rule_title(rule, self.model)}</a>', "",
                 self.lead(rule) + explain(rule, self.ctx), ""]
        if says:
            lines += [f'<span class="says">In the rulebook’s words ({self.model["language"]}): '
                      f'“{_escape(says)}”</span>', ""]
        meta = [f'<code class="spec-text">{_escape(rule["text"])}</code>', self.bean_line(rule.get("span")),
                self.case_links(rule["id"])]
        if rule.get("origin") and rule["origin"] != self.spec:
            meta.append(f"from [`{rule['origin']}`]({rulebook_page(rule['origin'], self.spec)}#{anchor})")
        disagree = [f'<p class="disagree" markdown>{self.contradiction(c, rule)}</p>'
                    for c in rule.get("contradictions", [])]
        cites = [f"- {self.citation(c)}" for c in provenance["citations"]]
        if provenance.get("assumed"):
            cites.append(f"- **assumed**: {_escape(provenance['assumed'])}")
        summary = "sources" + (", assumed" if provenance.get("assumed") else "") + ", spec line, cases"
        # where the sources disagree, the page says so under the rule, and which the spec follows
        lines += [d for c in disagree for d in (c, "")]
        # the spec's own notes on a rule say what a player needs with it (an exception, a reading)
        lines += [f'<p class="rule-note" markdown>Note: {_escape(n["text"] if isinstance(n, dict) else n)}</p>'
                  for n in rule.get("notes", [])] + ([""] if rule.get("notes") else [])
        # the rule reads first; where it comes from is folded under it, in a smaller type
        lines += ['<details class="rule-sources" markdown>', f"<summary>{summary}</summary>", "",
                  '<div class="rule-meta" markdown>', " · ".join(meta), "</div>", ""]
        lines += cites or ["- **no citation**"]
        return lines + ["", "</details>", "", "</div>", ""]

    def lead(self, rule: dict[str, Any]) -> str:
        """A tie-break after another is applied only to the players the first leaves tied."""
        ties = [r["id"] for r in self.model["rules"] if r["kind"].startswith("tie-")]
        return "If that leaves a tie: " if rule["id"] in ties[1:] else ""

    def rules_of(self, ids: list[str]) -> list[str]:
        out: list[str] = []
        for rule_id in ids:
            out += self.rule(self.rules[rule_id])
        return out

    # ------------------------------------------------------------ the parts of the page
    def overview(self) -> list[str]:
        kinds = {r["kind"]: r for r in self.model["rules"]}
        players = self.model["players"]
        count = f"{players['min']} to {players['max']}" if players["min"] != players["max"] else str(players["min"])
        fields = explain(kinds["fields"], self.ctx).removeprefix("Each player has ").rstrip(".") \
            if "fields" in kinds else "bean fields"
        money = ("bean dollars" if kinds.get("coin-source", {}).get("params", {}).get("from") == "bank"
                 else self.ctx.money_name)
        sentences = [f"A game for {count} players. Each player grows beans in their fields ({fields}) and "
                     f"harvests them for {money}: the more beans of one type a field holds, the more its "
                     "beanometer pays. On your turn you plant from your hand, turn over cards and trade "
                     "them, then draw." if "trade" in kinds else
                     f"A game for {count} players. Each player grows beans in their fields ({fields}) and "
                     f"harvests them for {money}: the more beans of one type a field holds, the more its "
                     "beanometer pays."]
        for kind in ("end-on-exhaustion", "end-on-target", "winner"):
            if kind in kinds:
                sentences.append(explain(kinds[kind], self.ctx))
        ties = [rule for rule in self.model["rules"] if rule["kind"].startswith("tie-")]
        if ties:  # one sentence, in the order the tie-breaks apply
            sentences.append(joined(ties, self.ctx).text())
        return ["## The goal", "", " ".join(sentences), ""]

    def changes(self) -> list[str]:
        base = self.inputs.base
        if not base:
            return []
        name = base["rulebook"]
        base_rules = {r["id"]: r for r in base["rules"]}
        here = rulebook_page(self.spec, self.spec)
        there = rulebook_page(name, self.spec)
        out = [f"## What changes from `{name}`", "",
               f"This rulebook is [`{name}`]({there}) with the changes below; everything else is as there.", ""]
        rows = []
        for rule in self.model["rules"]:
            old = base_rules.get(rule["id"])
            if old is None:
                rows.append(f"- **added** [{rule_title(rule, self.model)}]({here}#{rule_anchor(rule['id'])}): "
                            f"{explain(rule, self.ctx)}")
            elif rule.get("origin") == self.spec and (old["kind"], old["params"]) != (rule["kind"], rule["params"]):
                rows.append(f"- **changed** [{rule_title(rule, self.model)}]({here}#{rule_anchor(rule['id'])}): "
                            f"{explain(rule, self.ctx)} ([before]({there}#{rule_anchor(rule['id'])}): "
                            f"{explain(old, Context.of(base))})")
            elif rule.get("origin") == self.spec:
                rows.append(f"- **restated** [{rule_title(rule, self.model)}]({here}#{rule_anchor(rule['id'])}) "
                            f"with this rulebook's own citations (as [in `{name}`]({there}#{rule_anchor(rule['id'])}))")
        for rule_id, old in base_rules.items():
            if rule_id not in self.rules:
                rows.append(f"- **removed** [{rule_title(old, base)}]({there}#{rule_anchor(rule_id)}): no longer "
                            f"“{explain(old, Context.of(base)).rstrip('.')}”")
        base_beans = {b["id"]: b for b in base["beans"]}
        for bean in self.model["beans"]:
            if bean["id"] not in base_beans:
                rows.append(f"- **added bean** {self.ctx.bean(bean['id'])} ({bean['count']} cards)")
        base_phases = [p["id"] for p in base["phases"]]
        if base_phases != [p["id"] for p in self.model["phases"]]:
            titles = {p["id"]: phase_heading(p, self.ctx) for p in self.model["phases"]}
            old_titles = {p["id"]: phase_heading(p, Context.of(base)) for p in base["phases"]}
            rows.append(f"- **turn**: {' → '.join(titles[p['id']] for p in self.model['phases'])} "
                        f"(was {' → '.join(old_titles[p] for p in base_phases)})")
        return out + (rows or ["- nothing: every rule is as in the base."]) + [""]

    def beans_in_play(self) -> set[str]:
        """The beans some player count uses (empty: the rulebook does not say, so all of them)."""
        used: set[str] = set()
        for rule in self.model["rules"]:
            if rule["kind"] == "use-beans":
                value = rule["params"]["beans"]
                for case in value["by_players"] if isinstance(value, dict) else [{"value": value}]:
                    used |= set(case["value"])
        return used

    def contents(self) -> list[str]:
        out = ["## What the game contains", ""]
        used = self.beans_in_play()
        beans = self.model["beans"]
        total = sum(b["count"] for b in beans)
        # A card that plays as a bean is counted with that bean, not as a type of its own.
        types = [b for b in beans if not b.get("plays_as")]
        playing_as: dict[str, int] = {}
        for b in beans:
            if b.get("plays_as"):
                playing_as[b["plays_as"]] = playing_as.get(b["plays_as"], 0) + b["count"]
        extra = sum(playing_as.values())
        width = meter_width(types)
        out += [f"{len(types)} bean types"
                + (f" and {plural(extra, 'card')} that play as one of them (see [Special cards](#special-cards))" if extra else "")
                + f", {total} cards in all"
                + (f"; the game uses {len(used)} of them (see [Setup](#setup))" if used and len(used) < len(beans) else "")
                + ". Each card shows its bean's **beanometer**: how many beans of that type a field needs to "
                f"pay {listing([str(c) for c in range(1, width + 1)], 'or')} {self.ctx.money_name} (– where no number of beans "
                "pays that much).", "",
                "| bean | cards | " + " | ".join(self.money(c) for c in range(1, width + 1)) + " | other names |",
                "|---|---|" + "---|" * width + "---|"]
        for bean in types:
            others = ", ".join(f"{name} ({lang})" for lang, name in bean["names"].items()
                               if name != self.ctx.bean(bean["id"]))
            count = (f"{bean['count'] + playing_as[bean['id']]} ({playing_as[bean['id']]} of them special cards)"
                     if bean["id"] in playing_as else str(bean["count"]))
            out.append(f'| <span id="bean-{bean["id"]}"></span>{_escape(self.ctx.bean(bean["id"]))} | {count} | '
                       + " | ".join(meter_cells(bean, width)) + f" | {_escape(others)} |")
        out.append("")
        zones = [r for r in self.model["rules"] if r["kind"] == "zone"]
        if zones:
            out += ["Where the cards lie:", ""] + self.rules_of([r["id"] for r in zones])
        specials = [b for b in beans if b.get("text") or b.get("abilities") or not b.get("plantable", True)]
        if specials:
            out += ["### Special cards", ""]
            for bean in specials:
                text = bean.get("text") or ""
                anchor = f'<span id="bean-{bean["id"]}"></span>' if bean.get("plays_as") else ""  # not in the table
                out.append(f'- {anchor}**{_escape(self.ctx.bean(bean["id"]))}**'
                           + (f" (plays as [{_escape(self.ctx.bean(bean['plays_as']))}](#bean-{bean['plays_as']}))"
                              if bean.get("plays_as") else "")
                           + (": " + _escape(text) if text else "")
                           + ("" if bean.get("plantable", True) else " (cannot be planted)")
                           + _abilities(bean, self.ctx))
            out.append("")
        return out

    def turn(self) -> list[str]:
        phases = self.model["phases"]
        out = ["## The turn", "",
               f"Players take turns; the player whose turn it is is the *active player*. A turn has "
               f"{len(phases)} phases, in this order:", ""]
        out += [f"- [{phase_heading(p, self.ctx)}](#phase-{p['id']})" for p in phases] + [""]
        for phase in phases:  # headed by the title only: the rulebook's own numbering is not the count
            out += [f"### {phase_heading(phase, self.ctx)} {{ #phase-{phase['id']} }}", ""]
            if phase["provenance"]["citations"]:
                out += [" · ".join(self.citation(c) for c in phase["provenance"]["citations"]), ""]
            ids = [rid for rid in phase["rules"] if rid in self.rules]
            out += self.rules_of(ids) if ids else ["Nothing happens in this phase but what the other rules allow.", ""]
        return out

    def money(self, n: int) -> str:
        """Coins, or bean dollars where they come from a bank."""
        bank = any(r["kind"] == "coin-source" and r["params"].get("from") == "bank" for r in self.model["rules"])
        return plural(n, "bean dollar") if bank else self.ctx.money(n)

    def worked_harvest(self) -> list[str]:
        """A harvest told with numbers: a bean from this rulebook, its beanometer read aloud."""
        kinds = {r["kind"]: r for r in self.model["rules"]}
        used = self.beans_in_play()
        candidates = [b for b in self.model["beans"] if b["beanometer"] and (not used or b["id"] in used)]
        if not candidates or "payout" not in kinds:
            return []
        # the bean with the most steps, among those not too common (their numbers stay small)
        bean = max(candidates, key=lambda b: (len(b["beanometer"]), b["count"] if b["count"] <= 20 else 0))
        steps = sorted(bean["beanometer"], key=lambda s: s["cards"])
        step = steps[1] if len(steps) > 1 else steps[0]
        following = steps[steps.index(step) + 1] if steps.index(step) + 1 < len(steps) else None
        cards = step["cards"] + 1 if following and following["cards"] > step["cards"] + 1 else step["cards"]
        name = self.ctx.bean(bean["id"])
        meter = " / ".join(str({s["coins"]: s["cards"] for s in steps}.get(c, "–")) for c in range(1, 5))
        reads = ", ".join(f"{s['cards']} earn {self.money(s['coins'])}" for s in steps)
        reach = (f"{cards} cards reach {step['cards']} but not {following['cards']}" if following
                 else f"{cards} cards reach {step['cards']}")
        out = [f"Say a field holds {cards} {name}s. The {name}'s beanometer reads {meter}: {reads}. "
               f"{reach}, so the harvest earns **{self.money(step['coins'])}**."]
        if "auto-harvest" in kinds:
            out.append("Here the field is harvested by itself the moment it holds that many.")
        source = kinds.get("coin-source", {}).get("params", {})
        if source.get("from") == "harvested-cards":
            out.append(f"The player turns {step['coins']} of the {cards} cards over onto their coin pile; "
                       f"the other {cards - step['coins']} go to the discard pile.")
        elif source.get("from") == "bank":
            out.append(f"The player takes {self.money(step['coins'])} from the bank; all {cards} cards go to the "
                       "discard pile.")
        out += self.dashes()
        return ["### A worked harvest", "", " ".join(out), ""]

    def dashes(self) -> list[str]:
        """What a dash on a beanometer means, on the first bean that has one."""
        for bean in self.model["beans"]:
            paid = {s["coins"]: s["cards"] for s in bean["beanometer"]}
            if not paid or len(paid) == 4:
                continue
            name = self.ctx.bean(bean["id"])
            lowest, highest = min(paid), max(paid)
            said = [f"A dash means no number of beans pays that much: a field of {name}s pays nothing "
                    f"below {paid[lowest]} cards"]
            if lowest > 1:
                said.append(f", then {self.money(lowest)} at once")
            if highest < 4:
                said.append(f", and never more than {self.money(highest)}")
            return ["".join(said) + "."]
        return []

    def section(self, name: str, ids: list[str]) -> list[str]:
        out = [f"## {SECTION_TITLES.get(name, name.capitalize())}", ""]
        if name == "harvesting":
            out += ["A harvest takes the beans of one field off it and pays for them by the beanometer.", ""]
            out += self.rules_of(ids) + self.worked_harvest()
            return out
        return out + self.rules_of(ids)

    def examples(self) -> list[str]:
        if not self.inputs.stories:
            return []
        out = ["## Worked examples", "",
               "The rulebook's own examples, as the conformance suite plays them (each is a test that passed "
               "or failed when this page was built).", ""]
        for story in self.inputs.stories:
            out += render_story(story, self.spec, lambda rid: f"#{rule_anchor(rid)}" if rid in self.rules else None,
                                self.ctx.bean, self.ctx.phase,
                                lambda rid: rule_title(self.rules[rid], self.model) if rid in self.rules else rid)
        return out

    def closing(self) -> list[str]:
        out = ["## Sources", ""]
        out += [f"- `{sid}`: {s['title']}" + (f" (`{s['file']}`" + (f", in `{s['language']}`" if s.get("language") else "")
                                             + ")" if s.get("file") else "")
                for sid, s in self.sources.items()]
        notes = self.model["notes"]
        if notes:
            out += ["", "## Notes", ""]
            out += [f"- {_escape(n['text'])} ({'; '.join(self.citation(c) for c in n['provenance']['citations'])})"
                    for n in notes]
        against = [(item, c) for item in self.model["beans"] + self.model["rules"]
                   for c in item.get("contradictions", [])]
        if against:
            out += ["", "## Where the sources say otherwise", ""]
            for item, found in against:
                link = (f"[{rule_title(item, self.model)}](#{rule_anchor(item['id'])})" if "kind" in item
                        else f"[{self.ctx.bean(item['id'])}](#bean-{item['id']})")
                out.append(f"- {link}: {self.contradiction(found, item)}")
        assumed = self.assumptions()
        out += ["", "## Assumptions", ""]
        if assumed:
            out += ["What the sources do not state, and why the spec assumes it: every `assumed` clause of the "
                    "spec" + (" and those of its bases on what it keeps of them" if self.model["lineage"][:-1] else "")
                    + ", on a rule, a bean, a card's text or ability, an effect or a phase:", ""]
            out += [self.assumption(a) for a in assumed]
        else:
            out.append("None: every clause cites its source.")
        if self.model["differences"]:
            out += ["", "## Where this translation differs from the original", "",
                    "| what | id | field | original | translation |", "|---|---|---|---|---|"]
            out += [f"| {d['what']} | `{d['id']}` | {d['field']} | `{_escape(str(d['original']))}` | "
                    f"`{_escape(str(d['translation']))}` |" for d in self.model["differences"]]
        return out

    def assumptions(self) -> list[Assumption]:
        """Every assumption in force (checks/assumptions.py): given, read from the spec's files,
        or for a model of no shipped spec the one reason each bean and rule of it keeps."""
        if self.inputs.assumptions is not None:
            return list(self.inputs.assumptions)
        if is_shipped(self.spec):
            return assumptions_in_force(self.spec, self.model)
        return [Assumption(item.get("origin") or self.spec, item["span"]["file"] if item.get("span") else "",
                           item["span"]["line"] if item.get("span") else 0, f"{kind} {item['id']}",
                           f"{kind} {item['id']}", item.get("text", ""), item["provenance"]["assumed"],
                           item["span"]["line"] if item.get("span") else 0)
                for kind, items in (("bean", self.model["beans"]), ("rule", self.model["rules"]))
                for item in items if item["provenance"]["assumed"]]

    def assumption(self, found: Assumption) -> str:
        """One line of the list: the item linked where the page shows it, the part of it the
        clause is written on with its words, the reason, and the base it comes from."""
        kind, _, item_id = found.item.partition(" ")
        if kind == "rule" and item_id in self.rules:
            label = f"rule [{title_of(item_id)}](#{rule_anchor(item_id)})"
        elif kind in ("bean", "card") and any(b["id"] == item_id for b in self.model["beans"]):
            label = f"{kind} [{_escape(self.ctx.bean(item_id))}](#bean-{item_id})"
        else:
            label = _escape(found.item)
        part = found.what[len(found.item):].lstrip(", ")
        if part:
            label += f", {_escape(part)} <code>{_escape(found.states)}</code>"
        origin = f" (from [`{found.spec}`]({rulebook_page(found.spec, self.spec)}))" if found.spec != self.spec else ""
        return f"- {label}: {_escape(found.reason)}{origin}"

    def markdown(self) -> str:
        model = self.model
        out = [f"# {model['title']} (`{self.spec}`)", ""]
        if model["translates"]:
            out += [f"The rulebook in `{model['language']}`, as a translation of "
                    f"[`{model['translates']}`]({rulebook_page(model['translates'], self.spec)}): the same rules, "
                    "with the translation's own wording and citations.", ""]
        source = (f" Its spec: [`specs/{self.spec}.bean`]({source_page(self.spec, self.spec)})."
                  if self.spec in self.inputs.source_pages else "")
        low, high = model["players"]["min"], model["players"]["max"]
        out += [f"Players: {low if low == high else f'{low} to {high}'}. Each rule below has its own "
                "link (click its name), the words of the spec it comes from and their line, the rulebook "
                f"passages it cites, and the conformance cases that exercise it.{source}", ""]
        out += self.changes() + rules_in_brief(model, self.ctx).markdown()
        out += ["## The rules in full", "",
                "Each rule with the passages it cites, its line in the spec and the cases that check it "
                "(fold out *sources* under a rule).", ""]
        out += self.overview() + self.contents()
        by_section: dict[str, list[str]] = {}
        for rule in model["rules"]:
            if rule["phase"] is None and rule["kind"] not in ("zone", "note"):
                key = "end" if rule["section"] == "scoring" else (rule["section"] or "rules")
                by_section.setdefault(key, []).append(rule["id"])
        for name in SECTION_ORDER:
            if name == "turn":
                out += self.turn()
            elif name in by_section:
                out += self.section(name, by_section.pop(name))
        for name, ids in by_section.items():
            out += self.section(name, ids)
        notes = [r["id"] for r in model["rules"] if r["kind"] == "note"]
        if notes:
            out += ["## What the rulebook says about itself", ""] + self.rules_of(notes)
        if self.inputs.figure:
            out += ["## How games go", "", self.inputs.figure, ""]
        out += self.examples() + self.closing()
        return "\n".join(out) + "\n"


def render_reference(model: dict[str, Any], cases_by_rule: dict[str, list[str]] | None = None,
                     inputs: PageInputs | None = None) -> str:
    """The page; ``cases_by_rule`` maps rule ids to the ids of the conformance cases naming them."""
    inputs = inputs or PageInputs()
    if cases_by_rule is not None:
        inputs = dataclasses.replace(inputs, cases_by_rule=cases_by_rule)
    return Page(model, inputs).markdown()
