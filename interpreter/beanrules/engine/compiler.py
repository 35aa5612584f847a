"""The rule model compiled once per (model, player count) into a Ruleset (engine/ruleset.py).

Every statement of the model is one the engine runs (engine/program.py) or compiles by its own
nodes: into a phase's listers (engine/listers.py), its end (program.ends_phase), the buying of a
field (engine/buying.py), the trade guards (engine/trade_guards.py), a trigger, or a forbid or
permission by its condition (engine/permissions.py); any other is refused, naming its rule, when
a game is created, never half-way through it.
"""
from __future__ import annotations

from typing import Any

from ..core import statements as core, timing
from ..core.actors import OtherPlayers
from ..core.categories import Statement
from ..memo import per_object
from ..model.copying import original_of
from . import buying, card_moves, draw_moves, evaluate, harvest_guards, harvest_rule, kinds, lasting, listers, one_model, permissions, program, refusals, requirements, tally as tallies, trade_guards, zones
from .abilities import card_abilities, check_automatic, check_players, check_zones, kind_of, usable_abilities
from .actions import BuyField, DrawCard, MoveCard
from .errors import ImpossibleState, RuleRef, UnsupportedRule, about_card
from .declared import compile_declared
from .ruleset import PhaseSpec, Ruleset
from .decisions import waits
from .triggers import EVENTS, Trigger, deciding_run

_CACHE: dict[tuple[int, int], tuple[dict, Ruleset]] = {}


def compile_ruleset(model: dict, players: int) -> Ruleset:
    """The Ruleset for this model and player count, compiled once and cached per model object.
    Rule models are treated as immutable: change a copy, not a model a game has used."""
    def make() -> Ruleset:
        original = original_of(model)  # an unchanged copy shares its original's (model/copying.py)
        return _compile(model, players) if original is model else compile_ruleset(original, players)
    return per_object(_CACHE, model, players, make)  # bounded, the oldest goes (memo.py)


def _refused(rule: dict, statement: Statement, why: str = "which this engine does not play yet") -> UnsupportedRule:
    return UnsupportedRule(f"{refusals.where(rule)} says \"{statement.to_text()}\", {why}", rule["id"])


def _standing(core_program: program.Program, refs: dict[str, RuleRef]) -> list[Any]:
    """The forbids and permissions compiled by their conditions (permissions.py), in rule order.
    Every other statement is one the engine runs (program.py), a permit a phase's listers, its
    end or buying a field compile (listers.py, program.ends_phase, buying.py), a rule of trading
    (trade_guards.py) or a step when something happens to a card (triggers.py); any other is
    refused, naming its rule and saying what it says, before the game starts."""
    found: list[Any] = []
    for rule, statement in core_program:
        if program.runs(statement) or listers.lists(statement) or program.ends_phase(statement) is not None \
                or buying.sells_field(statement) or trade_guards.judges(statement):
            continue
        if not permissions.is_guard(statement) and on_event(statement):
            continue  # a step when something happens to a card: engine/triggers.py runs it
        try:
            standing = permissions.standing(statement, refs[rule["id"]])  # a forbid or allow always is one
        except UnsupportedRule as exc:
            raise _refused(rule, statement, f"which this engine does not play yet ({exc})") from None
        if standing is None:
            raise _refused(rule, statement)
        found.append(standing)
    return found


def _phase_trades(phase: dict, core_program: program.Program, by_id: dict[str, dict]) -> bool:
    """Whether a phase trades: a rule it lists (which must exist) permits trading during it."""
    for rule_id in phase["rules"]:
        if rule_id not in by_id:
            raise UnsupportedRule(f"phase '{phase['id']}' lists an unknown rule '{rule_id}'", None)
    listed = set(phase["rules"])
    return any(rule["id"] in listed and s.when.phase == phase["id"]
               for rule, s in core_program if trade_guards.permits_trading(s))


def _compile(model: dict, n: int) -> Ruleset:
    with one_model.scope():  # the cards' abilities are made once, not for each step that reads them
        return _compile_rules(model, n)


