"""The facts of a rule model that case checking needs, read once per spec.

Only generic rule kinds are consulted (use-beans, remove-beans, fields, buy-field, mixed-fields,
coin-source, players),
so this works for every rulebook's model, not just the classic one.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


def _for_players(value: Any, players: int, default: Any = None) -> Any:
    """A rule-model value that may depend on the player count ({"by_players": [...]})."""
    if not (isinstance(value, dict) and "by_players" in value):
        return value
    fallback = default
    for entry in value["by_players"]:
        span = entry["players"]
        if span in (None, "otherwise"):
            fallback = entry["value"]
        elif span[0] <= players <= span[1]:
            return entry["value"]
    return fallback


@dataclass(frozen=True)
class ModelInfo:
    """What a case may name. ``in_play`` and the field counts hold for one player count once
    :meth:`for_players` has been applied (check_case and starting_state do so)."""

    name: str
    bean_counts: dict[str, int]         # every bean in the box → how many cards
    in_play: tuple[str, ...]            # beans used in a game, in the model's order
    rule_ids: frozenset[str]
    phase_ids: tuple[str, ...]
    min_players: int
    max_players: int
    _fields: Any
    _use: Any = None                    # use-beans params (may depend on the player count)
    _remove: Any = None                 # remove-beans params (may depend on the player count)
    _buy_max: int | None = None         # buy-field: how many fields a player may buy up to
    mixed_fields: bool = False          # mixed-fields: a field may hold several bean types
    coins_from_bank: bool = False       # coin-source from bank: coin cards are the beans out of play
    tokens: tuple[str, ...] = ()        # tokens the rules declare (a case may say who holds each)
    adds_fields: bool = False           # a card's ability gives a player a field ("gain a field")
    plays_as: dict[str, str] = field(default_factory=dict)  # card -> the bean type it plays as

    def type_of(self, card: str) -> str:
        return self.plays_as.get(card, card)

    def fields_for(self, players: int) -> int | None:
        """How many fields each player has with this many players (None if the model does not say)."""
        count = _for_players(self._fields, players)
        return int(count) if count is not None else None

    def max_fields_for(self, players: int) -> int | None:
        """The most fields a player can have: the dealt ones, or more where fields can be bought."""
        dealt = self.fields_for(players)
        if self.adds_fields:
            return None
        if dealt is None or self._buy_max is None:
            return dealt
        return max(dealt, self._buy_max)

    def for_players(self, players: int) -> "ModelInfo":
        """This info with the beans in play for this many players."""
        used = _for_players(self._use, players, list(self.bean_counts)) if self._use is not None else list(self.bean_counts)
        removed = set(_for_players(self._remove, players, []) or [])
        in_play = tuple(b for b in self.bean_counts if b in used and b not in removed)
        return replace(self, in_play=in_play)


def model_info(name: str, model: dict[str, Any]) -> ModelInfo:
    beans = {b["id"]: int(b["count"]) for b in model["beans"]}
    rules = model.get("rules", [])
    params = {r["kind"]: r["params"] for r in rules}
    players = model.get("players") or {}
    return ModelInfo(
        name=name,
        bean_counts=beans,
        in_play=tuple(beans),
        # a refusal may also cite a card never planted, or a card's ability (card-ability)
        rule_ids=frozenset(r["id"] for r in rules) | frozenset(
            b["id"] for b in model["beans"] if not b.get("plantable", True)) | frozenset(
            f"{b['id']}-{a.get('id') or i + 1}" for b in model["beans"] for i, a in enumerate(b.get("abilities", []))),
        phase_ids=tuple(p["id"] for p in model.get("phases", [])),
        min_players=int(players.get("min", 1)),
        max_players=int(players.get("max", 99)),
        _fields=params.get("fields", {}).get("count"),
        _use=params.get("use-beans", {}).get("beans"),
        _remove=params.get("remove-beans", {}).get("beans"),
        _buy_max=params.get("buy-field", {}).get("max_fields"),
        mixed_fields="mixed-fields" in params,
        coins_from_bank=params.get("coin-source", {}).get("from") == "bank",
        tokens=tuple(r["params"]["token"] for r in rules if r["kind"] == "token"),
        adds_fields=any(e.get("do") == "add-field" for b in model["beans"] for a in b.get("abilities", [])
                        for e in _effects(a.get("effects", []))),
        plays_as={b["id"]: b["plays_as"] for b in model["beans"] if b.get("plays_as")},
    )


def _effects(effects: list) -> list[dict]:
    """Every effect of an ability, nested ones included (without recursion)."""
    out, stack = [], list(effects)
    while stack:
        effect = stack.pop()
        if isinstance(effect, dict):
            out.append(effect)
            for key in ("then", "else", "effects"):
                stack.extend(effect.get(key) or [])
    return out
