"""The core program of a rule model, and the parts of it the engine runs through the generic
evaluator (:mod:`.evaluate`): steps at the start of a phase, what happens when the deck runs
out, the end, the deal, scores, the winner and tie-breaks.

Everything here is chosen by the type of a core node (``do`` at the start of a phase,
``end-when``, ``score``, …), never by the sentence kind it came from. Each rule is desugared
from its sentence when the game is created, with the same rewrite the compiler stored in the
model's ``core``: a model edited by hand (as tests and mutation testing do) plays as its
sentences say.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..core import actors, conditions, effects, places, statements as core, timing
from ..core.categories import Actor, Cond, Effect, Statement
from ..core.effects import Deal
from ..core.quantities import BeanList, ByPlayers, DeckRunOuts, Number
from ..desugar import rule_statements
from . import card_moves, decisions, draw_moves, evaluate, harvest_rule, harvesting, one_model, requirements, tally, zones
from .effect_env import OWNER
from .errors import RuleRef, UnsupportedRule
from .ruleset import CoreStep, TieBreak

Program = list[tuple[dict, Statement]]


def core_program(model: dict, players: int) -> Program:
    """Every core statement with the rule it came from, by-player values resolved."""
    return list(one_model.made_once("program", model, players, lambda: _resolved(model, players)))


def _resolved(model: dict, players: int) -> tuple[tuple[dict, Statement], ...]:
    out: Program = []
    for rule in model["rules"]:
        # once per rule content in the process (desugar/__init__.py), whatever model holds it;
        # its key (the rule's content) made once per rule in a scope, not again for each count
        statements = one_model.made_once("statements", rule, None, lambda: rule_statements(rule))
        for statement in statements:
            resolved = (evaluate.resolved_for(statement, players)
                        if one_model.holds(statement, ByPlayers) else statement)
            out.append((rule, resolved))
    return tuple(out)


def _of(program: Program, kind: type) -> Iterator[tuple[dict, Any]]:
    return ((rule, s) for rule, s in program if isinstance(s, kind))


# The timings of ``do`` statements the engine runs, and the statements it reads whole.
_DO_TIMINGS = (timing.AtStartOf, timing.AtEndOf, timing.WhenDeckRunsOut, timing.AtSetup, timing.AtGameEnd,
               timing.AnyTime, timing.AtStartOfRound)
_READ = (core.EndWhen, core.FinishTurn, core.Score, core.Winner, core.TieBreak, core.InPlay,
         core.OutOfPlay, core.Fields, core.TurnOrder, core.DeclareZone, core.Players,
         core.DeclareCounter, core.DeclareToken, core.ChooseStartPlayer,  # counters and tokens: engine/marks.py
         core.DeclareZoneOfKind)  # declared zones: engine/zones.py


def runs(statement: Statement) -> bool:
    """Whether the engine runs this core statement (its effects may still name a node the
    evaluator refuses, which it does by name when the game is created)."""
    if isinstance(statement, core.Do):
        return isinstance(statement.when, _DO_TIMINGS)
    return isinstance(statement, _READ) or card_moves.runs(statement) or requirements.runs(statement) \
        or tally.runs(statement) or draw_moves.runs(statement) or zones.runs(statement) \
        or isinstance(statement, harvest_rule.RUNS)


def rule_of(program: Program, kind: type) -> dict | None:
    """The last rule with a statement of this type (a later rule replaces an earlier one)."""
    found = [rule for rule, _ in _of(program, kind)]
    return found[-1] if found else None


def ref_of(program: Program, refs: dict[str, RuleRef], kind: type) -> RuleRef | None:
    rule = rule_of(program, kind)
    return refs[rule["id"]] if rule else None


def ends_phase(s: Statement) -> str | None:
    """The phase a permit lets the active player end when they choose, with no condition: the
    phase it is during (None: it is no such permit). Owed (``must``), it is owed once exactly,
    and the phase waits for it (`declared_end`); any other count is no end the engine plays."""
    if not (isinstance(s, core.Permit) and isinstance(s.action, effects.EndPhase) and s.action.phase is None
            and isinstance(s.player, actors.ActivePlayer) and isinstance(s.when, timing.During)
            and s.when.phase and s.condition is None):
        return None
    if s.must and not (_constant(s.least) == 1 and _constant(s.most) == 1):
        return None
    return s.when.phase


def declared_end(s: Statement) -> str | None:
    """The phase that ends only when the active player ends it (a harvest they may still make
    keeps it open: PhaseSpec.end_owed), by a permit that owes that end once; None: no such permit."""
    return ends_phase(s) if isinstance(s, core.Permit) and s.must else None


def _constant(node: Any) -> int | None:
    return node.value if isinstance(node, Number) else None


def ender(program: Program, refs: dict[str, RuleRef], phase: str) -> RuleRef | None:
    """The rule that lets a player end `phase` when they choose: the last permit of ending it
    during it (a later rule replaces an earlier one); None: no rule says so."""
    found = [rule for rule, s in _of(program, core.Permit) if isinstance(s.action, effects.EndPhase)
             and s.action.phase in (None, phase) and isinstance(s.when, timing.During) and s.when.phase == phase]
    return refs[found[-1]["id"]] if found else None


# How the state keeps each zone (engine/state.py): one per player, else one for the table.
PER_PLAYER_ZONES = frozenset({"hand", "field", "set-aside", "coins", "score"})


def zone_refusal(statement: Statement) -> str | None:
    """Why the engine cannot keep a declared zone as declared (a shared field, a hand for the
    table), or None: a declaration the engine would otherwise ignore is refused by its words."""
    if not isinstance(statement, core.DeclareZone):
        return None
    per_player = statement.zone in PER_PLAYER_ZONES
    if statement.per_player == per_player:
        return None
    kept = "one for each player" if per_player else "one for the table"
    declare = (f"; a zone of the table is declared under its own name: 'zone middle is a {statement.zone} "
               "for the table, public'" if statement.zone == "field" else "")
    return (f"which this engine does not play yet (it keeps {kept}, not "
            f"{'one per player' if statement.per_player else 'one for the table'}){declare}")


def visibility(program: Program) -> dict[str, str]:
    """Who sees what of each declared zone."""
    return {s.zone: s.visibility for _, s in program if isinstance(s, (core.DeclareZone, core.DeclareZoneOfKind))}


def _step(rule: dict, statement: core.Do, refs: dict[str, RuleRef], may_wait: bool = False) -> Any:
    try:
        condition = evaluate.compiled_condition(statement.condition) if statement.condition else None
        effect = statement.effect
        if decisions.waits(effect):  # it may wait for a player's decision: run by engine/decisions.py
            if not may_wait:
                raise UnsupportedRule("the engine runs decisions only in steps at the start of a phase, "
                                      "not yet " + statement.when.to_text())
            run = evaluate.Compiled(effect, decisions.compiled(effect))
        else:
            run = evaluate.compiled_effect(effect)
        return CoreStep(run, condition, refs[rule["id"]])
    except UnsupportedRule as refused:  # name the rule, so check can point at its line
        raise UnsupportedRule(f"rule '{rule['id']}': {refused}", rule["id"]) from None


def phase_entry(program: Program, phase: dict, refs: dict[str, RuleRef]) -> tuple:
    """The ``do`` statements at the start of this phase, from the rules it lists, in order."""
    listed = set(phase["rules"])
    return tuple(_step(rule, s, refs, may_wait=True) for rule, s in _of(program, core.Do)
                 if rule["id"] in listed and isinstance(s.when, timing.AtStartOf)
                 and s.when.phase == phase["id"])


def round_entry(program: Program, refs: dict[str, RuleRef]) -> tuple:
    """The ``do`` statements at the start of each round, in rule order: steps that run first
    when the first phase of a round's first turn begins (the turn that follows every player's
    having had one), for the player whose turn it is (``own``)."""
    out = []
    for rule, s in _of(program, core.Do):
        if not isinstance(s.when, timing.AtStartOfRound):
            continue
        step = _step(rule, s, refs)  # compiled (and refused) as any step; run for the active player
        test, run = step.condition, step.run

        def starts_round(state: Any, env: dict, test: Any = test) -> bool:
            if (state.turn - 1) % len(state.players):
                return False
            return test is None or test.fn(state, {**env, OWNER: state.active, "player": state.active})

        def fire(state: Any, rs: Any, env: dict, events: list, run: Any = run, rule_id: str = rule["id"]) -> Any:
            events.append({"event": "ability", "player": state.players[state.active], "card": None, "ability": rule_id,
                           "title": None, "on": "round"})  # as a rule's step on a card event is told
            return run.fn(state, rs, {**env, OWNER: state.active, "player": state.active}, events)
        # the nodes are the statement's, so no fast path of the phase takes the step for another
        out.append(CoreStep(evaluate.Compiled(s, fire), evaluate.Compiled(s.when, starts_round), step.ref))
    return tuple(out)


def phase_exit(program: Program, phase: dict, refs: dict[str, RuleRef]) -> tuple:
    """The ``do`` statements at the end of this phase, from the rules it lists, in order."""
    listed = set(phase["rules"])
    return tuple(_step(rule, s, refs) for rule, s in _of(program, core.Do)
                 if rule["id"] in listed and isinstance(s.when, timing.AtEndOf)
                 and s.when.phase == phase["id"])


def game_end(program: Program, refs: dict[str, RuleRef]) -> tuple:
    """What happens when the game ends, before scoring (the final harvest, a rule's own step at
    the end of the game), run for the player whose turn it was (``own``): the final harvest
    names each player itself, a step at the end (`harvest the middle`) its harvester so."""
    out = []
    for rule, s in _of(program, core.Do):
        if not isinstance(s.when, timing.AtGameEnd):
            continue
        step = _step(rule, s, refs)
        run, test = step.run, step.condition

        def fire(state: Any, rs: Any, env: dict, events: list, run: Any = run, test: Any = test) -> Any:
            env = {**env, OWNER: state.active, "player": state.active}
            return None if test is not None and not test.fn(state, env) else run.fn(state, rs, env, events)
        # the node stays the effect's, its condition read in `fire` with the owner bound: the kernel
        # compiles the node and plays no step at the end with a condition (its kind is new to it)
        out.append(CoreStep(evaluate.Compiled(run.node, fire), None, step.ref))
    return tuple(out)


def any_time(program: Program, refs: dict[str, RuleRef]) -> tuple:
    """``do … at any time``: steps that run by themselves after every action and every
    automatic step, whoever's turn it is (the harvest as soon as a field pays)."""
    return tuple(_tested_first(_step(rule, s, refs), s.effect) for rule, s in _of(program, core.Do)
                 if isinstance(s.when, timing.AnyTime))


