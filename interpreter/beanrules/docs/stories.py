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


def _name(bean: Any, names: Callable[[str], str]) -> str:
    return names(str(bean)) if isinstance(bean, str) else str(bean)


def _beans(cards: list[Any], names: Callable[[str], str]) -> str:
    """Cards as a player writes them: "Stink bean, Chili bean", or "3 Blue beans" for a run."""
    if not cards:
        return "nothing"
    runs: list[list[Any]] = []
    for card in cards:
        if runs and runs[-1][0] == card:
            runs[-1].append(card)
        else:
            runs.append([card])
    said = []
    for run in runs:
        name = _name(run[0], names)
        said.append(f"{len(run)} {name}s" if len(run) > 1 and name.lower().endswith("bean") else
                    ", ".join([name] * len(run)))
    return ", ".join(said)


def _fields(fields: list[list[Any]], names: Callable[[str], str]) -> str:
    return "; ".join(f"field {i} {'is empty' if not cards else 'holds ' + _beans(cards, names)}"
                     for i, cards in enumerate(fields, 1))


def _actions(lines: list[str]) -> str:
    return " or ".join(f"“{line}”" for line in lines) or "nothing"


# A zone of the state JSON as a player names it.
_ZONE = {"hands": "hand", "set_aside": "set-aside cards", "discard": "discard pile", "offer": "turned-over cards"}


def _seen(value: Any, names: Callable[[str], str]) -> str:
    """What a player sees of a zone (a case's ``seen``): its cards, how many there are (a hidden
    zone), or how many and the top card (a zone with only its top visible)."""
    if isinstance(value, int):
        return f"{value} card{'s' if value != 1 else ''}"
    if isinstance(value, dict) and set(value) <= {"count", "top"}:
        top = f", {_name(value['top'], names)} on top" if value.get("top") else ""
        return _seen(value.get("count", 0), names) + top
    return _beans(value, names) if isinstance(value, list) else str(value)


def _per_player(key: str, player: str, value: Any, names: Callable[[str], str]) -> str:
    if key == "seen":
        said = [f"{whose}'s {_ZONE.get(zone, zone)}: "
                + (_fields(cards, names) if zone == "fields" and isinstance(cards, list) else _seen(cards, names))
                for zone, zones in value.items() if isinstance(zones, dict) and not set(zones) <= {"count", "top"}
                for whose, cards in zones.items()]
        said += [f"the {_ZONE.get(zone, zone)}: {_seen(zones, names)}" for zone, zones in value.items()
                 if not isinstance(zones, dict) or set(zones) <= {"count", "top"}]
        return f"{player} sees " + "; ".join(said)
    if key == "hands" and isinstance(value, int):
        return f"{player} holds {_seen(value, names)}"
    if key == "hands":
        return f"{player} holds {_beans(value, names)}" + (" (front first)" if len(value) > 1 else "")
    if key == "fields":
        return f"{player}'s fields: {_fields(value, names)}"
    if key == "set_aside":
        return f"{player} has set aside {_beans(value, names)}"
    if key == "coins":
        return (f"{player} has {value} coin{'s' if value != 1 else ''}" if isinstance(value, int)
                else f"{player}'s coins: {_beans(value, names)}")
    if key == "legal" and isinstance(value, dict) and value and set(value) <= {"includes", "excludes"}:
        # some of the legal actions, not all of them: what the player may do, and may not
        said = ([f"may {_actions(value['includes'])}"] if value.get("includes") else []) + \
               ([f"may not {_actions(value['excludes'])}"] if value.get("excludes") else [])
        return f"{player} " + ", and ".join(said)
    if key == "legal":
        said = [f"{_actions(v)}" for v in value.values()] if isinstance(value, dict) else [_actions(value)]
        return f"{player} may now only do " + "; ".join(said)
    label = key.replace("_", " ")
    return f"{player}'s {label}: {_beans(value, names) if isinstance(value, list) else value}"


def _state(expect: dict[str, Any], names: Callable[[str], str] = str, phases: Callable[[str], str] = str) -> str:
    """An expected state fragment as a player says it: "Natalie's fields: field 1 holds 3 Blue beans"."""
    parts = []
    for key, value in expect.items():
        if key == "decision":  # one decision (or none), not a value per player
            parts.append(_decision(value, names))
        elif isinstance(value, dict):
            parts += [_per_player(key, player, v, names) for player, v in value.items()]
        elif key == "phase":
            parts.append(f"it is {phases(value)}")
        elif key == "over":
            parts.append("the game is over" if value else "the game is not over")
        elif key == "active":
            parts.append(f"{value} is the active player")
        elif key == "offer":
            parts.append((f"the turned-over cards are {_beans(value, names)}" if value else "no turned-over card is left")
                         if isinstance(value, list) else f"{value} turned-over cards lie there")
        elif key == "proposals":
            parts.append("no proposal is open" if value == 0 else
                         f"{value} proposal{'s are' if value != 1 else ' is'} open")
        elif key == "waiting_for":
            parts.append(f"the game waits for {' and '.join(value)}" if value else "the game waits for nobody")
        elif key == "discard":
            parts.append(f"the discard pile holds {_beans(value, names)} (top last)")
        elif key == "deck":
            parts.append(f"the deck holds {_beans(value, names)} (top first)" if isinstance(value, list)
                         else f"the deck holds {value} cards")
        elif key == "removed":
            parts.append(f"{value} card{'s are' if value != 1 else ' is'} out of play")
        else:
            parts.append(f"{key.replace('_', ' ')}: {_beans(value, names) if isinstance(value, list) else value}")
    return "; ".join(parts)


