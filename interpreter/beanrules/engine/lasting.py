"""Constraints that last for a stated time: the core's ``lasting`` effect, run.

An effect (a card's ability, a rule's step) lays down a ``forbid`` — or an ``allow`` that
lets a player harvest outside the harvest timing — which holds from then until its
``until`` timing first comes. The state keeps what lasts in ``state.lasting`` (a key of the
state JSON only while something lasts): the constraint's words (how the ruleset finds it
again), the player it was laid down for (the card's owner: ``opponent`` and ``owner`` inside
it are read from that player) and the last moment it holds, as a turn number and a phase
(None: the whole turn), worked out when it is laid down from the turn order. So a constraint
is in force exactly while ``(turn, phase)`` has not passed that moment, whatever the engine
does in between; ``expire`` drops the passed ones after each action and says so in the events.

While a forbid is in force, the actions it names are not listed and are refused, citing the
rule or ability that laid it down. A rule's own forbid or permission of a shape the fast paths
do not read (permissions.py) is matched and checked the same way, always in force
(``rs.standing``), so everything below speaks of both. A forbid may take away what a phase requires — the plant
from the front of the hand, or the harvest that would make room for it: the requirement then
lapses, and the active player may end planting without it (``waived``), so the game never
waits for a player who has nothing to do. ``check`` rejects a lasting constraint this module
cannot match against the engine's actions (resolve/playable.py asks the engine's compile step).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

from ..core import actors, conditions, effects, places, statements as core, timing
from ..core.categories import Node
from . import evaluate, one_model
from .refusals import ABOUT, binds
from .actions import Action, BuyField, EndPhase, Harvest, MoveCard, Plant, Propose, Respond, UseAbility
from .deals import SIZES, bind
from .effect_env import OWNER, Held
from .errors import IllegalAction, RuleRef, UnsupportedRule
from .eventlog import UNRECORDED
from .exposure import compile_open, opened_for
from .harvesting import field_refusal, harvestable
from .kinds import auto_field, same_type
from .marked import is_marked, locate, mark
from .card_moves import VERBS
from .ruleset import zone_cards

Matcher = Callable[[Any, Any, Action, dict], bool]
# The implicit names a lasting rule may use: who acts (the rest are read when it is laid down).
_IMPLICIT = {"player"}
_MARK = "#mark"  # the card a constraint laid down on a card names: its entry's "card" (engine/marked.py)
_UNTIL = (timing.EndOfTurn, timing.StartOfTurn, timing.EndOfPhaseOf, timing.AtEndOf, timing.AtStartOf,
          timing.WholeGame)


@dataclass(frozen=True)
class LastingSpec:
    """A lasting constraint of the rules, compiled: its words (its key in the state), the
    rule it comes from, whether it forbids (else allows), the actions it names and when."""
    says: str
    node: effects.Lasting
    ref: RuleRef
    forbid: bool
    matches: Matcher = field(compare=False, repr=False)  # (state, rs, action, env): the rule names it
    condition: evaluate.CondFn | None = field(compare=False, repr=False)
    card: str | None = None  # the name of the card it is about, chosen before (engine/marked.py)
    opens: str | None = None  # a zone it lays open (engine/exposure.py): it forbids or allows nothing
    # The kinds of the engine's actions it may name that a rule may permit (permitted_kinds);
    # empty: it names none, so it refuses nothing a step would allow (ruleset.py cites it only).
    kinds: frozenset = frozenset({Plant, Harvest, EndPhase, Propose, Respond, BuyField, UseAbility, MoveCard})
    # The allows that lift this forbid (lift): where the condition of one holds, it forbids nothing.
    lifted: tuple["LastingSpec", ...] = field(default=(), compare=False, repr=False)

    def applies(self, state: Any, rs: Any, action: Action, owner: int, card: dict | None = None) -> bool:
        # (the matchers read the acting player's seat as env["player"]: the action names them)
        env = {evaluate.RULES: rs, OWNER: owner, "player": state.seat_of[action.player], _MARK: card}
        return self.matches(state, rs, action, env) and (self.condition is None or self.condition(state, env)) \
            and not any(a.condition is None or a.condition(state, env) for a in self.lifted)


# ------------------------------------------------------------------ compiling
def _players(node: Node) -> evaluate.PlayersFn:
    return evaluate.players_of(node)


def _refuse(node: Node, why: str) -> UnsupportedRule:
    return UnsupportedRule(f"'{node.to_text()}': {why}")


def _zone_test(cards: Node) -> tuple[str | None, str | None]:
    """(zone, bean) a plant's cards name: any card (None, None), or the cards of a zone."""
    if isinstance(cards, actors.Bound):
        return None, None
    if isinstance(cards, places.CardsIn) and isinstance(cards.place, places.Zone):
        return cards.place.zone, cards.bean
    raise _refuse(cards, "a lasting constraint names cards by the zone they are planted from")


