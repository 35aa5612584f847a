"""Abilities in which a player other than the card's owner decides (engine/abilities.py's
`others_decide`, run by engine/decisions.py's `run` with an anchor): the opponent picks the
card they give, or the field they plant a gift on.

Such an ability's effect is walked as a phase step's is (kernel/decisions.py's Walker, which
also runs the engine's deciders: kernel/plant_for.py), with what the engine gives it: the card's
owner and the player, the card or the field it lies on while it runs now, and no feed (every
choice in it is a decision the game waits for). Where it stops, the decision is the engine's,
key for key: anchored to the ability ({"mechanism": "ability", "rule": …}) rather than to a
step, with the names the engine keeps (the owner and the player, as the use began; on an answer,
every name bound so far). Answering it goes on from there and nothing else runs after it
(flow.resume returns for an anchored decision).
"""
from __future__ import annotations

from typing import Any

from ..core.categories import Node
from ..engine.effect_env import FEED, OWNER
from . import core
from .decisions import RULE, Walker, Waiting
from ..engine.state import State

MECHANISM = "ability"  # the anchor's kind (engine/decisions.py ANCHORS)


class AbilityWalker(Walker):
    itself: dict = {}  # a player's use of an ability goes on after an answer as a use, not by itself
    def __init__(self, node: Node, prims: core.Primitives, rule: str):
        super().__init__(node, prims, rule, -1)
        self.anchor = {"mechanism": MECHANISM, "rule": rule}

    def where(self) -> dict:
        return {"anchor": dict(self.anchor)}

    def use(self, g: State, env: dict) -> str | None:
        """abilities._compiled's run: without the feed; a waiting decision keeps only the names
        that are plain values (the owner, the player), not the card or field that hold now."""
        kept = {OWNER: env[OWNER], "player": env["player"]}
        inner = {k: v for k, v in env.items() if k != FEED}
        inner[RULE] = self.rule
        outcome = self.run(self.node, None, g, inner)
        if isinstance(outcome, Waiting):
            g.decision = {**outcome.decision, "rule": self.rule, **self.where(), "path": outcome.path,
                          "names": kept}
            return "wait"
        return "skip" if outcome == "skip" else None
