"""The harvest guards: every rule's `forbid` of the player harvesting `the field`, with the
`allow`s that lift it, compiled once per game into one judge of a harvest by choice.

A forbid of harvesting is a constraint by condition like any other (engine/permissions.py): its
condition is the evaluator's, over `player` (who harvests) and `field` (the field harvested:
its index `field#` and owner `field@`, None for a field of the table). The protection rule ("the
field holds one card while another field holds more"), harvesting only a field that pays ("what
the field pays is 0") and a house rule ("no player may harvest while count of this field < 3")
are three such forbids, none of them known to the engine by name: a harvest is refused by the
first, in rule order, whose condition holds while that of no allow lifting it does.

The judge is specialised when it is compiled, as the planting judge is: a spec with no such
forbid judges nothing, and where every condition reads only the player's fields (their sizes,
what they pay), the phase and numbers, the judge is one expression per field, its terms that
do not read the field harvested worked out once per listing (the protection rule's "some other
field holds more" is one loop, not one per field). Such a judge reads nothing of the state but
`fields`, `phase` and the rules, so the playout kernel writes its lines into its own loop, on
its own state (`listing`, kernel/fast.py: no call per decision, and no copy of the rule there);
any other condition (a hand's bean types, whose turn it is) is asked through its closure, in
both modes: the kernel's loop then calls the phase's harvest lister, which asks this judge.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ..core import actors, conditions, effects, quantities, statements as core
from ..core.categories import Node
from .effect_env import OWNER
from .evaluate import RULES
from .harvesting import coins_for
from .lasting import LastingSpec, covers
from .permissions import expression

FIELD = actors.Bound("field")
_ACTION = effects.Harvest(actors.Bound("player"), FIELD, False)
# (state, rs, player, field, index) -> the guard that refuses harvesting `field` (the list; its
# index, or a field of the table's name), or None
Refusing = Callable[[Any, Any, Any, list, Any], Any]


def is_guard(statement: Node) -> bool:
    """A forbid of the acting player harvesting the field (whatever its condition says)."""
    return isinstance(statement, core.Forbid) and statement.action == _ACTION


class HarvestJudge(NamedTuple):
    """The harvest guards of a game, compiled: `refusing` the guard that forbids harvesting a
    field (None: it may be), `opened(state, rs, player)` the 0-based indices of the player's
    fields that hold cards and no guard refuses, in order. `direct`: compiled as one expression
    over the fields, the phase and the rules alone (what the playout kernel runs, written into
    its loop: `listing`); `guards`: the guards it was compiled from."""
    refusing: Refusing
    opened: Callable[[Any, Any, Any], list[int]]
    direct: bool = False
    guards: tuple[LastingSpec, ...] = ()


def compile_judge(guards: tuple[LastingSpec, ...]) -> HarvestJudge | None:
    """The judge by every guard (lasting.LastingSpec, lifted); None: no guard refuses anything.
    A guard an allow lifts wherever it holds refuses nothing and is left out."""
    items = tuple(g for g in guards if not any(covers(g.node, a.node) for a in g.lifted))
    if not items:
        return None
    return _direct(items) or _by_closures(items)


def _by_closures(items: tuple[LastingSpec, ...]) -> HarvestJudge:
    """The judge by the guards' compiled conditions, an environment per field asked."""
    tests = tuple((g, g.condition or _always, tuple(a.condition for a in g.lifted)) for g in items)

    def refusing(state: Any, rs: Any, player: Any, field: list, index: Any) -> Any:
        env = {RULES: rs, OWNER: player, "player": player, "field": field, "field#": index,
               "field@": player if type(index) is int else None}
        for guard, condition, lifts in tests:
            if condition(state, env) and not any(lift(state, env) for lift in lifts):
                return guard
        return None

    def opened(state: Any, rs: Any, player: Any) -> list[int]:
        return [i for i, f in enumerate(state.fields[player]) if f and refusing(state, rs, player, f, i) is None]
    return HarvestJudge(refusing, opened, False, items)


