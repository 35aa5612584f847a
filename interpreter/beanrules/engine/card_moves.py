"""Moves a rule permits a player to make with one card: the core's ``permit`` of a ``move``
(discarding a hand card, taking the top card of the discard pile, taking a card from a zone the
rules declare or putting one there), as actions (MoveCard).

Each such permit becomes a MoveRule, chosen by the shape of its core statement, never by the
sentence it came from: who may move (the active player), in which phase, how often per turn,
which card (the front or top one, or any hand card) from which zone to which. The verb of the
action notation names the pair of zones: "discards" (hand to discard pile) and "takes"
(discard pile to hand); with a declared zone, "takes the NAME" (to the hand) and "puts … on the
NAME" (from the hand), its top read as every effect reads it (engine/selection.py). A move is
optional; while one is open, its phase waits for the active player, who ends the phase when done.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from typing import Any

from ..core import actors, effects, places, statements as core, timing
from ..core.quantities import Number
from ..desugar import STANDARD_ZONES
from . import evaluate
from .actions import EndPhase, MoveCard
from .errors import IllegalAction, RuleRef, UnsupportedRule, game_over
from .requirements import broken
from .selection import end_index, laid_end, picked, zone_name
from .turns import off_turn

# The verb of the notation for each (from, to) pair of zones a permitted move may connect.
VERBS = {("hand", "discard"): "discards", ("discard", "hand"): "takes", ("set-aside", "discard"): "discards"}
# With a zone the rules declare (DECLARED stands for its name): its verb names it ("the NAME").
DECLARED = "a declared zone"
VERBS_DECLARED = {(DECLARED, "hand"): "takes", ("hand", DECLARED): "puts"}
_EVENTS = {"discards": "discarded", "takes": "took", "puts": "put"}  # the event each verb's move reports
_PICKS = {"front", "top", "any"}


@dataclass(frozen=True)
class MoveRule:
    """One permitted move: the active player may move one `pick` card of `source` to the
    `end` of `dest`, in phase `phase` (None: any), at most `most` times a turn (None: no bound)."""
    verb: str
    source: evaluate.Compiled  # the zone (a list) the card leaves, for env {"player": p}
    dest: evaluate.Compiled
    source_zone: str
    dest_zone: str
    pick: str  # "front" / "top": the card at that end; "any": the player names a hand position
    end: str | None
    phase: str | None
    most: int | None
    condition: evaluate.Compiled | None
    ref: RuleRef
    zone: str | None = None  # the declared zone the verb names ("takes the middle"), if any
    anyone: bool = False  # each player may move, in any turn (counted per player), not the active one only

    def where(self) -> str:
        """The zone the card leaves, as a refusal names it."""
        if self.source_zone == "hand":
            return "hand"
        return self.source_zone + " pile" if self.zone is None else f"the {self.zone}"


def runs(statement: Any) -> bool:
    """Whether this is a permit the engine plays as a move of one card."""
    return isinstance(statement, core.Permit) and isinstance(statement.action, effects.Move)


def compile_move(rule: dict, statement: core.Permit, ref: RuleRef) -> MoveRule:
    """The MoveRule of a permit of a move; anything else it names is refused by name."""
    move = statement.action
    sel = move.cards

    def refuse(what: str) -> UnsupportedRule:
        return UnsupportedRule(f"rule '{rule['id']}': the engine plays a permitted move {what}", rule["id"])
    if not isinstance(statement.player, (actors.ActivePlayer, actors.AnyPlayer)) or statement.must:
        raise refuse("only as an option of the active player or of any player")
    if not (isinstance(sel, places.CardsIn) and sel.pick in _PICKS and sel.count == Number(1)
            and not sel.up_to and sel.bean is None):
        raise refuse("of one card, the front, top or any one")
    source_zone, dest_zone = zone_name(sel.place), zone_name(move.to)
    declared = [z for z in (source_zone, dest_zone) if z not in STANDARD_ZONES]
    pair = tuple(DECLARED if z in declared else z for z in (source_zone, dest_zone))
    verb = (VERBS_DECLARED if declared else VERBS).get(pair)  # type: ignore[call-overload]
    if verb is None or len(declared) > 1:
        raise refuse(f"from {source_zone} to {dest_zone} only as one of: "
                     + ", ".join(f"{a} to {b}" for a, b in list(VERBS) + list(VERBS_DECLARED)))
    if isinstance(statement.when, timing.During):
        phase = statement.when.phase
    elif isinstance(statement.when, timing.AnyTime):
        phase = None
    else:
        raise refuse("during a phase or at any time")
    most = evaluate.number(statement.most)(None, {}) if statement.most is not None else None
    condition = evaluate.compiled_condition(statement.condition) if statement.condition else None
    return MoveRule(verb, evaluate.Compiled(sel.place, evaluate.zone_of(sel.place)),
                    evaluate.Compiled(move.to, evaluate.zone_of(move.to)), source_zone, dest_zone,
                    sel.pick, move.end, phase, most, condition, ref, declared[0] if declared else None,
                    isinstance(statement.player, actors.AnyPlayer))


def compile_moves(program: list, refs: dict[str, RuleRef]) -> tuple[MoveRule, ...]:
    return tuple(compile_move(rule, s, refs[rule["id"]]) for rule, s in program if runs(s))


def _env(player: int, rs: Any) -> dict:
    return {"player": player, evaluate.RULES: rs}


def _key(state: Any, rule: MoveRule, player: int) -> str:
    """Where the state counts the move: by rule, and by player (by name: a key of the state's
    JSON) where anyone may make it."""
    return f"{rule.ref.id}/{state.players[player]}" if rule.anyone else rule.ref.id


def times_moved(state: Any, rule: MoveRule, player: int | None = None) -> int:
    """How often the move was made this turn (by the player at seat `player`, where anyone may
    make it; None: the active player. Seat 0 is a player too: no `or` here)."""
    turn, times = state.moved.get(_key(state, rule, state.active if player is None else player), (None, 0))
    return times if turn == state.turn else 0


def blocked(state: Any, rs: Any, rule: MoveRule, player: int) -> str | None:
    """What keeps the player at seat `player` from making this move now, whichever card: a
    word of _why_not's ("over", "turn", "phase", "most", "condition", "empty"; None: they may).
    The one place the rule is: _why_not words it, keeps_open (the kernel's too) and the
    listings ask only whether it is None, so the yes or no builds no text."""
    why = off_turn(state, player, rule.anyone, rule.phase)
    if why is not None:
        return why
    if rule.most is not None and times_moved(state, rule, player) >= rule.most:
        return "most"
    env = _env(player, rs)
    if rule.condition is not None and not rule.condition.fn(state, env):
        return "condition"
    if not rule.source.fn(state, env):
        return "empty"
    return None


def _why_not(state: Any, rs: Any, rule: MoveRule, player: int) -> str | None:
    """Why `player` may not make this move now, ignoring which card (None: they may)."""
    why = blocked(state, rs, rule, player)
    if why is None:
        return None
    if why == "over":
        return "the game is over"
    if why == "turn":
        return f"only the active player ({state.players[state.active]}) may"
    if why == "phase":
        return f"only in phase {rule.phase}, not in phase {state.phase}"
    if why == "most":
        return f"{state.players[player]} already did {'so' if rule.most == 1 else f'so {rule.most} times'} this turn"
    if why == "condition":
        return "its condition does not hold"
    return f"the {rule.where().removeprefix('the ')} is empty"


def open_rule(state: Any, rs: Any, verb: str, zone: str | None, player: int) -> MoveRule | None:
    """The rule a move of `verb` (and declared `zone`) by `player` is made by now: the first
    open one (None: none is)."""
    for rule in rs.permits.get(MoveCard, ()):
        if rule.verb == verb and rule.zone == zone and blocked(state, rs, rule, player) is None:
            return rule
    return None


def movable(state: Any, rs: Any, rule: MoveRule, player: int) -> list[tuple[str | None, int | None]]:
    """The cards the player at seat `player` may move by `rule` now, as the action names each:
    (bean, None) by its bean, or (None, position) a hand card by its place where the player
    chooses it (one per distinct bean, the first of each); none where the rule is blocked, and
    none whose move would break a requirement. Both listings, the interpreter's and the
    kernel's, are this list in their own encoding."""
    if blocked(state, rs, rule, player) is not None:
        return []
    env = {"player": player, evaluate.RULES: rs}
    held = rule.source.fn(state, env)
    if rule.pick != "any":
        chosen = picked(rule.source_zone, rule.pick, 1, len(held))
    else:  # each bean at its first place, in order
        chosen = list(map(held.index, dict.fromkeys(held)))
    found = _breaking(state, rs, rule, env, held, chosen) if rs.requirements else repeat(None)
    if rule.pick == "any" and rule.source_zone == "hand":  # a hand card by its place
        return [(None, i + 1) for i, breaks in zip(chosen, found) if breaks is None]
    return [(held[i], None) for i, breaks in zip(chosen, found) if breaks is None]


def index_of(rule: MoveRule, held: list[str], bean: str | None, position: int | None) -> int:
    """The list index of the card a move names (by `bean` or hand `position`; the front or top
    one where the rule moves only that): what _index finds once it has checked the naming."""
    if rule.pick != "any":
        return picked(rule.source_zone, rule.pick, 1, len(held))[0]
    return position - 1 if position is not None else held.index(bean)  # type: ignore[arg-type]


def _index(rule: MoveRule, held: list[str], action: MoveCard) -> int:
    """The list index of the card the action moves; IllegalAction if it names another."""
    if rule.pick == "any":
        if action.position is not None and rule.source_zone != "hand":
            raise IllegalAction(rule.ref, f"'{rule.ref.text}' names the card by its bean, not by a position")
        if action.position is not None:
            if not 1 <= action.position <= len(held):
                raise IllegalAction(rule.ref, f"{action.player} has {len(held)} hand cards, no card "
                                              f"at position {action.position}")
        elif action.bean is None or action.bean not in held:
            where = "hand" if rule.source_zone == "hand" else rule.where().removeprefix("the ") + " cards"
            raise IllegalAction(rule.ref, f"{action.player} has no {action.bean} in {where} to "
                                          f"{action.verb.removesuffix('s')}"
                                if action.bean else "say which card: by its bean"
                                + (" or 'hand N'" if rule.source_zone == "hand" else ""))
    elif action.position is not None:
        raise IllegalAction(rule.ref, f"'{rule.ref.text}' moves only the {rule.pick} card, not one "
                                      "named by its position")
    index = index_of(rule, held, action.bean, action.position)
    if action.bean is not None and held[index] != action.bean:
        raise IllegalAction(rule.ref, f"the {rule.pick if rule.pick != 'any' else 'chosen'} card is "
                                      f"{held[index]}, not {action.bean}")
    return index


def _at(rs: Any, rule: MoveRule, length: int) -> int:
    """Where the moved card goes in the destination's list of `length` cards: the end the rule
    names, or where a declared zone's order lays it (selection.laid_end)."""
    return end_index(rule.dest_zone, rule.end if rule.zone is None else laid_end(rs, rule.dest_zone, rule.end), length)


def _made(state: Any, rs: Any, rule: MoveRule, player: int, index: int) -> str:
    """The move of the card at `index` made and counted; the card it moved."""
    env = {"player": player, evaluate.RULES: rs}
    held, dest = rule.source.fn(state, env), rule.dest.fn(state, env)
    card = held.pop(index)
    dest.insert(_at(rs, rule, len(dest)), card)
    key, turn = _key(state, rule, player), state.turn
    last, times = state.moved.get(key, (None, 0))
    state.moved[key] = [turn, times + 1 if last == turn else 1]
    return card


def make_listed(state: Any, rs: Any, player: int, verb: str, zone: str | None, bean: str | None,
                position: int | None) -> str:
    """A move just listed (movable), made without check's questions: by the rule check picks,
    of the card the action names; the card it moved."""
    rule = open_rule(state, rs, verb, zone, player)
    assert rule is not None  # listed, so there is one
    return _made(state, rs, rule, player, index_of(rule, rule.source.fn(state, _env(player, rs)), bean, position))


def _breaks(state: Any, rs: Any, rule: MoveRule, player: int, index: int) -> Any:
    """The requirement the move of the card at `index` would break (None: none)."""
    if not rs.requirements:
        return None
    env = _env(player, rs)
    return _breaking(state, rs, rule, env, rule.source.fn(state, env), (index,))[0]


def _breaking(state: Any, rs: Any, rule: MoveRule, env: dict, held: list[str], indices: Any) -> list[Any]:
    """For the card at each of `indices` of `held` (the rule's source), the requirement its move
    would break (engine/requirements.py; None: none), each tried and undone."""
    dest = rule.dest.fn(state, env)
    at = _at(rs, rule, len(dest))
    found = []
    for index in indices:
        card = held.pop(index)
        dest.insert(at, card)
        try:
            found.append(broken(state, rs))
        finally:
            del dest[at]
            held.insert(index, card)
    return found


def check(state: Any, rs: Any, action: MoveCard) -> tuple[MoveRule, int]:
    """The rule that permits the action and the index of the card it moves, or IllegalAction
    citing the rule that does not let it happen (the state is left as it was)."""
    candidates = [r for r in rs.permits.get(MoveCard, ()) if r.verb == action.verb and r.zone == action.zone]
    if not candidates:
        raise IllegalAction(None, f"no rule of {rs.rulebook} lets a player do what '{action.notation()}' says")
    if state.over:
        raise game_over(rs)
    seat = state.seat_of[action.player]
    rule = open_rule(state, rs, action.verb, action.zone, seat)
    if rule is None:  # cite the last rule that might have let it happen
        rule = candidates[-1]
        raise IllegalAction(rule.ref, f"{action.player} may not {action.verb.removesuffix('s')} "
                                      f"('{rule.ref.text}'): {_why_not(state, rs, rule, seat)}")
    index = _index(rule, rule.source.fn(state, _env(seat, rs)), action)
    requirement = _breaks(state, rs, rule, seat, index)
    if requirement is not None:
        raise IllegalAction(requirement.ref, f"{action.player} may not: it would break "
                                             f"'{requirement.ref.text}'")
    return rule, index


def do(state: Any, rs: Any, action: MoveCard, rule: MoveRule, index: int, events: list) -> None:
    card = _made(state, rs, rule, state.seat_of[action.player], index)
    events.append({"event": _EVENTS[rule.verb], "player": action.player, "bean": card, "rule": rule.ref.id,
                   **({"zone": rule.zone} if rule.zone else {})})


def options(state: Any, rs: Any, player: int) -> list:
    """The moves the player at seat `player` may make now (one per distinct card where they
    choose it), and the end of a phase that waits only for such moves."""
    name = state.players[player]
    out = [MoveCard(name, rule.verb, bean, position, rule.zone)
           for rule in rs.permits.get(MoveCard, ()) for bean, position in movable(state, rs, rule, player)]
    if out and waits_only_for_moves(state, rs.phase(state.phase)):
        out.append(EndPhase(name, "phase"))
    return out


def waits_only_for_moves(state: Any, ph: Any) -> bool:
    """The phase asks for no other decision now (no planting or trading step, no card left to
    plant), so the active player ends it when done moving."""
    return ph.listers.front is None and not ph.trade and not any(step.anyone_has(state) for step in ph.listers.every)


def keeps_open(state: Any, rs: Any) -> bool:
    """A move the active player may still make keeps the phase from ending by itself (its
    first card tried against the requirements, where there are any)."""
    active = state.active
    for rule in rs.permits.get(MoveCard, ()):
        if blocked(state, rs, rule, active) is None and (
                not rs.requirements or _breaks(state, rs, rule, active, _first(state, rs, rule)) is None):
            return True
    return False


def _first(state: Any, rs: Any, rule: MoveRule) -> int:
    held = rule.source.fn(state, _env(state.active, rs))
    return 0 if rule.pick == "any" else picked(rule.source_zone, rule.pick, 1, len(held))[0]
