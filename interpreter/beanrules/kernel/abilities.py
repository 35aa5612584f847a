"""Card abilities played from the front of the hand (engine/abilities.py), with the choices
their effect asks for (the engine's own Feed, engine/effect_env.py), over the kernel's state.

A use is an action (USE, seat, ability, choices, field): the choices in the order the effect
asks for them (seats for players, field numbers as text, NONE to pass) and the field number the
card lies on where the action names one, as the engine's UseAbility holds them. The uses are listed as the engine lists them: the effect is run on copies of the state,
depth first, each choice it asks for widening the search, until MAX_LISTED complete sequences
are found. An ability on top of a field is used on that field (``this field``), once per turn
per field where it says so (`g.used`, the engine's `state.used`), and keeps its phase open while
it may be used (the engine's `abilities.keeps_open`, trying a use the kernel's way: `tries`). An ability with a choice another player makes stops at that
decision and waits (kernel/ability_decisions.py).
"""
from __future__ import annotations

from typing import Any

from ..engine.abilities import MAX_LISTED, others_decide
from ..engine.effect_env import FEED, NONE, OWNER, Feed, Held, NeedChoice
from ..engine.errors import IllegalAction
from ..engine.evaluate import RULES
from ..engine.legal import waits_only_for_abilities
from ..engine.requirements import breaks_held
from ..engine.triggers import inside_ability
from . import core
from ..engine.state import State

USE = 8  # the action kind, after decisions.CHOOSE


# ------------------------------------------------------------------ using one
class KAbility:
    __slots__ = ("card", "name", "named", "phase", "run", "on_field", "once", "rule", "ref", "walker")

    def __init__(self, spec: Any, named: bool, prims: Any):
        if spec.any_turn or spec.once_per is not None:
            raise core.KernelUnsupported(f"ability '{spec.ref.id}': used in any turn, or once per turn per "
                                    f"{spec.once_per or 'field'} as written")
        self.card, self.name = spec.card, spec.name
        self.named = spec.name if named else None
        self.phase = spec.phase  # its phase's id, as the state keeps it
        self.on_field = spec.where == "field-top"  # used on top of a field (else played from the hand)
        self.once = spec.once  # once per turn (per field)
        self.rule, self.ref = spec.ref.id, spec.ref
        self.walker = None
        if others_decide(spec.run.node):  # it waits for another player (kernel/ability_decisions.py)
            from .ability_decisions import AbilityWalker
            self.walker = AbilityWalker(spec.run.node, prims, self.rule)
            self.run = self.walker.use
        else:
            self.run = core.effect(spec.run.node, prims)

    def key(self, field: int | None) -> str:
        """AbilitySpec.key: what state.used records (the field by its number, 0: the hand)."""
        return f"{self.rule}@{field or 0}"


def compile_abilities(specs: tuple, prims: Any) -> tuple[KAbility, ...]:
    return tuple(KAbility(s, sum(o.card == s.card for o in specs) > 1, prims)
                 for s in specs)


def _run(m: Any, g: State, ability: KAbility, seat: int, feed: Feed, field: int | None = None) -> None:
    """abilities._run: `field`, the index of the field the card lies on top of (None: the hand)."""
    env = {RULES: m.rs, OWNER: seat, FEED: feed, "player": seat}
    if field is None:
        env["card"] = Held(ability.card, g.hands[seat], "the hand", True, "hand", seat)
    else:  # "this field": the one the card lies on
        env.update({"card": None, "field": g.fields[seat][field], "field#": field, "field@": seat})
    if m.rs.triggers:
        with inside_ability():  # what an ability's effect does triggers nothing
            ability.run(g, env)
    else:
        ability.run(g, env)
    feed.finish()  # more choices than the effect asked for: refused
    if ability.once:
        turn = g.turn
        g.used = [u for u in g.used if u[0] == turn] + [[turn, ability.key(None if field is None else field + 1)]]


def _used(g: State, key: str) -> bool:
    turn = g.turn
    return any(u[0] == turn and u[1] == key for u in g.used)


