"""Permissions of any condition: a rule's ``forbid``, ``allow`` or ``permit`` that no lister,
judge or guard of its own compiles (engine/listers.py, harvest_guards.py, trade_guards.py,
buying.py), compiled by the evaluator and checked against each action.

A statement of such a shape used to be refused by name; here it is compiled instead, as a
constraint always in force: its action is matched against the engine's actions
(engine/lasting.py, the same matching as a constraint laid down for a while) and its condition
is compiled by the evaluator, so any well-formed condition over the core's quantities plays —
counts, fields, counters, whose turn, which phase, a token's holder, and/or/not. A forbid
takes the actions it names away while its condition holds; a permission to harvest lists the
harvests it opens (the fields: each a choice of the player) and lets them past the harvest
timing. What cannot be matched is refused by the statement's words, when the game is created.

The planting guards are such constraints too: a rule's `forbid` of planting `the card` onto
`the field`, with the `allow`s that lift it, compiled once per game into one closure that judges
a plant (planting.refusing, the legal plants, the kernel's). Every such statement — one bean type
per field, a type in one field only, a type in two fields, covering where no field is empty or of
the type, a house rule such as "no player may plant while count of this field >= 4" — compiles
the same way: its condition by the evaluator, over `player` (who plants), `card` (the card
planted: one card, as engine/effect_env.Held holds one) and `field` (the field planted onto, its
index `field#` and owner `field@`), each forbid joined to the allows whose condition covers its
own (lasting.lift). A plant is refused by the first forbid, in rule order, whose condition holds
while that of no allow lifting it does. The judge is specialised when it is compiled: a spec
with no such statement judges nothing, a forbid no allow covers checks no allow, a forbid an
allow lifts wherever it holds is left out, and guards that read only the player's fields (their
sizes, their top cards, the card planted) are one expression per field, as cheap as the two
comparisons written out by hand (_direct); any other condition is asked through its closure.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, NamedTuple, Sequence

from ..core import actors, conditions, effects, places, quantities, statements as core, timing
from ..core.categories import Node
from .effect_env import OWNER, Held
from .errors import RuleRef, UnsupportedRule
from .evaluate import RULES
from .harvesting import coins_for
from .lasting import LastingSpec, compile_rule, covers, planted
from .one_model import condition_holds


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


def weighs_types(statement: Node) -> bool:
    """A planting guard's condition weighs the card's type against a field's top card (one type
    per field, a type in one field only, covering): a harvest makes room where it refuses."""
    return condition_holds(statement, conditions.Matches)


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
    taking: Callable[[Any, Any, str, str], Sequence[int]]
    sizes: int | None = None


def compile_judge(guards: tuple[Any, ...]) -> PlantJudge | None:
    """The judge of a plant by every guard (lasting.LastingSpec, lifted); None: no guard refuses
    anything, and every field takes every card. A guard that an allow lifts wherever it holds
    refuses nothing and is left out (its allow's condition asks nothing the guard's does not:
    "the same type may grow in two fields" beside "a type in one field only"); the rest are
    compiled into one expression where their conditions read only the player's fields
    (_direct), else judged by the evaluator's closures."""
    # lasting.covers read the other way round: every term of the allow's condition is one of the
    # forbid's, so wherever the forbid holds the allow that lifts it does too
    items = tuple(g for g in guards if not any(covers(g.node, a.node) for a in g.lifted))
    if not items:
        return None
    return (_direct(items) or _by_closures(items))._replace(sizes=_sizes_read(guards))


