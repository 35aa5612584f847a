"""The generic evaluator of the core: core nodes compiled once per game into closures.

The engine runs the core, not sentences: a ``do`` statement's effect, an ``end-when``
condition, a ``score`` term or a ``tie-break`` key is compiled here by the type of its core
node, never by the kind of the sentence it came from. Compiling to closures once (per rule
model and player count, with every by-player number resolved) keeps the game loop as fast
as hand-written code. A node this evaluator does not run yet raises UnsupportedRule when
the game is created, naming the node, never half-way through a game.

Closures take the state and an environment of bound names (``player`` for a scored player,
``seat`` for a per-seat number); effects also take the ruleset and the event list, and
return "skip" when they skip the current phase.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities
from ..core.categories import Node
from . import one_model
from .deals import AGREED
from ..desugar import STANDARD_ZONES
from .errors import UnsupportedRule
from .kinds import type_of
from .meaning import Semantics, run

Env = dict[str, Any]
RULES = "rules"  # the environment entry holding the ruleset, for the beanometer
# The environment entry of an effect that runs by itself (a rule's step, a card's step on an
# event), not as an action a player chose: nobody can be refused, so it does what it can (a
# move of more cards than a pile holds takes those there are; docs/language.md).
BY_ITSELF = "#by-itself"  # ("#": not a name a decision keeps, engine/decisions.py)
AT_ANY_TIME = "#at-any-time"  # a step ``at any time`` runs it: its harvests are told with "auto"
# The environment entry naming the rule whose effect runs (a card's ability, a rule's step on a
# card event), for the events that say which rule made a change; a phase's step is found by
# "#step", a resumed decision by "#anchor" (engine/decisions.py).
RULE = "#rule"
# The environment entry of a plant that must be made, as (player, card): the card that player
# must plant next (places.Due), bound by whoever asks about the plant (engine/listers.py's
# Room: a plant no field takes, a plant for another player).
DUE = "#due"
NumFn = Callable[[Any, Env], int]
CondFn = Callable[[Any, Env], bool]
PlayersFn = Callable[[Any, Env], list[str]]
ZoneFn = Callable[[Any, Env], list[str]]
EffectFn = Callable[[Any, Any, Env, list], "str | None"]


@dataclass(frozen=True)
class Compiled:
    """A compiled closure with the core node it came from. Two compile runs of the same rules
    compare equal (by node), so compiled rulesets can be compared, as the checks do."""

    node: Node
    fn: Callable = field(compare=False, repr=False)

    def __call__(self, *args: Any) -> Any:
        return self.fn(*args)


def rule_of(env: Env) -> str | None:
    """The id of the rule whose effect runs in `env` (None: none is known)."""
    if RULE in env:
        return env[RULE]
    step = env.get("#step")
    if step is not None:
        return step.ref.id
    anchor = env.get("#anchor")
    return anchor.get("rule") if anchor else None


def top_of_deck(cards: Node) -> bool:
    """`cards` is a fixed number of cards off the top of the shared deck (what reveal runs)."""
    return (isinstance(cards, places.CardsIn) and cards.pick == "top" and cards.count is not None
            and isinstance(cards.place, places.Zone) and cards.place.zone == "deck"
            and cards.place.owner is None and not cards.up_to)


def compiled_number(node: Node) -> Compiled:
    return Compiled(node, number(node))


def compiled_condition(node: Node) -> Compiled:
    """The condition as a closure, made once per node object (engine/one_model.py)."""
    return one_model.of_node("condition", node, None, lambda: Compiled(node, condition(node)))


def compiled_effect(node: Node) -> Compiled:
    """The effect as a closure, made once per node object: a closure reads the state, the
    ruleset and the environment it is called with, nothing of the model it was compiled for,
    and a rule's statements are the same objects in every model holding the rule and at every
    player count that leaves them as they are (engine/one_model.py), so the check of every
    count, the games after it and a test run's variants of a spec compile each step once."""
    return one_model.of_node("effect", node, None, lambda: Compiled(node, effect(node)))


def unsupported(node: Node, what: str) -> UnsupportedRule:
    return UnsupportedRule(f"the engine does not run the core {what} '{node.NODE}' yet")