def plant_zone(state: Any, rs: Any, action: Plant) -> str:
    """Where a plant takes its card from: the zone it names, else the phase's own."""
    if action.zone is not None:
        return action.zone
    ph = rs.phase(state.phase)
    player = state.seat_of[action.player]
    if ph.listers.front is not None and player == state.active:
        return "hand"
    for step in ph.listers.every:
        if step.cards(state, player):
            return step.zone
    return "hand"


def taken_card(state: Any, rs: Any, action: Plant) -> str | None:
    """The card a plant takes: the front of the hand in a planting step, else the first card of
    its bean in the zone it is planted from."""
    zone, player = plant_zone(state, rs, action), state.seat_of[action.player]
    cards = zone_cards(state, zone, player)
    if zone == "hand" and rs.phase(state.phase).listers.front is not None and player == state.active:
        return cards[0] if cards else None
    return next((c for c in cards if c == action.bean), None)


def planted(state: Any, rs: Any, a: Plant) -> tuple[str, int] | None:
    """The card a plant takes and the index of the player's field it goes onto, as the plant
    resolves them (planting.check_plant), for the plant judge to be asked about; None where
    there is no such card or field (the plant is refused as such) or the field is the table's
    (engine/zones.py judges a plant onto it)."""
    bean = a.bean or taken_card(state, rs, a)
    if bean is None or (a.field is not None and type(a.field) is not int):
        return None
    fields = state.fields[state.seat_of[a.player]]
    index = a.field - 1 if a.field is not None else auto_field(rs, fields, bean)
    return (bean, index) if index is not None and 0 <= index < len(fields) else None


def _harvest(action: effects.Harvest) -> Matcher:
    """A harvest by one of the players the rule names, binding the field harvested."""
    who = _players(action.player)
    name = action.field.name if isinstance(action.field, actors.Bound) else None

    def harvest(state: Any, rs: Any, a: Action, env: dict) -> bool:
        if type(a) is not Harvest or env["player"] not in who(state, env):
            return False
        if name is not None and isinstance(a.field, str):  # a field of the table (engine/zones.py)
            if a.field not in (state.zones or {}):
                return False  # no such field: refused as such (zones.harvest_refusal)
            env[name], env[name + "#"], env[name + "@"] = state.zones[a.field], a.field, None
        elif name is not None:
            fields = state.fields[env["player"]]
            index = a.field - 1 if a.field is not None else _field_by_bean(rs, fields, a.bean)
            if not 0 <= index < len(fields):
                return False  # no such field: refused as such (harvesting.field_refusal)
            env[name], env[name + "#"], env[name + "@"] = fields[index], index, env["player"]
        return True
    return harvest


def _field_by_bean(rs: Any, fields: list, bean: str | None) -> int:
    """The field a harvest by bean names ("harvests chili"), as the harvest itself resolves it
    (engine/acting.py): the one field whose top card is of that type; -1 when none or several
    are, which the harvest refuses by itself."""
    holding = [i for i, f in enumerate(fields) if f and same_type(rs, f[-1], bean)]
    return holding[0] if len(holding) == 1 else -1


