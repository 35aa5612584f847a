"""What each core node means to the engine: one table, one entry per node type.

An entry (engine/meaning.py) names, for each role the node can play (an actor, a place, a
quantity, a condition, an effect), the one function that compiles it into a closure over the
game state; the evaluator (engine/evaluate.py) asks this table and nothing else, so which
compiler runs never depends on the order modules were imported in. A node type whose meaning
depends on the shape of its fields (a ``move`` of a picked card, of the top cards of a pile, of
one card of each type) lists its shapes' compilers in the order they are tried, here, in one
place: each says None for a shape that is not its own.

The table is this module's entries and those a module keeps beside its compile functions (its
``ENTRIES``, from the modules named in ``BESIDE``): a new node compiled by one of those modules
is added there, beside its function, and this module is not edited. Merging is explicit and
refuses a node given two entries, so the table stays one registry.

Statements and timings are not compiled to closures one by one: the compiler compiles each,
from its own nodes, into the program's steps, listers, judges and data (engine/compiler.py).
Their entries name the functions that compile them (``read_by``, checked to exist by a test),
so the table says, for every node of the core, where its meaning lives (docs/architecture.md).
"""
from __future__ import annotations

from types import ModuleType
from typing import Mapping

from ..core import actors, conditions, effects, places, quantities, statements, timing
from ..core.categories import Node
from . import decisions, deck, effects as ability_effects, evaluate, hand_effects, harvesting, lasting, marks, selection
from .meaning import ROLES, Compiler, Semantics, read as _read, run as _run, shapes

__all__ = ["BESIDE", "ROLES", "SEMANTICS", "Semantics", "compiler_for", "shapes"]

BESIDE: tuple[ModuleType, ...] = (evaluate, marks, selection, decisions, ability_effects, hand_effects)
"""The modules that keep the entries of the nodes they compile beside the functions (their
``ENTRIES``), in the order they are merged."""

