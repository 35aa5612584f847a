"""Decisions inside a phase's steps (``choose`` a player, ``ask`` yes or no), as
engine/decisions.py runs them, over the kernel's state (``at-random`` is the engine's own
closure: it seeds its generator by the rule the step binds, evaluate.RULE).

A step whose effect may wait is walked node by node, as the engine walks it: where it reaches
a decision it stops and leaves ``g.decision`` (who decides, the options, the step, the path
through the effect and the names bound so far, in the engine's shape with seats for
names); the answer, an action (CHOOSE, seat, option), goes on from there. The path and
names are the engine's, so export.py shows the very decision the interpreter shows. Parts
without a decision run as the kernel's compiled closures. A choice among cards, or a decision
outside a phase's steps, is refused by name.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, effects, places
from ..core.categories import Node
from ..engine.decisions import NO, NOTHING, YES, bound_as, deciding, seat_names, waits
from ..engine.evaluate import BY_ITSELF, RULE, RULES  # RULE: the rule whose step runs (at-random's seed)
from ..engine import evaluate
from . import core
from ..engine.state import State

CHOOSE = 7  # the action kind, after actions.MOVE
_ANSWER = "#answer"
_STOP = "stop"
_STRUCTURE = (effects.Sequence, effects.If, effects.Ask, effects.Choose, effects.Repeat)


class Waiting:
    __slots__ = ("path", "decision")

    def __init__(self, path: list[int], decision: dict[str, Any]):
        self.path, self.decision = path, decision


class Walker:
    """One waiting step's effect, compiled: the closures of its parts without decisions, the
    tests and players of its structure, and the names its choices bind to seats."""
    itself: dict = {BY_ITSELF: True}  # a phase's step runs by itself (evaluate.BY_ITSELF)

    def __init__(self, node: Node, prims: core.Primitives, rule: str, step: int):
        self.node, self.prims, self.rule, self.step = node, prims, rule, step
        self.itself = {**self.itself, RULES: prims.rs}  # the engine's closures read the rules there
        self.closures: dict[int, Callable] = {}
        self.tests: dict[int, Callable] = {}
        self.numbers: dict[int, Callable] = {}
        self.players: dict[int, Callable] = {}
        # the names bound to a player (a seat) and to cards picked ([bean]), as export.py shows
        # them: as each node declares what it binds (the engine's decisions.seat_names)
        self.seats, self.cards = seat_names(node), bound_as(node, "cards")
        self.offered: dict[int, Callable] = {}  # a choice among cards: (g, env) -> its candidates
        self.deciders: dict[int, Any] = {}  # effects that may wait by themselves (kernel/plant_for.py)
        self._compile(node)

    def _compile(self, node: Node) -> None:
        key = id(node)
        if not waits(node):
            self.closures[key] = core.effect(node, self.prims)
            return
        if deciding(node):  # an effect that may wait by itself (the engine's DECIDERS)
            from .plant_for import compile_decider
            self.deciders[key] = compile_decider(node, self.prims)
            return
        if not isinstance(node, _STRUCTURE):
            raise core.KernelUnsupported(f"a decision inside '{node.NODE}'")
        if isinstance(node, effects.Choose):
            self.players[key] = evaluate.players_of(node.player)
            if isinstance(node.options, places.CardsIn):  # a card of a place, one option per bean
                self.offered[key] = _candidates(node.options)
                if node.where is not None:
                    self.tests[id(node.where)] = evaluate.condition(node.where)
                return
            if not isinstance(node.options, actors.Actor) or isinstance(node.options, actors.Bound):
                raise core.KernelUnsupported(f"the choice '{node.to_text()}' (only of a player or a card)")
            self.players[id(node.options)] = evaluate.players_of(node.options)
            if node.where is not None:
                self.tests[id(node.where)] = evaluate.condition(node.where)
            return
        if isinstance(node, effects.If):
            self.tests[id(node.condition)] = evaluate.condition(node.condition)
        if isinstance(node, effects.Repeat):
            self.numbers[key] = evaluate.number(node.times)
            if node.condition is not None:
                self.tests[id(node.condition)] = evaluate.condition(node.condition)
        if isinstance(node, effects.Ask):
            self.players[key] = evaluate.players_of(node.player)
        for child in node.children():
            if isinstance(child, effects.Effect):
                self._compile(child)

    # -- running (decisions._run, step for step) ----------------------------------------------
    def run(self, node: Node, path: list[int] | None, g: State, env: dict) -> Any:
        key = id(node)
        closure = self.closures.get(key)
        if closure is not None:
            return closure(g, env)
        decider = self.deciders.get(key)
        if decider is not None:  # decisions._run's DECIDERS: start, or finish with the answer
            if path is None:
                asked = decider.start(g, env)
                return Waiting([], asked) if asked is not None else None
            decider.finish(g, env, env.pop(_ANSWER))
            return None
        if isinstance(node, effects.Sequence):
            first = path[0] if path else 0
            for i in range(first, len(node.steps)):
                inner = path[1:] if path and i == first else None
                outcome = self.run(node.steps[i], inner, g, env)
                if isinstance(outcome, Waiting):
                    return Waiting([i] + outcome.path, outcome.decision)
                if outcome in ("skip", _STOP):
                    return outcome
            return None
        if isinstance(node, effects.If):
            branch = path[0] if path else (0 if self.tests[id(node.condition)](g, env) else 1)
            return self._branch(branch, (node.then, node.otherwise), path[1:] if path else None, g, env)
        if isinstance(node, effects.Ask):
            if path is None:
                return Waiting([], {"player": self.players[key](g, env)[0], "ask": node.question,
                                    "options": [YES, NO]})
            if not path:
                branch = 0 if env.pop(_ANSWER) == YES else 1
                return self._branch(branch, (node.yes, node.no), None, g, env)
            return self._branch(path[0], (node.yes, node.no), path[1:], g, env)
        if isinstance(node, effects.Choose):
            if path is None:
                return self._ask_choice(node, g, env)
            answer = env.pop(_ANSWER)
            if answer == NOTHING:
                return _STOP
            env[node.name] = answer["value"] if isinstance(answer, dict) else answer
            if isinstance(answer, dict):  # a card: where it lies, so that a move takes that very one
                env[node.name + "@"] = answer["at"]
            return None
        rounds = path[1] if path else self.numbers[key](g, env)
        for k in range(path[0] if path else 0, rounds):
            resuming = path is not None and k == path[0]
            if not resuming and node.condition is not None and not self.tests[id(node.condition)](g, env):
                break
            outcome = self.run(node.body, path[2:] if resuming else None, g, env)
            if isinstance(outcome, Waiting):
                return Waiting([k, rounds] + outcome.path, outcome.decision)
            if outcome in ("skip", _STOP):
                return outcome
        return None

    def _branch(self, branch: int, nodes: tuple, path: list[int] | None, g: State, env: dict) -> Any:
        chosen = nodes[branch]
        if chosen is None:
            return None
        outcome = self.run(chosen, path, g, env)
        return Waiting([branch] + outcome.path, outcome.decision) if isinstance(outcome, Waiting) else outcome

    def _ask_choice(self, node: effects.Choose, g: State, env: dict) -> Any:
        player = self.players[id(node)](g, env)[0]
        offered = self.offered.get(id(node))
        if offered is not None:  # cards: labelled by their bean's name, kept whole in "cards"
            cards = offered(g, env)
            if node.where is not None:
                test = self.tests[id(node.where)]
                cards = [c for c in cards if test(g, {**env, node.name: c["value"]})]
            if not cards:
                return _STOP
            return Waiting([], {"player": player, "name": node.name,
                                "options": [c["value"][0] for c in cards] + ([] if node.must else [NOTHING]),
                                "cards": cards})
        options = self.players[id(node.options)](g, env)
        if node.where is not None:
            test = self.tests[id(node.where)]
            options = [o for o in options if test(g, {**env, node.name: o})]
        if not options:
            return _STOP
        return Waiting([], {"player": player, "name": node.name,
                            "options": list(options) + ([] if node.must else [NOTHING])})

    def where(self) -> dict:
        """Where the waiting effect is found again: the phase's step (an ability's: its anchor)."""
        return {"step": self.step}

    # -- as a phase step -------------------------------------------------------------------------
    def fire(self, g: State, env: dict) -> str | None:
        """Run the step's effect from its start: "wait" when it stops at a decision."""
        env = {RULE: self.rule, **self.itself}
        return self._outcome(g, env, self.run(self.node, None, g, env))

    def answer(self, g: State, option: Any) -> str | None:
        """Go on from the waiting decision with `option` (decisions.answer)."""
        decision = g.decision
        g.decision = None
        if "cards" in decision and option != NOTHING:
            option = decision["cards"][decision["options"].index(option)]
        env = {**decision["names"], RULE: self.rule, _ANSWER: option, **self.itself}
        return self._outcome(g, env, self.run(self.node, list(decision["path"]), g, env))

    def _outcome(self, g: State, env: dict, outcome: Any) -> str | None:
        if isinstance(outcome, Waiting):
            names = {k: v for k, v in env.items() if k != RULES and not k.startswith("#")}
            g.decision = {**outcome.decision, "rule": self.rule, **self.where(), "path": outcome.path,
                          "names": names}
            return "wait"
        return "skip" if outcome == "skip" else None