def judged(spec: LastingSpec) -> LastingSpec | None:
    """A rule's forbid of planting onto `this field`, standing among the constraints by condition
    (so a plant it takes away for good lapses, lasting.waived), matched as the planting guards
    are judged: by a judge of its own (compile_judge, with the allows that lift it), asked about
    the card the plant takes and the field it goes onto (lasting.planted). Another spec is
    returned as it is; None: allows lift it wherever it holds, so it forbids nothing."""
    action = spec.node.action if isinstance(spec.node, (core.Forbid, core.Allow)) else None
    if not (spec.forbid and isinstance(action, effects.Plant) and isinstance(action.onto, actors.Bound)):
        return spec
    judge = compile_judge((spec,))
    if judge is None:
        return None
    named, refusing = spec.matches, judge.refusing

    def matches(state: Any, rs: Any, a: Any, env: dict) -> bool:
        if not named(state, rs, a, env):  # who plants, from which zone
            return False
        target = planted(state, rs, a)
        return target is not None and refusing(state, rs, env["player"], target[0], target[1]) is not None
    return replace(spec, matches=matches, condition=None, lifted=())


def _by_closures(items: tuple[Any, ...]) -> PlantJudge:
    """The judge by the guards' compiled conditions, an environment per field asked."""
    cards: dict[str, Any] = {}
    tests = tuple((g, g.condition or _always, tuple(a.condition for a in g.lifted)) for g in items)

    def refusing(state: Any, rs: Any, player: str, bean: str, index: int) -> Any:
        fields = state.fields[player]
        env = {RULES: rs, OWNER: player, "player": player, "card": cards.get(bean) or _card(bean, cards),
               "field": fields[index], "field#": index, "field@": player}
        for guard, condition, lifts in tests:
            if condition(state, env) and not any(lift(state, env) for lift in lifts):
                return guard
        return None

    def taking(state: Any, rs: Any, player: str, bean: str) -> list[int]:
        return [i for i in range(len(state.fields[player])) if refusing(state, rs, player, bean, i) is None]
    return PlantJudge(refusing, taking)


def _always(state: Any, env: dict) -> bool:
    return True


# What a guard's condition may read for the playout kernel to remember the judge's answers: the player's fields
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


# ------------------------------------------------------------------ the judge as one expression
# Where every guard reads only the player's fields (their sizes, their top cards' types, the
# card planted), the judge is one expression per field over `fs` (the player's fields), `f`
# (the field planted onto), `t` (the card's type) and `T` (a card's type, where cards play as
# another): two comparisons per field for one type per field, no environment and no call. The
# expression is made from the conditions' nodes, its operators and numbers from the tables
# below, never from a rulebook's text; tests/engine/test_plant_guards.py holds it to the
# evaluator's closures.
_OPS = {"<": "<", "<=": "<=", "=": "==", ">=": ">=", ">": ">", "!=": "!="}
_EMPTY = {(op, quantities.Number(n)): empty for op, n, empty in (("=", 0, True), ("<", 1, True), ("<=", 0, True),
                                                                  (">", 0, False), ("!=", 0, False), (">=", 1, False))}
_TYPED = "T({0}[-1], {0}[-1])"  # the type of a field's top card, cards playing as another
_PLAIN = "{0}[-1]"


def _direct(items: tuple[Any, ...]) -> PlantJudge | None:
    """The judge compiled as one expression (None: a condition reads more than the fields)."""
    refusals = {}
    for top in (_PLAIN, _TYPED):
        terms = []
        for guard in items:
            condition = guard.node.condition
            test = "True" if condition is None else expression(condition, {"field": "f"}, top)
            lifts = [expression(a.node.condition, {"field": "f"}, top) for a in guard.lifted]
            if test is None or None in lifts:
                return None
            terms.append(f"({test})" if not lifts else f"({test}) and not ({' or '.join(lifts)})")
        refusals[top] = terms

    def first(terms: list[str], indent: str) -> str:
        return "\n".join(f"{indent}if {term}:\n{indent}    return G[{i}]" for i, term in enumerate(terms))
    names: dict[str, Any] = {"G": items, "C": coins_for}
    exec(_SOURCE.format(refusing_typed=first(refusals[_TYPED], " " * 8), refusing_plain=first(refusals[_PLAIN], " " * 4),
                        taking_typed=" or ".join(refusals[_TYPED]), taking_plain=" or ".join(refusals[_PLAIN])),
         names)  # noqa: S102  (made from the tables above and the nodes' structure only)
    return PlantJudge(names["refusing"], names["taking"])