def _compile_rules(model: dict, n: int) -> Ruleset:
    lo, hi = model["players"]["min"], model["players"]["max"]
    if not lo <= n <= hi:
        raise ImpossibleState("players", f"{model['rulebook']} is played by {lo} to {hi} players, not {n}")
    rules = model["rules"]
    refs = {r["id"]: RuleRef.of(r) for r in rules}
    by_id = {r["id"]: r for r in rules}
    core_program = program.core_program(model, n)
    for rule, statement in core_program:  # what a rule's words alone refuse: check reads the same (refusals.py)
        refused = refusals.refusal(statement, n)
        if refused is not None:
            raise UnsupportedRule(f"{refusals.where(rule)} {refused.says}", rule["id"])
    by_condition = _standing(core_program, refs)

    counts = {b["id"]: b["count"] for b in model["beans"]}
    usable, triggers = card_rules(model, core_program, refs, n)
    # refusals cite a card that is never planted, or an ability, by its id
    refs.update({b["id"]: RuleRef.of(b) for b in model["beans"] if not b["plantable"] and b["id"] not in refs})
    refs.update({a.ref.id: a.ref for a in usable if a.ref.id not in refs})
    played = {a.card for a in usable if a.where == "hand-front"}  # a card never planted is played
    in_play = program.beans_in_play(core_program, [b["id"] for b in model["beans"]
                                                   if b["plantable"] or b["id"] in played])
    removed = tuple(b["id"] for b in model["beans"] if b["id"] not in in_play)
    payout: dict[str, tuple[int, ...]] = {}
    plays_as, reach = kinds.compile_plays_as(model), kinds.payout_counts(model)
    for bean in model["beans"]:
        table = [0] * (reach[bean["id"]] + 1)
        for step in bean["beanometer"]:
            for cards in range(step["cards"], len(table)):
                table[cards] = max(table[cards], step["coins"])
        payout[bean["id"]] = tuple(min(coins, cards) for cards, coins in enumerate(table))
    for card, bean in plays_as.items():  # a field topped by such a card pays by its type's beanometer
        payout[card] = payout[bean]

    phases = []
    phase_ids = [p["id"] for p in model["phases"]]
    rounds = program.round_entry(core_program, refs)  # run first as a round's first phase begins
    # trading's rules, compiled by their conditions (engine/trade_guards.py), held by each phase that trades
    trades = trade_guards.compile_guards(trade_guards.trade_rules((refs[rule["id"]], s) for rule, s in core_program))
    trading = [_phase_trades(phase, core_program, by_id) for phase in model["phases"]]
    # the forbids and allows by condition, and the harvest guards' judge (the listers bind it)
    constraints = list(lasting.lift(tuple(by_condition)))
    harvesting = tuple(g for g in constraints if harvest_guards.is_guard(g.node))
    harvest_judge = harvest_guards.compile_judge(harvesting)
    # what each phase's permits let players plant and harvest, and the plants they owe (engine/listers.py)
    compiled_listers = listers.compile_listers(core_program, refs, model["phases"], harvest_judge)
    # some phase owes a harvest to make room for a plant (listers.Room)
    makes_room = any(ph.room is not None for ph in compiled_listers.values())
    # the phases whose permit of ending them is owed: each waits for its active player to end it
    declared = [(rule, program.declared_end(s)) for rule, s in core_program if program.declared_end(s) is not None]
    for index, phase in enumerate(model["phases"]):
        phase_ref = RuleRef(phase["id"], refs[phase["rules"][0]].citation if phase["rules"] else None,
                            phase.get("title") or phase["id"])
        phases.append(PhaseSpec(phase["id"], index, phase.get("title"), phase_ref,
                                (rounds if index == 0 else ()) + program.phase_entry(core_program, phase, refs),
                                trades if trading[index] else None, listers=compiled_listers[phase["id"]],
                                exit=program.phase_exit(core_program, phase, refs),
                                ender=program.ender(core_program, refs, phase["id"]),
                                end_owed=any(owed == phase["id"] for _, owed in declared)))
    if not phases:
        raise UnsupportedRule(f"{model['rulebook']} has no phases to play")
    steps = [(rule, listers.plant_phase(s)) for rule, s in core_program if listers.plant_phase(s) is not None]
    steps += [(rule, s.when.phase) for rule, s in core_program if trade_guards.permits_trading(s)]
    for rule, phase_id in steps:  # a step of a phase that does not list its rule would never run
        if rule["id"] not in next((p["rules"] for p in model["phases"] if p["id"] == phase_id), ()):
            raise UnsupportedRule(f"rule '{rule['id']}' is a step of phase '{phase_id}', which does not list it",
                                  rule["id"])

    for rule, phase_id in declared:  # a phase that waits for its planting player only
        waiting = next((ph for ph in phases if ph.id == phase_id), None)
        if waiting is None or waiting.listers.front is None:
            raise UnsupportedRule(f"rule '{rule['id']}': a phase ends by the active player's declaration only "
                                  "where it plants from the hand (the player it waits for), which "
                                  f"phase '{phase_id}' does not", rule["id"])

    end_conditions, exhaustion_limit, exhaustion_ref, target_ends = program.ends(core_program, refs)
    if refusals.never_ends(s for _, s in core_program):  # check says so at the header (no-end)
        raise UnsupportedRule(f"{model['rulebook']} never ends: no rule ends the game")
    finish_during, finish_phases = program.finish_turn(core_program)
    unknown = ({finish_during, *finish_phases} - {None}) - set(phase_ids)
    if unknown:
        finish = program.rule_of(core_program, core.FinishTurn)
        raise UnsupportedRule(f"rule '{finish['id']}' names unknown phases: {', '.join(sorted(unknown))}",
                              finish["id"])
    score_terms, winner_highest, tie_breaks = program.scoring(core_program)
    buy_field = buying.compile_buying(core_program, refs, n)
    planting = tuple(g for g in constraints if permissions.is_guard(g.node))
    # the permits compiled to data of their own, by the kind of action: no entry where no rule permits it
    permits = {kind: compiled for kind, compiled in ((BuyField, buy_field),
                                                     (MoveCard, card_moves.compile_moves(core_program, refs)),
                                                     (DrawCard, draw_moves.compile_draws(core_program, refs)))
               if compiled}
    guards = _guards(constraints, permitted_kinds(permits))
    return Ruleset(
        rulebook=model["rulebook"], players=n, rules=refs, beans=tuple(in_play), bean_counts=counts,
        removed_beans=removed, payout=payout, fields=program.setup_fields(core_program),
        fields_ref=program.ref_of(core_program, refs, core.Fields), deal=program.setup_deal(core_program, n),
        direction=program.direction(core_program),
        phases=tuple(phases),
        phase_index={p.id: p.index for p in phases},
        harvest=harvest_rule.compile_harvest(core_program, refs, plays_as), on_deck_out=program.deck_out(core_program, refs),
        ends=end_conditions, target_ends=target_ends, exhaustion_limit=exhaustion_limit, exhaustion_ref=exhaustion_ref,
        finish_during=finish_during, finish_phases=finish_phases,
        at_end=program.game_end(core_program, refs),
        score_terms=score_terms, winner_highest=winner_highest, tie_breaks=tie_breaks,
        visibility=program.visibility(core_program),
        permits=permits,
        at_any_time=program.any_time(core_program, refs),
        declared=(declared_state := compile_declared(core_program)),  # (named: the zone rules below read its zones)
        abilities=usable, triggers=triggers,
        unplantable=frozenset(b["id"] for b in model["beans"] if not b["plantable"]),
        requirements=requirements.compile_requirements(core_program, refs),
        won_by=tallies.compile_won_by(core_program), plays_as=plays_as,
        lastings=lasting.collect(core_program, card_abilities(model, n), refs),
        standing=_stands(constraints, guards, makes_room), guards=guards,
        plant_guards=planting, plant_judge=permissions.compile_judge(planting),
        harvest_guards=harvesting, harvest_judge=harvest_judge,
        zone_rules=zones.compile_rules(core_program, refs, declared_state.zones, _permission))



