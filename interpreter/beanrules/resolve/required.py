"""Rules the engine cannot do without: a rulebook that leaves one out is rejected by `check`
(the last stage, playable.py), not played on a default nobody wrote."""
from __future__ import annotations

from ..diagnostics import Diagnostic, Span
from ..engine.ruleset import by_players
from .model_rules import error, one, player_counts, rules_of

# Rules the engine cannot do without, though it could run on a default: what it does is only
# right for a rulebook that says so. (What each one's absence would have to mean — hands in any
# order, partial harvests, another way to win, fixed trade sizes, another first player, … — the
# engine cannot play; and a default it would pick silently is a rule nobody wrote.) Each entry:
# kind, when it is needed, the rule to place the error at, what is missing, a sentence to add.
_REQUIRED = (
    ("hand-order", lambda m: bool(rules_of(m, "plant-from-hand")), "plant-from-hand",
     "planting 'from front of hand' needs the hand order to be fixed", "hand order is fixed"),
    ("whole-field", lambda m: one(m, "mixed-fields") is None, "payout",
     "the rulebook never says how much of a field a harvest takes", "harvest whole field"),
    ("payout", lambda m: True, "coin-source",
     "the rulebook never says whose beanometer pays a harvest", "pay by beanometer of top card"),
    ("coin-source", lambda m: True, "payout",
     "the rulebook never says where coins come from", "coins from harvested cards, rest to discard"),
    ("winner", lambda m: True, "end-on-exhaustion", "the rulebook never says who wins", "most coins wins"),
    ("hand-score", lambda m: True, "end-on-exhaustion",
     "the rulebook never says what the cards left in a hand score at the end", "hand cards score 0"),
    ("trade-amounts", lambda m: bool(rules_of(m, "trade")), "trade",
     "the rulebook never says how many cards a trade may move", "trade any number for any number"),
    ("start-player", lambda m: True, "players", "the rulebook never says who starts", "start player chosen"),
    ("turn-order", lambda m: True, "players", "the rulebook never says which way the turn passes",
     "turn passes left"),
    (("tie-farthest-seat", "tie-most-hand-cards", "tie-shared", "tie-token-holder"), lambda m: True, "winner",
     "the rulebook never says who wins a tie", "ties are shared"),
)


def _zones_needed(model: dict) -> list[str]:
    """The zones a game of this model uses, whose visibility the rulebook must state (a view
    shows each of them to each player)."""
    needed = ["deck", "discard", "hand", "field", "coins"]
    if rules_of(model, "reveal") or any(r["params"]["zone"] == "offer" for r in rules_of(model, "plant-pending")):
        needed.append("offer")
    if rules_of(model, "traded-to-set-aside"):
        needed.append("set-aside")
    return needed


def _cards_out_of_play(model: dict) -> bool:
    """Some bean type stays in the box for some player count."""
    beans = {b["id"] for b in model["beans"]}
    use = one(model, "use-beans")
    for n in player_counts(model):
        used = set(by_players(use["params"]["beans"], n, use["id"], default=beans)) if use else beans
        for rule in rules_of(model, "remove-beans"):
            used -= set(by_players(rule["params"]["beans"], n, rule["id"], default=()))
        if used != beans:
            return True
    return False


def required_rules(model: dict, header: Span | None) -> list[Diagnostic]:
    out = []
    for kinds, needed, near, message, sentence in _REQUIRED:
        if not rules_of(model, *([kinds] if isinstance(kinds, str) else kinds)) and needed(model):
            out.append(error("missing-rule", message, one(model, near), header, f"add: {sentence}"))
    declared = {r["params"]["zone"] for r in rules_of(model, "zone")}
    # Cards out of play (beans not used, or the bank coins come from) lie in `removed`, which a
    # rulebook may call its bank.
    out_of_play = _cards_out_of_play(model) or any(
        r["params"]["from"] == "bank" for r in rules_of(model, "coin-source"))
    missing = [z for z in _zones_needed(model) if z not in declared]
    if out_of_play and not declared & {"removed", "bank"}:
        missing.append("removed")
    for zone in missing:
        near = rules_of(model, "zone")
        out.append(error("missing-rule", f"the rulebook never says who sees the {zone}", near[0] if near else None,
                          header, f"add to the zones: zone {zone}{' per player' if zone in _PER_PLAYER else ''} "
                                  f"{'hidden' if zone in ('deck', 'removed') else 'public'}"))
    return out


_PER_PLAYER = {"hand", "field", "coins", "set-aside"}
