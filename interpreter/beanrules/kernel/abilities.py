"""Card abilities played from the front of the hand (engine/abilities.py), with the choices
their effect asks for (engine/effects.py's feed), over the kernel's state.

A use is an action (USE, seat, ability, choices): the choices in the order the effect asks for
them (seats for players, field numbers as text, NONE to pass), as the engine's UseAbility holds
them. The uses are listed as the engine lists them: the effect is run on copies of the state,
depth first, each choice it asks for widening the search, until MAX_LISTED complete sequences
are found. Abilities on top of a field, once per turn, or with a choice another player makes
(a decision) are refused by name.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, effects, places, quantities
from ..core.categories import Node
from ..engine.abilities import MAX_LISTED, others_decide
from ..engine.effects import FEED, NONE, OWNER, NeedChoice
from . import core
from .state import KState

USE = 8  # the action kind, after decisions.CHOOSE


class Dead(Exception):
    """The choices lead nowhere (the engine's IllegalAction while it explores or applies)."""


class Feed:
    """effects.Feed over the kernel's options (seats are numbers, which the engine's feed would
    name in its messages): the choices of one use, taken in the order the effect asks for them."""
    __slots__ = ("values", "explore", "at")

    def __init__(self, values: tuple, explore: bool = False):
        self.values, self.explore, self.at = values, explore, 0

    def take(self, options: list, must: bool) -> Any:
        if self.at >= len(self.values):
            if self.explore:
                raise NeedChoice(options + ([] if must else [NONE]))
            if must:
                raise Dead()
            return None
        value = self.values[self.at]
        self.at += 1
        if value == NONE and not must:
            return None
        if value not in options:
            raise Dead()
        return value


def _take(env: dict, options: list, must: bool) -> Any:
    return env[FEED].take(options, must)


class KHeld:
    """effects.Held: a card picked while an effect runs, and the list it lies in."""
    __slots__ = ("bean", "zone", "first")

    def __init__(self, bean: int, zone: list[int], first: bool):
        self.bean, self.zone, self.first = bean, zone, first

    def take(self) -> int:
        """Take the card out of its list (the first of its kind there, or the last: a field's top)."""
        zone, n = self.zone, len(self.zone)
        for i in (range(n) if self.first else range(n - 1, -1, -1)):
            if zone[i] == self.bean:
                del zone[i]
                return self.bean
        raise Dead()


# ------------------------------------------------------------------ the effects abilities use
def field_accepts(m: Any, field: list[int], bean: int, fields: list[list[int]]) -> bool:
    """planting.field_accepts."""
    if not field:
        return m.same_many or not any(f and f[-1] == bean for f in fields)
    if not m.one_type or field[-1] == bean:
        return True
    return m.mixed and not any(not f or f[-1] == bean for f in fields)


def effect(node: Node, prims: Any) -> Callable[[KState, dict], Any] | None:
    """The kernel closure of an ability's own node (None: core.py's)."""
    if isinstance(node, effects.Move) and isinstance(node.cards, actors.Bound):
        from .decisions import move_picked
        name, to, front = node.cards.name, core.zone_of(node.to), node.end in ("front", "bottom")
        picked = move_picked(node)

        def move(g: KState, env: dict) -> None:
            held = env.get(name)
            if not isinstance(held, KHeld):
                if held is not None:  # a card an at-random pick bound
                    picked(g, env)
                return
            bean = held.take()
            dest = to(g, env)
            if front:
                dest.insert(0, bean)
            else:
                dest.append(bean)
        return move
    if isinstance(node, effects.ForChosen):
        name, among = node.name, core.players_of(node.among, prims.direction)
        most, body = core.number(node.most, prims), core.effect(node.body, prims)

        def for_chosen(g: KState, env: dict) -> None:
            taken: list[int] = []
            for _ in range(most(g, env)):
                picked = _take(env, [p for p in among(g, env) if p not in taken], False)
                if picked is None:
                    return
                taken.append(picked)
                body(g, {**env, name: picked})
        return for_chosen
    if isinstance(node, effects.Choose):
        return _choose(node, prims)
    if isinstance(node, effects.Plant) and isinstance(node.cards, actors.Bound) and node.onto is None:
        who, name = core.players_of(node.player, prims.direction), node.cards.name

        def plant(g: KState, env: dict) -> None:
            held = env.get(name)
            if held is None:
                return
            fields = g.fields[who(g, env)[0]]
            options = [str(i + 1) for i, f in enumerate(fields) if field_accepts(prims, f, held.bean, fields)]
            index = int(_take(env, options, True)) - 1
            fields[index].append(held.take())
        return plant
    return None


def _choose(node: effects.Choose, prims: Any) -> Callable[[KState, dict], None]:
    name, must, options = node.name, node.must, node.options
    where = core.condition(node.where, prims) if node.where is not None else None
    if isinstance(options, places.CardsIn) and isinstance(options.place, places.Zone) \
            and options.place.zone == "field" and options.place.owner is not None and options.pick == "top" \
            and isinstance(options.count, quantities.Number) and options.count.value == 1 and where is None:
        owner = core.players_of(options.place.owner, prims.direction)

        def choose_top(g: KState, env: dict) -> None:  # the top card of one of a player's fields
            fields = g.fields[owner(g, env)[0]]
            picked = _take(env, [str(i + 1) for i, f in enumerate(fields) if f], must)
            env[name] = None if picked is None else KHeld(fields[int(picked) - 1][-1], fields[int(picked) - 1], False)
        return choose_top
    if not isinstance(options, actors.Actor) or isinstance(options, actors.Bound):
        raise core.KernelUnsupported(f"the choice '{node.to_text()}' in an ability")
    among = core.players_of(options, prims.direction)

    def choose_player(g: KState, env: dict) -> None:
        found = [p for p in among(g, env) if where is None or where(g, {**env, name: p})]
        env[name] = _take(env, found, must)
    return choose_player


# ------------------------------------------------------------------ using one
class KAbility:
    __slots__ = ("card", "name", "named", "phase", "run")

    def __init__(self, spec: Any, named: bool, bean_number: dict[str, int], phase_ids: tuple[str, ...], prims: Any):
        where = f"the ability '{spec.name}' of card '{spec.card}'"
        if spec.where != "hand-front":
            raise core.KernelUnsupported(f"{where}: on top of a field")
        if spec.once:
            raise core.KernelUnsupported(f"{where}: once per turn")
        if others_decide(spec.run.node):
            raise core.KernelUnsupported(f"{where}: a choice another player makes")
        self.card, self.name = bean_number[spec.card], spec.name
        self.named = spec.name if named else None
        self.phase = None if spec.phase is None else phase_ids.index(spec.phase)
        self.run = core.effect(spec.run.node, prims)


def compile_abilities(specs: tuple, bean_number: dict[str, int], phase_ids: tuple[str, ...],
                      prims: Any) -> tuple[KAbility, ...]:
    return tuple(KAbility(s, sum(o.card == s.card for o in specs) > 1, bean_number, phase_ids, prims)
                 for s in specs)


def _run(m: Any, g: KState, ability: KAbility, seat: int, feed: Feed) -> None:
    env = {OWNER: seat, FEED: feed, "player": seat, "card": KHeld(ability.card, g.hands[seat], True)}
    firing = m.firing
    if firing is not None:
        firing.depth += 1  # what an ability's effect does triggers nothing (triggers.inside_ability)
    try:
        ability.run(g, env)
    finally:
        if firing is not None:
            firing.depth -= 1
    if feed.at < len(feed.values):  # more choices than the effect asked for (Feed.finish)
        raise Dead()


def _open(g: KState, ability: KAbility, seat: int) -> bool:
    """abilities.refusal is None, for one played from the front of the hand."""
    if g.over or seat != g.active or (ability.phase is not None and g.phase != ability.phase):
        return False
    hand = g.hands[seat]
    return bool(hand) and hand[0] == ability.card


def usable(m: Any, g: KState, seat: int, out: list[tuple]) -> None:
    """abilities.usable: every use open to `seat` now, one per complete choice sequence."""
    for i, ability in enumerate(m.abilities):
        if _open(g, ability, seat):
            out.extend((USE, seat, i, choices) for choices in _choices(m, g, ability, seat))


def front_lapses(m: Any, g: KState, seat: int) -> bool:
    """abilities.front_lapses: the front hand card is never planted and no ability plays it
    now (every ability the kernel plays is played from the front of the hand)."""
    hand = g.hands[seat]
    if not hand or hand[0] not in m.unplantable:
        return False
    uses: list[tuple] = []
    usable(m, g, seat, uses)
    return not uses


def _choices(m: Any, g: KState, ability: KAbility, seat: int) -> list[tuple]:
    found: list[tuple] = []
    stack: list[tuple] = [()]
    reqs = getattr(m, "requirements", None)  # the hand limit (kernel/requirements.py), where the rules have one
    while stack and len(found) < MAX_LISTED:
        prefix = stack.pop()
        trial = g.copy()
        try:
            _run(m, trial, ability, seat, Feed(prefix, explore=True))
        except NeedChoice as need:
            stack.extend(prefix + (o,) for o in reversed(need.options))
            continue
        except Dead:
            continue
        if reqs is not None and reqs.broken(trial) and not reqs.broken(g):
            continue  # abilities._breaks: it would break a requirement that held: not a legal use
        while prefix and prefix[-1] == NONE:
            prefix = prefix[:-1]
        if prefix not in found:
            found.append(prefix)
    return found


def apply(m: Any, g: KState, action: tuple) -> None:
    _, seat, index, choices = action
    _run(m, g, m.abilities[index], seat, Feed(choices))