def acts_only_if(effect: Effect) -> Cond | None:
    """A condition without which `effect` changes nothing (None: none is known): a repeat acts
    only where its condition holds before the first time, an if without an otherwise where its
    condition holds, a for-each only where its body would for some player or field it binds
    (`some-player`, `some-field`, binding the same name). Where it is false the effect leaves
    the state as it is: its first binding does nothing, so neither does the next."""
    if isinstance(effect, effects.Repeat):
        return effect.condition
    if isinstance(effect, effects.If):
        return effect.condition if effect.otherwise is None else None
    if not isinstance(effect, effects.ForEach):
        return None
    inner, among = acts_only_if(effect.body), effect.among
    if inner is None:
        return None
    if isinstance(among, places.Zone) and among.zone == "field" and among.owner is not None:
        return conditions.SomeField(effect.name, among.owner, inner)
    if isinstance(among, Actor):
        return conditions.SomePlayer(effect.name, among, inner)
    return None


def _tested_first(step: CoreStep, effect: Effect) -> CoreStep:
    """A step at any time runs after every action and automatic step, and mostly finds nothing
    to do: its effect is compiled behind the condition without which it does nothing
    (acts_only_if), the same step specialised, not a second one. "Some field pays" is one loop
    over the fields with the payout table bound (harvesting.pays_anywhere) rather than a
    closure and an environment per player and field; any other condition, as the evaluator
    compiles it."""
    guard = acts_only_if(effect)
    if guard is None:
        return step
    test = harvesting.pays_anywhere(guard)
    if test is None:
        try:
            test = evaluate.condition(guard)
        except UnsupportedRule:  # a condition the engine cannot test: the step as it is
            return step
    run = step.run.fn

    def run_if_it_acts(state: Any, rs: Any, env: dict, events: list) -> Any:
        return run(state, rs, env, events) if test(state, env) else None
    return CoreStep(evaluate.Compiled(effect, run_if_it_acts), step.condition, step.ref)