# What each node type means: engine/semantics.py's table. The table imports every module that
# compiles a node, and each of those compiles the nodes inside its own through this module, so
# the table stands above them all and is handed down, once, by the package as it is imported
# (engine/__init__.py): no module below it imports it, and which compiler runs never depends
# on import order.
_compiler_for: Callable[[type, str], Callable[[Node], Any] | None] | None = None


def use_semantics(compiler_for: Callable[[type, str], Callable[[Node], Any] | None]) -> None:
    """Compile every node by `compiler_for(node type, role)` (engine/semantics.py's)."""
    global _compiler_for
    _compiler_for = compiler_for


def _compile(role: str, node: Node) -> Any:
    """The closure of `node` in `role` ("actor", "place", "quantity", "condition", "effect"),
    made by the one semantics entry of its type (engine/semantics.py)."""
    assert _compiler_for is not None, "engine/__init__.py hands the evaluator its table"
    compile_node = _compiler_for(type(node), role)
    found = compile_node(node) if compile_node is not None else None
    if found is None:
        raise unsupported(node, role)
    return found


# ------------------------------------------------------------------ player counts
def resolved_for(node: Any, players: int) -> Any:
    """``for_players(node, players)``, made once per node object and count (engine/one_model.py:
    a node never changes, and a rule's statements and a card's abilities are the same objects
    in every model holding them, so a check of every count and the games after it, and a test
    run's variants of one spec, resolve each once)."""
    return one_model.of_node("for-players", node, players, lambda: for_players(node, players))


def for_players(node: Any, players: int) -> Any:
    """The node with every by-players value resolved for this player count (one with no
    case for it stays, and is refused if the engine ever needs its value)."""
    if isinstance(node, quantities.ByPlayers):
        # a case for this count wins wherever it stands; "otherwise" only where none fits
        fitting = [c for c in node.cases if c.min is not None and c.min <= players <= c.max]
        fitting += [c for c in node.cases if c.min is None]
        return for_players(fitting[0].value, players) if fitting else node
    # Every rule is resolved for every player count it is compiled for, and most of a tree has
    # no by-players value: a subtree with none comes back as the very same object (nothing is
    # rebuilt), and plain values (names, numbers) are not visited at all.
    if type(node) is tuple:
        resolved = tuple(for_players(n, players) if isinstance(n, (Node, tuple)) else n for n in node)
        return node if all(new is old for new, old in zip(resolved, node)) else resolved
    if isinstance(node, Node):
        changed = {}
        for name, value in node.__dict__.items():
            if isinstance(value, (Node, tuple)):
                new = for_players(value, players)
                if new is not value:
                    changed[name] = new
        return replace(node, **changed) if changed else node
    return node


# ------------------------------------------------------------------ the roles a node plays
# What a node means is its type's entry in engine/semantics.py; these five ask it, by role.
def players_of(node: Node) -> PlayersFn:
    return _compile("actor", node)


def zone_of(node: Node) -> ZoneFn:
    """The list holding a zone's cards (the engine's own list: effects change it in place)."""
    return _compile("place", node)


def number(node: Node) -> NumFn:
    return _compile("quantity", node)


def condition(node: Node) -> CondFn:
    return _compile("condition", node)


def effect(node: Node) -> EffectFn:
    return _compile("effect", node)


# ------------------------------------------------------------------ actors and places
def active_player(node: actors.ActivePlayer) -> PlayersFn:
    return lambda state, env: [state.active]


def start_player(node: actors.StartPlayer) -> PlayersFn:
    return lambda state, env: [state.start_player]


def all_players(node: actors.AllPlayers) -> PlayersFn:
    return lambda state, env: list(range(len(state.players)))  # the seats


def each_player(node: actors.EachPlayer) -> PlayersFn:
    def each(state: Any, env: Env) -> list[str]:
        i, step, n = state.active, env.get("direction", 1), len(state.players)
        return [(i + step * k) % n for k in range(n)]
    return each


def neighbour(node: actors.Neighbour) -> PlayersFn:
    """The player next to `of`: seats run clockwise in state.players, and the seat on a
    player's left is the next one clockwise (as the table sits: the direction of play does not
    change who sits where)."""
    of, step = players_of(node.of), 1 if node.side == "left" else -1

    def beside(state: Any, env: Env) -> list[Any]:
        return [(of(state, env)[0] + step) % len(state.players)]
    return beside


