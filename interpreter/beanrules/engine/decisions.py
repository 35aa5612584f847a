"""Decisions inside effects: ``choose``, ``ask`` (yes or no) and ``at-random``.

An automatic step whose effect holds a ``choose`` or an ``ask`` cannot run as one closure:
when it reaches the decision, the game must wait for the deciding player, who need not be
the active one. Such an effect is run here by walking its core nodes. When it reaches a
decision it stops and leaves ``state.decision``: who decides, the options, and where to go
on (the rule, the step of the phase, a path of positions through the effect, and the names
bound so far); all of it plain JSON, so a waiting game saves, loads and replays like any
other. The player answers with the action ``NAME chooses OPTION`` (docs/actions.md); the
effect goes on from where it stopped, then the rest of the phase's steps.

Paths: in a ``sequence`` the step, in an ``if`` or ``ask`` the branch (0: then/yes, 1:
otherwise/no), in a ``repeat`` the round and the bound; an empty path is the decision itself.

``at-random`` picks without asking anyone, with a random generator seeded from the game's
seed and where the game is (turn, phase, rule, name): the same game picks the same card,
also in a replay. Names bound to cards remember where the card lies, so that a later
``move`` takes that very card.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

from ..core import actors, effects, places
from ..core.categories import Node, bound_kinds
from ..core.node import GIVEN
from . import auctions, evaluate, meaning
from .actions import Choose as ChooseAction
from .effect_env import OWNER
from .errors import IllegalAction, UnsupportedRule
from .eventlog import UNRECORDED
from .evaluate import RULES, Env
from .meaning import Semantics
from .selection import _FIRST_IS_TOP, zone_name

NOTHING = "nothing"  # the answer of a player who may choose and does not
YES, NO = "yes", "no"
_STOP = "stop"  # a decision declined or without options: the rest of its effect does not happen
_ANSWER = "#answer"
_STEP = "#step"  # the phase step (ruleset.CoreStep) whose effect runs
_ANCHOR = "#anchor"  # or where else the effect comes from (see run)


def _ability(state: Any, rs: Any, anchor: dict) -> Node:
    """The effect of the card ability (engine/abilities.py) a waiting decision belongs to."""
    return next(a.run.node for a in rs.abilities if a.ref.id == anchor["rule"])


def _trigger(state: Any, rs: Any, anchor: dict) -> Node:
    """The effect of the step on a card event (engine/triggers.py) a waiting decision belongs to."""
    return next(t.run.node for found in rs.triggers.values() for t in found if t.ref.id == anchor["rule"])


# Where an effect that waits is found again, by the kind of its anchor (a JSON object with
# "mechanism" and "rule"): the mechanisms that run effects elsewhere than at the start of a phase
# (a card's ability, a step on a card event), each finding the effect's node in the ruleset. A
# fixed table, not filled by the mechanisms' modules as they are imported, so what answers never
# depends on import order.
ANCHORS: dict[str, Callable[[Any, Any, dict], Node]] = {"ability": _ability, "trigger": _trigger}
WINDOW = "any-turn"  # the anchor of a decision offering abilities used in any turn (engine/windows.py)


class Decider:
    """An effect other than ``choose`` and ``ask`` that may wait for a player's decision (a
    module that runs one registers it in DECIDERS by its node type): `start` does it at once
    (None) or returns the decision to wait for ({"player", "name", "options"}); `finish` does it
    with the answer given. A decision of several answers (an auction's bids) returns the next
    decision from `finish` too; one that goes on with an effect of its own returns the index of
    that effect among its `branches` (which may wait in turn)."""

    def decides(self, node: Node) -> bool:
        raise NotImplementedError

    def start(self, node: Node, state: Any, rs: Any, env: Env, events: list) -> dict[str, Any] | int | None:
        raise NotImplementedError

    def finish(self, node: Node, state: Any, rs: Any, env: Env, answer: str, events: list) -> dict[str, Any] | int | None:
        raise NotImplementedError

    def branches(self, node: Node) -> tuple[Node | None, ...]:
        return ()

    def compile(self, node: Node) -> None:
        """Compile what the node reads now, so a rule the engine cannot run is refused when
        the game is made (UnsupportedRule), not half-way through it."""


DECIDERS: dict[type, Decider] = {}


def deciding(node: Node) -> bool:
    """The node is an effect a registered Decider runs (it may wait for a player)."""
    decider = DECIDERS.get(type(node))
    return decider is not None and decider.decides(node)


@dataclass
class _Wait:
    path: list[int]
    decision: dict[str, Any]


def waits(node: Node) -> bool:
    """Whether running this effect may have to wait for a player's decision (asked once per
    node object: engine/one_model.py)."""
    return evaluate.one_model.of_node("waits", node, None, lambda: any(
        isinstance(n, (effects.Choose, effects.Ask)) or deciding(n) for n in acting(node)))


def acting(node: Node) -> Any:
    """The nodes of an effect that act when it runs: a lasting constraint's rule names actions
    (a pattern to forbid or allow), it does not take them."""
    stack = [node]
    while stack:
        found = stack.pop()
        yield found
        if not isinstance(found, effects.Lasting):
            stack.extend(reversed(list(found.children())))


# ------------------------------------------------------------------ compiling
def compiled(node: Node) -> evaluate.EffectFn:
    """The effect as a function like the evaluator's, which may stop at a decision and store
    it in the state (returning "wait"). Nodes it cannot run are refused now, by name."""
    walk = walker(node)

    def run(state: Any, rs: Any, env: Env, events: list) -> str | None:
        outcome = walk.run(node, None, state, rs, env, events)
        if isinstance(outcome, _Wait):
            _store(walk, state, rs, env, outcome)
            return "wait"
        return "skip" if outcome == "skip" else None
    return run


def bound_as(node: Node, kind: str) -> frozenset[str]:
    """The names the nodes of an effect bind to what `kind` names (core/node.py's BIND_KINDS),
    as each node declares it (core/categories.py's ``bound_kinds``)."""
    return evaluate.one_model.of_node("bound-as", node, kind, lambda: frozenset(
        name for n in node.walk() for name, bound in bound_kinds(n) if bound == kind))


def seat_names(node: Node) -> frozenset[str]:
    """The names an effect's environment binds to a player (a seat, as the state keeps them):
    the owner of a card's ability (effect_env.OWNER), the names a rule binds by itself to a
    player (the acting player, a trade's partner: core/node.py's GIVEN) and those the effect's
    nodes declare they bind to one (a for-each or a choice among players, an auction's winner).
    A waiting decision keeps them by name (the state's JSON names players), and they are seats
    again as it is answered (_renamed)."""
    return evaluate.one_model.of_node("seat-names", node, None, lambda: frozenset(
        {OWNER, *(name for name, kind in GIVEN.items() if kind == "player")}) | bound_as(node, "player"))


def _at(table: Any, at: Any) -> Any:
    """Where a picked card lies ({"zone", "owner", "index"}), its owner converted through
    `table` (as _renamed; None: a shared zone)."""
    if isinstance(at, dict) and at.get("owner") is not None:
        return {**at, "owner": table[at["owner"]]}
    return at


def _renamed(node: Node, table: list | dict, names: Env) -> Env:
    """The names bound on the way to a decision with their players converted through `table`:
    `state.players` (seat -> name) as a waiting decision keeps them, `state.seat_of` (name ->
    seat) as it is answered; the playout kernel's export names its seats by the players' names
    (kernel/export.py). Players are the names of seat_names, a field's owner NAME@, and the
    owner of where a picked card lies."""
    return _renamed_by(seat_names(node), table, names)


def _renamed_by(seats: frozenset[str], table: list | dict, names: Env) -> Env:
    """_renamed, the names bound to players (`seats`) known."""
    out = {}
    key = str if isinstance(table, dict) else int  # what the table converts: a name, or a seat
    for k, v in names.items():
        if k in seats and type(v) is key:
            v = table[v]
        elif k.endswith("@"):
            v = table[v] if type(v) is key else _at(table, v)
        out[k] = v
    return out


def renamed_decision(state: Any, rs: Any, decision: dict[str, Any], table: list) -> dict[str, Any]:
    """A waiting decision with its players converted through `table` (seat -> name): who
    decides, the players among its options, the names bound on the way to it (_renamed) and
    where its cards lie. The playout kernel, whose players are its seats, shows its decision
    under the players' names by it (kernel/export.py)."""
    out = {**decision, "player": table[decision["player"]],
           "options": [o if type(o) is str else table[o] for o in decision["options"]],
           "names": _renamed(node_of(state, rs, decision), table, decision["names"])}
    if "cards" in decision:  # a choice among cards: each with where it lies
        out["cards"] = [{**c, "value": list(c["value"]), "at": _at(table, c["at"])} for c in decision["cards"]]
    return out


_STRUCTURE = (effects.Sequence, effects.If, effects.Ask, effects.Choose, effects.Repeat)


def walker(node: Node) -> "_Walk":
    """The effect compiled to be walked (once per node object); UnsupportedRule for what the
    engine does not run, so a rule is refused when the game is made, not half-way through it."""
    return evaluate.one_model.of_node("walk", node, None, lambda: _Walk(node))


class _Walk:
    """An effect that may wait, compiled: the closures of its parts without a decision, the
    tests, numbers and players of its structure, the candidates of its choices and the deciders
    of effects that may wait by themselves, each kept by the id of its node (a node is a frozen
    dataclass: its hash walks the whole tree). Both modes walk it: the interpreter with events,
    the playout kernel on its own state, seats for players, without."""

    def __init__(self, node: Node):
        self.seats = seat_names(node)  # the names it binds to a player (kept by name as it waits)
        self.closures: dict[int, evaluate.EffectFn] = {}
        self.tests: dict[int, evaluate.CondFn] = {}
        self.numbers: dict[int, evaluate.NumFn] = {}
        self.players: dict[int, evaluate.PlayersFn] = {}
        self.options: dict[int, Any] = {}
        self.deciders: dict[int, Decider] = {}
        self.seated: set[int] = set()  # the choices whose name binds a player (as the node declares)
        self._compile(node)

    def _compile(self, node: Node) -> None:
        key = id(node)
        if not waits(node):
            self.closures[key] = evaluate.effect(node)  # raises UnsupportedRule for what it does not run
            return
        if deciding(node):  # its module compiled it (DECIDERS); its branches are effects as any
            decider = self.deciders[key] = DECIDERS[type(node)]
            decider.compile(node)
            for branch in decider.branches(node):
                if branch is not None:
                    self._compile(branch)
            return
        if not isinstance(node, _STRUCTURE):
            raise UnsupportedRule(f"the engine does not run a decision inside '{node.NODE}' yet")
        if isinstance(node, effects.Choose):
            self.options[key] = _options_fn(node)
            self.players[key] = evaluate.players_of(node.player)
            if node.where is not None:
                self.tests[id(node.where)] = evaluate.condition(node.where)
            if (node.name, "player") in bound_kinds(node):  # an answer names a player: a seat again
                self.seated.add(key)
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

    # ------------------------------------------------------------------ running
    def run(self, node: Node, path: list[int] | None, state: Any, rs: Any, env: Env, events: list) -> Any:
        """Run `node` (fresh where `path` is None, else from `path`); returns None, "skip",
        _STOP or a _Wait."""
        key = id(node)
        closure = self.closures.get(key)
        if closure is not None:
            return closure(state, rs, env, events)
        decider = self.deciders.get(key)
        if decider is not None:
            if path:  # deciding is over: on in the branch it chose
                return self._branch(path[0], decider.branches(node), path[1:], state, rs, env, events)
            asked = decider.start(node, state, rs, env, events) if path is None \
                else decider.finish(node, state, rs, env, env.pop(_ANSWER), events)
            if isinstance(asked, dict):
                return _Wait([], asked)
            return None if asked is None else self._branch(asked, decider.branches(node), None, state, rs, env, events)
        if isinstance(node, effects.Sequence):
            first = path[0] if path else 0
            for i in range(first, len(node.steps)):
                inner = path[1:] if path and i == first else None
                outcome = self.run(node.steps[i], inner, state, rs, env, events)
                if isinstance(outcome, _Wait):
                    return _Wait([i] + outcome.path, outcome.decision)
                if outcome in ("skip", _STOP):
                    return outcome
            return None
        if isinstance(node, effects.If):
            branch = path[0] if path else (0 if self.tests[id(node.condition)](state, env) else 1)
            return self._branch(branch, (node.then, node.otherwise), path[1:] if path else None, state, rs, env, events)
        if isinstance(node, effects.Ask):
            if path is None:
                player = self.players[key](state, env)[0]
                return _Wait([], {"player": player, "ask": node.question, "options": [YES, NO]})
            if not path:  # answered just now
                branch = 0 if env.pop(_ANSWER) == YES else 1
                return self._branch(branch, (node.yes, node.no), None, state, rs, env, events)
            return self._branch(path[0], (node.yes, node.no), path[1:], state, rs, env, events)
        if isinstance(node, effects.Choose):
            if path is None:
                return self._ask_choice(node, state, env)
            answer = env.pop(_ANSWER)
            if answer == NOTHING:
                return _STOP
            if isinstance(answer, dict):
                env[node.name], env[node.name + "@"] = answer["value"], _at(state.seat_of, answer["at"])
            else:  # a player, by name as the answer gives it
                env[node.name] = state.seat_of[answer] if key in self.seated else answer
            return None
        assert isinstance(node, effects.Repeat)
        rounds = path[1] if path else self.numbers[key](state, env)
        condition = node.condition
        for k in range(path[0] if path else 0, rounds):
            resuming = path is not None and k == path[0]
            if not resuming and condition is not None and not self.tests[id(condition)](state, env):
                break
            outcome = self.run(node.body, path[2:] if resuming else None, state, rs, env, events)
            if isinstance(outcome, _Wait):
                return _Wait([k, rounds] + outcome.path, outcome.decision)
            if outcome in ("skip", _STOP):
                return outcome
        return None

    def _branch(self, branch: int, nodes: tuple, path: list[int] | None, state: Any, rs: Any, env: Env,
                events: list) -> Any:
        chosen = nodes[branch]
        if chosen is None:
            return None
        outcome = self.run(chosen, path, state, rs, env, events)
        return _Wait([branch] + outcome.path, outcome.decision) if isinstance(outcome, _Wait) else outcome

    def _ask_choice(self, node: effects.Choose, state: Any, env: Env) -> Any:
        key = id(node)
        player = self.players[key](state, env)[0]
        options = self.options[key](state, env)
        if node.where is not None:
            test = self.tests[id(node.where)]
            options = [o for o in options if test(state, {**env, node.name: o["value"] if isinstance(o, dict) else o})]
        if not options:
            return _STOP  # nothing to choose from: what depends on the choice does not happen
        decision: dict[str, Any] = {"player": player, "name": node.name,
                                    "options": [_label(state, o) for o in options] + ([] if node.must else [NOTHING])}
        if isinstance(options[0], dict):
            decision["cards"] = [{**o, "at": _at(state.players, o["at"])} for o in options]
        return _Wait([], decision)


@cache
def _who(node: Node) -> evaluate.PlayersFn:
    return evaluate.players_of(node)


@cache
def _count(node: Node) -> evaluate.NumFn:
    return evaluate.number(node)


def _label(state: Any, option: Any) -> str:
    """An option as the answer names it: a card's bean, a player's name."""
    return option["value"][0] if isinstance(option, dict) else state.players[option]


class Auctioneer(Decider):
    """The core's ``auction``: bids several players make one at a time (engine/auctions.py
    keeps the book); it goes on with its `then` (sold) or `otherwise` (nobody won)."""

    def decides(self, node: Node) -> bool:
        return isinstance(node, effects.Auction)

    def branches(self, node: Node) -> tuple[Node | None, ...]:
        return node.then, node.otherwise  # type: ignore[attr-defined]

    def compile(self, node: Node) -> None:
        assert isinstance(node, effects.Auction)
        _who(node.bidders), _lot(node.lot), _count(node.minimum)
        if node.tie_key is not None:
            _count(node.tie_key)

    def start(self, node: Node, state: Any, rs: Any, env: Env, events: list) -> dict[str, Any] | int | None:
        assert isinstance(node, effects.Auction)
        held, chosen = _lot(node.lot)(state, env)
        return auctions.start(node, state, rs, env, events, _who(node.bidders)(state, env),
                              [held[i] for i in chosen], _count(node.minimum)(state, env), evaluate.rule_of(env))

    def finish(self, node: Node, state: Any, rs: Any, env: Env, answer: str, events: list) -> dict[str, Any] | int:
        assert isinstance(node, effects.Auction)
        key = None
        if node.tie_key is not None:  # a sealed tie's key, read of each tied bidder as "player"
            read = _count(node.tie_key)
            key = lambda player: read(state, {**env, "player": player})  # noqa: E731
        return auctions.answer(node, state, rs, env, answer, events, evaluate.rule_of(env), key)


DECIDERS[effects.Auction] = Auctioneer()


@cache
def _lot(node: places.CardsIn) -> Any:
    """(the place's cards, the indices of the lot, top first) of an auction's lot: the top (or
    front) cards of a place."""
    if node.pick not in ("top", "front") or node.count is None:
        raise UnsupportedRule(f"an auction sells the top cards of a place, not '{node.to_text()}'")
    source, count, first = evaluate.zone_of(node.place), evaluate.number(node.count), zone_name(node.place) in _FIRST_IS_TOP

    def lot(state: Any, env: Env) -> tuple[list, list[int]]:
        held = source(state, env)
        n = min(count(state, env), len(held))
        return held, list(range(n)) if first else list(range(len(held) - 1, len(held) - 1 - n, -1))
    return lot


# ------------------------------------------------------------------ options and bound cards
@cache
def _options_fn(node: effects.Choose) -> Any:
    """The candidates of a choice: player names, or cards (one per bean type, the first of
    its kind in the place) as {"value": [bean], "at": where it lies}."""
    options = node.options
    if isinstance(options, actors.Actor) and not isinstance(options, actors.Bound):
        return _who(options)
    if isinstance(options, places.CardsIn):
        where = _place(options.place)

        def cards(state: Any, env: Env) -> list[dict]:
            zone, owner, cards = where(state, env)
            firsts = {}
            for i, bean in enumerate(cards):
                firsts.setdefault(bean, i)
            return [{"value": [bean], "at": {"zone": zone, "owner": owner, "index": i}} for bean, i in firsts.items()]
        return cards
    raise UnsupportedRule(f"the engine does not run a choice from '{options.to_text()}' yet")


def _place(node: Node) -> Any:
    """(zone name, owner or None, the list of its cards) of a place the engine keeps."""
    if isinstance(node, places.Zone) and node.owner is None and node.zone in evaluate.SHARED_PILES:
        name = node.zone
        return lambda state, env: (name, None, getattr(state, name))
    if isinstance(node, places.Zone) and node.owner is not None and node.zone in evaluate.PLAYER_ZONES:
        name, attr, who = node.zone, evaluate.PLAYER_ZONES[node.zone], _who(node.owner)

        def owned(state: Any, env: Env) -> tuple:
            owner = who(state, env)[0]
            return name, owner, getattr(state, attr)[owner]
        return owned
    raise UnsupportedRule(f"the engine does not pick cards from '{node.to_text()}' yet")


def _cards_at(state: Any, at: dict) -> list[str]:
    if at["owner"] is None:
        return getattr(state, at["zone"])
    return getattr(state, evaluate.PLAYER_ZONES[at["zone"]])[at["owner"]]


def _rng(state: Any, env: Env, name: str) -> random.Random:
    # the rule whose effect runs (a phase's step, a card's, an anchored decision's; the playout
    # kernel binds it by evaluate.RULE)
    return random.Random(f"{state.seed}:pick:{state.turn}:{state.phase}:{evaluate.rule_of(env) or ''}:{name}")


def at_random(node: effects.AtRandom) -> Any:
    """A card picked at random from a place, seeded by the game, the turn and the rule (None:
    a pick among other things than cards)."""
    if not isinstance(node.options, places.CardsIn):
        return None
    where, name = _place(node.options.place), node.name

    def pick(state: Any, rs: Any, env: Env, events: list) -> None:
        zone, owner, cards = where(state, env)
        if not cards:
            env[name], env[name + "@"] = [], None
            return
        index = _rng(state, env, name).randrange(len(cards))
        env[name] = [cards[index]]
        env[name + "@"] = {"zone": zone, "owner": owner, "index": index}
        events.append({"event": "picked-at-random", "name": name, "zone": zone,
                       "owner": None if owner is None else state.players[owner]})
    return pick


def move_picked(node: effects.Move) -> Any:
    """Move a card a decision or a random pick bound, from where it lies (None: another move)."""
    if not isinstance(node.cards, actors.Bound):
        return None
    name, end = node.cards.name, node.end
    to = _place(node.to)

    def move(state: Any, rs: Any, env: Env, events: list) -> None:
        at = env.get(name + "@")
        if not at:
            return
        card = _cards_at(state, at).pop(at["index"])
        zone, owner, cards = to(state, env)
        if end in ("front", "bottom"):
            cards.insert(0, card)
        else:
            cards.append(card)
        env[name + "@"] = None  # the card has left the place it was picked from
        players = state.players
        events.append({"event": "moved", "cards": 1, "from_zone": at["zone"],
                       "from": None if at["owner"] is None else players[at["owner"]],
                       "to_zone": zone, "to": None if owner is None else players[owner], "end": end or "back"})
    return move


# ------------------------------------------------------------------ waiting and answering
def run(node: Node, anchor: dict[str, Any], state: Any, rs: Any, env: Env, events: list,
        live: Env | None = None) -> str | None:
    """Run an effect that may wait, from anywhere but a phase's steps (those run through
    `compiled`): `anchor` ({"mechanism": …, "rule": …}, plain JSON) is kept with a waiting decision,
    and ANCHORS[kind] finds the node again when it is answered. `live` names engine objects
    (a card picked, a field's list) that hold while the effect runs now but are not plain JSON,
    so they are not kept with a waiting decision. Returns "wait", "skip" or None."""
    walk = walker(node)
    running = {**env, **(live or {}), RULES: rs, _ANCHOR: anchor}
    outcome = walk.run(node, None, state, rs, running, events)
    if isinstance(outcome, _Wait):
        # the names bound on the way to the decision (an auction's book) go on with it; the live ones do not
        _store(walk, state, rs, {k: v for k, v in running.items() if k not in (live or {})}, outcome)
        return "wait"
    return "skip" if outcome == "skip" else None


LIVE = ("card", "field", "field#", "field@")  # names of engine objects an effect is about (see run)


def anchored(node: Node, anchor: dict[str, Any], drop: tuple[str, ...] = ()) -> evaluate.EffectFn:
    """`node` as an effect function run through `run` with `anchor`: the card and the field it
    is about hold while it runs now, not once it waits; names in `drop` are not kept."""
    def go(state: Any, rs: Any, env: Env, events: list) -> str | None:
        live = {k: v for k, v in env.items() if k in LIVE}
        kept = {k: v for k, v in env.items() if k not in live and k not in drop}
        return run(node, anchor, state, rs, kept, events, live)
    return go


def _store(walk: "_Walk", state: Any, rs: Any, env: Env, wait: _Wait) -> None:
    """Keep the decision waited for in the state, as its JSON holds it: the deciding player
    and the names bound so far by name (_renamed)."""
    names = _renamed_by(walk.seats, state.players, {k: v for k, v in env.items() if k != RULES and not k.startswith("#")})
    where: dict[str, Any]
    if env.get(_ANCHOR) is not None:
        where = {"rule": env[_ANCHOR]["rule"], "anchor": env[_ANCHOR]}
    else:
        step = env[_STEP]
        phase = rs.phase(state.phase)
        where = {"rule": step.ref.id, "step": next(i for i, s in enumerate(phase.entry) if s is step)}
    state.decision = {**wait.decision, "player": state.players[wait.decision["player"]], **where, "path": wait.path,
                      "names": names}


def options(state: Any, player: int) -> list[ChooseAction]:
    """The answers the player at seat `player` may give now (none unless the game waits for
    their decision)."""
    decision, name = state.decision, state.players[player]
    if decision is None or decision["player"] != name:
        return []
    return [ChooseAction(name, option) for option in decision["options"]]


def refusal(state: Any, rs: Any, action: ChooseAction) -> IllegalAction | None:
    decision = state.decision
    if decision is None:
        return IllegalAction(None, f"{action.player} has nothing to choose: no decision is waiting")
    ref = rs.cite(decision["rule"])
    if decision["player"] != action.player:
        return IllegalAction(ref, f"the game waits for {decision['player']} to choose, not {action.player}")
    if action.option not in decision["options"]:
        return IllegalAction(ref, f"{action.player} chooses from {', '.join(decision['options'])}, "
                                  f"not {action.option}")
    return None


def node_of(state: Any, rs: Any, decision: dict[str, Any]) -> Node:
    """The effect a waiting decision belongs to: its anchor's (ANCHORS), or its phase step's."""
    if "anchor" in decision:
        anchor = decision["anchor"]
        return ANCHORS[anchor["mechanism"]](state, rs, anchor)
    return rs.phase(state.phase).entry[decision["step"]].run.node


def answer(state: Any, rs: Any, action: ChooseAction, events: list) -> str | None:
    """Carry out a checked answer: the effect goes on from its decision. Returns "wait" when
    it stops at another decision, "skip" when it skips the phase, else None; the caller then
    runs the phase's steps after `decision["step"]`."""
    decision = state.decision
    state.decision = None
    node = node_of(state, rs, decision)
    walk = walker(node)
    env: Env = {**_renamed_by(walk.seats, state.seat_of, decision["names"]), RULES: rs}
    if "anchor" in decision:
        anchor = env[_ANCHOR] = decision["anchor"]
        if anchor.get("by_itself"):  # a rule's step on a card event: it does what it can, asks no action
            env[evaluate.BY_ITSELF] = True
    else:  # the phase step goes on by itself after the answer (evaluate.BY_ITSELF)
        env[_STEP], env[evaluate.BY_ITSELF] = rs.phase(state.phase).entry[decision["step"]], True
    option = action.option
    if "cards" in decision and option != NOTHING:
        env[_ANSWER] = decision["cards"][decision["options"].index(option)]
    else:
        env[_ANSWER] = option
    if events is not UNRECORDED:  # (the playout kernel answers unrecorded)
        chose = {"event": "chose", "player": action.player, "choice": option, "rule": decision["rule"]}
        if decision.get("sealed"):  # a sealed bid: seen by its bidder only, until all are revealed
            chose["seen_by"] = [action.player]
        events.append(chose)
    outcome = walk.run(node, list(decision["path"]), state, rs, env, events)
    if isinstance(outcome, _Wait):
        _store(walk, state, rs, env, outcome)
        # what the game does once this effect is over (steps on card events queued behind it,
        # the phase step to go on after) waits with its next decision
        queued = decision.get("queued", []) + (state.decision.pop("queued", None) or [])
        state.decision.update({k: decision[k] for k in CARRIED if k in decision})
        if queued:
            state.decision["queued"] = queued
        return "wait"
    return "skip" if outcome == "skip" else None


CARRIED = ("queued", "after")
"""What a waiting decision carries beside its own effect: ``queued``, the steps on card events
that happened while it waited and ask a decision too (engine/triggers.py runs them once it is
answered, in order); ``after``, the index of the phase step during which a step on a card event
began to wait (the phase goes on with the steps after it: engine/flow.py)."""


def check_loaded(state: Any, rs: Any) -> None:
    """A loaded state's tokens, counters and waiting decision fit the rules (ValueError if not)."""
    declared = {name: c.per_player for name, c in rs.declared.counters.items()}
    for name, value in (state.counters or {}).items():
        if name not in declared or (type(value) is list) != declared[name]:
            raise ValueError(f"state.counters.{name}: the rules declare no such counter"
                             + ("" if name not in declared else " of that shape"))
    if (state.counters is None) != (not declared):
        raise ValueError("state.counters must hold exactly the counters the rules declare")
    tokens = rs.declared.tokens
    if set(state.tokens or ()) != set(tokens):
        raise ValueError(f"state.tokens must name exactly the tokens the rules declare: {', '.join(tokens) or 'none'}")
    decision = state.decision
    if decision is None:
        return
    if not 0 <= decision.get("after", 0) < max(1, len(rs.phase(state.phase).entry)):
        raise ValueError(f"state.decision: phase {state.phase} has no step {decision['after']} to go on after")
    if "step" in decision:
        entry = rs.phase(state.phase).entry
        if not 0 <= decision["step"] < len(entry) or entry[decision["step"]].ref.id != decision["rule"]:
            raise ValueError(f"state.decision: step {decision['step']} of phase {state.phase} is not rule "
                             f"'{decision['rule']}'")
    elif decision["anchor"].get("mechanism") not in ANCHORS and decision["anchor"].get("mechanism") != WINDOW:
        raise ValueError(f"state.decision: unknown anchor {decision['anchor'].get('mechanism')!r}")


def decision_view(decision: dict[str, Any]) -> dict[str, Any]:
    """The waiting decision as every player may see it: who decides what, not the names bound
    so far (a card drawn at random is the drawer's to see)."""
    return {k: v for k, v in decision.items() if k not in ("names", "cards")}


# What the nodes compiled or read here mean: their entries of the semantics table, kept beside
# their functions (engine/meaning.py; engine/semantics.py names this module in BESIDE). This
# module's own `run` carries out a decision, so the entries are made by `meaning.run`.
ENTRIES: dict[type[Node], Semantics] = {
    effects.AtRandom: meaning.run(effect=at_random),
    effects.Ask: meaning.read("engine.decisions"),
    effects.Auction: meaning.read("engine.decisions.Auctioneer", "engine.auctions"),
}
