"""What checks, plays: the last stage of `check`. A rule model that the engine would refuse,
run into a state where it waits for a player with no legal action, never end, or run while
ignoring one of its rules is rejected here, at the clause that makes it so.

Only the rule model is read (every rule, bean and ability carries its span), so a variant is
checked with everything it inherits. The engine's own compile step (`compile_ruleset`) is the
final gate: whatever it still refuses for some player count is reported at the rule it names,
so no model that checks clean can raise UnsupportedRule.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..diagnostics import Diagnostic, Span
from ..engine import one_model
from ..engine.errors import UnsupportedRule
from ..engine.compiler import compile_ruleset
from ..engine.ruleset import by_players
from ..engine.refusals import known_names, never_ends, refusal, unknown_names
from ..desugar import bean_card, rule_statements
from .model_rules import error, one, player_counts, rules_of, span_of
from .required import required_rules

# Kinds the language can say and the engine cannot play yet, with what is missing (none now:
# a new kind whose core the engine does not run goes here until it does).
NOT_YET: dict[str, str] = {}


def check_playable(model: dict[str, Any], header: Span | None) -> list[Diagnostic]:
    """Every reason the engine could not play this model as written (empty: it plays)."""
    with one_model.scope():  # the model is not changed while checked: its rules desugar once
        return _reasons(model, header)


def _reasons(model: dict[str, Any], header: Span | None) -> list[Diagnostic]:
    out = not_yet(model, header) + names_in_abilities(model, header) + cards_in_play(model, header)
    out += turn_structure(model, header) + room_to_plant(model, header) + contradictions(model, header)
    out += hand_limit_below_deal(model, header) + never_planted_yet_owed(model, header)
    out += refused_by_words(model, header)
    out += required_rules(model, header)
    if not out:  # the engine's own compile step for every player count: the final gate
        out += engine_refusals(model, header)
    return out


def not_yet(model: dict, header: Span | None) -> list[Diagnostic]:
    out = [error("not-playable", f"'{r['text']}' is not playable yet: {NOT_YET[r['kind']]}", r, header,
                  "a spec that uses it cannot be played; remove the rule, or keep it in a draft spec")
           for r in model["rules"] if r["kind"] in NOT_YET]
    for bean in model["beans"]:
        for ability, why in ability_refusals(model, bean, player_counts(model)):
            name = f" '{ability['title'] or ability['id']}'" if ability["title"] or ability["id"] else ""
            out.append(error("not-playable", f"the ability{name} of card '{bean['id']}' is not playable "
                              f"yet: {why}", ability, span_of(bean) or header))
    return out


def ability_refusals(model: dict, bean: dict, counts: list[int]) -> Iterator[tuple[dict, str]]:
    """Each ability of a card the engine cannot run, with the engine's reason: its timings
    give it no place to act from or a phase that passes by itself, or its effect uses a node
    the engine does not run yet."""
    from ..engine.abilities import ability_refusal
    for index, ability in enumerate(bean["abilities"]):
        for n in counts:
            why = ability_refusal(model, bean, index, n)
            if why:
                yield ability, why
                break


def names_in_abilities(model: dict, header: Span | None) -> list[Diagnostic]:
    """Names inside abilities resolve: phases, beans, and zones the rulebook declares. The
    engine's judgement (engine/refusals.py, unknown_names), which its compile step raises for a
    model that never came here, in the same words."""
    from ..engine.abilities import nests_too_deep
    known = known_names(model)
    out = []
    for bean in model["beans"]:
        if nests_too_deep(bean):  # not made: not_yet reports it
            continue
        made = bean_card(bean)
        for ability, data in zip(made.abilities, bean["abilities"]):
            out += [error(f"unknown-{u.kind}", f"the ability of card '{bean['id']}' {u.says}", data, header, u.hint)
                    for u in unknown_names(ability, known)]
    return out


def cards_in_play(model: dict, header: Span | None) -> list[Diagnostic]:
    """A card that cannot be planted has nothing else to do in the engine: it never enters play
    (the engine would leave it in the box without a word)."""
    from ..engine.abilities import played_from_hand
    return [error("never-in-play", f"card '{b['id']}' cannot be planted and nothing else in the rules "
                   "puts it into play, so it never enters the game", b, header,
                   "remove 'cannot be planted', or give it an ability 'when played from front of hand'")
            for b in model["beans"] if not b["plantable"] and not played_from_hand(b)]


def _takes_from_deck(model: dict, rule_id: str) -> bool:
    """A reveal or draw rule takes at least one card for every player count."""
    rule = next((r for r in model["rules"] if r["id"] == rule_id), None)
    if rule is not None and rule["kind"] == "draw-one-at-a-time":  # owed draws take cards; optional ones may not
        return not rule["params"].get("optional")
    if rule is None or rule["kind"] not in ("reveal", "draw"):
        return False
    return all((by_players(rule["params"]["count"], n, rule_id, default=0) or 0) >= 1
               for n in player_counts(model))


def turn_structure(model: dict, header: Span | None) -> list[Diagnostic]:
    """There is a phase to play and an end that play reaches: the only end the engine plays is
    the deck running out, so some phase that is never skipped must take cards from the deck
    (each time it does, the game comes one card or one run-out nearer to its end)."""
    if not model["phases"]:
        return [error("no-phase", "the rulebook has no phase, so there is no turn to play", None, header,
                       'add one, e.g. phase plant "Plant beans"')]
    end = one(model, "end-on-exhaustion")
    if end is None:
        if not never_ends(s for rule in model["rules"] for s in rule_statements(rule)):
            return []  # another end (a target): no deck to reach
        return [error("no-end", "the game never ends: no rule ends it", None, header,
                       "add an end block, e.g.  end / game ends when deck runs out 3 times")]
    kinds = {r["id"]: r["kind"] for r in model["rules"]}
    for phase in model["phases"]:
        skippable = any(kinds.get(rid) == "skip-if-hand-empty" for rid in phase["rules"])
        if not skippable and any(_takes_from_deck(model, rid) for rid in phase["rules"]):
            return []
    return [error("end-unreachable", f"'{end['text']}' is never reached: no phase that is played every "
                   "turn takes cards from the deck", end, header,
                   "add a step such as 'draw 3 to back of hand' or 'reveal 2 to offer' to a phase "
                   "that is not skipped")]


def hand_limit_below_deal(model: dict, header: Span | None) -> list[Diagnostic]:
    """A hand limit smaller than the deal breaks the rule before the first turn: the engine
    would deal past it and then give nothing on every draw until the hand shrank."""
    limit, deal = one(model, "hand-limit"), one(model, "deal")
    if limit is None or deal is None:
        return []
    most = limit["params"]["max"]
    over = [n for n in player_counts(model)
            if (by_players(deal["params"]["count"], n, deal["id"], default=0) or 0) > most]
    if not over:
        return []
    counts = ", ".join(str(n) for n in over)
    return [error("limit-below-deal", f"'{limit['text']}' is broken at the deal: '{deal['text']}' gives "
                  f"more than {most} cards with {counts} players", limit, header,
                  "deal at most as many cards as the hand limit allows, or raise the limit")]


def _harvest_timing(model: dict) -> dict | None:
    return one(model, "harvest-any-time") or one(model, "harvest-own-turn")


def room_to_plant(model: dict, header: Span | None) -> list[Diagnostic]:
    """Wherever a player must plant, a card that fits no field can be made to fit: fields take
    any bean (no one-type rule), or a new type may cover a field (mixed-fields), or that player
    may harvest a field by choice there and then, whatever it pays. Otherwise the game would
    wait for a player with no legal action."""
    if one(model, "one-type-per-field") is None or one(model, "mixed-fields") is not None:
        return []
    timing = _harvest_timing(model)
    if one(model, "permit-harvest") is not None:
        # harvesting by condition, besides a timing or instead of one: it may make the room, and
        # a plant it leaves no room for lapses (engine/lasting.py)
        return []
    paying = one(model, "harvest-only-paying")
    kinds = {r["id"]: r for r in model["rules"]}
    out = []
    for phase in model["phases"]:
        for rule_id in phase["rules"]:
            rule = kinds.get(rule_id)
            if rule is None:
                continue
            if rule["kind"] == "plant-from-hand" and rule["params"]["min"] >= 1:
                who = "the active player"
            elif rule["kind"] == "plant-pending":
                who = "every player" if rule["params"]["who"] == "everyone" else "the active player"
            else:
                continue
            cause = None
            if timing is None:
                why = "no rule lets a player harvest by choice"
            elif phase["id"] in timing["params"].get("except_phases", []):
                why, cause = f"'{timing['text']}' forbids harvesting in phase {phase['id']}", timing
            elif timing["params"]["when"] == "own-turn" and who == "every player":
                why, cause = f"'{timing['text']}' lets only the active player harvest", timing
            elif paying is not None:
                why, cause = f"'{paying['text']}' forbids harvesting a field that pays nothing", paying
            else:
                continue
            out.append(_no_room(model, phase, who, rule, why, cause, header))
    return out


def _no_room(model: dict, phase: dict, who: str, rule: dict, why: str, cause: dict | None,
             header: Span | None) -> Diagnostic:
    """The error at the rule the spec itself wrote: where a variant's rule (the harvest timing,
    say) breaks a planting rule of its base, at the variant's line, with a hint that keeps it."""
    message = f"in phase {phase['id']}, {who} must '{rule['text']}', but a card that fits no field " \
              f"could not be planted: {why}"
    own = model["rulebook"]
    if cause is not None and cause.get("origin") == own and rule.get("origin") != own:
        where = f" ({rule['origin']}, line {rule['span']['line']})" if rule.get("span") else f" ({rule['origin']})"
        return error("no-room", message + where, cause, header,
                     "let players harvest where they must plant ('any player may harvest when it is phase "
                     f"{phase['id']}'), or 'a new type may cover a field'")
    return error("no-room", message, rule, header,
                 "add 'harvest at any time' (harvesting section), or 'a new type may cover a field'")