def _decision(value: Any, names: Callable[[str], str]) -> str:
    """A waiting decision as a case expects it (engine-contract: player, name, options, rule)."""
    if not isinstance(value, dict):
        return "no decision waits" if value is None else f"the decision: {value}"
    who = value.get("player", "a player")
    what = f" {value['name']}" if value.get("name") else ""
    options = value.get("options")
    among = f" from {_beans(options, names) if isinstance(options, list) else options}" if options else ""
    rule = f" (the rule {value['rule']})" if value.get("rule") else ""
    return f"the game waits for {who} to choose{what}{among}{rule}"


def _event(event: dict[str, Any], names: Callable[[str], str] = str) -> str:
    """An event as a player tells it, for the events worked examples show; any other as its fields."""
    kind, said = event.get("event"), {k: v for k, v in event.items() if k != "event"}
    if kind == "harvested" and {"player", "bean", "cards", "coins"} <= set(said):
        return (f"{said['player']} harvests {_beans([said['bean']] * said['cards'], names)} for "
                f"{said['coins']} coin{'s' if said['coins'] != 1 else ''}")
    if kind == "revealed" and set(said) == {"cards"}:
        return f"{_beans(said['cards'], names)} {'is' if len(said['cards']) == 1 else 'are'} turned over"
    if kind == "ability" and "player" in said:  # a card's ability, or a rule's own step
        about = [f"on {_name(said['card'], names)}" if said.get("card") else "",
                 f"as a card is {said['on']}" if said.get("on") else ""]
        return f"{said.get('ability') or 'an ability'} acts for {said['player']}" + "".join(" " + a for a in about if a)
    if kind == "traded" and set(said) == {"from", "to"}:
        return f"{said['from']} and {said['to']} trade"
    rest = ", ".join(f"{k} {_beans(v, names) if isinstance(v, list) else v}" for k, v in event.items()
                     if k != "event")
    return f"{event.get('event', 'event')}" + (f" ({rest})" if rest else "")


# The action notation's words, as a player says them: "offers offer soy" is the turned-over soy,
# "hand red" a red from the hand, "in 2" field 2, "accepts 1" proposal 1.
_SAID = [(re.compile(r"\boffer (?=[a-z])"), "the turned-over "),
         (re.compile(r"\bhand ([a-z][\w-]*)"), r"\1 from the hand"),
         (re.compile(r"\b(plants [\w-]+(?: from the hand)? in|harvests) (\d+)\b"), r"\1 field \2"),
         (re.compile(r"\b(accepts|rejects|withdraws) (\d+)\b"), r"\1 proposal \2")]


def _said(line: str) -> str:
    for pattern, said in _SAID:
        line = pattern.sub(said, line)
    return line


def _step(step: dict[str, Any], rule_link: Callable[[str], str | None],
          names: Callable[[str], str] = str, phases: Callable[[str], str] = str,
          titles: Callable[[str], str] = str) -> str:
    if "do" in step:
        return f"{_said(step['do'])}."
    if "refuse" in step:
        rules = step.get("rule")
        names = [rules] if isinstance(rules, str) else list(rules or [])
        linked = [f"[{titles(r)}]({rule_link(r)})" if rule_link(r) else f"`{r}`" for r in names]
        because = f": the rule {' or '.join(linked)} forbids it" if linked else ""
        return f"*Refused*: {_said(step['refuse'])}{because}."
    if "events" in step:
        return "This happens: " + "; ".join(_event(e, names) for e in step["events"]) + "."
    if "expect" in step:
        return f"Now {_state(step['expect'], names, phases)}."
    return ", ".join(f"{k}: {v}" for k, v in step.items()) + "."


def render_story(story: Story, spec: str, rule_link: Callable[[str], str | None],
                 names: Callable[[str], str] = str, phases: Callable[[str], str] = str,
                 titles: Callable[[str], str] = str) -> list[str]:
    """A case as a worked example; ``names`` gives a bean's name for its id, ``phases`` a phase's,
    ``titles`` a rule's."""
    quote = f" “{story.quote}”" if story.quote else ""
    out = [f"### {story.where}", "", f"*{story.where}*{quote}", "", story.description, ""]
    out += [f"{n}. {_step(step, rule_link, names, phases, titles)}" for n, step in enumerate(story.steps, 1)]
    out += ["", f"The case [`{story.case_id}`]({up(spec)}cases/{spec}.md#{story.case_id}) {story.status} "
            "when this page was built.", ""]
    return out
