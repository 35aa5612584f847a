"""The state a program declares: its zones, counters and tokens, each by name with how a game
starts it (``declare-zone-of-kind``, ``declare-counter``, ``declare-token``; the token the
start player keeps, ``choose-start-player … keeps``; a token passed to the start player at the
setup).

This is data of the program, not a setting per mechanism: the setup starts a game from it, a
loaded state is held to it, the terminal, the view and the environments show the zones it
names, and the kernel refuses the parts it does not play (its zones). What the nodes that read
and change counters and tokens mean is engine/marks.py's; the rules on a declared field of the
table are engine/zones.py's.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import actors, effects, statements as core
from ..core.timing import AtSetup
from .errors import UnsupportedRule

Program = list[tuple[dict, Any]]

# Who holds a token from the setup on: the start player (a holder word, not a rule kind).
START = "the start player"


@dataclass(frozen=True)
class Declared:
    """The zones, counters and tokens a program declares besides the standard zones."""

    zones: dict[str, core.DeclareZoneOfKind] = field(default_factory=dict)  # by name: its kind, owners, visibility
    counters: dict[str, core.DeclareCounter] = field(default_factory=dict)  # by name: per player or not, its start
    # by name: who holds it as the game starts (START, or None: nobody). A token the start
    # player keeps all game is not here: its holder is the state's start player (marks.holder).
    tokens: dict[str, str | None] = field(default_factory=dict)

    def initial_zones(self, seats: int) -> dict[str, Any] | None:
        """The declared zones of a new game, all empty, one list by seat for a zone per player
        (None: the rules declare none)."""
        if not self.zones:
            return None
        return {name: ([[] for _ in range(seats)] if d.per_player else []) for name, d in self.zones.items()}

    def initial_counters(self, seats: int) -> dict[str, Any] | None:
        """A new game's counters: a per-player one as a list by seat."""
        if not self.counters:
            return None
        return {name: ([c.start] * seats if c.per_player else c.start) for name, c in self.counters.items()}

    def initial_tokens(self, start_player: int) -> dict[str, int | None] | None:
        """Who holds each token as a game starts (the start player's seat, or None: nobody)."""
        if not self.tokens:
            return None
        return {t: start_player if held == START else None for t, held in self.tokens.items()}


def compile_declared(program: Program) -> Declared:
    """What the program declares (a later declaration of a zone or counter replaces an earlier one)."""
    fixed = {s.token for _, s in program if isinstance(s, core.ChooseStartPlayer) and s.token}
    if fixed:
        _kept_alone(program, fixed)
    held = {s.effect.token for _, s in program
            if isinstance(s, core.Do) and isinstance(s.when, AtSetup)
            and isinstance(s.effect, effects.PassToken) and isinstance(s.effect.to, actors.StartPlayer)}
    return Declared(
        zones={s.zone: s for _, s in program if isinstance(s, core.DeclareZoneOfKind)},
        counters={s.counter: s for _, s in program if isinstance(s, core.DeclareCounter)},
        tokens={s.token: START if s.token in held else None for _, s in program
                if isinstance(s, core.DeclareToken) and s.token not in fixed})


def _kept_alone(program: Program, fixed: set[str]) -> None:
    """A token the start player keeps all game (``start player chosen, keeps the card``) is not
    stored: its holder is the state's start player. So no other rule may declare it again (as
    held by nobody, say) or pass it: the game could not do what that rule says (UnsupportedRule
    at that rule; check reports it there)."""
    keeping = {rule["id"]: rule.get("text") or rule["id"] for rule, s in program
               if isinstance(s, core.ChooseStartPlayer) and s.token}
    for rule, statement in program:
        if rule["id"] in keeping:
            continue
        for node in statement.walk():
            if isinstance(node, (core.DeclareToken, effects.PassToken)) and node.token in fixed:
                said = next(iter(keeping.values()))
                does, so = (("declares", "it has no holder of its own to give") if isinstance(node, core.DeclareToken)
                             else ("passes", "no rule can pass it"))
                raise UnsupportedRule(
                    f"rule '{rule['id']}' {does} the token '{node.token}', which the start player keeps all game "
                    f"('{said}'): {so}", rule["id"])
