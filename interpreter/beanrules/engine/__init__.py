"""The generic interpreter: plays any rule model whose rule kinds it knows.

    from beanrules import compile_spec
    from beanrules.engine import Game
    game = Game(compile_spec("classic"), players=["Anna", "Natalie", "Greg"], seed=7)

See docs/engine-contract.md for the API, the state JSON and events, docs/actions.md for the
action notation.
"""
from __future__ import annotations

from .actions import Action, BuyField, CardRef, EndPhase, Harvest, Plant, Propose, Respond
from .errors import IllegalAction, ImpossibleState, NotationError, RuleRef, Stalled, UnsupportedRule
from .game import Game, default_players
from .notation import parse_action, to_notation
from .compiler import compile_ruleset
from .ruleset import Ruleset, model_hash
from .semantics import compiler_for
from .evaluate import use_semantics

use_semantics(compiler_for)  # the one table of what each core node means (engine/semantics.py)

__all__ = ["Action", "BuyField", "CardRef", "EndPhase", "Game", "Harvest", "IllegalAction", "ImpossibleState", "NotationError", "Plant",
           "Propose", "Respond", "RuleRef", "Ruleset", "Stalled", "UnsupportedRule", "compile_ruleset",
           "default_players", "model_hash", "parse_action", "to_notation"]