def contradictions(model: dict, header: Span | None) -> list[Diagnostic]:
    """A zone one rule lets players trade and another forbids; a whole field harvested where a
    new type may cover a field; fields bought where they are fixed, or bought with coins that a
    reshuffle would bring back though they must stay out of play."""
    allow = {"offer": one(model, "tradeable-offer"), "hand": one(model, "tradeable-hand")}
    out = []
    whole, mixed = one(model, "whole-field"), one(model, "mixed-fields")
    if whole is not None and mixed is not None:
        out.append(error("contradiction", f"'{whole['text']}' contradicts '{mixed['text']}', under which a "
                          "harvest takes the top run of a field, not the whole field", whole, header,
                          "keep one of the two rules"))
    keep, buy, reshuffle = one(model, "coins-out-of-play"), one(model, "buy-field"), one(model, "reshuffle")
    fixed = one(model, "fields-fixed")
    if fixed is not None and buy is not None:
        out.append(error("contradiction", f"'{buy['text']}' contradicts '{fixed['text']}'", buy, header,
                          "keep one of the two rules"))
    if keep is not None and buy is not None and reshuffle is not None:
        out.append(error("contradiction", f"'{buy['text']}' pays coins onto the discard pile, which "
                          f"'{reshuffle['text']}' shuffles back into the deck; that contradicts "
                          f"'{keep['text']}'", buy, header, "keep one of the rules"))
    for rule in rules_of(model, "untradeable"):
        other = allow.get(rule["params"]["zone"])
        if other is not None:
            line = f" (line {other['span']['line']})" if other.get("span") else ""
            out.append(error("contradiction", f"'{rule['text']}' contradicts '{other['text']}'{line}",
                              rule, header, "keep one of the two rules"))
    return out