# The judge's two functions; `G` holds the guards. `taking` loops by hand and returns a list:
# no comprehension, enumerate or tuple to make on each of the listings' calls.
_SOURCE = """
def refusing(state, rs, player, bean, index):
    fs = state.fields[player]
    f = fs[index]
    if rs.plays_as:
        T = rs.plays_as.get
        t = T(bean, bean)
{refusing_typed}
        return None
    t = bean
{refusing_plain}
    return None


def taking(state, rs, player, bean):
    fs = state.fields[player]
    out = []
    i = 0
    if rs.plays_as:
        T = rs.plays_as.get
        t = T(bean, bean)
        for f in fs:
            if not ({taking_typed}):
                out.append(i)
            i += 1
        return out
    t = bean
    for f in fs:
        if not ({taking_plain}):
            out.append(i)
        i += 1
    return out
"""


def expression(node: Node, fields: dict[str, str], top: str, state: str = "state") -> str | None:
    """`node` as an expression over the names above: all-of, any-of, not; a field's size or
    what it pays (`C`, the beanometer) compared with a number; the card planted matching a
    field's top card; some field of the player (`fields`: the bound names of fields and their
    variables); the phase (of the state named `state`). None: anything else. The harvest judge
    (engine/harvest_guards.py) compiles its conditions by it too."""
    if isinstance(node, (conditions.AllOf, conditions.AnyOf)):
        terms = [expression(t, fields, top, state) for t in node.terms]
        joined = " and " if isinstance(node, conditions.AllOf) else " or "
        return None if None in terms else "(" + joined.join(terms) + ")"
    if isinstance(node, conditions.Not):
        term = expression(node.term, fields, top, state)
        return None if term is None else f"(not {term})"
    if isinstance(node, conditions.SomeField) and node.owner == actors.Bound("player"):
        var = f"f{len(fields)}"
        where = expression(node.where, {**fields, node.name: var}, top, state)
        return None if where is None else f"any({where} for {var} in fs)"
    if isinstance(node, conditions.Matches) and node.cards == actors.Bound("card"):
        field = _top_of(node.place, fields)
        return None if field is None else f"({field} and {top.format(field)} == t)"
    if isinstance(node, conditions.InPhase):  # the state keeps its phase by id
        return f"({state}.phase == {node.phase!r})"
    if isinstance(node, conditions.Compare):
        empty = _EMPTY.get((node.op, node.right)) if isinstance(node.left, quantities.Count) else None
        field = _field(node.left.place, fields) if empty is not None and node.left.bean is None else None
        if field is not None:  # a field's emptiness: its list is the test
            return f"(not {field})" if empty else field
        left, right = _size(node.left, fields), _size(node.right, fields)
        return None if left is None or right is None else f"{left} {_OPS[node.op]} {right}"
    return None


def _size(node: Node, fields: dict[str, str]) -> str | None:
    """A number (as its digits), the number of cards in a bound field or what it pays."""
    if isinstance(node, quantities.Number):
        return str(int(node.value))
    if isinstance(node, quantities.FieldValue):  # what a bound field pays: the beanometer (`C`)
        field = _field(node.field, fields)
        return None if field is None else f"C(rs, {field})"
    field = _field(node.place, fields) if isinstance(node, quantities.Count) and node.bean is None else None
    return None if field is None else f"len({field})"


def _field(node: Node, fields: dict[str, str]) -> str | None:
    """The variable of a bound field, or None."""
    return fields.get(node.name) if isinstance(node, actors.Bound) else None


def _top_of(node: Node, fields: dict[str, str]) -> str | None:
    """The variable of the bound field whose top card `node` takes, or None."""
    if isinstance(node, places.CardsIn) and node.pick == "top" and node.count == quantities.Number(1) \
            and node.bean is None and not node.up_to:
        return _field(node.place, fields)
    return None