def bound_player(node: actors.Bound) -> PlayersFn:
    name = node.name
    return lambda state, env: [env[name]]


def bound_zone(node: actors.Bound) -> ZoneFn:
    """A field bound by for-each."""
    name = node.name
    return lambda state, env: env[name]


def due(node: places.Due) -> ZoneFn:
    """The card a player must plant next, as a list of that one card: the plant being asked
    about binds it (DUE); for another player, or where no plant is being asked about, none."""
    who = players_of(node.player)

    def card(state: Any, env: Env) -> list[str]:
        owed = env.get(DUE)
        return [owed[1]] if owed is not None and owed[0] in who(state, env) else []
    return card


# The standard zones as the state holds them: the shared piles (each the state's attribute of
# the same name) and each player's zones (the state's attribute, a list by seat). Public: the
# closures compiled elsewhere for speed read the state by them (requirements.py, transitions.py),
# and so do the view and the decisions (engine/ and kernel/): one table of the standard zones.
SHARED_PILES = {"deck", "discard", "offer", "removed"}
PLAYER_ZONES = {"hand": "hands", "coins": "coins", "set-aside": "set_aside"}


def names_several_zones(node: Node, players: int) -> bool:
    """A per-player zone whose owner is more than one player in a game of this many:
    "each other player's hand" with three or more players (every player's: zone_of refuses it)."""
    return isinstance(node, places.Zone) and node.zone in PLAYER_ZONES and \
        (isinstance(node.owner, actors.AnyPlayer) or (isinstance(node.owner, actors.OtherPlayers) and players > 2))


def pile(node: places.Zone) -> ZoneFn | None:
    """A shared pile, or one player's hand, coins or set-aside cards, or a zone the spec
    declares, the table's or a player's (None: another zone). Whether a declared zone is the
    table's or each player's was checked against its declaration as the rules compiled
    (engine/zones.py, check_places)."""
    declared = node.zone not in STANDARD_ZONES
    if node.owner is None and (node.zone in SHARED_PILES or declared):
        if declared:
            name = node.zone
            return lambda state, env: state.zones[name]
        attr = node.zone
        return lambda state, env: getattr(state, attr)
    if node.owner is not None and (node.zone in PLAYER_ZONES or declared):
        if isinstance(node.owner, (actors.EachPlayer, actors.AllPlayers)):
            # always several zones: refused as the rules compile (so by check), not mid-game
            raise UnsupportedRule(f"'{node.to_text()}' names a zone of every player; the engine "
                                  "moves the cards of one player's zone")
        of = _of_declared(node.zone) if declared else _of_state(PLAYER_ZONES[node.zone])
        if not declared and isinstance(node.owner, (actors.ActivePlayer, actors.Bound)):
            return _one_owner(PLAYER_ZONES[node.zone], node.owner)  # one player: no list to make
        who = players_of(node.owner)

        def owned(state: Any, env: Env) -> list[str]:
            found = who(state, env)
            if len(found) != 1:
                raise UnsupportedRule(f"'{node.to_text()}' names more than one zone")
            return of(state)[found[0]]
        return owned
    return None


def _one_owner(attr: str, owner: actors.ActivePlayer | actors.Bound) -> ZoneFn:
    """The zone of the active player, or of a player bound by name (read where a game's end or
    a player's score is tested, so after every action where an end reads a counter or coins)."""
    if isinstance(owner, actors.ActivePlayer):
        return lambda state, env: getattr(state, attr)[state.active]
    name = owner.name
    return lambda state, env: getattr(state, attr)[env[name]]


def _of_state(attr: str) -> Callable[[Any], dict[str, list[str]]]:
    return lambda state: getattr(state, attr)


def _of_declared(name: str) -> Callable[[Any], dict[str, list[str]]]:
    return lambda state: state.zones[name]


# ------------------------------------------------------------------ numbers and conditions
def by_players(node: quantities.ByPlayers) -> NumFn:
    # left by for_players: no case for this count
    raise UnsupportedRule(f"'{node.to_text()}': the rule model gives no value for this many players")