def _reorder(action: effects.Reorder) -> Matcher:
    """Reordering a player's hand: no action of the engine's players does it, but a plant that
    names a card behind the front of a hand the phase plants from the front would take it out
    of order. The step refuses such a plant by itself, and the forbid is the rule it breaks."""
    if not (isinstance(action.place, places.Zone) and action.place.zone == "hand"
            and action.place.owner == action.player):
        raise _refuse(action, "a player's own hand is the one place whose order the engine keeps")
    who = _players(action.player)

    def out_of_order(state: Any, rs: Any, a: Action, env: dict) -> bool:
        if type(a) is not Plant or env["player"] not in who(state, env) or a.bean is None:
            return False
        hand, front = state.hands[env["player"]], rs.phase(state.phase).listers.front is not None
        return front and env["player"] == state.active and a.zone in (None, "hand") and bool(hand) and a.bean != hand[0]
    return out_of_order


def _matcher(action: Node) -> tuple[Matcher, frozenset | None]:
    """What engine actions a core action names (the engine's actions, by their type), and the
    kinds of those a rule may permit (None: any)."""
    if isinstance(action, effects.Reorder):
        return _reorder(action), frozenset()
    if isinstance(action, effects.Move) and isinstance(action.cards, places.CardsIn) \
            and isinstance(action.cards.place, places.Zone) and isinstance(action.to, places.Zone):
        if (action.cards.place.zone, action.to.zone) not in VERBS:
            # a move no action of the engine's players makes (coins back into the deck): the
            # forbid holds by itself
            return _never, frozenset()
    if isinstance(action, effects.AddField):
        return _action(action), frozenset({BuyField})
    return _action(action), None


def _action(action: Node) -> Matcher:
    if isinstance(action, effects.Plant) and isinstance(action.cards, actors.Bound) \
            and action.cards.name not in ABOUT:  # one card chosen before, whoever plants it

        def plant_card(state: Any, rs: Any, a: Action, env: dict) -> bool:
            return type(a) is Plant and is_marked(taken_card(state, rs, a), env[_MARK])
        return plant_card
    if isinstance(action, effects.Plant):
        # who plants, and from which zone; the card and the field planted onto, where a rule's
        # condition reads them, are the plant judge's to bind (permissions.judged)
        who, (zone, bean) = _players(action.player), _zone_test(action.cards)

        def plant(state: Any, rs: Any, a: Action, env: dict) -> bool:
            return type(a) is Plant and env["player"] in who(state, env) \
                and (zone is None or plant_zone(state, rs, a) == zone) \
                and (bean is None or a.bean in (None, bean))
        return plant
    if isinstance(action, effects.Harvest):
        return _harvest(action)
    simple: dict[type, tuple[type, ...]] = {effects.UseAbility: (UseAbility,), effects.AddField: (BuyField,)}
    if type(action) in simple:
        kinds, who = simple[type(action)], _players(action.player)
        card = getattr(action, "card", None)
        return lambda state, rs, a, env: type(a) in kinds and env["player"] in who(state, env) \
            and (card is None or a.card == card)
    if isinstance(action, effects.Trade):  # the acting side's part of a deal, which it binds (deals.py)
        who = _players(action.first)
        # "for no cards", "for some cards": how many the other side gives back
        size = SIZES[action.takes.amount] if isinstance(action.takes, places.TradedAmount) else None
        return lambda state, rs, a, env: env["player"] in who(state, env) and bind(state, a, env) \
            and (size is None or size(len(env["taken"])))
    if isinstance(action, effects.Move) and isinstance(action.cards, places.CardsIn) \
            and isinstance(action.cards.place, places.Zone) and isinstance(action.to, places.Zone):
        source, dest = action.cards.place, action.to
        verb = VERBS[source.zone, dest.zone]  # _matcher took every other move: no player makes it
        owner = source.owner if source.owner is not None else dest.owner  # whose hand: who moves
        who = _players(owner) if owner is not None else None
        return lambda state, rs, a, env: type(a) is MoveCard and a.verb == verb \
            and (who is None or env["player"] in who(state, env))
    raise _refuse(action, "a lasting constraint names planting, harvesting, trading, using an ability, "
                          "buying a field or discarding and taking a card")