_TABLE: dict[type[Node], Semantics] = {
    # ---------------------------------------------------------------- actors
    # a name bound by choose, for-each or let: a player, a field, or a number
    actors.Bound: _run(actor=evaluate.bound_player, place=evaluate.bound_zone, quantity=selection.bound_number),
    # ---------------------------------------------------------------- places
    places.Zone: _run(place=shapes(evaluate.pile, ability_effects.all_fields)),
    # the cards a permit plants (the front card of the own hand, any card of a zone) pick its lister
    places.CardsIn: _read("engine.selection.cards", "engine.effects.move", "engine.decisions",
                          "engine.listers.front_phase", "engine.listers.zone_phase", "engine.buying.sells_field"),
    places.TradedAmount: _read("engine.trade_guards.compile_guards"),
    # ---------------------------------------------------------------- quantities
    quantities.PlayersCase: _read("engine.evaluate.for_players"),
    quantities.BeanList: _read("engine.program"),
    quantities.Count: _run(quantity=shapes(evaluate.count_all, hand_effects.count_of)),
    quantities.FieldValue: _run(quantity=harvesting.field_value),
    # ---------------------------------------------------------------- conditions
    conditions.MayHarvest: _run(condition=lasting.may_harvest_condition),
    # ---------------------------------------------------------------- effects
    effects.Move: _run(effect=shapes(hand_effects.each_type, ability_effects.move, selection.move_selected)),
    effects.Reveal: _run(effect=deck.reveal),
    effects.Draw: _run(effect=deck.draw),
    effects.Deal: _read("engine.program"),
    effects.Shuffle: _run(effect=shapes(deck.shuffle_into, hand_effects.shuffle)),
    effects.Plant: _run(effect=shapes(hand_effects.plant_for, ability_effects.plant)),
    effects.Harvest: Semantics(roles={"effect": shapes(harvesting.harvest_bound, harvesting.harvest_table_field)},
                               read_by=("engine.listers.by_choice", "engine.permissions")),
    effects.Trade: _read("engine.lasting", "engine.trade_guards.compile_guards"),
    effects.UseAbility: _read("engine.lasting"),
    # who may end a phase, and which phases end only when declared (PhaseSpec.ender, end_owed)
    effects.EndPhase: _read("engine.program.ends_phase", "engine.program.declared_end", "engine.program.ender"),
    effects.EndGame: Semantics(not_run="a game ends by its end-when statements"),
    effects.Lasting: _run(effect=lasting.lay),
    effects.Choose: _run(effect=shapes(hand_effects.choose_card, ability_effects.choose)),
}
# ---------------------------------------------------------------- timings: read with the statement that holds them
_TABLE.update({
    timing.AtSetup: _read("engine.program.setup_deal", "engine.declared.compile_declared"),
    timing.AtStartOf: _read("engine.program.phase_entry"),
    timing.AtEndOf: _read("engine.program.phase_exit", "engine.lasting.deadline"),
    timing.EndOfTurn: _read("engine.lasting.deadline"),
    timing.EndOfPhaseOf: _read("engine.lasting.deadline"),
    timing.StartOfTurn: _read("engine.lasting.deadline"),
    timing.During: _read("engine.listers.compile_listers", "engine.program.ends_phase", "engine.permissions.standing", "engine.card_moves.compile_move",
                         "engine.draw_moves.compile_draw", "engine.abilities.kind_of"),
    timing.AnyTime: _read("engine.listers.compile_listers", "engine.buying.compile_buying", "engine.permissions.standing", "engine.card_moves.compile_move",
                          "engine.abilities.usable_abilities"),
    timing.OncePerTurn: _read("engine.abilities.usable_abilities"),
    timing.WhenPlayer: _read("engine.compiler.compile_triggers", "engine.abilities.kind_of"),
    timing.AtStartOfRound: _read("engine.program.round_entry"),
    timing.When: _read("engine.compiler.compile_triggers", "engine.abilities.kind_of",
                       "engine.trade_guards.compile_guards"),
    timing.WhenDeckRunsOut: _read("engine.program.deck_out"),
    timing.WhileOnTop: _read("engine.abilities.kind_of"),
    timing.AtGameEnd: _read("engine.program.game_end"),
    timing.WholeGame: _read("engine.lasting.deadline"),
})
# ---------------------------------------------------------------- statements: read into the program
# (each by the functions that compile it from its own nodes; no statement is read back into a
# setting by its shape: engine/readings.py is gone)
_TABLE.update({
    statements.Players: _read("engine.game.Game"),  # the player count a game is made for
    statements.DeclareZone: _read("engine.program.visibility", "engine.program.zone_refusal"),
    statements.DeclareZoneOfKind: _read("engine.program.visibility", "engine.declared.compile_declared"),
    statements.DeclareCounter: _read("engine.declared.compile_declared", "engine.harvest_rule.compile_pays_into"),
    statements.DeclareToken: _read("engine.declared.compile_declared"),
    statements.Card: _read("engine.abilities.card_abilities"),
    statements.InPlay: _read("engine.program.beans_in_play"),
    statements.OutOfPlay: _read("engine.program.beans_in_play"),
    statements.Fields: _read("engine.program.setup_fields"),
    statements.ChooseStartPlayer: _read("engine.declared.compile_declared"),  # its token's holder; the start player is the first seat
    statements.TurnOrder: _read("engine.program.direction"),
    statements.BelongsTo: _read("engine.trade_guards.compile_guards"),
    statements.Do: _read("engine.program.phase_entry", "engine.program.round_entry", "engine.program.phase_exit",
                         "engine.program.deck_out", "engine.program.game_end", "engine.program.setup_deal",
                         "engine.compiler.compile_triggers", "engine.trade_guards.compile_guards"),
    # a permit of planting or harvesting compiles into a lister (engine/listers.py)
    # (picked by its action, the cards' source, its timing and condition: listers.front_phase,
    # zone_phase, by_choice; an end of a phase: program.ends_phase; buying a field: buying.sells_field)
    statements.Permit: _read("engine.listers.compile_listers", "engine.program.ends_phase", "engine.buying.compile_buying",
                             "engine.card_moves.compile_move",
                             "engine.draw_moves.compile_draw", "engine.permissions.standing",
                             "engine.trade_guards.compile_guards"),
    # a forbid of harvesting the field is a harvest guard: one judge of them all (engine/harvest_guards.py);
    # a forbid or allow of planting the card on the field, the planting judge's (engine/permissions.py)
    statements.Forbid: _read("engine.permissions.standing", "engine.permissions.compile_judge",
                             "engine.lasting.compile_lasting", "engine.trade_guards.compile_guards",
                             "engine.harvest_guards.compile_judge"),
    statements.Allow: _read("engine.permissions.standing", "engine.permissions.compile_judge",
                            "engine.lasting.compile_lasting", "engine.trade_guards.compile_guards"),
    statements.LiesOpen: _read("engine.exposure.compile_open", "engine.lasting.compile_lasting"),
    statements.Require: _read("engine.requirements"),
    statements.Ability: _read("engine.abilities.card_abilities"),
    statements.EndWhen: _read("engine.program.ends"),
    statements.FinishTurn: _read("engine.program.finish_turn"),
    statements.Score: _read("engine.program.scoring"),
    statements.Winner: _read("engine.program.scoring"),
    statements.WonBy: _read("engine.tally.compile_won_by"),
    statements.TieBreak: _read("engine.program.scoring"),
    # the harvest, compiled once into the program's HarvestRule (engine/harvest_rule.py)
    statements.HarvestTakes: _read("engine.harvest_rule.compile_takes", "engine.harvest_rule.compile_harvest"),
    statements.Payout: _read("engine.harvest_rule.compile_payout", "engine.harvest_rule.compile_harvest"),
    statements.PayInto: _read("engine.harvest_rule.compile_pays_into", "engine.harvest_rule.compile_harvest"),
    statements.CoinSource: _read("engine.harvest_rule.compile_coin_source", "engine.harvest_rule.compile_harvest",
                                 "engine.harvest_rule.coins_written"),
})


def _merged(table: Mapping[type[Node], Semantics], modules: tuple[ModuleType, ...]) -> dict[type[Node], Semantics]:
    """This module's entries and those each of `modules` keeps beside its compile functions;
    a node type given an entry twice is an error (the table would not say which one runs)."""
    merged = dict(table)
    for module in modules:
        for node_type, entry in module.ENTRIES.items():
            if node_type in merged:
                raise AssertionError(f"core node '{node_type.NODE}' has two semantics entries "
                                     f"(engine/semantics.py and {module.__name__})")
            merged[node_type] = entry
    return merged


SEMANTICS: dict[type[Node], Semantics] = _merged(_TABLE, BESIDE)
"""Every core node type's one entry."""


def compiler_for(node_type: type, role: str) -> Compiler | None:
    """The function that compiles a node of `node_type` in `role`, or None: the engine does not
    run it there (evaluate then refuses the node by name, when the game is created)."""
    entry = SEMANTICS.get(node_type)
    return entry.roles.get(role) if entry is not None else None
