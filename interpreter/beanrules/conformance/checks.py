"""Checks of a schema-valid case against its rule model: names that must exist (beans, phases,
rules, actions, players in steps and expectations) and what the case format's own shorthand
must mean (a bean out of play named where the game has none of it, two beans in one field,
more coins by count than cards are left).

Whether the game can start from the case's state at all (the players the rules allow, the
phase, the active and start player, the zones of players not playing, unknown beans, more
cards of a bean or more fields than the game has, counters and tokens) is the engine's to say:
the loader asks it (conformance/startstate.py) instead of checking it twice.

Each check yields (path in the case, message); the loader turns them into CaseErrors.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from .modelinfo import ModelInfo
from .notation import check_action, suggest

Problem = tuple[str, str]
PER_PLAYER = ("hands", "set_aside", "coins", "fields", "scores")


def check_case(raw: dict[str, Any], info: ModelInfo) -> Iterator[Problem]:
    players = list(raw["players"])
    info = info.for_players(len(players))  # beans in play and fields depend on the player count
    yield from _check_players(raw, players)
    state = raw.get("state") or {}
    yield from _check_state(state, info, players)
    for i, step in enumerate(raw.get("steps", [])):
        yield from _check_step(step, f"steps[{i}]", info, players)
    refused = raw.get("refused_state") or {}
    rules = refused.get("rule", [])
    for rule in [rules] if isinstance(rules, str) else rules:
        if rule not in info.rule_ids:
            yield "refused_state.rule", f"unknown rule '{rule}'{suggest(rule, info.rule_ids)} in {info.name}"


def _unknown_player(name: str, players: list[str]) -> str:
    return f"unknown player '{name}'{suggest(name, players)}; players are {', '.join(players)}"


def _check_players(raw: dict[str, Any], players: list[str]) -> Iterator[Problem]:
    if raw.get("dealt"):
        # the engine's own setup makes the first name the start player and sets up everything
        if "state" in raw:
            yield "state", "a dealt game starts from the engine's setup; give either dealt or state"
        if raw.get("start", players[0]) != players[0]:
            yield "start", f"a dealt game starts with the first player ({players[0]}); reorder the players instead"


def _bean_problem(bean: str, info: ModelInfo) -> str | None:
    if bean not in info.bean_counts:
        return f"unknown bean '{bean}'{suggest(bean, info.bean_counts)}"
    if bean not in info.in_play:
        return f"bean '{bean}' is not in play in {info.name} (in play: {', '.join(info.in_play)})"
    return None


def _cards(value: Any, path: str, info: ModelInfo, in_play: bool = True) -> Iterator[Problem]:
    if isinstance(value, list):
        for i, bean in enumerate(value):
            if not in_play and bean in info.bean_counts:
                continue  # the removed pile holds exactly the beans not in play
            problem = _bean_problem(bean, info)
            if problem:
                yield f"{path}[{i}]", problem


def _bank_cards(value: Any, path: str, info: ModelInfo) -> Iterator[Problem]:
    """Coin cards where coins come from the bank: beans out of play, the bank's cards."""
    if isinstance(value, list):
        for i, bean in enumerate(value):
            if bean not in info.bean_counts:
                yield f"{path}[{i}]", f"unknown bean '{bean}'{suggest(bean, info.bean_counts)}"
            elif bean in info.in_play:
                yield f"{path}[{i}]", (f"coins come from the bank in {info.name}: a coin card is a bean "
                                       f"out of play, not {bean}")


def _per_player(mapping: dict[str, Any], path: str, players: list[str]) -> Iterator[Problem]:
    for name in mapping:
        if name not in players:
            yield f"{path}.{name}", _unknown_player(name, players)


def _check_state(state: dict[str, Any], info: ModelInfo, players: list[str]) -> Iterator[Problem]:
    yield from layout_problems(state, info)
    for name, lists in state.get("fields", {}).items():
        for i, cards in enumerate(lists):
            if len({info.type_of(c) for c in cards}) > 1 and not info.mixed_fields:  # a card counts as its type
                yield f"state.fields.{name}[{i}]", (f"field {i + 1} holds {', '.join(sorted(set(cards)))}: "
                                                    "one field grows one bean type")