def deck_out(program: Program, refs: dict[str, RuleRef]) -> tuple:
    return tuple(_step(rule, s, refs) for rule, s in _of(program, core.Do)
                 if isinstance(s.when, timing.WhenDeckRunsOut))


def setup_deal(program: Program, players: int) -> tuple[int, ...]:
    """Cards dealt per seat, from the start player (the last ``deal`` at setup holds)."""
    deals = [s.effect for _, s in _of(program, core.Do)
             if isinstance(s.when, timing.AtSetup) and isinstance(s.effect, Deal)]
    if not deals:
        return (0,) * players
    count = evaluate.number(deals[-1].count)
    return tuple(count(None, {"seat": seat}) for seat in range(players))


def beans_in_play(program: Program, plantable: list[str]) -> list[str]:
    """The plantable beans the ``in-play`` statement keeps (it must name them for this player
    count) minus those an ``out-of-play`` statement names for it (none where it names none)."""
    in_play = list(plantable)
    for rule, s in program:
        if isinstance(s, (core.InPlay, core.OutOfPlay)):
            named = s.beans
            if isinstance(named, BeanList):
                keep = set(named.beans)
                in_play = [b for b in in_play if (b in keep) == isinstance(s, core.InPlay)]
            elif isinstance(s, core.InPlay):
                raise UnsupportedRule(f"use-beans: the rule model gives no value for this many players "
                                      f"(rule '{rule['id']}')")
    return in_play