def compile_lasting(node: effects.Lasting, ref: RuleRef) -> LastingSpec:
    """A lasting constraint, compiled; UnsupportedRule (by its words) for one the engine cannot run."""
    rule, until = node.rule, node.until
    if not isinstance(until, _UNTIL):
        raise _refuse(node, f"a lasting constraint lasts until the end of a turn or phase, or the start of "
                            f"one, not '{until.to_text()}'")
    if isinstance(rule, core.LiesOpen):
        return LastingSpec(node.to_text(), node, ref, False, _never, None, opens=compile_open(node, rule))
    if not isinstance(rule, (core.Forbid, core.Allow)):
        raise _refuse(node, "what lasts is a forbid, an allow or a zone laid open")
    if isinstance(rule, core.Allow) and not isinstance(rule.action, effects.Harvest):
        raise _refuse(node, "a permission by condition lets a player harvest; the engine lifts no "
                            "other restriction by one for a while")
    spec = compile_rule(node, rule.action, rule.condition, isinstance(rule, core.Forbid), ref,
                        card=constrained_card(node))
    return spec


def constrained_card(node: effects.Lasting) -> str | None:
    """The name of the chosen card that `TIME: NAME may not be planted` follows (None: the
    constraint is on no chosen card)."""
    rule = node.rule
    if isinstance(rule, core.Forbid) and isinstance(rule.action, effects.Plant) \
            and isinstance(rule.action.cards, actors.Bound) and rule.action.cards.name not in ABOUT:
        return rule.action.cards.name
    return None


def _never(state: Any, rs: Any, action: Action, env: dict) -> bool:
    return False


def names_nothing(spec: LastingSpec) -> bool:
    """A constraint that names no action of the engine's players (a move none of them makes)."""
    return spec.matches is _never and spec.opens is None


def compile_rule(node: Node, action: Node, condition: Node | None, forbid: bool, ref: RuleRef,
                 who: Node | None = None, card: str | None = None) -> LastingSpec:
    """A forbid or an allow of `action` while `condition` holds (`who`: only for these players),
    matched against the engine's actions and compiled by the evaluator; `node` says it."""
    # what the action is about ("the field", "the card", "the partner") is any the action picks;
    # the condition may ask only about who acts
    named = {n.name for n in action.walk() if isinstance(n, actors.Bound)} - ABOUT - {card}
    if condition is not None:
        named |= {n.name for n in condition.walk() if isinstance(n, actors.Bound)}
        named -= {n.name for n in condition.walk() if isinstance(n, (conditions.SomeField, conditions.SomePlayer))}
    loose = sorted(named - _IMPLICIT - binds(action))  # what the action binds: refusals.py reads it once
    if loose:
        raise _refuse(node, f"a constraint by condition speaks of who acts ('the player'), not of "
                            f"{', '.join(loose)}")
    test = evaluate.condition(condition) if condition is not None else None
    if who is not None:
        among, inner = _players(who), test
        test = (lambda state, env: env["player"] in among(state, env) and (inner is None or inner(state, env)))
    matcher, kinds = _matcher(action)
    if kinds is None:
        return LastingSpec(node.to_text(), node, ref, forbid, matcher, test, card)
    return LastingSpec(node.to_text(), node, ref, forbid, matcher, test, card, kinds=kinds)


