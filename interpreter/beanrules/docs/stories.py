"""Worked examples told as stories: a conformance case, step by step, in plain words.

A case already reads almost as prose: its description says what happens, its actions are in the
action notation ("Natalie plants red in 2"). A story lists them in order, says what each refusal
names, and what the players see afterwards, as the CommonMark spec shows its examples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from .cases import DocumentedCase
from .links import up

EXAMPLE_WHERE = re.compile(r"\b(example|ejemplo|beispiel)\b", re.I)


@dataclass(frozen=True)
class Story:
    case_id: str
    where: str           # the passage the case cites
    quote: str | None
    description: str
    steps: tuple[dict[str, Any], ...]
    status: str          # the case's result when the site was built


def stories_from(cases: list[DocumentedCase], limit: int = 8) -> tuple[Story, ...]:
    """The cases that encode a rulebook's worked examples (those citing an example), at most ``limit``."""
    chosen = [d for d in cases if EXAMPLE_WHERE.search(d.case.where or "")][:limit]
    return tuple(Story(d.case.id, d.case.where, d.case.quote, d.case.description, d.case.steps, d.result.status)
                 for d in chosen)


def _cards(value: Any) -> str:
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value):
            return " | ".join(_cards(v) or "empty" for v in value)
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


# How a state key reads after a player's name ("Natalie's hand"), where it differs from the key.
PER_PLAYER_LABELS = {"hands": "hand", "set_aside": "set-aside cards", "coins": "coins"}


def _state(expect: dict[str, Any]) -> str:
    """An expected state fragment in words: "Natalie's fields: blue, blue | red"."""
    parts = []
    for key, value in expect.items():
        label = PER_PLAYER_LABELS.get(key, key.replace("_", " ")) if isinstance(value, dict) else key.replace("_", " ")
        if isinstance(value, dict):
            parts += [f"{player}'s {label}: {_cards(cards)}" for player, cards in value.items()]
        else:
            parts.append(f"{label}: {_cards(value)}")
    return "; ".join(parts)


def _event(event: dict[str, Any]) -> str:
    rest = ", ".join(f"{k} {_cards(v)}" for k, v in event.items() if k != "event")
    return f"{event.get('event', 'event')}" + (f" ({rest})" if rest else "")


def _step(step: dict[str, Any], rule_link: Callable[[str], str | None]) -> str:
    if "do" in step:
        return f"{step['do']}."
    if "refuse" in step:
        rules = step.get("rule")
        names = [rules] if isinstance(rules, str) else list(rules or [])
        linked = [f"[{r}]({rule_link(r)})" if rule_link(r) else f"`{r}`" for r in names]
        because = f": the rule {' or '.join(linked)} forbids it" if linked else ""
        return f"*Refused*: {step['refuse']}{because}."
    if "events" in step:
        return "This happens: " + "; ".join(_event(e) for e in step["events"]) + "."
    if "expect" in step:
        return f"Now {_state(step['expect'])}."
    return ", ".join(f"{k}: {v}" for k, v in step.items()) + "."


def render_story(story: Story, spec: str, rule_link: Callable[[str], str | None]) -> list[str]:
    quote = f" “{story.quote}”" if story.quote else ""
    out = [f"### {story.where}", "", f"*{story.where}*{quote}", "", story.description, ""]
    out += [f"{n}. {_step(step, rule_link)}" for n, step in enumerate(story.steps, 1)]
    out += ["", f"The case [`{story.case_id}`]({up(spec)}cases/{spec}.md#{story.case_id}) {story.status} "
            "when this page was built.", ""]
    return out
