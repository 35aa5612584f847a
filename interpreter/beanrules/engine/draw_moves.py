"""Drawing as a player's action: the core's ``permit`` of a ``draw`` of one card ("Anna draws").

Where a rule draws at the start of a phase, the engine deals the cards out by itself
(engine/flow.py). A ``permit`` of a draw instead lets the active player draw one card per
action, up to `most` times a turn, so that whatever else the phase allows (a card's ability,
taking the discard's top card, a harvest) can come before, between and after the draws. A
``must`` permit owes `least` draws: the phase does not end, nor may the player end it, while
one of them can still be made. A draw that cannot be made (the hand limit, no card left to
draw) is neither owed nor listed, so the game never waits for a draw nobody can make. Each
draw runs the core ``draw`` effect, so the deck runs out, is reshuffled and fires "when drawn"
steps exactly as an automatic draw does. How often the player drew this turn is kept in the
state's ``moved``, by rule id, as permitted moves of one card are (engine/card_moves.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import actors, effects, statements as core, timing
from ..core.quantities import Number
from . import evaluate
from .actions import DrawCard, EndPhase
from .errors import IllegalAction, RuleRef, UnsupportedRule, game_over
from .requirements import one_more_breaks
from .turns import off_turn


@dataclass(frozen=True)
class DrawRule:
    """The active player draws one card per action in phase `phase`, at most `most` times a
    turn, and owes `least` of them (0: every draw is optional)."""
    phase: str
    least: int
    most: int
    draw: evaluate.Compiled  # the core draw of one card, for env {"player": p}
    ref: RuleRef


def runs(statement: Any) -> bool:
    """Whether this is a permit the engine plays as drawing by action."""
    return isinstance(statement, core.Permit) and isinstance(statement.action, effects.Draw)


def compile_draw(rule: dict, statement: core.Permit, ref: RuleRef) -> DrawRule:
    """The DrawRule of a permit of a draw; any other shape is refused by name."""
    draw = statement.action

    def refuse(what: str) -> UnsupportedRule:
        return UnsupportedRule(f"rule '{rule['id']}': the engine plays a permitted draw {what}", rule["id"])
    if not isinstance(statement.player, actors.ActivePlayer):
        raise refuse("only by the active player")
    if draw.count != Number(1) or draw.up_to or not (
            isinstance(draw.player, actors.Bound) and draw.player.name == "player"):
        raise refuse("of one card per action, by the player who acts")
    if not isinstance(statement.when, timing.During) or statement.condition is not None:
        raise refuse("during a phase, without a condition")
    if statement.most is None:
        raise refuse("with a number of times a turn (else drawing would never end)")
    most = evaluate.number(statement.most)(None, {})
    least = evaluate.number(statement.least)(None, {}) if statement.must and statement.least is not None else 0
    run = evaluate.compiled_effect(draw)  # refuses a draw to the front of the hand by its words
    return DrawRule(statement.when.phase, least, most, run, ref)


def compile_draws(program: list, refs: dict[str, RuleRef]) -> tuple[DrawRule, ...]:
    return tuple(compile_draw(rule, s, refs[rule["id"]]) for rule, s in program if runs(s))


def rule_now(state: Any, rs: Any) -> DrawRule | None:
    """The draw rule of the current phase (None: drawing is no action in it)."""
    for rule in rs.permits.get(DrawCard, ()):
        if rule.phase == state.phase:
            return rule
    return None


def drawn(state: Any, rule: DrawRule) -> int:
    """How often the active player drew by this rule this turn."""
    turn, times = state.moved.get(rule.ref.id, (None, 0))
    return times if turn == state.turn else 0


def _card_left(state: Any, rs: Any) -> bool:
    """A card can be drawn: the deck has one, or an empty deck is made anew from the discard
    pile by the rules for its running out (engine/deck.py)."""
    return bool(state.deck) or (bool(state.discard) and bool(rs.on_deck_out))


def blocked(state: Any, rs: Any, rule: DrawRule, seat: int) -> Any:
    """What keeps the player at `seat` from drawing by `rule` (the rule of this phase) now: a
    word of refusal's ("over", "turn", "most", "empty") or the requirement one more card would
    break; None: they may. The one place the rule is: refusal words it, `may` and keeps_open
    (the kernel's too) ask only whether it is None, so the yes or no builds no refusal."""
    why = off_turn(state, seat, False, None)  # (the rule is this phase's)
    if why is not None:
        return why
    if drawn(state, rule) >= rule.most:
        return "most"
    if not _card_left(state, rs):
        return "empty"
    return one_more_breaks(state, rs, seat)


def may(state: Any, rs: Any, seat: int) -> bool:
    """The player at `seat` may draw now (refusal is None)."""
    rule = rule_now(state, rs)
    return rule is not None and blocked(state, rs, rule, seat) is None


def refusal(state: Any, rs: Any, seat: int) -> IllegalAction | None:
    """Why the player at `seat` may not draw now, citing the rule that says so (None: they may)."""
    if state.over:
        return game_over(rs)
    player = state.players[seat]  # (the refusals name the player)
    rule = rule_now(state, rs)
    if rule is None:
        rules = rs.permits.get(DrawCard, ())
        phases = ", ".join(dict.fromkeys(r.phase for r in rules))
        cite = rules[0].ref if rules else None
        return IllegalAction(cite, f"{player} may not draw in phase {state.phase}"
                             + (f" (only in phase {phases})" if phases else
                                f": no rule of {rs.rulebook} lets a player draw by action"))
    why = blocked(state, rs, rule, seat)
    if why is None:
        return None
    if why == "turn":
        return IllegalAction(rule.ref, f"only the active player ({state.players[state.active]}) draws")
    if why == "most":
        return IllegalAction(rule.ref, f"{player} already drew {rule.most} "
                                       f"card{'s' if rule.most != 1 else ''} this turn")
    if why == "empty":
        return IllegalAction(rule.ref, "there is no card left to draw")
    return IllegalAction(why.ref, f"{player} may not draw: it would break '{why.ref.text}'")


def keeps_open(state: Any, rs: Any) -> bool:
    """A draw the active player may still make keeps the phase from ending by itself: that
    the phase ends is theirs to say (a draw they give up)."""
    return state.decision is None and may(state, rs, state.active)


def check(state: Any, rs: Any, action: DrawCard) -> DrawRule:
    """The rule the draw is made by, or IllegalAction (the state is left as it was)."""
    refused = refusal(state, rs, state.seat_of[action.player])
    if refused is not None:
        raise refused
    rule = rule_now(state, rs)
    assert rule is not None  # refusal() said there is one
    return rule


def do(state: Any, rs: Any, action: DrawCard, rule: DrawRule, events: list) -> None:
    draw(state, rs, rule, state.seat_of[action.player], events)


def draw(state: Any, rs: Any, rule: DrawRule, seat: int, events: list) -> None:
    """One card off the deck to the back of the hand of the player at `seat`, by the core draw
    (reshuffle included), counted. What both modes run for a draw, once it is known to be allowed."""
    state.moved[rule.ref.id] = [state.turn, drawn(state, rule) + 1]
    rule.draw.fn(state, rs, {"player": seat, evaluate.RULES: rs}, events)


# say(): this mechanism's say in a player's listing (0: none, no draw may be made)
OWED = 1  # a draw, and no end of the phase while it is owed
DRAWS = 2  # a draw
GIVES_UP = 3  # a draw, and an end of the phase where none is listed: the phase waits only for the player


def say(state: Any, rs: Any, player: int) -> int:
    """What drawing adds to the listing of the player at seat `player` now (OWED, DRAWS,
    GIVES_UP; 0: nothing). Both listings, the interpreter's (listed) and the kernel's, read
    it in their own encoding of actions."""
    rule = rule_now(state, rs)
    if rule is None or player != state.active or state.decision is not None \
            or blocked(state, rs, rule, player) is not None:
        return 0
    if drawn(state, rule) < rule.least:  # owed: the phase's end is not theirs yet (end_refusal)
        return OWED
    ph = rs.phase(state.phase)
    return GIVES_UP if ph.listers.front is None and not ph.trade else DRAWS


def end_refusal(state: Any, rs: Any, player: int) -> IllegalAction | None:
    """Why `player` may not end the phase while it has a draw rule (None: they may, as far
    as drawing goes): only the active player ends it, and not while a draw is owed."""
    rule = rule_now(state, rs)
    if rule is None:
        return None
    if player != state.active:
        return IllegalAction(None, f"only the active player ({state.players[state.active]}) ends phase {state.phase}")
    if say(state, rs, state.active) == OWED:  # a draw the active player still owes and can make
        done = drawn(state, rule)
        return IllegalAction(rule.ref, f"{state.players[player]} must draw first ({done} of {rule.least} drawn, and "
                                       "the hand can take another card)")
    return None


def listed(state: Any, rs: Any, player: int, out: list) -> list:
    """The listing with this mechanism's say: the draw where it may be made, no end of the
    phase while a draw is owed, and the end where the phase waits only for the player."""
    said = say(state, rs, player)
    if not said:
        return out
    out.append(DrawCard(state.players[player]))
    if said == OWED:
        return [a for a in out if not (type(a) is EndPhase and a.what == "phase")]
    if said == GIVES_UP and not any(type(a) is EndPhase for a in out):
        out.append(EndPhase(state.players[player], "phase"))  # giving up the right to draw
    return out
