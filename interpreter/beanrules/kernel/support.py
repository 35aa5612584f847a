"""What the kernel plays, and a plain reason when it does not.

The kernel is built from the compiled Ruleset, which is where the engine reads every rule.
So it refuses, by name:
- a field of the Ruleset (or of a phase, a step) it does not know, holding a
  value: the engine grew a mechanism this spec uses;
- a core node it does not compile (core.py says which);
- a bot it does not play.
Each refusal sends the game to the interpreter, so the kernel never plays a rule it does not
know. Fields the kernel does not know but that are empty (None, False, nothing listed) are
mechanisms this spec does not use.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ..engine import ruleset as engine_rules
from ..engine.actions import BuyField, DrawCard, MoveCard
from ..engine.trading import guards_of
from .core import KernelUnsupported

# No list of rule kinds: a kind is played where what it compiles to is (the checks below and
# kernel/core.py's refusals by core node and by card event), so a kind the kernel cannot run is
# refused by what it cannot run, in the kind's own words (a step when a card is planted, the core
# effect add-to-counter). A hand-kept list left out kinds the kernel plays (a rule's own step
# when a card is harvested, which runs as the engine's trigger on the engine's harvest).

# A house rule by condition (forbid-while, or a permission: `any player may harvest when …`) is
# the engine's to judge, whatever action it names: a planting, harvest or trading guard by the
# engine's judges (kernel/planting.py; the harvest judge, written into kernel/fast.py's loop where
# it is one expression over the fields and the phase, else called through the phase's harvest
# lister, as machine.harvestable calls it; the trade guards, which judge and list trades on the
# kernel's state, kernel/moves.py), and every constraint always in force (the Ruleset's
# `standing`: one on buying a field, discarding, using abilities, a permission to harvest) by
# engine/lasting.py's `constrain` over the kernel's listing (kernel/lasting.py), as those a card
# lays down for a while; a plant one takes away for good lapses there too. So no kind of rule is
# refused by name.

# The fields of the engine's compiled rules the kernel reads (or knows it may ignore: names,
# citations, display values), per dataclass.
KNOWN_FIELDS: dict[str, frozenset[str]] = {
    "Ruleset": frozenset({
        "rulebook", "players", "rules", "beans", "bean_counts", "removed_beans", "payout", "fields",
        "fields_ref", "deal", "direction", "phases", "phase_index",
        "harvest", "on_deck_out", "ends", "exhaustion_limit", "exhaustion_ref",
        "finish_during", "finish_phases", "at_end", "score_terms", "winner_highest", "tie_breaks",
        "visibility", "permits", "guards", "at_any_time",
        "triggers", "declared", "target_ends", "abilities", "unplantable",
        "requirements", "won_by"}),
    "PhaseSpec": frozenset({"id", "index", "title", "ref", "entry", "trade", "listers", "exit",
                            "ender",  # (a citation: who may end the phase is listed as the engine lists it)
                            "end_owed"}),  # a phase its active player ends by declaring it (the completion: engine/obligations.py)
    # a phase's permits of planting and harvesting, compiled by the engine (engine/listers.py);
    # `room`: the harvest owed to make room, asked by engine/planting.py in both modes; `harvest_who`: whom
    # `harvests` lets harvest, written into the loop with the harvest judge's listing (kernel/fast.py)
    "PhaseListers": frozenset({"front", "every", "harvests", "refusal", "harvesting", "room", "harvest_who"}),
    "FrontPlanting": frozenset({"least", "most", "ref", "lister"}),
    "ZonePlanting": frozenset({"who", "zone", "ref", "optional", "lister", "attr"}),
    "CoreStep": frozenset({"run", "condition", "ref"}),
    "TieBreak": frozenset({"key", "highest"}),
    "MoveRule": frozenset({"verb", "source", "dest", "source_zone", "dest_zone", "pick", "end", "phase", "most",
                           "condition", "ref"}),
    "BuyFieldRule": frozenset({"cost", "max_fields", "ref"}),
    "DrawRule": frozenset({"phase", "least", "most", "draw", "ref"}),
    "WonBy": frozenset({"condition", "name"}),
    # the declared state: counters and tokens (kernel/tally.py, machine.py), not zones of its own
    "Declared": frozenset({"counters", "tokens"}),
}
# card mechanisms the kernel learnt: cards that play as another type (engine/kinds.py),
# constraints that last (kernel/lasting.py).
KNOWN_FIELDS["Ruleset"] = KNOWN_FIELDS["Ruleset"] | {"plays_as", "lastings"}
# The planting guards (engine/permissions.py): the kernel asks the engine's judge, as the
# interpreter does (kernel/planting.py); it refuses a judge whose guards read more than the
# player's fields (Planting).
KNOWN_FIELDS["Ruleset"] = KNOWN_FIELDS["Ruleset"] | {"plant_guards", "plant_judge"}
# The harvest guards (engine/harvest_guards.py): the kernel runs the engine's judge on its own
# state, written into its loop where it is one expression, else by its closures.
KNOWN_FIELDS["Ruleset"] = KNOWN_FIELDS["Ruleset"] | {"harvest_guards", "harvest_judge"}
# constraints by condition always in force: engine/lasting.py's constrain over the kernel's listing (kernel/lasting.py)
KNOWN_FIELDS["Ruleset"] = KNOWN_FIELDS["Ruleset"] | {"standing"}
# The permits compiled to data of their own that the kernel plays, by the kind of action
# (Ruleset.permits): buying a field, moving one card (engine/card_moves.py), drawing one
# (engine/draw_moves.py), each listed and made by the engine's functions (kernel/moves.py).
_PERMITS = frozenset({BuyField, MoveCard, DrawCard})
_PLANTED_FROM = {"hand", "set-aside", "offer"}


def _empty(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, (tuple, list, dict, set, frozenset, str))
                                               and not value)


def _unknown_fields(obj: Any, where: str) -> None:
    """Refuse a field of a compiled-rules dataclass the kernel does not know, if it holds a value."""
    known = KNOWN_FIELDS.get(type(obj).__name__)
    if known is None:
        raise KernelUnsupported(f"{where}: the engine's {type(obj).__name__}, new to the kernel")
    for f in dataclasses.fields(obj):
        if f.name not in known and not _empty(getattr(obj, f.name)):
            raise KernelUnsupported(f"{where}: '{f.name}' (a mechanism new to the kernel)")


def check_ruleset(rs: engine_rules.Ruleset) -> None:
    """Refuse compiled rules that hold a mechanism the kernel does not know."""
    _unknown_fields(rs, "the rules")
    for kind, permit in rs.permits.items():
        if kind not in _PERMITS:
            raise KernelUnsupported(f"the rules: a permit of {kind.__name__} (a mechanism new to the kernel)")
    if BuyField in rs.permits:
        _unknown_fields(rs.permits[BuyField], "buying a field")
    for tie in rs.tie_breaks:
        _unknown_fields(tie, "a tie-break")
    for move in rs.permits.get(MoveCard, ()):
        _unknown_fields(move, f"rule '{move.ref.id}'")
    for step in rs.on_deck_out + rs.at_end + rs.at_any_time:
        _unknown_fields(step, f"rule '{step.ref.id}'")
    _flow(rs)
    _trading(rs)
    for ph in rs.phases:
        _unknown_fields(ph, f"phase '{ph.id}'")
        planting = ph.listers
        _unknown_fields(planting, f"phase '{ph.id}'")
        if planting.front is not None:
            _unknown_fields(planting.front, f"phase '{ph.id}'")
        for step in ph.entry + ph.exit:
            _unknown_fields(step, f"phase '{ph.id}'")
        for pending in planting.every:
            _unknown_fields(pending, f"phase '{ph.id}'")
            if pending.zone not in _PLANTED_FROM or pending.who not in ("everyone", "active") or \
                    (pending.zone == "hand" and planting.front is not None):
                raise KernelUnsupported(f"phase '{ph.id}': planting {pending.who}'s {pending.zone} cards")


def _flow(rs: engine_rules.Ruleset) -> None:
    """The flow mechanisms (the hand limit, draws by action, counters and a target): their
    compiled rules hold no field the kernel does not know, and the hand limit is tried wherever
    the kernel lets a card into a hand (a trade into the hand is not; a card's ability is:
    kernel/abilities.py lists no use that would break it). A requirement itself is the engine's
    (engine/requirements.py, asked on the kernel's state): nothing of it to check here; so is a
    harvest whose coins are written down, with the steps it fires (the engine's harvester)."""
    for draw in rs.permits.get(DrawCard, ()):
        _unknown_fields(draw, f"rule '{draw.ref.id}'")
    if rs.won_by is not None:
        _unknown_fields(rs.won_by, "the counters")
    _unknown_fields(rs.declared, "the declared state")
    trades = guards_of(rs)
    if rs.requirements and trades is not None and trades.received_zone == "hand":
        raise KernelUnsupported(f"rule '{rs.requirements[0].ref.id}' with trades into the hand "
                                "(the kernel does not try them against it)")


# The zones the kernel plays on (the engine's standard ones), by the names the rules give them.
_HELD_ZONES = frozenset({"hand", "set-aside", "coins", "deck", "discard", "offer", "removed"})


def _trading(rs: engine_rules.Ruleset) -> None:
    """The kernel judges and lists trades by the engine's trade guards on its own state, and
    puts received cards where the rules' step on the trade says (engine/trade_guards.py): a
    zone its state holds."""
    trades = guards_of(rs)
    if trades is not None and trades.received_zone not in _HELD_ZONES:
        raise KernelUnsupported(f"'{trades.received_says}': received cards go to a place the kernel does not keep")
