"""The rules in brief: the whole game as a player needs it, in play order, at the top of a page.

From the compiled model alone: the goal, setup, the turn phase by phase with the rules that bind
there (planting, making room, protection, the hand's order), harvesting and the beanometer, the
deck, the end and the winner, and what the special cards' abilities are. Each sentence is a
rule's English (:mod:`.english`), or a few rules of one topic joined, and each part links to its
rule's entry on the page; a sentence that explains a mechanism rather than one rule (how cards
with an ability act) links to the cards it explains.

Where a rule goes is read from the model: its phase, its section, and for the rules of planting
the phase in which the hand is planted. No rulebook is named here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .english import Context, explain, listing

# Kinds that are said together in one sentence when they follow each other in a part.
_TOGETHER = [
    {"end-on-exhaustion", "end-on-target", "winner"},
    {"players", "fields"},
    {"one-type-per-field", "same-type-many-fields"},
    {"trade", "trade-partners"},
    {"tradeable-hand", "tradeable-offer"},
    {"untradeable"},
    {"trade-consent", "gift-consent"},
    {"tie-farthest-seat", "tie-most-hand-cards", "tie-shared", "tie-token-holder"},
]
# Rules of planting (not of one phase) bind where the hand is planted.
_AT_PLANTING = ("hand-order", "hand-limit", "one-type-per-field", "same-type-many-fields",
                "harvest-to-make-room", "mixed-fields", "protection")
# Kinds a player needs no sentence for: where cards lie, and what the rulebook says about itself.
_LEFT_OUT = ("zone", "note")
_GOAL = ("end-on-exhaustion", "end-on-target", "winner")


@dataclass(frozen=True)
class Part:
    text: str
    target: str    # the anchor the part links to (a rule's, or a section's)


@dataclass(frozen=True)
class Sentence:
    parts: tuple[Part, ...]

    def markdown(self) -> str:
        return "; ".join(f"[{p.text.rstrip('.') if i < len(self.parts) - 1 else p.text}](#{p.target})"
                         for i, p in enumerate(self.parts))

    def text(self) -> str:
        """The sentence without its links."""
        return "; ".join(p.text.rstrip(".") if i < len(self.parts) - 1 else p.text for i, p in enumerate(self.parts))

    def rules(self) -> list[str]:
        return [p.target.removeprefix("rule-") for p in self.parts if p.target.startswith("rule-")]


def _lower_first(text: str) -> str:
    first = text.split(" ", 1)[0]
    return text if first.isupper() and len(first) > 1 else text[:1].lower() + text[1:]


def joined(rules: list[dict[str, Any]], ctx: Context) -> Sentence:
    parts = []
    for i, rule in enumerate(rules):
        text = explain(rule, ctx)
        if i:
            text = _lower_first(text)
            if rule["kind"].startswith("tie-") and rules[i - 1]["kind"].startswith("tie-"):
                text = "if that leaves a tie, " + text.removeprefix("a tie goes ")
        parts.append(Part(text, f"rule-{rule['id']}"))
    return Sentence(tuple(parts))


def _group(rules: list[dict[str, Any]], ctx: Context) -> list[Sentence]:
    """Consecutive rules whose kinds belong together become one sentence."""
    out: list[Sentence] = []
    run: list[dict[str, Any]] = []
    for rule in rules:
        together = next((g for g in _TOGETHER if rule["kind"] in g), None)
        if run and together is not None and run[-1]["kind"] in together:
            run.append(rule)
            continue
        if run:
            out.append(joined(run, ctx))
        run = [rule]
    if run:
        out.append(joined(run, ctx))
    return out


def ability_when(triggers: list[dict[str, Any]], ctx: Context, varies: bool) -> list[str]:
    """The conditions of an ability's use, in words ("only while the card lies on top …")."""
    said = []
    for t in triggers:
        if t["on"] == "while-on-top":
            said.append("only while the card lies on top of one of the owner's fields (the right lapses as soon "
                        "as another card is planted on it or the field is harvested)")
        elif t["on"] == "in-phase":
            said.append("only in the phase the card names" if varies else f"only in {ctx.phase(t['phase'])}")
        elif t["on"] == "once-per-turn":
            said.append({"player": "at most once per turn for its owner", "card": "at most once per turn at the "
                         "whole table", "field": "at most once per turn on each field"}.get(t.get("per") or "",
                                                                                         "at most once per turn"))
        elif t["on"] == "in-any-turn":
            said.append("in any player's turn")
        elif t["on"] == "when-player-acts":
            said.append(f"when {'another' if t['who'] == 'another' else 'any'} player "
                        f"{'plants a card' if t['event'] == 'planted' else 'harvests a field'}")
        elif t["on"] == "when-played":
            said.append("when the card is played from the front of the hand")
        elif t["on"] == "when-revealed":
            said.append("when the card is turned over")
        elif t["on"] == "when-planted":
            said.append("when the card is planted")
        elif t["on"] == "when-harvested":
            cards = t.get("cards")
            said.append(f"when a field of {cards} of them is harvested" if cards else "when the card is harvested")
    return said


_EVENTS = ("when-revealed", "when-harvested", "when-planted", "when-player-acts")


def acts_by_itself(ability: dict[str, Any]) -> bool:
    """An ability that acts when something happens to its card, not when its owner uses it."""
    return any(t["on"] in _EVENTS for t in ability["triggers"])


def needs_effect(bean: dict[str, Any], ability: dict[str, Any]) -> bool:
    """Whether a page says what an ability does in the core's words: no printed text says it."""
    return not bean.get("text") or acts_by_itself(ability)