def constant(node: quantities.Number) -> NumFn:
    value = node.value
    return lambda state, env: value


def by_seat(node: quantities.BySeat) -> NumFn:
    counts = node.counts
    return lambda state, env: counts[min(env["seat"], len(counts) - 1)]


def count_all(node: quantities.Count) -> NumFn | None:
    """How many cards a place holds (None: a count of one bean type, hand_effects.count_of)."""
    if node.bean is not None:
        return None
    if isinstance(node.place, actors.Bound):  # a field bound by for-each: one call less
        name = node.place.name
        return lambda state, env: len(env[name])
    zone = zone_of(node.place)
    return lambda state, env: len(zone(state, env))


def types_in(node: quantities.TypesIn) -> NumFn:
    """How many bean types a place holds: a card that plays as a type counts as it (the
    ruleset bound as RULES says which do, as the beanometer's count reads it)."""
    zone = zone_of(node.place)

    def types(state: Any, env: Env) -> int:
        rs = env.get(RULES)
        if rs is not None and rs.plays_as:
            return len({type_of(rs, c) for c in zone(state, env)})
        return len(set(zone(state, env)))
    return types


def deck_run_outs(node: quantities.DeckRunOuts) -> NumFn:
    return lambda state, env: state.exhaustions


def sum_of(node: quantities.Sum) -> NumFn:
    terms = [number(t) for t in node.terms]
    return lambda state, env: sum(t(state, env) for t in terms)


def times(node: quantities.Times) -> NumFn:
    factor, of = node.factor, number(node.of)
    return lambda state, env: factor * of(state, env)


def seat_distance(node: quantities.SeatDistance) -> NumFn:
    who, origin = players_of(node.player), players_of(node.origin)
    sign = 1 if node.direction == "clockwise" else -1  # seats run clockwise in state.players

    def distance(state: Any, env: Env) -> int:
        return sign * (who(state, env)[0] - origin(state, env)[0]) % len(state.players)
    return distance


# A comparison's operator as a function of the two numbers (public, as PLAYER_ZONES).
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt, "<=": operator.le, "=": operator.eq, ">=": operator.ge, ">": operator.gt,
    "!=": operator.ne}


def compare(node: conditions.Compare) -> CondFn:
    left, test = number(node.left), COMPARISONS[node.op]
    if isinstance(node.right, quantities.Number):  # the common case, one call less
        bound = node.right.value
        return lambda state, env: test(left(state, env), bound)
    right = number(node.right)
    return lambda state, env: test(left(state, env), right(state, env))


def all_of(node: conditions.AllOf) -> CondFn:
    terms = [condition(t) for t in node.terms]
    return lambda state, env: all(t(state, env) for t in terms)


def any_of(node: conditions.AnyOf) -> CondFn:
    terms = [condition(t) for t in node.terms]
    return lambda state, env: any(t(state, env) for t in terms)


def not_(node: conditions.Not) -> CondFn:
    term = condition(node.term)
    return lambda state, env: not term(state, env)


def in_phase(node: conditions.InPhase) -> CondFn:
    phase = node.phase
    return lambda state, env: state.phase == phase


def turn_of(node: conditions.TurnOf) -> CondFn:
    who = players_of(node.player)
    return lambda state, env: state.active in who(state, env)


def agreed(node: conditions.Agreed) -> CondFn:
    """Each named player has said yes to the deal a trade statement judges (engine/deals.py)."""
    who = [players_of(p) for p in node.players]
    return lambda state, env: all(set(w(state, env)) <= env.get(AGREED, frozenset()) for w in who)


def some_field(node: conditions.SomeField) -> CondFn:
    """Some field of the owner, bound as the node's name (the field; NAME# its index, NAME@ its
    owner, as for-each and choose bind one), where the condition holds."""
    owner, name, where = players_of(node.owner), node.name, condition(node.where)
    index, at = name + "#", name + "@"

    def test(state: Any, env: Env) -> bool:
        player = owner(state, env)[0]
        return any(where(state, {**env, name: field, index: i, at: player})
                   for i, field in enumerate(state.fields[player]))
    return test


def always(node: conditions.Always) -> CondFn:
    return lambda state, env: True