def _stands(constraints: list[Any], guards: tuple, makes_room: bool) -> tuple:
    """The constraints by condition asked about every action (lasting.forbidding), in rule order:
    not those cited only (`guards`), and not the guards a judge of its own decides. A harvest
    guard is the harvest judge's, but one that may refuse every field stands here too where a
    plant may need a harvest to make room (the checked path lets that plant lapse). A planting
    guard that does not weigh the card's type against the fields (a house rule: a field of four
    takes no more) may take a plant away for good: it stands too, judged as the plant judge
    judges it (permissions.judged), so the checked path, which lets a required plant lapse
    (lasting.waived, stuck), plays the spec; one that does (one type per field, a type in one
    field only, covering) a harvest makes room for (listers.Room asks the judge)."""
    kept = (r for r in constraints if r not in guards and not lasting.names_nothing(r)
            and (not harvest_guards.is_guard(r.node) or (makes_room and harvest_guards.may_refuse_every_field(r)))
            and (not permissions.is_guard(r.node) or not permissions.weighs_types(r.node)))
    return tuple(j for j in map(permissions.judged, kept) if j is not None)


def permitted_kinds(permits: dict[type, Any]) -> frozenset:
    """The kinds of the engine's actions some rule may permit: every kind, but buying a field
    where no rule sells one (no entry in the permits)."""
    every = lasting.LastingSpec.__dataclass_fields__["kinds"].default
    return every if BuyField in permits else every - {BuyField}


