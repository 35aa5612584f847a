"""A light reading of the action notation, enough to catch mistakes in case files before
any engine runs: unknown players, verbs and beans. The engine's own parser is the authority
on what an action means; this only checks the words.

    Anna plants chili in 2 · Anna harvests 1 · Natalie ends trading · Anna harvests the middle
    Natalie offers soy, hand chili to Anna for red · Natalie gives soy to Anna · Anna asks Natalie for soy
    Anna accepts Natalie · Anna rejects 2 · Natalie withdraws · Anna chooses Natalie · Natalie chooses yes
    Anna uses thief with Natalie, 1, 2
    Anna discards · Anna discards red · Anna discards hand 2 · Anna takes discard · Anna draws
"""
from __future__ import annotations

import difflib
import re
from typing import Iterable

VERBS = ("plants", "harvests", "ends", "offers", "gives", "asks", "accepts", "rejects", "withdraws", "buys",
         "chooses", "uses", "discards", "takes", "puts", "draws")
ANSWERS = ("yes", "no", "nothing", "pass")  # answers to a decision besides a player, a bean or a number (a bid)
ENDS = ("phase", "planting", "trading", "turn")
# Words that name a zone or join the parts of an action, never a bean. Zones a rule forbids
# trading from (field, coins) are words of the notation, so that cases can show the refusal.
ZONES = ("hand", "offer", "set-aside", "field", "discard", "deck", "coins")
GLUE = ("in", "to", "for", "and")

_TOKEN = re.compile(r"[^\s,]+")


def suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def check_action(text: str, players: Iterable[str], beans: Iterable[str], names_known: bool = True) -> list[str]:
    """Problems with the words of one action; an empty list if it reads well. With
    names_known=False, names of players and beans that do not exist are not problems (a case
    shows the engine refusing them)."""
    problems = _check_words(text, players, beans)
    if names_known:
        return problems
    return [p for p in problems if not p.startswith(("unknown player", "unknown bean"))]


def _check_words(text: str, players: Iterable[str], beans: Iterable[str]) -> list[str]:
    players = list(players)
    beans = list(beans)
    words = _TOKEN.findall(text)
    if len(words) < 2:
        return [f"'{text}' is not an action: expected NAME VERB ..."]
    actor, verb, rest = words[0], words[1], words[2:]
    problems: list[str] = []
    if actor not in players:
        problems.append(f"unknown player '{actor}'{suggest(actor, players)}; players are {', '.join(players)}")
    if verb not in VERBS:
        return problems + [f"unknown action '{verb}'{suggest(verb, VERBS)}; actions are {', '.join(VERBS)}"]
    if verb == "ends":
        if len(rest) != 1 or rest[0] not in ENDS:
            problems.append(f"'{text}': expected '{actor} ends {' | '.join(ENDS)}'")
        return problems
    if verb == "draws":
        if rest:
            problems.append(f"'{text}': expected '{actor} draws' (one card, from the deck)")
        return problems
    if verb == "buys":
        if rest not in (["a", "field"], ["field"]):
            problems.append(f"'{text}': expected '{actor} buys a field'")
        return problems
    if verb == "chooses":
        if len(rest) != 1:
            problems.append(f"'{text}': expected '{actor} chooses NAME | BEAN | FIELD | {' | '.join(ANSWERS)}'")
        elif rest[0] not in players and rest[0] not in beans and rest[0] not in ANSWERS and not rest[0].isdigit():
            problems.append(f"unknown choice '{rest[0]}'{suggest(rest[0], [*players, *beans, *ANSWERS])}")
        return problems
    if verb in ("accepts", "rejects", "withdraws"):
        if len(rest) > 1:
            problems.append(f"'{text}': expected '{actor} {verb} [NAME | NUMBER]'")
        elif rest and not rest[0].isdigit() and rest[0] not in players:
            problems.append(f"unknown player '{rest[0]}'{suggest(rest[0], players)}")
        return problems
    if verb in ("offers", "gives"):
        if "to" not in rest:
            problems.append(f"'{text}': a {'proposal' if verb == 'offers' else 'gift'} needs 'to NAME'")
        else:
            partner = rest[rest.index("to") + 1] if rest.index("to") + 1 < len(rest) else ""
            if partner not in players:
                problems.append(f"unknown player '{partner}'{suggest(partner, players)}")
    if verb == "asks":
        if not rest or rest[0] not in players:
            partner = rest[0] if rest else ""
            problems.append(f"unknown player '{partner}'{suggest(partner, players)}")
        if "for" not in rest:
            problems.append(f"'{text}': expected '{actor} asks NAME for CARDS'")
    if verb == "uses":
        # uses CARD [ABILITY] [on N] [with CHOICE, …]: the card must be a bean of the rules; the
        # choices are player names, numbers or "none"
        if not rest or rest[0] not in beans:
            card = rest[0] if rest else ""
            problems.append(f"unknown card '{card}'{suggest(card, beans)}")
        choices = rest[rest.index("with") + 1:] if "with" in rest else []
        for word in choices:
            if not (word.isdigit() or word == "none" or word in players or word in beans):
                problems.append(f"'{word}' is no choice: a player, a number or 'none'")
        return problems
    if verb == "offers" and "for" not in rest:
        problems.append(f"'{text}': a proposal needs 'for CARDS' (a gift is written '{actor} gives ...')")
    if verb in ("plants", "harvests", "puts") and len(rest) >= 2 and rest[-2] == "the":
        rest = rest[:-2]  # "in the middle": a field of the table, by the name its rules declare
        if verb == "puts" and rest and rest[-1] == "on":
            rest = rest[:-1]  # "puts hand 2 on the middle": a zone the rules declare
    if verb == "takes" and len(rest) >= 2 and rest[0] == "the":
        rest = rest[2:]  # "takes the middle": a zone the rules declare
    for word in rest:
        if word.isdigit() or word in ZONES or word in GLUE or word in players:
            continue
        if word not in beans:
            problems.append(f"unknown bean '{word}'{suggest(word, beans)}")
    return problems
