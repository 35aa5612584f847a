"""The rule model compiled once per (model, player count) into plain, precomputed parameters.

The engine reads rules only through this object: every rule kind is dispatched, once, into
fields the game loop uses directly (numbers, tuples, RuleRefs to cite in refusals), so no
rule-model dictionary is searched while a game runs. This module is what a ruleset holds;
engine/compiler.py makes one (compile_ruleset), and refuses unknown or not-yet-playable kinds
when a game is created, never half-way through it.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from . import evaluate, requirements, tally as tallies
from .errors import RuleRef, UnsupportedRule
from .harvest_rule import HarvestRule
from .declared import Declared

_REQUIRED: Any = object()


def by_players(value: Any, players: int, what: str, default: Any = _REQUIRED) -> Any:
    """Resolve a value that may depend on the player count ({"by_players": [...]}); `default`
    (if given) holds for a player count that no case names."""
    if not isinstance(value, dict) or "by_players" not in value:
        return value
    fallback = None
    for entry in value["by_players"]:
        span = entry["players"]
        if span in (None, "otherwise"):
            fallback = entry
        elif span[0] <= players <= span[1]:
            return entry["value"]
    if fallback is None:
        if default is not _REQUIRED:
            return default
        raise UnsupportedRule(f"{what}: the rule model gives no value for {players} players", what)
    return fallback["value"]


# The zones a plant-pending step may empty, by the State attribute that holds them. Coins and
# the cards out of play are not planted: a coin leaves only to pay for a field, and `removed`
# is the box (or the bank). Nor is the discard pile: harvests that make room refill it, so a
# phase that must empty it might never end; nor the deck, which the action notation cannot name
# as a place to plant from. The offer is shared: the active player's to plant.
_PLAYER_ATTR = {"set-aside": "set_aside", "hand": "hands"}
_SHARED_ATTR = {"offer": "offer"}
PLANTABLE_ZONES = frozenset(_PLAYER_ATTR) | frozenset(_SHARED_ATTR)
SHARED_ZONES = frozenset(_SHARED_ATTR)


def zone_cards(state: Any, zone: str, player: str) -> list[str]:
    """The cards of a plantable zone as `player` sees them: their own, or the shared pile."""
    attr = _PLAYER_ATTR.get(zone)
    return getattr(state, attr)[player] if attr else getattr(state, _SHARED_ATTR[zone])


@dataclass(frozen=True)
class CoreStep:
    """A core ``do`` statement compiled by the generic evaluator: when its timing comes and
    its condition holds (None: always), `run` changes the state; it returns "skip" when it
    skips the phase. `ref` is the rule it came from, for events and refusals."""
    run: evaluate.Compiled  # an effect: (state, rs, env, events) -> "skip" | None
    condition: evaluate.Compiled | None  # (state, env) -> bool
    ref: RuleRef

    def fire(self, state: Any, rs: "Ruleset", events: list, **bound: Any) -> str | None:
        """Run the step: None when its condition does not hold, else "ran" or "skip"
        (`bound`: more names for its effect, as evaluate.AT_ANY_TIME). The one meaning of a
        step: engine/transitions.py binds it with the rules for a phase's entry and exit
        steps, bound to the state where it can."""
        # the step: a decision in it says where to go on; a step runs by itself (evaluate.BY_ITSELF)
        env = {evaluate.RULES: rs, evaluate.BY_ITSELF: True, "#step": self, **bound}
        if self.condition is not None and not self.condition.fn(state, env):
            return None
        return self.run.fn(state, rs, env, events) or "ran"


@dataclass(frozen=True)
class TieBreak:
    """Among tied players keep those with the highest (or lowest) key; key None: shared."""
    key: evaluate.Compiled | None  # (state, {"player": p}) -> int
    highest: bool


@dataclass(frozen=True)
class PhaseSpec:
    id: str
    index: int
    title: str | None
    ref: RuleRef
    entry: tuple[CoreStep, ...]  # the phase's ``do … at the start of`` statements, in rule order
    trade: Any  # the trading rules players trade by in this phase (engine/trade_guards.py); None: no trading
    # What its permits let players plant and harvest now, and how many plants they owe
    # (engine/listers.py's PhaseListers: its planting from the hand `front`, from zones `every`;
    # compared by those numbers, zones and rules, not by their closures)
    listers: Any = field(default=None, repr=False)
    exit: tuple[CoreStep, ...] = ()  # the phase's ``do … at the end of`` statements, in rule order
    # the rule that lets a player end the phase when they choose (what another player's end breaks)
    ender: RuleRef | None = None
    # that permit is owed (program.declared_end): the phase waits for its active player to end it,
    # and a harvest they may still make keeps it open (engine/obligations.py), where elsewhere a
    # harvest keeps no phase open
    end_owed: bool = False


def listers_of(ph: PhaseSpec) -> Any:
    """The listers compiled for phase `ph` (engine/listers.py's PhaseListers)."""
    return ph.listers


@dataclass(frozen=True)
class BuyFieldRule:
    """buy-field: any player, at any time, pays `cost` coin cards (their topmost) to the
    discard pile for one more empty field, while they have fewer than `max_fields` (None: no limit)."""
    cost: int
    max_fields: int | None
    ref: RuleRef


@dataclass(frozen=True)
class Ruleset:
    rulebook: str
    players: int
    rules: dict[str, RuleRef]  # every rule by id, for citations
    beans: tuple[str, ...]  # bean ids in play, model order
    bean_counts: dict[str, int]  # every bean of the model (cards in the box)
    removed_beans: tuple[str, ...]  # bean types out of play in this game
    payout: dict[str, tuple[int, ...]]  # bean -> coins for n cards, index n
    fields: int
    fields_ref: RuleRef | None
    deal: tuple[int, ...]  # cards dealt per seat (from the start player)
    direction: int  # +1: turns pass in seat order ("left"), -1: against it
    phases: tuple[PhaseSpec, ...]
    phase_index: dict[str, int]
    harvest: HarvestRule  # what a harvest takes, whose beanometer pays, where coins come from
    on_deck_out: tuple[CoreStep, ...]  # ``do … when the deck runs out`` (the reshuffle)
    ends: tuple[evaluate.Compiled, ...]  # ``end-when`` conditions: the end comes when one holds
    # the places among them that read more than the deck (coins, a counter): tested after every
    # action, where an end by the deck alone comes as the flow leaves a step
    target_ends: tuple[int, ...]
    exhaustion_limit: int | None  # how often the deck may run out, where an end says so (for display)
    exhaustion_ref: RuleRef | None
    finish_during: str | None
    finish_phases: frozenset[str]
    at_end: tuple[CoreStep, ...]  # ``do … when the game ends`` (the final harvest), before scoring
    score_terms: tuple[evaluate.Compiled, ...]  # ``score`` statements: a player's score is their sum
    winner_highest: bool | None  # ``winner``: the highest (False: lowest) score wins; None: no winner rule
    tie_breaks: tuple[TieBreak, ...]
    visibility: dict[str, str]  # zone -> hidden / public / owner-sees / top-visible
    # The permits that compile to data of their own, by the kind of action they permit
    # (engine/actions.py): BuyField -> BuyFieldRule (engine/buying.py). No entry: no rule
    # permits it. (Data of the program, not a field per mechanism: a permit of another kind
    # that compiles so joins this table.)
    permits: dict[type, Any] = field(default_factory=dict)
    at_any_time: tuple[CoreStep, ...] = ()  # ``do … at any time``: after every action and automatic step
    # Card abilities (engine/abilities.py, engine/triggers.py): those a player uses by an
    # action, the steps that run when something happens to a card, the cards never planted.
    abilities: tuple = ()
    triggers: dict = field(default_factory=dict)  # event -> triggers
    unplantable: frozenset[str] = frozenset()
    requirements: tuple[requirements.Requirement, ...] = ()  # ``require`` (engine/requirements.py)
    won_by: tallies.WonBy | None = None  # ``won-by``: who wins as the end comes (engine/tally.py)
    plays_as: dict[str, str] = field(default_factory=dict)  # card -> the bean type it counts as (engine/kinds.py)
    lastings: dict = field(default_factory=dict)  # says -> what an effect may lay down for a while (engine/lasting.py)
    standing: tuple = ()  # forbids and permissions by condition, always in force (engine/permissions.py)
    # Forbids that name no action a rule permits (reordering a hand, buying a field where none
    # is sold, coins back into the deck): nothing to check in play; the rule an action they
    # name breaks, cited where it is refused (lasting.cited).
    guards: tuple = ()
    # forbids of planting the card onto the field, each with the allows that lift it, and the one
    # closure that judges a plant by them (engine/permissions.py; None: every field takes every card)
    plant_guards: tuple = ()
    plant_judge: Any = field(default=None, compare=False, repr=False)
    # forbids of harvesting the field (the protection rule, harvesting only what pays, house
    # rules), each with the allows that lift it, and the one closure that judges a harvest by
    # them (engine/harvest_guards.py; None: every field with cards may be harvested)
    harvest_guards: tuple = ()
    harvest_judge: Any = field(default=None, compare=False, repr=False)
    # The zones, counters and tokens the rules declare besides the standard zones, each by name
    # with how a game starts it (engine/declared.py)
    declared: Declared = field(default_factory=Declared)
    zone_rules: tuple = ()  # who may plant into or harvest a field of the table (engine/zones.py)

    def phase(self, phase_id: str) -> PhaseSpec:
        return self.phases[self.phase_index[phase_id]]

    def cite(self, rule_id: str) -> RuleRef:
        """The rule to cite by its id (decisions name the rule they wait for)."""
        return self.rules.get(rule_id) or RuleRef(rule_id, None)


def _without_spans(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in value.items() if k != "span"}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


def model_hash(model: dict) -> str:
    """Content hash of a rule model: what game records pin their rules to. Source positions
    are left out, so moving a clause in its file (or compiling from elsewhere) changes nothing."""
    text = json.dumps(_without_spans(model), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