def reads_only(node: Node, allowed: tuple[type, ...]) -> bool:
    """Whether every quantity in `node` is one of `allowed` (or a constant)."""
    return all(isinstance(n, allowed) or not isinstance(n, quantities.Num)
               or isinstance(n, quantities.Number) for n in node.walk())


# ------------------------------------------------------------------ effects
def skip_this_phase(node: effects.SkipPhase) -> EffectFn | None:
    if node.phase is not None:
        return None
    return lambda state, rs, env, events: "skip"


def for_each(node: effects.ForEach) -> EffectFn:
    name, body = node.name, effect(node.body)
    if isinstance(node.among, places.Zone) and node.among.zone == "field" and node.among.owner:
        # every field of a player bound by an outer for-each: the one shape the sentences write
        # (harvesting all fields at any time or at the game's end: desugar/harvesting.py, ending.py)
        if not isinstance(node.among.owner, actors.Bound):
            raise UnsupportedRule(f"the engine walks the fields of each player in turn, not of "
                                  f"'{node.among.owner.to_text()}' alone, yet")
        bound, at = node.among.owner.name, name + "#"

        def each_field_of(state: Any, rs: Any, env: Env, events: list) -> None:
            for index, field in enumerate(state.fields[env[bound]]):
                body(state, rs, {**env, name: field, at: index}, events)
        return each_field_of
    among = players_of(node.among)

    def each_player(state: Any, rs: Any, env: Env, events: list) -> None:
        for player in among(state, env):
            body(state, rs, {**env, name: player}, events)
    return each_player


def repeat(node: effects.Repeat) -> EffectFn:
    count, body = number(node.times), effect(node.body)
    test = condition(node.condition) if node.condition else None

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        inner = env if env.get(RULES) is rs else {**env, RULES: rs}  # a step's own env has it
        for _ in range(count(state, inner)):  # the bound is counted once: always terminates
            if test is not None and not test(state, inner):
                break
            body(state, rs, env, events)
    return run


def sequence(node: effects.Sequence) -> EffectFn:
    steps = [effect(s) for s in node.steps]

    def run(state: Any, rs: Any, env: Env, events: list) -> str | None:
        for step in steps:
            if step(state, rs, env, events) == "skip":
                return "skip"
        return None
    return run


# What the nodes compiled here mean: their entries of the semantics table, kept beside their
# compile functions (engine/meaning.py; engine/semantics.py names this module among those that
# keep their own entries, and a node's entry is given once, here or there).
ENTRIES: dict[type[Node], Semantics] = {
    actors.ActivePlayer: run(actor=active_player),
    actors.StartPlayer: run(actor=start_player),
    actors.EachPlayer: run(actor=each_player),
    actors.AllPlayers: run(actor=all_players),
    actors.Neighbour: run(actor=neighbour),
    # the card a player must plant next: bound by the plant asked about (engine/listers.py's Room)
    places.Due: run(place=due),
    quantities.Number: run(quantity=constant),
    quantities.ByPlayers: run(quantity=by_players),
    quantities.BySeat: run(quantity=by_seat),
    quantities.DeckRunOuts: run(quantity=deck_run_outs),
    quantities.TypesIn: run(quantity=types_in),
    quantities.Sum: run(quantity=sum_of),
    quantities.Times: run(quantity=times),
    quantities.SeatDistance: run(quantity=seat_distance),
    conditions.Compare: run(condition=compare),
    conditions.TurnOf: run(condition=turn_of),
    conditions.InPhase: run(condition=in_phase),
    conditions.AllOf: run(condition=all_of),
    conditions.AnyOf: run(condition=any_of),
    conditions.Not: run(condition=not_),
    conditions.SomeField: Semantics(roles={"condition": some_field},
                                    read_by=("engine.harvest_guards.compile_judge", "engine.permissions.compile_judge")),
    conditions.Agreed: Semantics(roles={"condition": agreed}, read_by=("engine.trade_guards.compile_guards",)),
    conditions.Always: run(condition=always),
    effects.SkipPhase: run(effect=skip_this_phase),
    effects.Sequence: run(effect=sequence),
    effects.Repeat: run(effect=repeat),
    effects.ForEach: run(effect=for_each),
}