def _candidates(node: places.CardsIn) -> Callable[[State, dict], list[dict]]:
    """decisions._options_fn for cards: the first card of each bean in the place, with where it lies."""
    where = _place(node.place)

    def cards(g: State, env: dict) -> list[dict]:
        zone, owner, held = where(g, env)
        firsts: dict[int, int] = {}
        for i, bean in enumerate(held):
            firsts.setdefault(bean, i)
        return [{"value": [bean], "at": {"zone": zone, "owner": owner, "index": i}} for bean, i in firsts.items()]
    return cards


def options(g: State, seat: int) -> list[tuple]:
    decision = g.decision
    if decision is None or decision["player"] != seat:
        return []
    return [(CHOOSE, seat, option) for option in decision["options"]]


# -- where the cards of a choice lie (the engine's decisions._place) ----------------------------------
def _place(node: Node) -> Callable[[State, dict], tuple[str, int | None, list[int]]]:
    if isinstance(node, places.Zone) and node.owner is None and node.zone in evaluate.SHARED_PILES:
        name = node.zone
        return lambda g, env: (name, None, getattr(g, name))
    if isinstance(node, places.Zone) and node.owner is not None and node.zone in evaluate.PLAYER_ZONES:
        name, attr, who = node.zone, evaluate.PLAYER_ZONES[node.zone], evaluate.players_of(node.owner)

        def owned(g: State, env: dict) -> tuple:
            owner = who(g, env)[0]
            return name, owner, getattr(g, attr)[owner]
        return owned
    raise core.KernelUnsupported(f"picking cards from '{node.to_text()}'")