# ------------------------------------------------------------------ how an allow meets a forbid
def _conjuncts(condition: Node | None) -> frozenset:
    if condition is None:
        return frozenset()
    return frozenset(condition.terms) if isinstance(condition, conditions.AllOf) else frozenset((condition,))


def covers(allow: core.Allow, forbid: core.Forbid) -> bool:
    """An allow lifts a forbid when it names the same action and its condition covers the
    forbid's: every term of the forbid's condition (the condition itself, or each term of an
    `all-of`) is a term of the allow's. Wherever the allow holds the forbid's condition holds,
    so the allow says in so many words where the forbid does not apply (docs/core.md)."""
    return allow.action == forbid.action and _conjuncts(forbid.condition) <= _conjuncts(allow.condition)


def lift(specs: tuple[LastingSpec, ...]) -> tuple[LastingSpec, ...]:
    """A rule's own forbids and allows, the allows joined to the forbids they lift (covers). An
    allow of harvesting is a permission as well (it opens harvests the harvest timing closes);
    an allow of another action is only its exceptions (one that covers no forbid lifts nothing:
    what it allows is allowed anyway)."""
    allows = [s for s in specs if not s.forbid and isinstance(s.node, core.Allow)]
    out = []
    for spec in specs:
        if spec.forbid and isinstance(spec.node, core.Forbid):
            lifting = tuple(a for a in allows if covers(a.node, spec.node))
            out.append(replace(spec, lifted=lifting) if lifting else spec)
        elif spec not in allows or isinstance(spec.node.action, effects.Harvest):
            out.append(spec)
    return tuple(out)


def collect(program: list, abilities: list, refs: dict[str, RuleRef]) -> dict[str, LastingSpec]:
    """Every lasting constraint the rules' statements and the cards' abilities may lay down, by
    its words: how a state names one (``state.lasting``)."""
    found: dict[str, LastingSpec] = {}
    sources = [(refs[rule["id"]], s) for rule, s in program] + [(ref, a) for _, a, ref in abilities]
    for ref, statement in sources:
        if not one_model.holds(statement, effects.Lasting):
            continue
        for node in statement.walk():
            if isinstance(node, effects.Lasting):
                spec = compile_lasting(node, ref)
                found.setdefault(spec.says, spec)
    return found


def _lay(node: effects.Lasting) -> evaluate.EffectFn:
    says = node.to_text()
    compile_lasting(node, RuleRef("lasting", None))  # refuses, at compile time, what cannot run
    until = deadline(node.until)

    def lay(state: Any, rs: Any, env: dict, events: list) -> None:
        spec = rs.lastings[says]
        owner = env.get(OWNER)
        owner = state.active if owner is None else owner  # (a seat: seat 0 is an owner too)
        name = state.players[owner]  # the entry names its owner (it leaves the state)
        entry = {"says": says, "rule": spec.ref.id, "owner": name, "until": until(state, rs, owner)}
        kept = [e for e in state.lasting if in_force(state, rs, e)]
        if spec.card is not None:
            entry["card"] = mark_chosen(state, env, spec.card)
        elif spec.opens is not None:
            entry["open"] = opened_for(state, rs, spec, env)
        state.lasting = kept + [entry]
        if events is UNRECORDED:  # a playout's abilities are tried many times: no event to build
            return
        event = {"event": "lasting", "rule": spec.ref.id, "player": name, "says": says, "until": entry["until"]}
        if "card" in entry:
            event["card"] = {k: entry["card"][k] for k in ("bean", "player", "index")}
        elif "open" in entry:
            event["open"] = entry["open"]
        events.append(event)
    return lay