def _open(g: State, ability: KAbility, seat: int) -> bool:
    """abilities.refusal is None, for one played from the front of the hand."""
    if g.over or seat != g.active or (ability.phase is not None and g.phase != ability.phase):
        return False
    hand = g.hands[seat]
    return bool(hand) and hand[0] == ability.card and not (ability.once and _used(g, ability.key(None)))


def _tops(g: State, ability: KAbility, seat: int) -> list[int]:
    """The fields (indices) of `seat` that `ability`'s card lies on top of, where it may be used
    now (abilities.refusal is None for each)."""
    if g.over or seat != g.active or (ability.phase is not None and g.phase != ability.phase):
        return []
    return [i for i, f in enumerate(g.fields[seat]) if f and f[-1] == ability.card
            and not (ability.once and _used(g, ability.key(i + 1)))]


def usable(m: Any, g: State, seat: int, out: list[tuple]) -> None:
    """abilities.usable: every use open to `seat` now, one per complete choice sequence. A use
    on top of a field names the field only where the card tops more than one."""
    if g.over or seat != g.active:  # every ability is its owner's, in their own turn
        return
    tops = [f[-1] for f in g.fields[seat] if f]  # (one pass: most abilities' cards lie nowhere)
    for i, ability in enumerate(m.abilities):
        if ability.on_field:
            if ability.card not in tops:
                continue
            several = tops.count(ability.card) > 1
            for k in _tops(g, ability, seat):
                out.extend((USE, seat, i, choices, k + 1 if several else None)
                           for choices in _choices(m, g, ability, seat, k))
        elif _open(g, ability, seat):
            out.extend((USE, seat, i, choices, None) for choices in _choices(m, g, ability, seat))


def tries(m: Any, by_rule: dict[str, KAbility], g: State, rs: Any, spec: Any, seat: int, field: int) -> bool:
    """abilities.Tries, on the kernel's state: some choice sequence completes a use of the
    engine's ability `spec` on field `field` (from 1), tried on copies of the kernel's state
    with the kernel's compiled ability (`by_rule`: the kernel's abilities by their rule). The
    engine's abilities.keeps_open asks it, so whether an ability keeps a phase open is written
    there only."""
    return bool(_choices(m, g, by_rule[spec.ref.id], seat, field - 1, most=1))


def waits_only(m: Any, g: State) -> bool:
    """legal.waits_only_for_abilities: nothing but such an ability keeps the phase open, so
    the active player ends it with 'ends phase'."""
    return waits_only_for_abilities(g, m.rs, m.listing, m.opens["ability_keeps_open"])


def front_lapses(m: Any, g: State, seat: int) -> bool:
    """abilities.front_lapses: the front hand card is never planted and no use of it is listed
    now without a field (as the engine asks: its uses whose action names no field)."""
    hand = g.hands[seat]
    if not hand or hand[0] not in m.unplantable:
        return False
    uses: list[tuple] = []
    usable(m, g, seat, uses)
    front = hand[0]
    return not any(m.abilities[u[2]].card == front and u[4] is None for u in uses)


def _choices(m: Any, g: State, ability: KAbility, seat: int, field: int | None = None,
             most: int = MAX_LISTED) -> list[tuple]:
    """abilities._choices: the first `most` complete choice sequences."""
    found: list[tuple] = []
    stack: list[tuple] = [()]
    while stack and len(found) < most:
        prefix = stack.pop()
        trial = g.copy()
        try:
            _run(m, trial, ability, seat, Feed(prefix, ability.ref, explore=True), field)
        except NeedChoice as need:
            stack.extend(prefix + (o,) for o in reversed(need.options))
            continue
        except IllegalAction:
            continue
        if breaks_held(g, trial, m.rs) is not None:
            continue  # it would break a requirement that held (the hand limit): not a legal use
        while prefix and prefix[-1] == NONE:
            prefix = prefix[:-1]
        if prefix not in found:
            found.append(prefix)
    return found


def apply(m: Any, g: State, action: tuple) -> None:
    _, seat, index, choices, field = action
    ability = m.abilities[index]
    if ability.on_field and field is None:  # the one field the card tops (abilities._field_of)
        field = next(i + 1 for i, f in enumerate(g.fields[seat]) if f and f[-1] == ability.card)
    _run(m, g, ability, seat, Feed(choices, ability.ref), None if field is None else field - 1)