def layout_problems(state: dict[str, Any], info: ModelInfo) -> Iterator[Problem]:
    """What keeps the runner from laying the state out as the case means it (a bean out of play
    named in play, coins by count or from a bank that the game cannot pay): the engine is not
    asked about such a state."""
    for key in ("deck", "discard", "offer"):
        yield from _out_of_play(state.get(key), f"state.{key}", info)
    for key in ("hands", "set_aside", "coins"):
        for name, cards in state.get(key, {}).items():
            if key == "coins" and info.coins_from_bank:
                yield from _bank_cards(cards, f"state.coins.{name}", info)
            else:
                yield from _out_of_play(cards, f"state.{key}.{name}", info)
    for name, lists in state.get("fields", {}).items():
        for i, cards in enumerate(lists):
            yield from _out_of_play(cards, f"state.fields.{name}[{i}]", info)
    yield from _check_coins(state, info, "state")


def _out_of_play(value: Any, path: str, info: ModelInfo) -> Iterator[Problem]:
    """A bean of the box that this player count leaves out, named in play (an unknown bean is
    the engine's to refuse)."""
    for i, bean in enumerate(value if isinstance(value, list) else []):
        if bean in info.bean_counts and bean not in info.in_play:
            yield f"{path}[{i}]", _bean_problem(bean, info) or ""


def _check_tokens(tokens: dict[str, Any], path: str, info: ModelInfo, players: list[str]) -> Iterator[Problem]:
    for token, holder in tokens.items():
        if token not in info.tokens:
            known = f"; tokens are {', '.join(info.tokens)}" if info.tokens else f"; {info.name} has no tokens"
            yield f"{path}.{token}", f"unknown token '{token}'{suggest(token, info.tokens)}{known}"
        if holder is not None and holder not in players:
            yield f"{path}.{token}", _unknown_player(holder, players)


def named_cards(state: dict[str, Any]) -> Counter[str]:
    """Every card the starting state names, by bean (coin counts not included)."""
    total: Counter[str] = Counter()
    for key in ("deck", "discard", "offer"):
        total.update(state.get(key, []))
    for key in ("hands", "set_aside", "coins"):
        for cards in state.get(key, {}).values():
            if isinstance(cards, list):
                total.update(cards)
    for lists in state.get("fields", {}).values():
        for cards in lists:
            total.update(cards)
    for value in state.get("zones", {}).values():  # the zones the rules declare
        for cards in (value.values() if isinstance(value, dict) else [value]):
            if isinstance(cards, list):
                total.update(cards)
    return total


def _check_coins(state: dict[str, Any], info: ModelInfo, path: str) -> Iterator[Problem]:
    """Coins given by count, and coin cards from a bank: the format's shorthand must be able to
    lay them out (more cards of a bean than the game has is the engine's to refuse)."""
    total = named_cards(state)
    counted = sum(c for c in state.get("coins", {}).values() if isinstance(c, int))
    if info.coins_from_bank:  # coin cards come from the bank: the beans out of play
        bank = Counter({b: n for b, n in info.bean_counts.items() if b not in info.in_play})
        for bean, count in sorted(total.items()):
            if bank.get(bean, count) < count:
                yield path, f"impossible state: {count} {bean} coin cards named, but the bank has only {bank[bean]}"
        left = sum(bank.values()) - sum(n for b, n in total.items() if b in bank)
        if counted > left:
            yield f"{path}.coins", f"impossible state: {counted} coins by count, but the bank holds only {left}"
        return
    left = sum(info.bean_counts[b] for b in info.in_play) - sum(total.values())
    if counted > max(left, 0):
        yield f"{path}.coins", f"impossible state: {counted} coins by count, but only {left} cards are left"