def mark_chosen(state: Any, env: dict, name: str) -> dict:
    """Make the card chosen as `name`, where it lies now (in a hand), one of its own, and let
    the steps after move that card: the entry's "card" (engine/marked.py). The kernel marks
    its cards by it too (kernel/lasting.py)."""
    held, at = env.get(name), env.get(name + "@")
    if isinstance(held, Held) and held.source == "hand" and held.owner is not None:
        hand = state.hands[held.owner]
        order = range(len(hand)) if held.first else range(len(hand) - 1, -1, -1)
        index = next((i for i in order if hand[i] == held.bean), None)
        if index is None:
            raise IllegalAction(None, f"the {held.bean} chosen as {name} is no longer in {held.where}: "
                                      "a constraint on it is laid down before it moves")
        named = mark(hand, index)
        env[name] = replace(held, bean=hand[index])  # a later move takes that very card
        return {**named, "player": state.players[held.owner], "index": index}
    if isinstance(at, dict) and at.get("zone") == "hand" and at.get("owner") is not None:
        hand, index = state.hands[at["owner"]], at["index"]  # a card a decision picked: where it lies
        return {**mark(hand, index), "player": state.players[at["owner"]], "index": index}
    raise IllegalAction(None, f"a constraint on the card chosen as {name} needs a card of a hand")


def lay(node: effects.Lasting) -> evaluate.EffectFn:
    """A constraint laid down to last (on a card, for some turns): engine/marked.py keeps it."""
    return _lay(node)


# ------------------------------------------------------------------ how long
def _turns_until(state: Any, rs: Any, who: list[int], first: int) -> int:
    """How many turns from now until a turn of one of `who` (`first`: 0 counts this turn)."""
    n, i = len(state.players), state.active
    for k in range(first, first + n):
        if (i + rs.direction * k) % n in who:
            return k
    raise IllegalAction(None, "a lasting constraint waits for a player who has no turn")


Deadline = Callable[[Any, Any, Any], "dict | None"]


def deadline(until: Node) -> Deadline:
    """until(state, rs, owner): the last moment a constraint laid down now holds, {"turn": T,
    "phase": P} (P None: the whole turn T), or None (the whole game). Compiled once per node: the
    player it waits for is a closure made here, not at each lay."""
    if isinstance(until, timing.WholeGame):
        return lambda state, rs, owner: None
    waits_for = _players(until.player) if isinstance(until, (timing.EndOfTurn, timing.StartOfTurn,
                                                             timing.EndOfPhaseOf)) else None

    def waited(state: Any, rs: Any, owner: Any) -> list:
        if waits_for is None:
            return range(len(state.players))
        return waits_for(state, {evaluate.RULES: rs, OWNER: owner})

    if isinstance(until, timing.EndOfTurn):
        return lambda state, rs, owner: {"turn": state.turn + _turns_until(state, rs, waited(state, rs, owner), 0),
                                         "phase": None}
    if isinstance(until, timing.StartOfTurn):
        return lambda state, rs, owner: {"turn": state.turn + _turns_until(state, rs, waited(state, rs, owner), 1) - 1,
                                         "phase": None}
    phase = until.phase

    if isinstance(until, (timing.EndOfPhaseOf, timing.AtEndOf)):
        def at_end(state: Any, rs: Any, owner: Any) -> dict:
            who = waited(state, rs, owner)
            k = _turns_until(state, rs, who, 0)
            if k == 0 and rs.phase_index[state.phase] > rs.phase_index[phase]:  # this turn's has passed: the next
                k = _turns_until(state, rs, who, 1)
            return {"turn": state.turn + k, "phase": phase}
        return at_end

    def at_start(state: Any, rs: Any, owner: Any) -> dict:  # AtStartOf: up to the phase before it
        at = rs.phase_index[phase]
        turn = state.turn if rs.phase_index[state.phase] < at else state.turn + 1
        return {"turn": turn, "phase": rs.phases[at - 1].id} if at > 0 else {"turn": turn - 1, "phase": None}
    return at_start


def in_force(state: Any, rs: Any, entry: dict) -> bool:
    until = entry["until"]
    if until is None:
        return not state.over
    last = len(rs.phases) if until["phase"] is None else rs.phase_index[until["phase"]]
    return (state.turn, rs.phase_index[state.phase]) <= (until["turn"], last) and not state.over


