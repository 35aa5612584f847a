"""When a phase has nothing left to do: one closure per phase, compiled from its statements.

The meaning (docs/core.md, "Which actions keep a phase open"): a phase ends by itself once no
action that a statement scoped to it permits can still be taken, and no step of it waits for a
decision. Each such statement gives the phase one test, "its action can still be taken", with
the rules' numbers bound when it is compiled:

- ``permit`` plant from the hand, *least*–*most*: fewer than *most* planted and a card in hand;
- ``permit`` plant every card of a zone (plant-pending): cards left there that someone can plant
  (a constraint in force may leave them unplantable for now: legal.step_waits);
- ``permit`` trade: a card that could still change hands;
- ``permit`` draw by action: a draw the active player may still make (fewer than *most*, a card
  to draw, and no ``require`` such as the hand limit that the draw would break);
- ``permit`` move one card (discard, take): a move the active player may still make;
- a text card's ability of the phase: one its owner may still use;
- a phase the active player declares finished: any harvest they may make.

*Least* does not decide completion: a permitted action that is still possible keeps the phase
open whether it is owed or not, and what is owed decides only whether the active player may end
the phase before it ends by itself (legal._end, draw_moves.end_refusal). A harvest permitted at
any time keeps no phase open, except one the player declares finished (PhaseSpec.end_owed).

A phase compiles only the tests of the statements that apply during it (a phase without
abilities compiles no ability check), into one expression over the state with the numbers
written in, and the same closure serves the transitions (engine/transitions.py) and Game.apply's
test after each action. The kernel compiles the same expression for its own state with these
same tests under the names the expression calls, each given what the kernel does its own way
(its listing, its way of trying an ability's use: kernel/machine.py), so a phase's completion
is written here only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..memo import per_object
from .abilities import keeps_open as ability_keeps_open
from .actions import DrawCard, MoveCard
from .card_moves import keeps_open as move_keeps_open
from .draw_moves import keeps_open as draw_keeps_open
from .lasting import may_harvest
from .legal import step_waits
from .listers import ZonePlanting
from .ruleset import _PLAYER_ATTR, _SHARED_ATTR, PhaseSpec, Ruleset
from .state import State

StateTest = Callable[[State], bool]
# What keeps the phase open, and its test as an expression over the state `s` (the names it
# reads: _NAMES, `rs` and the phase's pending `steps`). One expression per phase is compiled
# from them, so the test costs no call per statement.
Open = tuple[str, str]

# What keeps a phase open, by the statement it comes from (named_test picks one out by it).
PLANTING, TRADING, ZONE_PLANTING, ABILITY = "planting", "trading", "zone-planting", "ability"
DRAWING, DECLARED_END, MOVING = "drawing", "harvest-before-declared-end", "moving"

_NAMES = {"ability_keeps_open": ability_keeps_open, "draw_keeps_open": draw_keeps_open,
          "may_harvest": may_harvest, "move_keeps_open": move_keeps_open, "step_waits": step_waits}


@dataclass(frozen=True)
class Form:
    """How a test's expression names what it reads: the state (`state`), the phase's pending
    steps (`steps`), and whether the source holds the per-player zones (lists by seat, on the
    engine's state as on the kernel's) in locals named as the state's attributes (`hands`,
    `set_aside`: the kernel's generated loop)."""
    state: str = "s"
    steps: str = "steps"
    local_zones: bool = False

    def zone(self, attr: str) -> str:
        """A per-player zone's lists (by seat), by the state's attribute `attr`."""
        return attr if self.local_zones else f"{self.state}.{attr}"


ENGINE = KERNEL = Form()  # (the kernel's state reads as the engine's: docs/architecture.md, "One state")


