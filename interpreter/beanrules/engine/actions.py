"""Actions as values, and their canonical line in the action notation (docs/actions.md)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named in a trade: `zone` None means "the offer if the owner is active and has
    that bean there, else the hand"; `position` (1-based) picks a hand card by place."""
    bean: str | None
    zone: str | None = None
    position: int | None = None

    def notation(self) -> str:
        if self.position is not None:
            return f"hand {self.position}"
        return f"{self.zone} {self.bean}" if self.zone else str(self.bean)

    def to_json(self) -> dict:
        out: dict = {"zone": self.zone, "bean": self.bean}
        if self.position is not None:
            out["position"] = self.position
        return out


@dataclass(frozen=True, slots=True)
class Plant:
    player: str
    bean: str | None = None  # None: the front card (or the only pending bean)
    # 1-based; a name: a field of the table the rules declare ("in the middle", engine/zones.py);
    # None: the field holding that bean, else the first empty
    field: int | str | None = None
    zone: str | None = None  # "hand", "offer", "set-aside"; None: where this phase plants from

    def notation(self) -> str:
        parts = [self.player, "plants"]
        if self.zone and self.zone != "hand":
            parts.append(self.zone)
        if self.bean:
            parts.append(self.bean)
        if isinstance(self.field, str):
            parts += ["in", "the", self.field]
        elif self.field is not None:
            parts += (["in"] if self.bean or (self.zone and self.zone != "hand") else []) + [str(self.field)]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Harvest:
    player: str
    field: int | str | None = None  # 1-based, or the name of a field of the table ("the middle")
    bean: str | None = None

    def notation(self) -> str:
        if isinstance(self.field, str):
            return f"{self.player} harvests the {self.field}"
        return f"{self.player} harvests {self.field if self.field is not None else self.bean}"


@dataclass(frozen=True, slots=True)
class EndPhase:
    player: str
    what: str = "phase"  # "phase", "planting", "trading"

    def notation(self) -> str:
        return f"{self.player} ends {self.what}"


@dataclass(frozen=True, slots=True)
class Propose:
    player: str
    to: str
    give: tuple[CardRef, ...]
    take: tuple[CardRef, ...] = ()

    def notation(self) -> str:
        give = ", ".join(c.notation() for c in self.give)
        if not self.take:
            return f"{self.player} gives {give} to {self.to}"
        take = ", ".join(c.notation() for c in self.take)
        if not self.give:
            return f"{self.player} asks {self.to} for {take}"
        return f"{self.player} offers {give} to {self.to} for {take}"


@dataclass(frozen=True, slots=True)
class Respond:
    """accept / reject (by the receiver) or withdraw (by the proposer) an open proposal;
    `target` is a proposal id (int), the other player's name (str) or None (the only one)."""
    player: str
    verb: str  # "accepts" | "rejects" | "withdraws"
    target: int | str | None = None

    def notation(self) -> str:
        return f"{self.player} {self.verb}" + ("" if self.target is None else f" {self.target}")


@dataclass(frozen=True, slots=True)
class BuyField:
    """buy one more (empty) field with coin cards (a rule of kind buy-field)."""
    player: str

    def notation(self) -> str:
        return f"{self.player} buys a field"


@dataclass(frozen=True, slots=True)
class UseAbility:
    """use a card's ability: the card at the front of the hand (an ability "when played") or
    on top of field `field` (1-based; "while on top of a field"), with the choices its effect
    asks for, in the order it asks (player names, field numbers, "none" to pass)."""
    player: str
    card: str
    ability: str | None = None  # None: the card's only usable ability
    field: int | None = None
    choices: tuple[str, ...] = ()

    def notation(self) -> str:
        parts = [self.player, "uses", self.card]
        if self.ability:
            parts.append(self.ability)
        if self.field is not None:
            parts += ["on", str(self.field)]
        line = " ".join(parts)
        return line + (" with " + ", ".join(self.choices) if self.choices else "")


@dataclass(frozen=True, slots=True)
class Choose:
    """The answer to a decision the game waits for (engine/decisions.py): a player's name, a
    bean id, yes or no, or nothing (declining a choice the player may make)."""
    player: str
    option: str

    def notation(self) -> str:
        return f"{self.player} chooses {self.option}"


@dataclass(frozen=True, slots=True)
class MoveCard:
    """A card a player moves by a rule that permits it (engine/card_moves.py): "discards" a hand card
    onto the discard pile, "takes" the top card of the discard pile into the hand. `bean`
    (optional) says which bean the player expects to move; `position` (1-based) picks a hand
    card by place where the rule lets the player choose it. `zone` names a zone the rules declare:
    "takes" from it into the hand, "puts" a hand card on it (None: the discard pile)."""
    player: str
    verb: str  # "discards" | "takes" | "puts"
    bean: str | None = None
    position: int | None = None
    zone: str | None = None

    def notation(self) -> str:
        if self.verb == "takes":
            return f"{self.player} takes " + (f"the {self.zone}" if self.zone else "discard") \
                + (f" {self.bean}" if self.bean else "")
        card = f" hand {self.position}" if self.position is not None else f" {self.bean}" if self.bean else ""
        if self.verb == "puts":
            return f"{self.player} puts{card} on the {self.zone}"
        return f"{self.player} discards{card}"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """One card a player draws from the deck to the hand by a rule that makes drawing an action
    (engine/draw_moves.py): "Anna draws"."""
    player: str

    def notation(self) -> str:
        return f"{self.player} draws"


Action = Plant | Harvest | EndPhase | Propose | Respond | BuyField | Choose | UseAbility | MoveCard | DrawCard