def _guards(constraints: list, permitted: frozenset) -> tuple:
    """The forbids that name no action a rule may permit: they take nothing away, so the game
    leaves them out of its checks (and out of the kernel's) and cites them
    where an action they name is refused anyway. One that names no action at all (coins back
    into the deck) holds by itself: there is nothing to check, nor to cite."""
    return tuple(c for c in constraints if c.forbid and not c.kinds & permitted and not lasting.names_nothing(c))


def _permission(who: Any, condition: Any) -> zones.Allows:
    """A permission on a field of the table (engine/zones.py), compiled by the evaluator: the
    acting player is among those it names and its condition holds for them."""
    among = evaluate.players_of(who)
    test = evaluate.condition(condition) if condition is not None else None

    def allows(state: Any, rs: Any, player: str) -> bool:
        env = {evaluate.RULES: rs, "player": player}
        return player in among(state, env) and (test is None or test(state, env))
    return allows


def on_event(statement: Statement) -> bool:
    """A ``do`` when a card is planted, harvested, revealed or drawn (a step on the traded event
    that places the traded cards is part of the trade: engine/trade_guards.py)."""
    return isinstance(statement, core.Do) and isinstance(statement.when, timing.When) \
        and not trade_guards.judges(statement)


def card_rules(model: dict, core_program: Any, refs: dict[str, RuleRef], n: int) -> tuple[tuple, dict]:
    """The abilities players use and the triggers (engine/abilities.py, engine/triggers.py)."""
    steps = [(rule, s) for rule, s in core_program if on_event(s)]
    return usable_abilities(model, n), compile_triggers(model, steps, refs, n)


def compile_triggers(model: dict, program: list, refs: dict[str, RuleRef], players: int) -> dict[str, tuple[Trigger, ...]]:
    """Every trigger of the rules by event (empty: none)."""
    found: dict[str, list[Trigger]] = {}
    for bean, ability, ref in card_abilities(model, players):
        with about_card(bean["id"]):
            kind = kind_of(ability)
            if kind == "watch":  # a card on top of a field acting on another player's action
                watched = next(t for t in ability.when if isinstance(t, timing.WhenPlayer))
                check_players(ability, players)
                check_automatic(ability.effect, f"ability '{ability.name}' of card '{bean['id']}'")
                found.setdefault(watched.event, []).append(Trigger(
                    watched.event, None, None, None, evaluate.compiled_effect(ability.effect), ref,
                    bean["id"], ability.name, ability.title,
                    "other" if isinstance(watched.player, OtherPlayers) else "any"))
                check_zones(ability, players)
            if kind != "event":  # (a watch too, compiled above)
                continue
            check_players(ability, players)
            when = next(t for t in ability.when if isinstance(t, timing.When))
            check_automatic(ability.effect, f"ability '{ability.name}' of card '{bean['id']}'", asks=True)
            found.setdefault(when.event, []).append(Trigger(
                when.event, bean["id"], when.cards, None, _trigger_run(ability.effect, ref), ref,
                bean["id"], ability.name, ability.title, decides=waits(ability.effect)))
            check_zones(ability, players)
    for rule, s in program:
        if isinstance(s, core.Do) and isinstance(s.when, timing.When):
            if s.when.event not in EVENTS:
                raise UnsupportedRule(f"rule '{rule['id']}': the engine runs no step '{s.when.to_text()}' yet",
                                      rule["id"])
            check_automatic(s.effect, f"rule '{rule['id']}'", rule["id"], asks=True)
            try:
                condition = evaluate.compiled_condition(s.condition) if s.condition else None
                run = _trigger_run(s.effect, refs[rule["id"]])
            except UnsupportedRule as refused:  # name the rule, so check points at its line
                if refused.rule is not None:
                    raise
                raise UnsupportedRule(f"rule '{rule['id']}': {refused}", rule["id"]) from None
            found.setdefault(s.when.event, []).append(Trigger(
                s.when.event, s.when.bean, s.when.cards, condition, run, refs[rule["id"]], None, None, None,
                decides=waits(s.effect)))
    return {event: tuple(ts) for event, ts in found.items()}


def _trigger_run(effect: Any, ref: RuleRef) -> evaluate.Compiled:
    """A step on a card event as one closure, or, where it may ask a player to decide, through
    the decisions machinery (engine/triggers.py)."""
    return deciding_run(effect, ref) if waits(effect) else evaluate.compiled_effect(effect)