# ------------------------------------------------------------------ in play
def constrained(state: Any, rs: Any) -> bool:
    """Some constraint by condition may change what is legal now: one laid down for a while,
    or a rule's forbid or permission that the engine's fast paths do not read (permissions.py)."""
    return bool(state.lasting or rs.standing)


def _in_force(state: Any, rs: Any, forbid: bool) -> Iterator[tuple[LastingSpec, int | None, dict | None]]:
    """The constraints in force, with the seat of the player each was laid down for (None: a rule's own)
    and the card it names (None: none). A zone laid open forbids and allows nothing."""
    for spec in rs.standing:
        if spec.forbid == forbid:
            yield spec, None, None
    for entry in state.lasting:
        spec = rs.lastings[entry["says"]]
        if spec.forbid == forbid and spec.opens is None and in_force(state, rs, entry):
            yield spec, state.seat_of[entry["owner"]], entry.get("card")


def forbidding(state: Any, rs: Any, action: Action) -> LastingSpec | None:
    """The forbid in force that names this action, if any."""
    return next((spec for spec, owner, mark in _in_force(state, rs, True)
                 if spec.applies(state, rs, action, state.seat_of[action.player] if owner is None else owner, mark)),
                None)


def allowing(state: Any, rs: Any, action: Action) -> LastingSpec | None:
    """The permission in force that names this action, if any."""
    return next((spec for spec, owner, mark in _in_force(state, rs, False)
                 if spec.applies(state, rs, action, state.seat_of[action.player] if owner is None else owner, mark)),
                None)


def plant_refusal(state: Any, rs: Any, card: str) -> IllegalAction | None:
    """Why the card an effect is about to plant may not be planted: a constraint in force on
    that very card (a plant by an effect is no action the matchers above see)."""
    for spec, _, named in _in_force(state, rs, True):
        if is_marked(card, named):
            return IllegalAction(spec.ref, f"{card} may not be planted now — for now, {spec.says}")
    return None


def cited(state: Any, rs: Any, action: Action) -> RuleRef | None:
    """The rule of a forbid naming `action` among those the game does not check in play
    (``rs.guards``: they name nothing a rule permits): cited where the action is refused anyway."""
    spec = next((s for s in rs.guards if s.applies(state, rs, action, state.seat_of[action.player])), None)
    return spec.ref if spec is not None else None


def refusal(state: Any, rs: Any, action: Action) -> IllegalAction | None:
    spec = forbidding(state, rs, action)
    if spec is None:
        return None
    when = "for now, " if isinstance(spec.node, effects.Lasting) else ""
    return IllegalAction(spec.ref, f"{action.player} may not: '{action.notation()}' — {when}{spec.says}")


def unplantable(state: Any, rs: Any, player: int, bean: str, zone: str) -> bool:
    """A constraint in force forbids planting `bean` from `zone` onto every field of `player`
    (a constraint on the field planted onto may leave another field open)."""
    name = state.players[player]
    return all(forbidding(state, rs, Plant(name, bean, i + 1, zone)) is not None
               for i in range(len(state.fields[player])))


def _must_plant(state: Any, rs: Any, player: int) -> bool:
    front = rs.phase(state.phase).listers.front
    return front is not None and player == state.active and state.planted < front.least \
        and bool(state.hands[player])


def waived(state: Any, rs: Any, player: int, listed: list[Action]) -> bool:
    """The plant the phase requires of `player` lapses: a lasting forbid takes it away, or
    takes away every harvest that could make room for it (`listed`: what they may do now)."""
    if not constrained(state, rs) or not _must_plant(state, rs, player):
        return False
    if unplantable(state, rs, player, state.hands[player][0], "hand"):
        return True
    return not any(type(a) in (Plant, Harvest) for a in listed)


