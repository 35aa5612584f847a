"""What the engine raises: refusals that name a rule, bad notation, unsupported rule kinds."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RuleRef:
    """A rule as a refusal names it: its id, first citation ("es: Fase 1") and text."""

    id: str
    citation: str | None
    text: str = ""

    @classmethod
    def of(cls, rule: dict) -> "RuleRef":
        citations = rule.get("provenance", {}).get("citations") or []
        citation = f"{citations[0]['source']}: {citations[0]['where']}" if citations else None
        return cls(rule["id"], citation, rule.get("text", ""))


class IllegalAction(Exception):
    """An action the rules forbid. ``rule`` is the forbidding rule's id, ``citation`` where the
    rulebook says so. The game state is left exactly as it was before the action."""

    def __init__(self, rule: RuleRef | str | None, message: str):
        if isinstance(rule, RuleRef):
            self.rule: str | None = rule.id
            self.citation: str | None = rule.citation
            self.rule_text = rule.text
        else:
            self.rule, self.citation, self.rule_text = rule, None, ""
        self.message = message
        where = f" [{self.rule}" + (f", {self.citation}" if self.citation else "") + "]" if self.rule else ""
        super().__init__(message + where)

    def to_json(self) -> dict:
        return {"refused": True, "rule": self.rule, "citation": self.citation, "message": self.message}


def game_over(rs: Any) -> IllegalAction:
    """The refusal of any action once the game is over: it cites the rule that ends the game,
    whichever action it is (docs/engine-contract.md)."""
    return IllegalAction(rs.exhaustion_ref, "the game is over")


class NotationError(ValueError):
    """A line that is not an action in the notation (docs/actions.md)."""

    def __init__(self, text: str, message: str, column: int | None = None):
        self.text, self.column = text, column
        pointer = f"\n  {text}\n  {' ' * (column - 1)}^" if column else ""
        super().__init__(f"{message}{pointer}")
        self.message = message


class ImpossibleState(ValueError):
    """A start no game of these rules could reach: players the rules do not allow or the
    notation cannot name, or a partial state (Game.from_partial) that names a phase, a player,
    a zone, a bean, a field, a counter or a token the game has not, more cards of a bean than
    it holds, or a hand past the hand limit (docs/engine-contract.md, "Partial states"). ``key`` says where, as a path in the
    state JSON (``players``, ``start_player``, ``active``, ``phase``, ``hands.Bob``,
    ``fields.Anna``, ``tokens.thaler``, ``counters.thalers``); None where the state as a whole
    is at fault (more cards of a bean than the game has). Every engine of the contract refuses
    these; the conformance suite checks that it names the same key."""

    def __init__(self, key: str | None, message: str):
        super().__init__(message)
        self.key = key
        self.message = message


class UnsupportedRule(ValueError):
    """A rule of the model says, in its core, what this engine does not play yet (or a value it
    cannot use for this player count).
    ``rule`` is the id of the rule at fault, when one is (check places its error there);
    ``card`` the id of the card whose ability is at fault, when it is one (see about_card)."""

    def __init__(self, message: str, rule: str | None = None, card: str | None = None):
        super().__init__(message)
        self.rule = rule
        self.card = card


@contextmanager
def about_card(card: str) -> Iterator[None]:
    """A refusal raised while a card's abilities compile names that card (UnsupportedRule.card),
    so a caller learns which card to fix as it learns which rule for a rule's refusal."""
    try:
        yield
    except UnsupportedRule as exc:
        if exc.card is None and exc.rule is None:
            exc.card = card
        raise


class Stalled(RuntimeError):
    """The game cannot go on: it waits for a player who has no legal action, or turns pass with
    no decision and no card taken from the deck. A rule model that ``check`` accepts never gets
    here; ``where`` names the state (phase, active, turn, waiting_for) for the report."""

    def __init__(self, message: str, where: dict):
        self.where = where
        place = ", ".join(f"{k} {', '.join(v) if isinstance(v, list) else v}" for k, v in where.items())
        super().__init__(f"{message} ({place})")
        self.message = message