def never_planted_yet_owed(model: dict, header: Span | None) -> list[Diagnostic]:
    """A card that cannot be planted, turned over into a zone that a rule says must be planted
    empty, would stop the game: the active player could neither plant it nor end the phase.
    The rulebook must say what becomes of it (an ability `when revealed` that takes it away),
    or the card must not be among those turned over."""
    into = {r["params"].get("to") for r in rules_of(model, "reveal")}
    owed = [r for r in rules_of(model, "plant-pending") if r["params"]["zone"] in into]
    used = one(model, "use-beans")
    in_deck = set(used["params"]["beans"]) if used is not None else {b["id"] for b in model["beans"]}
    out = []
    for rule in owed[:1]:
        zone = rule["params"]["zone"]
        reveal = next(r for r in rules_of(model, "reveal") if r["params"].get("to") == zone)
        for bean in model["beans"]:
            if bean["plantable"] or bean["id"] not in in_deck or any(
                    t.get("on") == "when-revealed" for a in bean["abilities"] for t in a["triggers"]):
                continue
            out.append(error("not-playable", f"card '{bean['id']}' cannot be planted, yet '{reveal['text']}' "
                              f"turns it into the {zone}, and '{rule['text']}' requires planting every card "
                              f"there: the game would wait for ever once one is turned over", bean, header,
                              "say what becomes of it when it is turned over: an ability 'when revealed' "
                              "(for example 'discard this card')"))
    return out


def refused_by_words(model: dict, header: Span | None) -> list[Diagnostic]:
    """Each rule whose words alone the engine refuses (engine/refusals.py: a zone of several
    players read as one, the opponent in a game of more than two, a condition naming what its
    action is not about, a zone declared otherwise than the engine keeps it), at the rule, for
    the fewest players it breaks at: read from the rule's core statements, not by playing (a
    game may never reach the rule). The engine's compile step raises the same judgement."""
    counts = player_counts(model)
    out = []
    for rule in model["rules"]:
        statements = rule_statements(rule)
        judged = (refusal(s, n) for n in counts for s in statements)  # the fewest players first
        why = next((r for r in judged if r is not None), None)
        if why is None:
            continue
        players = f"not playable with {why.players} players: " if why.players else ""
        out.append(error("not-playable", f"{players}'{rule['text']}' {why.says}", rule, header, why.hint))
    return out


def engine_refusals(model: dict, header: Span | None) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for n in player_counts(model):
        try:
            compile_ruleset(model, n)
        except UnsupportedRule as exc:
            if str(exc) in seen:
                continue
            seen.add(str(exc))
            rule = next((r for r in model["rules"] if exc.rule in (r["id"], r["kind"])), None)
            card = next((b for b in model["beans"] if b["id"] == exc.card), None)  # a card's ability
            out.append(error("not-playable", f"not playable with {n} players: {exc}", rule or card, header))
    return out
