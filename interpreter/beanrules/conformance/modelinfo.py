"""The facts of a rule model that case checking needs, read once per spec.

Only generic rule kinds are consulted (use-beans, fields, players), so this works for every
rulebook's model, not just the classic one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ModelInfo:
    name: str
    bean_counts: dict[str, int]         # every bean in the box → how many cards
    in_play: tuple[str, ...]            # beans used in a game, in the model's order
    rule_ids: frozenset[str]
    phase_ids: tuple[str, ...]
    min_players: int
    max_players: int
    _fields: Any

    def fields_for(self, players: int) -> int | None:
        """How many fields each player has with this many players (None if the model does not say)."""
        count = self._fields
        if isinstance(count, int):
            return count
        if isinstance(count, dict):
            for entry in count.get("by_players", []):
                low, high = entry["players"]
                if low <= players <= high:
                    return int(entry["value"])
        return None


def model_info(name: str, model: dict[str, Any]) -> ModelInfo:
    beans = {b["id"]: int(b["count"]) for b in model["beans"]}
    rules = model.get("rules", [])
    in_play: list[str] = list(beans)
    fields: Any = None
    for rule in rules:
        if rule.get("kind") == "use-beans":
            in_play = [b for b in rule["params"]["beans"] if b in beans]
        elif rule.get("kind") == "fields":
            fields = rule["params"].get("count")
    players = model.get("players") or {}
    return ModelInfo(
        name=name,
        bean_counts=beans,
        in_play=tuple(in_play),
        rule_ids=frozenset(r["id"] for r in rules),
        phase_ids=tuple(p["id"] for p in model.get("phases", [])),
        min_players=int(players.get("min", 1)),
        max_players=int(players.get("max", 99)),
        _fields=fields,
    )
