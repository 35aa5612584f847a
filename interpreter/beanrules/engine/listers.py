"""What a player may plant and harvest now: each ``permit`` of planting or harvesting compiled,
from its core statement, into a *lister* (docs/architecture.md, "The migration, step by step").

A permit says who acts (its player), what they take (the action's cards: the front card of
the hand, any card of a zone), when (its timing and condition) and how often (*least* to
*most*). Its lister is one closure that appends the legal plants of one player to a listing, or
says which of their fields they may harvest, with those parts compiled once:

- *who* by the evaluator (the active player, each player, any player), bound to a comparison
  where the actor is one of those;
- *when* as a condition: the timing and the statement's condition, with ``it is phase P``
  settled for each phase when it is compiled, so a phase in which a permit never applies
  compiles a lister without it (no harvest permit: no harvest check at all), and what is left
  (``it is own turn``, a count) is the evaluator's condition;
- *what* as the zone's list read straight off the state (a zone of the state's own, or the
  evaluator's place for any other), the front card or each bean once;
- *most* against the plants made from the front of the hand this phase; *least*, the
  obligation, decides only when the active player may end the planting (a phase's completion
  is engine/obligations.py's, compiled from the same numbers).

Which fields take a card is the planting guards' (engine/permissions.py, the Ruleset's
plant_judge); which fields may be harvested whenever harvesting is allowed, the harvest judge's
(engine/harvest_guards.py, bound here where it compiles; harvesting.open_fields asks it too).
The phase holds its listers (PhaseSpec.listers), with the numbers and
rules of its planting permits (FrontPlanting, ZonePlanting), which the reference path, the hot
path, the phase's completion and the playout kernel read (the kernel lists harvests by the
phase's harvest lister too: kernel/machine.py's Phase.harvests): no other copy of them is kept.

A permit that owes a harvest where the card a player must plant next fits no field compiles
into a Room: its condition, with that card bound (places.Due, evaluate.DUE), asked where a plant
must be made that no field takes.

Which permits compile here is decided by their own nodes, one part at a time (`front_phase`,
`zone_phase`, `by_choice` below): the action (a plant of one card by the acting player onto no
field named; a harvest of the field they pick), the cards' source (the front card of their
own hand; any card of a whole zone), the timing (during a phase; during the turn or at any
time) and the condition, the actor and the numbers. A permit of planting or harvesting whose
parts these do not take is compiled by its condition (engine/permissions.py) or refused, by its
own words, when the game is created (engine/compiler.py); a harvest owed to make room is
`owes_harvest`'s.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..core import actors, conditions, effects, places, quantities, statements as core, timing
from ..core.categories import Node
from . import evaluate
from .actions import Plant
from .errors import IllegalAction, RuleRef, game_over
from .harvesting import by_itself, field_refusal, open_fields
from .interned import PLANTS, ROW, end, plants
from .ruleset import _PLAYER_ATTR, _SHARED_ATTR, PhaseSpec, listers_of, zone_cards
from .state import State

PLAYER = actors.Bound("player")
FIELD = actors.Bound("field")
# (out, state, rs, player, lapses) -> None: appends the player's plants (and the end they may
# declare) to `out`; `lapses` (None: no card ability) says whether the front card's plant lapses
PlantLister = Callable[[list, State, Any, str, Any], None]
Who = Callable[[State, Any, int], bool]  # (state, rs, player): the permit names this player now


@dataclass(frozen=True)
class HarvestPermit:
    """One harvest permit as it applies in one phase: whom it names, what must hold besides
    (None: nothing), the rule and the statement (for a refusal)."""
    who: Who = field(compare=False)
    when: Callable[[State, dict], bool] | None = field(compare=False)
    ref: RuleRef
    statement: core.Permit


@dataclass(frozen=True)
class FrontPlanting:
    """A permit of planting the front card of the hand, as one phase holds it: the active
    player plants `least` to `most` of them (the statement's numbers), listed by `lister`."""
    least: int
    most: int
    ref: RuleRef
    lister: PlantLister = field(compare=False)


@dataclass(frozen=True)
class ZonePlanting:
    """A permit of planting the cards of a zone, as one phase holds it: `who` ("everyone": each
    player their own; "active") plants every card of `zone` (`optional`: may plant any of them,
    and the active player ends the phase), listed by `lister`."""
    who: str
    zone: str
    ref: RuleRef
    optional: bool
    lister: PlantLister = field(compare=False)
    attr: str | None = None  # the State attribute of a player's zone ("set_aside"); None: shared

    def cards(self, state: Any, player: int) -> list[str]:
        return zone_cards(state, self.zone, player)

    def anyone_has(self, state: Any) -> bool:
        """Cards are waiting in this zone for anyone who must plant them."""
        if self.attr is None:
            return bool(getattr(state, _SHARED_ATTR[self.zone]))
        zone = getattr(state, self.attr)
        if self.who == "active":
            return bool(zone[state.active])
        return any(zone)  # (by seat)


@dataclass(frozen=True)
class PhaseListers:
    """The listers of one phase: planting from the front of the hand (at most one), planting
    the cards of zones (in rule order), harvesting by choice (`harvests`: (state, rs, player)
    -> the 0-based fields; `refusal`: why a player may not harvest now, or None), and the
    harvest owed to make room for a card that must be planted (`room`, None: none is)."""
    front: FrontPlanting | None
    every: tuple[ZonePlanting, ...]
    harvests: Callable[[State, Any, str], list[int]] = field(compare=False)
    refusal: Callable[[State, Any, str], IllegalAction | None] = field(compare=False)
    harvesting: bool  # some harvest permit applies in this phase (else `harvests` lists none)
    room: "Room | None" = None
    # whom `harvests` lets harvest, as who_source writes it, where it lists the harvest judge's
    # fields for them and none for others (the playout kernel writes both out); None: it asks more
    harvest_who: str | None = None


of = listers_of  # the listers compiled for phase `ph` (PhaseSpec.listers)


# ------------------------------------------------------------------ which permits compile here
def _planted(s: Node) -> places.CardsIn | None:
    """The cards a permit lets the acting player plant, one at a time, onto a field of their
    choosing during a named phase, with no condition (None: it is no such permit)."""
    if not isinstance(s, core.Permit):
        return None
    action, when = s.action, s.when
    if not (isinstance(action, effects.Plant) and action.player == PLAYER and action.onto is None):
        return None
    if not (isinstance(when, timing.During) and when.phase and not when.once_per_turn and s.condition is None):
        return None
    cards = action.cards
    if not isinstance(cards, places.CardsIn) or cards.up_to or cards.bean is not None or _bound(cards.count) != 1:
        return None
    return cards


def front_phase(s: Node) -> str | None:
    """The phase of a permit of the active player planting the front card of their own hand,
    with constant numbers (None: it is no such permit): a FrontPlanting."""
    cards = _planted(s)
    if cards is None or cards.pick != "front" or not isinstance(s.player, actors.ActivePlayer):
        return None
    place = cards.place
    if not (isinstance(place, places.Zone) and place.zone == "hand" and place.owner == PLAYER):
        return None
    if (s.least is not None and _bound(s.least) is None) or _bound(s.most) is None:
        return None
    return s.when.phase


def _count_of(node: Node | None, place: Node) -> bool:
    """`node` is the number of cards in `place`."""
    return isinstance(node, quantities.Count) and node.place == place and node.bean is None


def zone_phase(s: Node) -> str | None:
    """The phase of a permit of planting the cards of a whole zone, any card at a time (None: it
    is no such permit): each player, or the active player, must plant every card of it, or the
    active player may plant any of them; a ZonePlanting."""
    cards = _planted(s)
    if cards is None or cards.pick != "any":
        return None
    place = cards.place
    if not (isinstance(place, places.Zone) and place.owner in (None, PLAYER)) or not _count_of(s.most, place):
        return None
    every = s.must and _count_of(s.least, place) and isinstance(s.player, (actors.EachPlayer, actors.ActivePlayer))
    some = not s.must and s.least is None and isinstance(s.player, actors.ActivePlayer)
    return s.when.phase if every or some else None


def plant_phase(s: Node) -> str | None:
    """The phase of a permit the planting listers compile (None: none)."""
    return front_phase(s) or zone_phase(s)


def by_choice(s: Node) -> bool:
    """A permit of harvesting the field the acting player picks, by choice (no number of times),
    that the harvest listers compile: any player at any time with no condition, or the active
    player during their turn, with no condition or one that only leaves phases out."""
    if not (isinstance(s, core.Permit) and isinstance(s.action, effects.Harvest)):
        return False
    action, when, c = s.action, s.when, s.condition
    if action.player != PLAYER or action.field != FIELD or action.only_paying \
            or s.must or s.least is not None or s.most is not None:
        return False
    if isinstance(s.player, actors.AnyPlayer):
        return isinstance(when, timing.AnyTime) and c is None
    return isinstance(s.player, actors.ActivePlayer) and isinstance(when, timing.During) and when.phase is None \
        and not when.once_per_turn and (c is None or _phases_left_out(c))


def _phases_left_out(c: Node) -> bool:
    """"It is not phase P or Q": a condition settled by the phase alone."""
    return isinstance(c, conditions.Not) and isinstance(c.term, conditions.AnyOf) \
        and all(isinstance(t, conditions.InPhase) for t in c.term.terms)


def lists(s: Node) -> bool:
    """Whether a statement is a permit the listers compile (a plant, a harvest by choice, a
    harvest owed to make room)."""
    return plant_phase(s) is not None or by_choice(s) or owes_harvest(s)


# ------------------------------------------------------------------ the parts of a permit
def _names_everyone(actor: Node) -> bool:
    return isinstance(actor, (actors.AnyPlayer, actors.EachPlayer, actors.AllPlayers))


def who_source(actor: Node) -> str | None:
    """Whom a permit names, as an expression over `{state}` and `{player}` (str.format fills in
    their names) where it can be written: the active player, or everyone; None: the evaluator
    answers. The playout kernel writes it into its loop (kernel/fast.py)."""
    if isinstance(actor, actors.ActivePlayer):
        return "{player} == {state}.active"
    if _names_everyone(actor):
        return "True"
    return None


def _who(actor: Node) -> Who:
    """The permit names `player`: the active player and every player bound to a comparison
    (who_source's expression), any other actor asked of the evaluator."""
    source = who_source(actor)
    if source is not None:
        return eval(f"lambda state, rs, player: {source.format(state='state', player='player')}")  # noqa: S307
    among = evaluate.players_of(actor)
    return lambda state, rs, player: player in among(state, {evaluate.RULES: rs, "player": player})


def _cards(place: Node) -> Callable[[State, Any, str], list[str]]:
    """The list of a zone the player plants from: the state's own list where the zone is one
    of the state's (the player's, or shared), else the evaluator's place."""
    if isinstance(place, places.Zone) and place.owner == PLAYER and place.zone in _PLAYER_ATTR:
        attr = _PLAYER_ATTR[place.zone]
        return lambda state, rs, player: getattr(state, attr)[player]
    if isinstance(place, places.Zone) and place.owner is None and place.zone in _SHARED_ATTR:
        attr = _SHARED_ATTR[place.zone]
        return lambda state, rs, player: getattr(state, attr)
    zone = evaluate.zone_of(place)
    return lambda state, rs, player: zone(state, {evaluate.RULES: rs, "player": player})


def _settled(node: Node | None, phase: str) -> Node | bool:
    """`node` (a condition) with ``it is phase P`` settled for `phase`: True or False where that
    decides it, else the condition left to test in play."""
    if node is None:
        return True
    if isinstance(node, conditions.InPhase):
        return node.phase == phase
    if isinstance(node, conditions.Not):
        term = _settled(node.term, phase)
        return (not term) if isinstance(term, bool) else conditions.Not(term)
    if isinstance(node, (conditions.AllOf, conditions.AnyOf)):
        decides = isinstance(node, conditions.AnyOf)  # the value one term decides the whole by
        left = []
        for term in (_settled(t, phase) for t in node.terms):
            if term is decides:
                return decides
            if term is not (not decides):
                left.append(term)
        if not left:
            return not decides
        return left[0] if len(left) == 1 else type(node)(tuple(left))
    return node


def _timing(when: Node, phase: str) -> bool:
    """The timing holds during `phase`: at any time, during the turn, or during that phase."""
    if isinstance(when, timing.AnyTime):
        return True
    return isinstance(when, timing.During) and not when.once_per_turn and when.phase in (None, phase)


def _bound(node: Node | None) -> int | None:
    """A permit's number as a constant (None: no bound, or a count of the cards it takes)."""
    return node.value if isinstance(node, quantities.Number) else None


# ------------------------------------------------------------------ planting
def _plant_lister(s: core.Permit) -> PlantLister:
    """A permit of planting compiled: the cards it takes (the front card, or each bean of a zone
    once, in order) onto each field of the player that takes them, for the players it names.
    Where the permit names the active player, or everyone, and the zone is one of the state's
    own lists, those are bound into the closure (no call for them: the listing is the hot part
    of a playout)."""
    cards = s.action.cards
    who, held = _who(s.player), _cards(cards.place)
    active_only, everyone = isinstance(s.player, actors.ActivePlayer), _names_everyone(s.player)
    place = cards.place
    own = isinstance(place, places.Zone) and place.owner == PLAYER and place.zone in _PLAYER_ATTR
    attr = _PLAYER_ATTR[place.zone] if own else None
    front = cards.pick == "front"
    zone = None if front else cards.place.zone  # a plant from the front of the hand names no zone
    most = _bound(s.most) if front else None
    least = (_bound(s.least) or 0) if front else None
    optional = not s.must and not front  # the player may leave cards: they say when they are done

    def add(out: list, state: State, rs: Any, player: int, bean: str) -> None:
        name = state.players[player]  # (the plants listed name their player)
        row = PLANTS.get((name, bean, zone)) or plants(name, bean, zone)
        judge = rs.plant_judge
        for i in (range(len(state.fields[player])) if judge is None else judge.taking(state, rs, player, bean)):
            out.append(row[i] if i < ROW else Plant(name, bean, i + 1, zone))

    if front:
        def front_lister(out: list, state: State, rs: Any, player: int, lapses: Any) -> None:
            if (player != state.active) if active_only else not (everyone or who(state, rs, player)):
                return
            hand = getattr(state, attr)[player] if attr else held(state, rs, player)
            if hand and (most is None or state.planted < most) and hand[0] not in rs.unplantable:
                add(out, state, rs, player, hand[0])
            if state.planted >= least or not hand or (lapses is not None and lapses(state, rs, player)):
                out.append(end(state.players[player], "planting"))
        return front_lister

    def every_lister(out: list, state: State, rs: Any, player: int, lapses: Any) -> None:
        if (player != state.active) if active_only else not (everyone or who(state, rs, player)):
            return
        found = getattr(state, attr)[player] if attr else held(state, rs, player)
        if found:
            unplantable = rs.unplantable
            for bean in (list(dict.fromkeys(found)) if len(found) > 1 else found):
                if bean not in unplantable:
                    add(out, state, rs, player, bean)
            if optional:
                out.append(end(state.players[player], "phase"))
    return every_lister


# ------------------------------------------------------------------ harvesting
def _harvest_permit(s: core.Permit, ref: RuleRef, phase: str) -> HarvestPermit | None:
    """A harvest permit as it applies during `phase` (None: it never does)."""
    if not _timing(s.when, phase):
        return None
    left = _settled(s.condition, phase)
    if left is False:
        return None
    test = None if left is True else evaluate.condition(left)
    return HarvestPermit(_who(s.player), test, ref, s)


def _harvesting(permits: tuple[HarvestPermit, ...], refs: tuple[RuleRef, ...], phase: str,
                opened: Callable[[State, Any, str], list[int]] = open_fields) -> tuple:
    """(harvests, refusal, who) of one phase: `permits` apply in it, `refs` are the rules of
    every harvest permit of the spec, `opened` the fields the harvest guards leave a player (the
    harvest judge's own listing, bound here: no call between). A player may harvest where any
    permit lets them (a phase without one compiles no check; one that always holds for the
    players it names, no condition). `who`: where one permit applies and names players as
    who_source writes them, its expression (`harvests` is `opened` for them, none for others:
    PhaseListers.harvest_who); else None."""
    def allows(p: HarvestPermit, state: State, rs: Any, player: int) -> bool:
        return p.who(state, rs, player) and (p.when is None or p.when(state, {evaluate.RULES: rs, "player": player}))

    if not permits:
        return (lambda state, rs, player: []), (lambda state, rs, player: _refused(rs, refs, phase, "", None)), None
    harvests: Callable[[State, Any, str], list[int]]
    source = who_source(permits[0].statement.player) if len(permits) == 1 and permits[0].when is None else None
    if source == "True":
        harvests = opened  # anyone, at any time: the fields' own guards alone
    elif len(permits) == 1 and permits[0].when is None:
        who = permits[0].who

        def harvests(state: State, rs: Any, player: int) -> list[int]:
            return opened(state, rs, player) if who(state, rs, player) else []
    else:
        def harvests(state: State, rs: Any, player: int) -> list[int]:
            return opened(state, rs, player) if any(allows(p, state, rs, player) for p in permits) else []

    def refusal(state: State, rs: Any, player: int) -> IllegalAction | None:
        if any(allows(p, state, rs, player) for p in permits):
            return None
        return _refused(rs, refs, phase, state.players[player], permits[-1])
    return harvests, refusal, source


def _refused(rs: Any, refs: tuple[RuleRef, ...], phase: str, player: str,
             failed: HarvestPermit | None) -> IllegalAction:
    """Why `player` may not harvest by choice now: no rule lets anyone (fields are harvested by
    themselves, or never by choice), none in this phase, or the one that applies names others
    or asks what does not hold."""
    if not refs:
        auto = by_itself(rs)
        if auto is not None:
            return IllegalAction(auto, "fields are harvested by themselves as soon as "
                                       "the beanometer pays; nobody harvests by choice")
        return IllegalAction(None, "the rules give no time to harvest a field by choice")
    if failed is None:
        return IllegalAction(refs[-1], f"no harvesting in phase {phase}")
    return IllegalAction(failed.ref, f"{player} may not harvest now: the rules say \"{failed.statement.to_text()}\"")


# ------------------------------------------------------------------ a harvest owed to make room
def owes_harvest(s: Node) -> bool:
    """A permit that owes one harvest where its condition asks about the card a player must
    plant next ("a player who must plant a card no field takes must harvest first"): the
    obligation a Room compiles."""
    return isinstance(s, core.Permit) and s.must and isinstance(s.action, effects.Harvest) \
        and _bound(s.most) == 1 and s.condition is not None \
        and any(isinstance(n, places.Due) for n in s.condition.walk())


@dataclass(frozen=True)
class Room:
    """A harvest owed to make room, as it applies in one phase: whether it names a player, and
    its condition holds, when `card` is the one they must plant next (places.Due, bound as
    evaluate.DUE). The engine asks it where a plant must be made that no field takes (a plant
    for another player, a plant without a field); its rule is cited there."""
    permit: HarvestPermit

    @property
    def ref(self) -> RuleRef:
        return self.permit.ref

    def holds(self, state: Any, rs: Any, player: Any, card: str) -> bool:
        p = self.permit
        return p.who(state, rs, player) and (
            p.when is None or p.when(state, {evaluate.RULES: rs, "player": player, evaluate.DUE: (player, card)}))


def room(state: Any, rs: Any) -> Room | None:
    """The harvest owed to make room in the phase the game is in (None: the rules owe none)."""
    return rs.phases[rs.phase_index[state.phase]].listers.room


# ------------------------------------------------------------------ a phase's listers
def _front(s: core.Permit, ref: RuleRef) -> FrontPlanting:
    return FrontPlanting(_bound(s.least) or 0, _bound(s.most), ref, _plant_lister(s))  # type: ignore[arg-type]


def _zone(s: core.Permit, rule: dict, ref: RuleRef) -> ZonePlanting:
    """A permit of planting every card of a zone (or any of them): a zone of the state's own,
    the shared one planted by the active player alone (a zone never planted, or a shared one
    every player must plant, was refused before: engine/refusals.py, planting)."""
    zone = s.action.cards.place.zone
    who = "everyone" if isinstance(s.player, actors.EachPlayer) else "active"
    return ZonePlanting(who, zone, ref, not s.must, _plant_lister(s), _PLAYER_ATTR.get(zone))


def compile_listers(program: Any, refs: dict[str, RuleRef], phases: list[dict],
                    judge: Any = None) -> dict[str, PhaseListers]:
    """The listers of every phase (by id) from the rules' permits of planting and harvesting:
    a phase plants by the permits of it that the phase lists, harvests by every harvest permit
    whose timing and condition can hold during it (the fields the harvest `judge` leaves,
    engine/harvest_guards.py; None: every field with cards), and owes a harvest to make room
    where such a permit can apply during it."""
    opened = judge.opened if judge is not None else open_fields
    harvest = [(s, refs[rule["id"]]) for rule, s in program
               if by_choice(s)]
    harvest_refs = tuple(ref for _, ref in harvest)
    owed = [(s, refs[rule["id"]]) for rule, s in program if owes_harvest(s)]
    out: dict[str, PhaseListers] = {}
    for phase in phases:
        listed, pid = set(phase["rules"]), phase["id"]
        front, every = None, []
        for rule, s in program:
            if rule["id"] not in listed:
                continue
            if front_phase(s) == pid:
                front = _front(s, refs[rule["id"]])  # a later rule replaces an earlier one
            elif zone_phase(s) == pid:
                every.append(_zone(s, rule, refs[rule["id"]]))
        applying = tuple(p for p in (_harvest_permit(s, ref, pid) for s, ref in harvest) if p is not None)
        harvests, refusal, who = _harvesting(applying, harvest_refs, pid, opened)
        rooms = [p for p in (_harvest_permit(s, ref, pid) for s, ref in owed) if p is not None]
        out[pid] = PhaseListers(front, tuple(every), harvests, refusal, bool(applying),
                                Room(rooms[-1]) if rooms else None, who)  # a later rule replaces an earlier one
    return out


# ------------------------------------------------------------------ asked by the engine
def plant_options(out: list, state: State, rs: Any, ph: PhaseSpec, player: str, lapses: Any = None) -> None:
    """Append the plants `player` may make now in phase `ph` (and the ends they may declare)."""
    listers = ph.listers
    if listers.front is not None:
        listers.front.lister(out, state, rs, player, lapses)
    for step in listers.every:
        step.lister(out, state, rs, player, lapses)


def harvest_refusal(state: State, rs: Any, player: int, index: int) -> IllegalAction | None:
    """Why `player` may not harvest field `index` (0-based) now: the game is over, no harvest
    permit lets them now, or the field's own guards refuse it (harvesting.field_refusal); or None."""
    if state.over:
        return game_over(rs)
    refused = rs.phases[rs.phase_index[state.phase]].listers.refusal(state, rs, player)
    return refused if refused is not None else field_refusal(state, rs, player, index)