def _check_step(step: dict[str, Any], path: str, info: ModelInfo, players: list[str]) -> Iterator[Problem]:
    beans = list(info.bean_counts)
    for key in ("do", "refuse"):
        if key in step:
            # A refusal by no rule is the engine's answer to names it does not know: let them be.
            known = not (key == "refuse" and step.get("rule", "") is None)
            for problem in check_action(step[key], players, beans, names_known=known):
                yield f"{path}.{key}", problem
            # a bean of the box that is not in play is an impossible action, not a typo
            for word in step[key].replace(",", " ").split() if known else ():
                if word in info.bean_counts and word not in info.in_play:
                    yield f"{path}.{key}", _bean_problem(word, info) or ""
    if step.get("rule") is not None:
        rules = step["rule"] if isinstance(step["rule"], list) else [step["rule"]]
        for rule in rules:
            if rule not in info.rule_ids:
                yield f"{path}.rule", f"unknown rule '{rule}'{suggest(rule, info.rule_ids)} in {info.name}"
    if "expect" in step:
        yield from _check_fragment(step["expect"], f"{path}.expect", info, players)
    for i, event in enumerate(step.get("events", [])):
        where = f"{path}.events[{i}]"
        for key in ("player", "from", "to", "active", "by"):
            if key == "from" and event.get("event") == "planted":
                continue  # a planted event's "from" is a zone (hand, offer, set-aside)
            if isinstance(event.get(key), str) and event[key] not in players:
                yield f"{where}.{key}", _unknown_player(event[key], players)
        if isinstance(event.get("bean"), str):
            problem = _bean_problem(event["bean"], info)
            if problem:
                yield f"{where}.bean", problem
        for name in event.get("winners", []) if isinstance(event.get("winners"), list) else []:
            if name not in players:
                yield f"{where}.winners", _unknown_player(name, players)


def _check_fragment(fragment: dict[str, Any], path: str, info: ModelInfo, players: list[str]) -> Iterator[Problem]:
    for key in ("active", "start_player"):
        if key in fragment and fragment[key] not in players:
            yield f"{path}.{key}", _unknown_player(fragment[key], players)
    if "phase" in fragment and fragment["phase"] not in info.phase_ids:
        yield f"{path}.phase", f"unknown phase '{fragment['phase']}'{suggest(fragment['phase'], info.phase_ids)}"
    for key in ("deck", "discard", "offer"):
        yield from _cards(fragment.get(key), f"{path}.{key}", info)
    yield from _cards(fragment.get("removed"), f"{path}.removed", info, in_play=False)
    for key in PER_PLAYER:
        yield from _per_player(fragment.get(key, {}), f"{path}.{key}", players)
    for key in ("hands", "set_aside", "coins"):
        for name, cards in fragment.get(key, {}).items():
            yield from _cards(cards, f"{path}.{key}.{name}", info)
    for name, lists in fragment.get("fields", {}).items():
        for i, cards in enumerate(lists):
            yield from _cards(cards, f"{path}.fields.{name}[{i}]", info)
    yield from _check_tokens(fragment.get("tokens", {}), f"{path}.tokens", info, players)
    decision = fragment.get("decision") or {}
    if decision.get("player") is not None and decision["player"] not in players:
        yield f"{path}.decision.player", _unknown_player(decision["player"], players)
    if decision.get("rule") is not None and decision["rule"] not in info.rule_ids:
        yield f"{path}.decision.rule", f"unknown rule '{decision['rule']}'{suggest(decision['rule'], info.rule_ids)} in {info.name}"
    for key in ("winners", "waiting_for"):
        for name in fragment.get(key, []):
            if name not in players:
                yield f"{path}.{key}", _unknown_player(name, players)
    yield from _per_player(fragment.get("legal", {}), f"{path}.legal", players)
    for name, want in fragment.get("legal", {}).items():
        parts = {"": want} if isinstance(want, list) else {f".{k}": v for k, v in want.items() if isinstance(v, list)}
        for part, actions in parts.items():
            for i, action in enumerate(actions):
                where = f"{path}.legal.{name}{part}[{i}]"
                yield from ((where, problem) for problem in check_action(action, players, list(info.bean_counts)))
                actor = action.split(maxsplit=1)[0]
                if actor != name and actor in players:
                    yield where, f"'{action}' is {actor}'s action, listed among {name}'s"
