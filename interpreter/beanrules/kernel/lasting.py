"""Constraints that last for a stated time (engine/lasting.py), over the kernel's state: a card's
``until …: the opponent may not harvest`` and ``… hand lies open`` (engine/exposure.py).

`g.lasting` holds the engine's entries, seats for names: the constraint's words (``says``), the
rule it comes from, the player it was laid down for, the last moment it holds (``until``:
{"turn", "phase"}, None for the whole game) and, for a zone laid open, which one. While a
forbid is in force, the actions it names are not listed (`constrain`); a plant the phase
requires lapses where a forbid takes it (or every harvest that could make room) away
(`waived`, `stuck`), so nobody waits for a player who cannot act. Passed entries are dropped
after each action (`expire`).

A constraint on one chosen card ("until end of turn: bean may not be planted") follows that
card by identity, marked by engine/marked.py itself (the kernel's cards are the engine's bean
strings): the card in its hand is replaced by an equal string of its own, which every list
operation carries along; the entry keeps it, and lapses once it has left every hand. Permissions (``allow``) are refused by name; so are a
rule's own forbids in force all game (the Ruleset's `standing`, left out of support.py's
known fields).
"""
from __future__ import annotations

from typing import Any, Callable

from ..core import actors, effects, places, timing
from ..engine.effect_env import OWNER
from ..engine.card_moves import VERBS
from ..engine.marked import mark
from . import core
from .state import KState

Matcher = Callable[[Any, KState, tuple, dict], bool]
_MARK = "#mark"  # the card a constraint on one card names: its entry's "card"


def _locate(g: KState, card: int) -> tuple[int, int] | None:
    """marked.locate: (seat, index in their hand) of the very card, or None: in no hand."""
    for seat, hand in enumerate(g.hands):
        for i, held in enumerate(hand):
            if held is card:
                return seat, i
    return None


class KLasting:
    """One LastingSpec of the rules (rs.lastings), compiled: what it forbids, when, or what it
    lays open."""
    __slots__ = ("says", "rule", "until", "matches", "condition", "opens", "card")

    def __init__(self, spec: Any, prims: Any):
        self.says, self.rule, self.until, self.card = spec.says, spec.ref.id, spec.node.until, spec.card
        if spec.opens is not None:  # a zone laid open: whose, read when it is laid down
            self.opens = (spec.opens, core.players_of(spec.node.rule.place.owner, prims.direction))
            self.matches, self.condition = None, None
            return
        if not spec.forbid:
            raise core.KernelUnsupported(f"'{spec.says}': a lasting permission")
        rule = spec.node.rule
        self.opens = None
        self.matches = _marked_plant if spec.card is not None else _matcher(rule.action, prims)
        self.condition = core.condition(rule.condition, prims) if rule.condition is not None else None

    def applies(self, m: Any, g: KState, action: tuple, owner: int, card: dict | None = None) -> bool:
        env = {OWNER: owner, "player": action[1], _MARK: card}
        return self.matches(m, g, action, env) and (self.condition is None or self.condition(g, env))  # type: ignore[misc]


def compile_lastings(lastings: dict, prims: Any) -> dict[str, KLasting]:
    return {says: KLasting(spec, prims) for says, spec in lastings.items()}


def _who(node: Any, prims: Any) -> Callable[[KState, dict], list[int]]:
    if isinstance(node, actors.AnyPlayer):  # marks._any_player: whoever acts
        return lambda g, env: list(range(g.n))
    return core.players_of(node, prims.direction)


def _matcher(action: Any, prims: Any) -> Matcher:
    """lasting._matcher: which of the kernel's action tuples the core action names."""
    from .abilities import USE
    from .card_moves import MOVE
    from .machine import BUY, HARVEST, PLANT, PROPOSE, RESPOND
    if isinstance(action, effects.Plant) and not isinstance(action.cards, actors.Bound):
        who = _who(action.player, prims)
        cards = action.cards
        if not (isinstance(cards, places.CardsIn) and isinstance(cards.place, places.Zone)):
            raise core.KernelUnsupported(f"'{action.to_text()}' in a lasting constraint")
        zone = cards.place.zone
        bean = cards.bean

        def plant(m: Any, g: KState, a: tuple, env: dict) -> bool:
            return a[0] == PLANT and a[1] in who(g, env) and plant_zone(m, g, a) == zone \
                and (bean is None or a[3] == bean)
        return plant
    if isinstance(action, effects.Plant):  # any card ("bean" bound by the rule itself)
        who = _who(action.player, prims)
        return lambda m, g, a, env: a[0] == PLANT and a[1] in who(g, env)
    kinds = {effects.Harvest: HARVEST, effects.UseAbility: USE, effects.AddField: BUY}
    if type(action) in kinds:
        kind, who = kinds[type(action)], _who(action.player, prims)
        card = getattr(action, "card", None)
        return lambda m, g, a, env: a[0] == kind and a[1] in who(g, env) and \
            (card is None or m.abilities[a[2]].card == card)
    if isinstance(action, effects.Trade):
        who = _who(action.first, prims)
        return lambda m, g, a, env: a[1] in who(g, env) and (a[0] == PROPOSE or (a[0] == RESPOND and a[2] == "accepts"))
    if isinstance(action, effects.Move) and isinstance(action.cards, places.CardsIn) \
            and isinstance(action.cards.place, places.Zone) and isinstance(action.to, places.Zone):
        source, dest = action.cards.place, action.to
        verb = VERBS[(source.zone, dest.zone)]
        owner = source.owner if source.owner is not None else dest.owner
        whom = _who(owner, prims) if owner is not None else None
        return lambda m, g, a, env: a[0] == MOVE and a[2] == verb and (whom is None or a[1] in whom(g, env))
    raise core.KernelUnsupported(f"'{action.to_text()}' in a lasting constraint")