def ability_effect(bean: dict[str, Any], index: int) -> str:
    """What a card's ability does, in the core's words (for a card without a printed text)."""
    from ..core.node import from_json
    found = ((bean.get("core") or {}).get("abilities") or [])
    return from_json(found[index]["effect"]).to_text() if index < len(found) else ""


def ability_sentences(model: dict[str, Any], ctx: Context) -> list[Sentence]:
    """How the cards with an ability act, one sentence per way of acting (the triggers' kinds);
    where few cards act so and carry no printed text, what the ability does."""
    by_way: dict[tuple[str, ...], list[tuple[dict, int]]] = {}
    for bean in model["beans"]:
        for index, ability in enumerate(bean.get("abilities") or []):
            way = tuple(t["on"] for t in ability["triggers"])
            by_way.setdefault(way, []).append((bean, index))
    out = []
    for way, found in by_way.items():
        cards = list(dict.fromkeys(b["id"] for b, _ in found))
        phases = {t.get("phase") for b, i in found for t in b["abilities"][i]["triggers"] if t["on"] == "in-phase"}
        first, index = found[0]
        when = ability_when(first["abilities"][index]["triggers"], ctx, varies=len(phases) > 1)
        if len(cards) > 3:
            said = f"{len(cards)} cards carry a special action (see Special cards), used by the card's owner "
        else:
            counted = sum(b["count"] for b in model["beans"] if b["id"] in cards)
            who = (f"Each {ctx.bean(cards[0])}" if len(cards) == 1 and counted > 1
                   else listing([ctx.bean(c) for c in cards]))
            ability = first["abilities"][index]
            said = (f"{who} {'carries' if len(cards) == 1 else 'carry'} a special action, "
                    f"“{ability.get('title') or ability['id']}”, "
                    + ("which acts " if acts_by_itself(ability) else "used by its owner "))
        said += ", ".join(when)
        if len(cards) == 1 and needs_effect(first, first["abilities"][index]):
            said += ": " + ability_effect(first, index)
        out.append(Sentence((Part(said + ".", "special-cards"),)))
    return out


@dataclass(frozen=True)
class Brief:
    parts: list[tuple[str, list[Sentence]]]   # (heading, sentences) in play order

    def count(self) -> int:
        return sum(len(sentences) for _, sentences in self.parts)

    def markdown(self) -> list[str]:
        out = ["## The rules in brief", "",
               f"The whole game in {self.count()} lines; each links to its rule below, with the rulebook's "
               "words and the cases that check it.", "", '<div class="brief" markdown>', ""]
        for heading, sentences in self.parts:
            if sentences:
                out += [f"**{heading}**", ""] + [f"- {s.markdown()}" for s in sentences] + [""]
        return out + ["</div>", ""]


def phase_heading(phase: dict[str, Any], ctx: Context) -> str:
    title = phase["title"] or phase["id"]
    number = ctx.numbers.get(phase["id"])
    if number is not None and not title.lower().startswith("phase"):
        return f"Phase {number}: {title}"
    return title


def rules_in_brief(model: dict[str, Any], ctx: Context | None = None) -> Brief:
    ctx = ctx or Context.of(model)
    rules = [r for r in model["rules"] if r["kind"] not in _LEFT_OUT]
    placed: set[str] = set()

    def take(chosen: list[dict[str, Any]]) -> list[dict[str, Any]]:
        fresh = [r for r in chosen if r["id"] not in placed]
        placed.update(r["id"] for r in fresh)
        return fresh

    from .comparison import TOPICS  # the kinds in the order a rulebook tells them (imports this module's page)
    order = {kind: (row, i) for row, (_, kinds) in enumerate(TOPICS) for i, kind in enumerate(kinds)}

    def told(chosen: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """In the order a rulebook tells them, whatever order a variant added them in; tie-breaks
        keep the model's order, which is the order they apply in."""
        def key(rule: dict[str, Any]) -> tuple[int, int]:
            row, i = order.get(rule["kind"], (len(TOPICS), 0))
            return (row, 0 if rule["kind"].startswith("tie-") else i)
        return sorted(take(chosen), key=key)

    goal = take([r for kind in _GOAL for r in rules if r["kind"] == kind])
    phases = model["phases"]
    planting = next((p["id"] for p in phases
                     if any(r["phase"] == p["id"] and r["kind"] == "plant-from-hand" for r in rules)), None)
    at_planting = told([r for r in rules if r["phase"] is None and r["kind"] in _AT_PLANTING]) if planting else []
    # protection binds where a harvest is made to make room, and is said after it
    at_planting.sort(key=lambda r: r["kind"] == "protection")
    setup = [r for r in rules if r["phase"] is None and r["section"] == "setup"]
    parts: list[tuple[str, list[Sentence]]] = [("The goal", _group(goal, ctx)), ("Setup", _group(told(setup), ctx))]
    # how special cards act comes before the turn, where they are used
    parts.append(("Special cards", ability_sentences(model, ctx)))
    for phase in phases:
        own = told([r for r in rules if r["phase"] == phase["id"]])
        if phase["id"] == planting:
            own += at_planting
        parts.append((phase_heading(phase, ctx), _group(own, ctx) or [
            Sentence((Part("Nothing happens in this phase but what the other rules allow.", f"phase-{phase['id']}"),))]))
    for section, heading in (("planting", "Planting"), ("trading", "Trading"),
                             ("harvesting", "Harvesting and the beanometer"), ("deck", "The deck")):
        parts.append((heading, _group(told([r for r in rules if r["section"] == section]), ctx)))
    parts.append(("The end", _group(told([r for r in rules if r["section"] in ("end", "scoring")]), ctx)))
    parts.append(("Steps on special cards", _group(told([r for r in rules if r["section"] == "cards"]), ctx)))
    parts.append(("Other rules", _group(told(rules), ctx)))
    return Brief(parts)
