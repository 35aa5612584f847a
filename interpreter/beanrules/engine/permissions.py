"""Permissions of any condition: a rule's ``forbid``, ``allow`` or ``permit`` that the fast
paths (readings.py) do not read, compiled by the evaluator and checked against each action.

readings.py turns the shapes the shipped rulebooks use (the protection rule, harvesting on
one's own turn except in a phase, …) into the plain parameters of planting, harvesting and
trading. A statement of any other shape used to be refused by name; here it is compiled
instead, as a constraint always in force: its action is matched against the engine's actions
(engine/lasting.py, the same matching as a constraint laid down for a while) and its condition
is compiled by the evaluator, so any well-formed condition over the core's quantities plays —
counts, fields, counters, whose turn, which phase, a token's holder, and/or/not. A forbid
takes the actions it names away while its condition holds; a permission to harvest lists the
harvests it opens (the fields: each a choice of the player) and lets them past the harvest
timing. What cannot be matched is refused by the statement's words, when the game is created.

The planting guards are such constraints too: a rule's `forbid` of planting `the card` onto
`the field`, with the `allow`s that lift it, compiled once per game into one closure that judges
a plant (planting.refusing, the legal plants, the hot path). Every such statement — one bean type
per field, a type in one field only, a type in two fields, covering where no field is empty or of
the type, a house rule such as "no player may plant while count of this field >= 4" — compiles
the same way: its condition by the evaluator, over `player` (who plants), `card` (the card
planted: one card, as engine/effect_env.Held holds one) and `field` (the field planted onto, its
index `field#` and owner `field@`), each forbid joined to the allows whose condition covers its
own (lasting.lift). A plant is refused by the first forbid, in rule order, whose condition holds
while that of no allow lifting it does. The judge is specialised when it is compiled: a spec
with no such statement judges nothing, a forbid no allow covers checks no allow.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ..core import actors, conditions, effects, places, quantities, statements as core, timing
from ..core.categories import Node
from .effect_env import OWNER, Held
from .errors import RuleRef, UnsupportedRule
from .evaluate import RULES
from .lasting import LastingSpec, compile_rule


def standing(statement: Any, ref: RuleRef) -> LastingSpec | None:
    """The constraint a forbid, allow or permit means, or None for another statement;
    UnsupportedRule for one whose action or timing the engine cannot match."""
    if isinstance(statement, (core.Forbid, core.Allow)):
        return compile_rule(statement, statement.action, statement.condition, isinstance(statement, core.Forbid), ref)
    if not isinstance(statement, core.Permit):
        return None
    when = statement.when
    if statement.must or statement.least is not None or statement.most is not None \
            or not isinstance(when, (timing.AnyTime, timing.During)) \
            or (isinstance(when, timing.During) and when.once_per_turn):
        raise UnsupportedRule(f"'{statement.to_text()}': a permission by condition is an option any time "
                              "or during a phase, with no count of times")
    if not isinstance(statement.action, effects.Harvest):
        raise UnsupportedRule(f"'{statement.to_text()}': a permission by condition lets a player harvest; "
                              "the engine lifts no other restriction by one yet")
    terms = [statement.condition] if statement.condition is not None else []
    if isinstance(when, timing.During) and when.phase:
        terms.append(conditions.InPhase(when.phase))
    condition = terms[0] if len(terms) == 1 else conditions.AllOf(tuple(terms)) if terms else None
    return compile_rule(statement, statement.action, condition, False, ref, statement.player)


# ------------------------------------------------------------------ the planting guards
# (state, rules, player, bean, field index) -> the guard that refuses the plant (a
# lasting.LastingSpec: its rule, its words), or None
Judge = Callable[[Any, Any, str, str, int], Any]
_BINDS = ("player", "card", "field")


def is_guard(statement: Node) -> bool:
    """A forbid or allow of the acting player planting the card onto the field (the names a
    plant binds for its condition), whatever its condition says."""
    if not isinstance(statement, (core.Forbid, core.Allow)) or not isinstance(statement.action, effects.Plant):
        return False
    action = statement.action
    return (action.player, action.cards, action.onto) == tuple(actors.Bound(n) for n in _BINDS)


def _card(bean: str, cards: dict[str, Any]) -> Any:
    """The card planted, as a bound card is held (one per bean, made once per judge)."""
    held = cards.get(bean)
    if held is None:
        held = cards[bean] = Held(bean, [], "the card planted")
    return held


class PlantJudge(NamedTuple):
    """The planting guards of a game, compiled: `refusing(state, rs, player, bean, index)` the
    guard that forbids `bean` onto that field (None: it takes it), `taking(state, rs, player,
    bean)` the indices of the fields that take it, in order (what the legal plants list).
    `sizes`: where every guard reads only the player's fields, by their top cards and their sizes
    below this bound (the playout kernel remembers the answers by them, kernel/planting.py);
    None: a guard reads more (a phase, a hand, a counter, …)."""
    refusing: Judge
    taking: Callable[[Any, Any, str, str], tuple[int, ...]]
    sizes: int | None = None


def compile_judge(guards: tuple[Any, ...]) -> PlantJudge | None:
    """The judge of a plant by every guard (lasting.LastingSpec, lifted); None: there is no
    guard, and every field takes every card."""
    if not guards:
        return None
    # a forbid that an allow without condition lifts refuses nothing; one without condition, everything
    items = tuple((g, g.condition or _always, tuple(a.condition for a in g.lifted))
                  for g in guards if all(a.condition is not None for a in g.lifted))
    cards: dict[str, Any] = {}

    def refusing(state: Any, rs: Any, player: str, bean: str, index: int) -> Any:
        fields = state.fields[player]
        env = {RULES: rs, OWNER: player, "player": player, "card": cards.get(bean) or _card(bean, cards),
               "field": fields[index], "field#": index, "field@": player}
        for guard, condition, lifts in items:
            if condition(state, env) and not (lifts and any(lift(state, env) for lift in lifts)):
                return guard
        return None

    def taking(state: Any, rs: Any, player: str, bean: str) -> tuple[int, ...]:
        return tuple(i for i in range(len(state.fields[player])) if refusing(state, rs, player, bean, i) is None)
    cap = _sizes_read(guards)
    return PlantJudge(refusing, taking) if cap is None else _remembering(refusing, taking, cap)


def _always(state: Any, env: dict) -> bool:
    return True


# What a guard's condition may read for the judge to remember its answers: the player's fields
# (some-field of the player), each field's size compared with a number, and its top card's type.
_FIELD_LOCAL = (conditions.AllOf, conditions.AnyOf, conditions.Not, conditions.Compare, conditions.SomeField,
                conditions.Matches, quantities.Count, quantities.Number, places.CardsIn, actors.Bound)


def _sizes_read(guards: tuple[Any, ...]) -> int | None:
    """Where every guard (and every allow lifting one) reads only the player's fields, by their
    sizes compared with numbers and their top cards, the answer for a bean onto a field is the
    same for all fields of the same tops and sizes up to the largest number compared plus one:
    that bound. None: some condition reads anything else (a phase, a hand, a counter, …)."""
    numbers = [0]
    for node in (n for g in guards for spec in (g, *g.lifted) if spec.node.condition is not None
                 for n in spec.node.condition.walk()):
        if not isinstance(node, _FIELD_LOCAL):
            return None
        if isinstance(node, conditions.Compare):
            sides = (node.left, node.right)
            count = next((x for x in sides if isinstance(x, quantities.Count)), None)
            number = next((x for x in sides if isinstance(x, quantities.Number)), None)
            if count is None or number is None or count.bean is not None or not isinstance(count.place, actors.Bound):
                return None
            numbers.append(number.value)
        elif isinstance(node, conditions.Matches):
            if node.cards != actors.Bound("card") or not _top_card(node.place):
                return None
        elif isinstance(node, conditions.SomeField) and node.owner != actors.Bound("player"):
            return None
        elif isinstance(node, places.CardsIn) and not _top_card(node):
            return None
        elif isinstance(node, quantities.Number) and node.value < 0:
            return None
    return max(numbers) + 1


def _top_card(node: Node) -> bool:
    return isinstance(node, places.CardsIn) and isinstance(node.place, actors.Bound) and node.pick == "top" \
        and node.count == quantities.Number(1) and node.bean is None and not node.up_to


def _remembering(refusing: Judge, taking: Callable, cap: int) -> PlantJudge:
    """The judge, remembering each answer by the bean (and the field) and the player's fields as
    their tops and their sizes up to `cap` (all the guards read of them: _sizes_read). The hot
    path asks `taking` once per listing: its key is built in one expression."""
    refusals: dict[tuple, Any] = {}
    takers: dict[tuple, tuple[int, ...]] = {}

    def shape(fields: list[list[str]]) -> list:
        if cap == 1:  # sizes read only as empty or not: the tops say it
            return [f[-1] if f else None for f in fields]
        return [(f[-1], len(f) if len(f) < cap else cap) if f else None for f in fields]

    def refusing_remembered(state: Any, rs: Any, player: str, bean: str, index: int) -> Any:
        key = (bean, index, *shape(state.fields[player]))
        if key not in refusals:
            if len(refusals) >= _BOUND:
                refusals.clear()
            refusals[key] = refusing(state, rs, player, bean, index)
        return refusals[key]

    def taking_remembered(state: Any, rs: Any, player: str, bean: str) -> tuple[int, ...]:
        key = (bean, *[f[-1] if f else None for f in state.fields[player]]) if cap == 1 \
            else (bean, *shape(state.fields[player]))
        found = takers.get(key)
        if found is None:
            if len(takers) >= _BOUND:
                takers.clear()
            found = takers[key] = taking(state, rs, player, bean)
        return found
    return PlantJudge(refusing_remembered, taking_remembered, cap)


_BOUND = 100_000  # answers a judge keeps (a game visits a few thousand shapes of fields)