def _marked_plant(m: Any, g: KState, a: tuple, env: dict) -> bool:
    """lasting._matcher's plant_card: a plant of the very card the entry names, whoever plants it."""
    from .machine import PLANT
    named = env[_MARK]
    return a[0] == PLANT and named is not None and taken_card(m, g, a) is named["object"]


def taken_card(m: Any, g: KState, a: tuple) -> int | None:
    """lasting.taken_card: the front of the hand in a planting step, else the first card of the
    bean in the zone the plant takes it from."""
    from .moves import zone_list
    zone = plant_zone(m, g, a)
    cards = zone_list(g, zone, a[1])
    if zone == "hand" and m.phase_of[g.phase].plant_max is not None and a[1] == g.active:
        return cards[0] if cards else None
    return next((c for c in cards if c == a[3]), None)


def plant_refused(m: Any, g: KState, card: int) -> bool:
    """lasting.plant_refusal is not None: a constraint in force names this very card (an
    effect's plant, which no matcher sees)."""
    return any("card" in e and e["card"]["object"] is card and in_force(m, g, e) for e in g.lasting)


def plant_zone(m: Any, g: KState, a: tuple) -> str:
    """lasting.plant_zone: where a plant takes its card from."""
    if a[4] is not None:
        return a[4]
    ph = m.phase_of[g.phase]
    if ph.plant_max is not None and a[1] == g.active:
        return "hand"
    from .moves import zone_list
    for _, zone in ph.pending:
        if zone_list(g, zone, a[1]):
            return zone
    return "hand"


# ------------------------------------------------------------------ laying one down
def lay(node: effects.Lasting, prims: Any) -> Callable[[KState, dict], None]:
    """lasting._lay: the entry, dated from now; what no longer holds is dropped with it."""
    says, until = node.to_text(), node.until

    def run(g: KState, env: dict) -> None:
        spec = prims.lastings[says]
        owner = env.get(OWNER)
        owner = g.active if owner is None else owner
        entry: dict[str, Any] = {"says": says, "rule": spec.rule, "owner": owner,
                                 "until": deadline(prims, g, until, owner)}
        if spec.card is not None:
            entry["card"] = _mark_chosen(g, env, spec.card)
        elif spec.opens is not None:
            zone, whose = spec.opens
            entry["open"] = {"zone": zone, "player": whose(g, {**env, OWNER: owner})[0]}
        g.lasting = [e for e in g.lasting if in_force(prims, g, e)] + [entry]
    return run


def _mark_chosen(g: KState, env: dict, name: str) -> dict:
    """lasting._mark_chosen: make the card chosen as `name`, where it lies now in a hand, one of
    its own, and let the steps after move that very card."""
    from .abilities import Dead, KHeld
    held, at = env.get(name), env.get(name + "@")
    if isinstance(held, KHeld):
        owner = next((p for p, hand in enumerate(g.hands) if hand is held.zone), None)
        if owner is None:
            raise Dead()  # a card of no hand (the engine refuses the use)
        hand = held.zone
        order = range(len(hand)) if held.first else range(len(hand) - 1, -1, -1)
        index = next((i for i in order if hand[i] == held.bean), None)
        if index is None:
            raise Dead()
        named = mark(hand, index)
        env[name] = KHeld(hand[index], hand, held.first)  # a later move takes that very card
        return {**named, "player": owner, "index": index}
    if isinstance(at, dict) and at.get("zone") == "hand" and at.get("owner") is not None:
        hand, index = g.hands[at["owner"]], at["index"]  # a card a decision picked: where it lies
        return {**mark(hand, index), "player": at["owner"], "index": index}
    raise Dead()


def _turns_until(m: Any, g: KState, who: list[int], first: int) -> int:
    n = g.n
    for k in range(first, first + n):
        if (g.active + m.direction * k) % n in who:
            return k
    from .abilities import Dead
    raise Dead()  # a player who has no turn (the engine refuses the use)