def _always(state: Any, env: dict) -> bool:
    return True


# ------------------------------------------------------------------ the judge as one expression
# Names the expression reads: `fs` the player's fields, `f` the field harvested, `h0`, `h1`, …
# the terms that do not read `f` (worked out before the fields are looped over), `C` the
# beanometer (harvesting.coins_for), `rs` the rules, and the state's phase (`state.phase`, or the
# state's name in another source: listing's `state`). The listing also loops with `i` and `o`.
_SOURCE = """
def refusing(state, rs, player, f, index):
    fs = state.fields[player]
{prelude}
{refusals}
    return None


def opened(state, rs, player):
    fs = state.fields[player]
{listing}
    return out
"""


def _terms(items: tuple[LastingSpec, ...], state: str) -> tuple[list[str], list[str]] | None:
    """(hoisted, terms): the lines working out the terms that do not read the field harvested,
    and each guard's refusal as an expression over the names above; None: a condition reads
    more than the fields, the phase and numbers."""
    hoisted: list[str] = []
    terms = []
    for guard in items:
        test = "True" if guard.node.condition is None else _term(guard.node.condition, hoisted, state)
        lifts = [_term(a.node.condition, hoisted, state) for a in guard.lifted]
        if test is None or None in lifts:
            return None
        terms.append(f"({test})" if not lifts else f"({test}) and not ({' or '.join(lifts)})")
    return hoisted, terms


def _lines(hoisted: list[str], terms: list[str], out: str) -> list[str]:
    """The listing as lines: into `out`, the 0-based indices of the fields `fs` that hold cards
    and no guard refuses (no guard: every field with cards)."""
    test = f"f and not ({' or '.join(terms)})" if terms else "f"
    return [*hoisted, f"{out} = []", "i = 0", "for f in fs:", f"    if {test}:", f"        {out}.append(i)", "    i += 1"]


def listing(judge: HarvestJudge | None, state: str, out: str) -> list[str] | None:
    """The judge's `opened` as lines of another generated source (the playout kernel's loop,
    kernel/fast.py), which names the player's fields `fs`, the rules `rs` and the beanometer `C`:
    the state read as `state`, the fields listed into `out`. The same lines the judge's own
    `opened` runs, so the rule is compiled here only. None: the judge is asked through its
    closures (not direct)."""
    if judge is None:
        return _lines([], [], out)
    if not judge.direct:
        return None
    compiled = _terms(judge.guards, state)
    assert compiled is not None  # a direct judge's conditions compile as expressions
    return _lines(*compiled, out)


def _direct(items: tuple[LastingSpec, ...]) -> HarvestJudge | None:
    """The judge compiled as one expression (None: a condition reads more than the fields,
    the phase and numbers)."""
    compiled = _terms(items, "state")
    if compiled is None:
        return None
    hoisted, terms = compiled
    prelude = "\n".join(f"    {line}" for line in hoisted) or "    pass"
    refusals = "\n".join(f"    if {term}:\n        return G[{i}]" for i, term in enumerate(terms))
    names: dict[str, Any] = {"G": items, "C": coins_for}
    exec(_SOURCE.format(prelude=prelude, refusals=refusals,
                        listing="\n".join(f"    {line}" for line in _lines(hoisted, terms, "out"))),
         names)  # noqa: S102  (made from the conditions' nodes and permissions' tables only)
    return HarvestJudge(names["refusing"], names["opened"], True, items)


def _reads_field(node: Node) -> bool:
    return any(n == FIELD for n in node.walk())