def constrain(state: Any, rs: Any, player: int, listed: list[Action]) -> list[Action]:
    """The listed actions without those a lasting forbid takes away, and with "end planting"
    where the plant the phase requires lapsed; harvests a lasting allow opens are added."""
    out = [a for a in listed if forbidding(state, rs, a) is None]
    if next(_in_force(state, rs, False), None) is not None:
        out += [a for a in _allowed_harvests(state, rs, player) if a not in out]
    end = EndPhase(state.players[player], "planting")
    if end not in out and waived(state, rs, player, out):
        out.append(end)
    return out


def _allowed_harvests(state: Any, rs: Any, player: int) -> list[Harvest]:
    name = state.players[player]
    return [Harvest(name, i + 1) for i in range(len(state.fields[player]))
            if allowing(state, rs, Harvest(name, i + 1)) is not None
            and forbidding(state, rs, Harvest(name, i + 1)) is None
            and field_refusal(state, rs, player, i) is None]


def harvest_refusal(state: Any, rs: Any, player: int, index: int, refusal: IllegalAction) -> IllegalAction | None:
    """Why a harvest that the harvest timing refuses is refused, given the permissions by
    condition: with one in force, only its field's own guards (engine/harvest_guards.py) still hold;
    without, a refusal for want of any timing cites the permission whose condition fails."""
    if allowing(state, rs, Harvest(state.players[player], index + 1)) is not None:
        return field_refusal(state, rs, player, index)
    permit = next((spec for spec in rs.standing if not spec.forbid), None)
    if refusal.rule is None and permit is not None:
        return IllegalAction(permit.ref, f"{state.players[player]} may not harvest now: {permit.says}")
    return refusal


def expire(state: Any, rs: Any, events: list) -> None:
    """Drop what no longer lasts (after an action), saying so: a constraint on a card lapses
    too once the card has left every hand."""
    kept = [e for e in state.lasting if in_force(state, rs, e)
            and ("card" not in e or locate(state, e["card"]) is not None)]
    for entry in state.lasting:
        if entry not in kept:
            events.append({"event": "lasting-ended", "rule": entry["rule"], "player": entry["owner"],
                           "says": entry["says"]})
    state.lasting = kept


def opened(state: Any, rs: Any) -> list[tuple[str, str]]:
    """(zone, player) of every zone that lies open now (engine/exposure.py)."""
    return [(e["open"]["zone"], e["open"]["player"]) for e in state.lasting
            if "open" in e and in_force(state, rs, e)]


def describe(state: Any) -> list[str]:
    """What lasts now, in words (the terminal shows it)."""
    out = []
    for entry in state.lasting:
        until = entry["until"]
        when = "for the whole game" if until is None else (
            f"through turn {until['turn']}" + (f", phase {until['phase']}" if until["phase"] else ""))
        what = ""
        if "card" in entry:
            where = locate(state, entry["card"])
            what = f" [the {entry['card']['bean']}" + (f", card {where[1] + 1} of {where[0]}'s hand]" if where else "]")
        if "open" in entry:
            what = f" [{entry['open']['player']}'s {entry['open']['zone']}]"
        out.append(f"{entry['says']}{what} (laid down for {entry['owner']}; {when})")
    return out


def may_harvest(state: Any, rs: Any, player: int) -> bool:
    """`player` may harvest one of their fields now: the harvest timing and the harvest guards
    (harvesting.harvestable) allow it, and no constraint in force takes it away (or one lets them)."""
    fields = harvestable(state, rs, player)
    if not constrained(state, rs):
        return bool(fields)
    name = state.players[player]
    return any(type(a) is Harvest for a in constrain(state, rs, player, [Harvest(name, i + 1) for i in fields]))


def may_harvest_condition(node: conditions.MayHarvest) -> Any:
    """The condition "own field may be harvested" (core ``may-harvest``)."""
    who = evaluate.players_of(node.player)
    return lambda state, env: may_harvest(state, env[evaluate.RULES], who(state, env)[0])