def deadline(m: Any, g: KState, until: Any, owner: int) -> dict | None:
    """lasting.deadline: {"turn", "phase"} (phase None: the whole turn), or None: the whole game."""
    if isinstance(until, timing.WholeGame):
        return None
    env = {OWNER: owner}
    ids = m.phase_ids
    now = ids.index(g.phase)
    if isinstance(until, timing.EndOfTurn):
        return {"turn": g.turn + _turns_until(m, g, _who(until.player, m)(g, env), 0), "phase": None}
    if isinstance(until, timing.StartOfTurn):
        return {"turn": g.turn + _turns_until(m, g, _who(until.player, m)(g, env), 1) - 1, "phase": None}
    if isinstance(until, (timing.EndOfPhaseOf, timing.AtEndOf)):
        at = ids.index(until.phase)
        who = _who(until.player, m)(g, env) if isinstance(until, timing.EndOfPhaseOf) else list(range(g.n))
        k = _turns_until(m, g, who, 0)
        if k == 0 and now > at:
            k = _turns_until(m, g, who, 1)
        return {"turn": g.turn + k, "phase": until.phase}
    at = ids.index(until.phase)  # AtStartOf: up to the phase before it
    turn = g.turn if now < at else g.turn + 1
    return {"turn": turn, "phase": ids[at - 1]} if at > 0 else {"turn": turn - 1, "phase": None}


def in_force(m: Any, g: KState, entry: dict) -> bool:
    until = entry["until"]
    if until is None:
        return not g.over
    last = len(m.phase_ids) if until["phase"] is None else m.phase_ids.index(until["phase"])
    return (g.turn, m.phase_of[g.phase].index) <= (until["turn"], last) and not g.over


def expire(m: Any, g: KState) -> None:
    """Drop what no longer lasts (after an action): a constraint on a card also once the card
    has left every hand."""
    g.lasting = [e for e in g.lasting if in_force(m, g, e)
                 and ("card" not in e or _locate(g, e["card"]["object"]) is not None)]


def located(g: KState, entry: dict) -> dict:
    """The entry's card where it lies now: {"bean", "player", "index"} (None, None: in no hand)."""
    where = _locate(g, entry["card"]["object"])
    return {"bean": entry["card"]["bean"], "player": where[0] if where else None,
            "index": where[1] if where else None}


# ------------------------------------------------------------------ in play
def forbidden(m: Any, g: KState, action: tuple) -> bool:
    """A forbid in force names this action."""
    for entry in g.lasting:
        spec = m.lastings[entry["says"]]
        if spec.opens is None and in_force(m, g, entry) and \
                spec.applies(m, g, action, entry["owner"], entry.get("card")):
            return True
    return False


def _must_plant(m: Any, g: KState, seat: int) -> bool:
    ph = m.phase_of[g.phase]
    return ph.plant_max is not None and seat == g.active and g.planted < ph.plant_min and bool(g.hands[seat])


def waived(m: Any, g: KState, seat: int, listed: list[tuple] | None = None) -> bool:
    """lasting.waived: the plant the phase requires of `seat` lapses."""
    from .machine import HARVEST, PLANT
    if not g.lasting or not _must_plant(m, g, seat):
        return False
    if forbidden(m, g, (PLANT, seat, None, g.hands[seat][0], "hand")):
        return True
    if listed is None:
        from .moves import legal
        listed = legal(m, g, seat)
    return not any(a[0] in (PLANT, HARVEST) for a in listed)


def stuck(m: Any, g: KState, seat: int, zone: str) -> bool:
    """legal.stuck: `seat` must plant the cards of `zone` and cannot, for now."""
    from .machine import HARVEST, PLANT
    from .moves import legal, zone_list
    cards = zone_list(g, zone, seat)
    if not g.lasting or not cards:
        return False
    if all(forbidden(m, g, (PLANT, seat, None, bean, zone)) for bean in set(cards)):
        return True
    return not any((a[0] == PLANT and plant_zone(m, g, a) == zone) or a[0] == HARVEST for a in legal(m, g, seat))


def lapsed(m: Any, g: KState, everyone: bool, zone: str) -> bool:
    """flow._lapsed: every player who must still plant a step's cards cannot, for now."""
    from .moves import zone_list
    who = [g.active] if not everyone or zone == "offer" else range(g.n)
    return all(stuck(m, g, p, zone) or not zone_list(g, zone, p) for p in who)


def constrain(m: Any, g: KState, seat: int, listed: list[tuple]) -> list[tuple]:
    """lasting.constrain: the listed actions without those a forbid takes away, and "ends
    planting" where the plant the phase requires lapsed."""
    from .machine import END
    out = [a for a in listed if not forbidden(m, g, a)]
    end = (END, seat, "planting")
    if end not in out and waived(m, g, seat, out):
        out.append(end)
    return out


def effect(node: Any, prims: Any) -> Callable[[KState, dict], None] | None:
    return lay(node, prims) if isinstance(node, effects.Lasting) else None