def open_tests(rs: Ruleset, ph: PhaseSpec, form: Form = ENGINE) -> tuple[Open, ...]:
    """The tests of the statements that apply during `ph`: the phase stays open while one holds."""
    s = form.state
    tests: list[Open] = []
    front = ph.listers.front
    if front is not None:
        tests.append((PLANTING, f"({s}.planted < {int(front.most)} and {form.zone('hands')}[{s}.active])"))
    if ph.trade:
        tests.append((TRADING, f"{s}.offer or any({form.zone('hands')})"))
    tests += [(ZONE_PLANTING, _pending(rs, step, i, form)) for i, step in enumerate(ph.listers.every)]
    if any(spec.where == "field-top" and spec.phase == ph.id for spec in rs.abilities):
        tests.append((ABILITY, f"ability_keeps_open({s}, rs)"))
    if any(rule.phase == ph.id for rule in rs.permits.get(DrawCard, ())):
        tests.append((DRAWING, f"draw_keeps_open({s}, rs)"))
    if ph.end_owed:
        tests.append((DECLARED_END, f"may_harvest({s}, rs, {s}.active)"))
    if any(rule.phase in (None, ph.id) for rule in rs.permits.get(MoveCard, ())):
        tests.append((MOVING, f"move_keeps_open({s}, rs)"))
    return tuple(tests)


def _pending(rs: Ruleset, step: ZonePlanting, index: int, form: Form) -> str:
    """legal.step_waits for one plant-pending step: the zone's cards read straight off the state
    while no constraint is in force that could make them unplantable."""
    s = form.state
    full = f"step_waits({s}, rs, {form.steps}[{index}])"
    if rs.standing:  # forbids by condition, always in force: the full test every time
        return full
    if step.attr is None:
        cards = f"{s}.{_SHARED_ATTR[step.zone]}"
    else:
        assert step.attr in _PLAYER_ATTR.values()  # a State attribute, named by ruleset.py's table
        cards = f"{form.zone(step.attr)}[{s}.active]" if step.who == "active" else \
            f"any({form.zone(step.attr)})"
    if not rs.lastings:  # nothing the rules say lays a constraint down: none is ever in force
        return cards
    return f"({cards} and (not {s}.lasting or {full}))"


def left_to_do(rs: Ruleset, ph: PhaseSpec, form: Form = ENGINE, decides: bool = True) -> str:
    """An expression: something is left to do in phase `ph` (a state in that phase, not over):
    a step waits for a decision, or one of its tests holds. The kernel's generated loop writes
    it into its source (kernel/fast.py, with `form` naming what it reads there, and `decides`
    False where it knows that no step of the rules waits for a decision: that test is left out)."""
    tests = [expression for _, expression in open_tests(rs, ph, form)]
    return " or ".join([f"{form.state}.decision is not None"] * decides + tests) or "False"


def compiled(expression: str, rs: Ruleset, ph: PhaseSpec, names: dict[str, Callable] | None = None) -> StateTest:
    """A test of the state from an expression over `s` (the attribute names and numbers in it
    come from the ruleset's own tables, never from a rulebook's text); `names`: the tests it
    calls, for another state than the engine's (_NAMES gives their signatures)."""
    return eval(f"lambda s: {expression}", {**(names or _NAMES), "rs": rs, "steps": ph.listers.every})  # noqa: S307


def named_test(rs: Ruleset, ph: PhaseSpec, name: str) -> StateTest:
    """The test named `name` of the phase on its own, as a bool (for the tests)."""
    return compiled(f"bool({dict(open_tests(rs, ph))[name]})", rs, ph)


def completion(rs: Ruleset, ph: PhaseSpec, names: dict[str, Callable] | None = None,
               form: Form = ENGINE) -> StateTest:
    """Whether phase `ph` has nothing left to do (for a state in that phase, not over): no step
    waits for a decision, and none of its tests holds. `names` and `form` (its state named
    `s`): for the kernel's state, with its own keeps-open tests."""
    return compiled(f"not ({left_to_do(rs, ph, form)})", rs, ph, names)


_COMPLETIONS: dict = {}


def completions(rs: Ruleset) -> tuple[StateTest, ...]:
    """The completion closure of every phase of `rs`, by phase index, compiled once per ruleset."""
    return per_object(_COMPLETIONS, rs, None, lambda: tuple(completion(rs, ph) for ph in rs.phases))
