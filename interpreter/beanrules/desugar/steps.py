"""Rewrite of a rule's own step when something happens to a card ("when a card is harvested,
if own harvests >= 2:" with effects under it) into a core ``do`` at that event: the effects
are an ability's (desugar/cards.py), run for the player the card belongs to; written in a
phase, the step holds only in that phase. A phase's own step ("at start of phase:") is a core
``do`` at the start of its phase, run for the active player."""
from __future__ import annotations

from ..core.conditions import AllOf, InPhase
from ..core.effects import Sequence
from ..core.statements import Do
from ..core.timing import AtGameEnd, AtStartOfRound, When
from .build import phase_start
from .cards import condition, effect
from .registry import rewrite


@rewrite("card-step", 'counter harvests per player   § r "p.1"\n'
                      'rule tally: when a card is harvested, if own harvests < 3:   § r "p.1"\n'
                      '  add 1 to own harvests',
         "When a card is harvested, if the harvests of the owner of this card is less than 3: add 1 to the owner of this card's harvests.")
def card_step(rule):
    """When a card (of the bean named, else any) is planted, harvested, revealed or drawn, and
    the condition holds, the effects run by themselves for the player the card belongs to."""
    p = rule["params"]
    test = condition(p["condition"]) if p["condition"] else None
    if rule.get("phase"):
        test = InPhase(rule["phase"]) if test is None else AllOf((InPhase(rule["phase"]), test))
    steps = tuple(effect(e) for e in p["effects"])
    return (Do(When(p["event"], p["bean"], None), test, steps[0] if len(steps) == 1 else Sequence(steps)),)


@rewrite("round-step", 'rule market: at the start of each round:   § r "p.1"\n'
                       '  move 1 from deck top to discard top',
         "At the start of each round: move the top card of the deck to the discard pile (top).")
def round_step(rule):
    """When a round begins (the first turn, and each turn after every player has had one),
    and the condition holds, the effects run by themselves for the player whose turn begins."""
    p = rule["params"]
    test = condition(p["condition"]) if p["condition"] else None
    if rule.get("phase"):
        test = InPhase(rule["phase"]) if test is None else AllOf((InPhase(rule["phase"]), test))
    steps = tuple(effect(e) for e in p["effects"])
    return (Do(AtStartOfRound(), test, steps[0] if len(steps) == 1 else Sequence(steps)),)


@rewrite("end-step", 'zone middle is a field for the table, public   § r "p.1"\n'
                     'rule last-harvest: at the end of the game, if count of the middle > 0:   § r "p.1"\n'
                     '  harvest the middle',
         "When the game ends, if the number of cards in the middle is more than 0: the owner of this card harvests the middle.")
def end_step(rule):
    """When the game ends (after the final harvest, before scoring), and the condition holds,
    the effects run by themselves for the player whose turn it was ("own"): a field of the
    table nobody owns is harvested at the end only where a rule says who harvests it."""
    p = rule["params"]
    test = condition(p["condition"]) if p["condition"] else None
    steps = tuple(effect(e) for e in p["effects"])
    return (Do(AtGameEnd(), test, steps[0] if len(steps) == 1 else Sequence(steps)),)


@rewrite("phase-step", 'phase auction "Auction"   § r "p.1"\n'
                       '  rule sale: at start of phase, if count of offer > 0:   § r "p.1"\n'
                       '    each opponent bids coins for offer top, in turn:   § r "p.1"\n'
                       '      winner pays price coins to active player   § r "p.1"\n'
                       '      move 1 from offer top to winner set-aside',
         "At the start of phase auction, if the number of cards in the offer is more than 0: each other player "
         "bids coins for the top card of the offer (in turn, raising or passing); the highest bid wins, as winner "
         "at price: winner pays price coins to the active player; then move the top card of the offer to "
         "winner's set-aside cards.")
def phase_step(rule):
    """When the phase begins (after the steps of the phase written before it), and the condition
    holds, the effects run for the active player; they may ask players to decide."""
    if not rule.get("phase"):
        from . import NoRewrite
        raise NoRewrite(f"rule '{rule['id']}': 'at start of phase' is a step of a phase: write it inside one")
    p = rule["params"]
    steps = tuple(effect(e) for e in p["effects"])
    return (Do(phase_start(rule), condition(p["condition"]) if p["condition"] else None,
               steps[0] if len(steps) == 1 else Sequence(steps)),)