def setup_fields(program: Program) -> int:
    """Fields per player at the start (the last ``fields`` statement holds; none: one field)."""
    found = [s for _, s in _of(program, core.Fields)]
    if not found:
        return 1
    try:
        return evaluate.number(found[-1].count)(None, {})
    except UnsupportedRule:
        raise UnsupportedRule("fields: the rule model gives no value for this many players") from None


def direction(program: Program) -> int:
    """+1: the turn passes in seat order (left); -1: against it."""
    found = [s for _, s in _of(program, core.TurnOrder)]
    return -1 if found and found[-1].direction == "right" else 1


def ends(program: Program, refs: dict[str, RuleRef]) -> tuple[tuple, int | None, RuleRef | None, tuple[int, ...]]:
    """The end conditions, how often the deck may run out (where an end says so), the rule to
    cite when the game is over, and which ends (their places among the conditions) read more
    than the deck's run-outs: a target such as coins or a counter, which the engine checks as
    play goes on. Only those: an end by the deck comes as the flow leaves a step, where a rule
    to finish the turn may still let phases run."""
    found, limit, ref, targets = [], None, None, []
    for rule, s in _of(program, core.EndWhen):
        if not evaluate.reads_only(s.condition, (DeckRunOuts,)):
            targets.append(len(found))
        found.append(evaluate.compiled_condition(s.condition))
        ref = ref or refs[rule["id"]]
        c = s.condition
        if (isinstance(c, conditions.Compare) and isinstance(c.left, DeckRunOuts) and c.op == ">="
                and isinstance(c.right, Number)):
            limit = c.right.value if limit is None else min(limit, c.right.value)
    return tuple(found), limit, ref, tuple(targets)


def finish_turn(program: Program) -> tuple[str | None, frozenset[str]]:
    found = [s for _, s in _of(program, core.FinishTurn)]
    if not found:
        return None, frozenset()
    return found[-1].during, frozenset(found[-1].phases)


def scoring(program: Program) -> tuple[tuple, bool | None, tuple]:
    """Score terms, whether the highest (or lowest) score wins, and the tie-breaks in order."""
    terms = tuple(evaluate.compiled_number(s.value) for _, s in _of(program, core.Score))
    winners = [s for _, s in _of(program, core.Winner)]
    breaks = tuple(TieBreak(evaluate.compiled_number(s.key) if s.key is not None else None, s.highest)
                   for _, s in _of(program, core.TieBreak))
    return terms, (winners[-1].highest if winners else None), breaks