def _term(node: Node, hoisted: list[str], state: str) -> str | None:
    """`node` as an expression over the names above, its largest parts that do not read the
    field harvested hoisted into `hoisted` (the lines that work them out); None: it reads
    something the expression cannot (permissions.expression says what it can)."""
    if any(isinstance(n, actors.Bound) and n.name == "card" for n in node.walk()):
        return None  # a harvest binds no card
    if not _reads_field(node):
        return _hoist(node, hoisted, state)
    if isinstance(node, (conditions.AllOf, conditions.AnyOf)):
        # the terms worked out before the loop (a name each) first: read per field, they may
        # settle the rest (the terms are pure, so their order changes no answer)
        parts = [_term(t, hoisted, state) for t in sorted(node.terms, key=_reads_field)]
        joined = " and " if isinstance(node, conditions.AllOf) else " or "
        return None if None in parts else "(" + joined.join(parts) + ")"
    return expression(node, {"field": "f"}, _TOP, state)


_TOP = "{0}[-1]"  # a field's top card (permissions.expression; a harvest binds no card to match it)


def _hoist(node: Node, hoisted: list[str], state: str) -> str | None:
    """A term that does not read the field harvested, worked out once before the loop over the
    fields: "some field of the player …" as a loop that stops at the first (no generator), any
    other as its expression. Its name, or None."""
    name = f"h{len(hoisted)}"
    if isinstance(node, conditions.SomeField) and node.owner == actors.Bound("player"):
        where = expression(node.where, {"field": "f", node.name: "o"}, _TOP, state)
        if where is None:
            return None
        hoisted.extend((f"{name} = False", "for o in fs:", f"    if {where}:", f"        {name} = True",
                        "        break"))
        return name
    text = expression(node, {"field": "f"}, _TOP, state)
    if text is None:
        return None
    hoisted.append(f"{name} = {text}")
    return name


# ------------------------------------------------------------------ a guard that may take every harvest
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b, ">": lambda a, b: a > b}


def may_refuse_every_field(guard: LastingSpec) -> bool:
    """Whether the guard may refuse every field of a player that holds cards at once (then a
    plant that needs room may find none: the guard also stands among the constraints by
    condition, whose checked path lets such a plant lapse, engine/legal.py's `stuck`). False
    only where it provably cannot: its condition is "the field harvested is of size S, and some
    field of the player is of size O", and no size is both S and O (the protection rule: a single
    card beside a field of more). Were every field with cards refused, each would be of size S,
    and the field of size O one of them; an empty field (size 0) is room already."""
    condition = guard.node.condition
    terms = condition.terms if isinstance(condition, conditions.AllOf) else (condition,)
    field = [t for t in terms if t is not None and _sized(t, FIELD, 0) is not None]
    others = [t for t in terms if isinstance(t, conditions.SomeField) and t.owner == actors.Bound("player")
              and _sized(t.where, actors.Bound(t.name), 0) is not None]
    if not field or not others:
        return True
    numbers = [n.value for t in (*field, *others) for n in t.walk() if isinstance(n, quantities.Number)]
    sizes = range(1, int(max(numbers, default=0)) + 2)
    return all(any(all(_sized(t, FIELD, x) for t in field) and _sized(o.where, actors.Bound(o.name), x) for x in sizes)
               for o in others)


def _sized(node: Node, place: Node, size: int) -> bool | None:
    """Whether `node` holds where `place` holds `size` cards, for a condition that reads nothing
    but that number against numbers (and/or/not); None: it reads more."""
    if isinstance(node, (conditions.AllOf, conditions.AnyOf)):
        found = [_sized(t, place, size) for t in node.terms]
        if None in found:
            return None
        return all(found) if isinstance(node, conditions.AllOf) else any(found)
    if isinstance(node, conditions.Not):
        found = _sized(node.term, place, size)
        return None if found is None else not found
    if isinstance(node, conditions.Compare):
        sides = [size if s == quantities.Count(place, None) else s.value if isinstance(s, quantities.Number) else None
                 for s in (node.left, node.right)]
        return None if None in sides else _OPS[node.op](sides[0], sides[1])
    return None
