"""Effects: what changes the state. They always terminate: repetition has a bound evaluated
once, nothing calls itself, and no effect runs host code.

Decisions and effects are apart (as Ludii's moves and consequences): ``choose`` and
``at-random`` bind a name to what was picked, for the steps after them; permissions (which
actions a player may or must take) are statements, not effects.
"""
from __future__ import annotations

from typing import Literal

from .categories import Actor, Cards, Cond, Effect, Num, Place, Statement, Timing, plural
from .node import Problem, Scope, binds, core, names
from .places import possessive
from .quantities import Number

End = Literal["top", "bottom", "front", "back"]


@core("move")
class Move(Effect):
    """Move the selected cards to a place (``end``: where they go in it; None: its usual end)."""

    cards: Cards
    to: Place
    end: End | None

    def text(self) -> str:
        where = f" ({self.end})" if self.end else ""
        return f"move {self.cards.to_text()} to {self.to.to_text()}{where}"


@core("reveal")
class Reveal(Effect):
    """Turn the selected cards face up into a place, for everyone to see."""

    cards: Cards
    to: Place

    def text(self) -> str:
        return f"turn {self.cards.to_text()} face up into {self.to.to_text()}"


@core("draw")
class Draw(Effect):
    """Each of `player` takes `count` cards off the deck, one after another, to the `end` of
    their hand (``up_to``: fewer where a rule forbids more)."""

    count: Num
    player: Actor
    end: Literal["front", "back"]
    up_to: bool

    def text(self) -> str:
        amount = ("up to " if self.up_to else "") + plural(self.count.to_text(), "card")
        return f"{self.player.to_text()} draws {amount} to the {self.end} of the hand"


@core("deal")
class Deal(Effect):
    """Deal `count` cards to each of `player`, one at a time around the table from the start player."""

    count: Num
    player: Actor

    def text(self) -> str:
        return f"deal {self.count.to_text()} cards, one at a time, to {self.player.to_text()}"


@core("shuffle")
class Shuffle(Effect):
    """Shuffle a place (``into``: and make it that place, as the discard becomes the deck)."""

    place: Place
    into: Place | None

    def text(self) -> str:
        into = f" into {self.into.to_text()}" if self.into else ""
        return f"shuffle {self.place.to_text()}{into}"


@core("swap")
class Swap(Effect):
    """Exchange the contents of two places (two hands, two fields)."""

    first: Place
    second: Place

    def text(self) -> str:
        return f"swap {self.first.to_text()} and {self.second.to_text()}"


@core("reverse")
class Reverse(Effect):
    place: Place

    def text(self) -> str:
        return f"reverse the order of {self.place.to_text()}"


@core("look")
class Look(Effect):
    """A player sees the selected cards (nobody else does)."""

    player: Actor
    cards: Cards

    def text(self) -> str:
        return f"{self.player.to_text()} looks at {self.cards.to_text()}"


@core("reorder")
class Reorder(Effect):
    """A player puts a place's cards (or the selected cards of it) in an order of their choice."""

    player: Actor
    place: Place | Cards

    def text(self) -> str:
        return f"{self.player.to_text()} reorders {self.place.to_text()}"


@core("plant")
class Plant(Effect):
    """A player plants the selected cards on their own fields (``onto``: on that field),
    under the planting rules in force."""

    player: Actor
    cards: Cards
    onto: Place | None

    def text(self) -> str:
        onto = f" on {self.onto.to_text()}" if self.onto else ""
        return f"{self.player.to_text()} plants {self.cards.to_text()}{onto}"


@core("harvest")
class Harvest(Effect):
    """A player harvests a field and is paid by the beanometer (what a harvest takes, and
    where the coins come from, are the harvest-takes, payout and coin-source statements;
    ``only_paying``: only if the field pays)."""

    player: Actor
    field: Place
    only_paying: bool

    def text(self) -> str:
        pays = " if it pays" if self.only_paying else ""
        return f"{self.player.to_text()} harvests {self.field.to_text()}{pays}"


@core("trade")
class Trade(Effect):
    """Two players exchange cards: `first` gives `gives` and receives `takes` (either may
    be None: a gift). Receivers get the cards as the trade rules say."""

    first: Actor
    second: Actor
    gives: Cards | None
    takes: Cards | None

    def text(self) -> str:
        gives = self.gives.to_text() if self.gives else "cards"
        takes = f" for {self.takes.to_text()}" if self.takes else ""
        return f"{self.first.to_text()} trades {gives} with {self.second.to_text()}{takes}"


@core("use-ability")
class UseAbility(Effect):
    """A player uses an ability of a card (``card`` None: of any card); what a ``forbid``
    names to take the use of text cards away."""

    player: Actor
    card: str | None = names("card")

    def text(self) -> str:
        which = f"the {self.card} card" if self.card else "a card"
        return f"{self.player.to_text()} uses an ability of {which}"


@core("gain-coins")
class GainCoins(Effect):
    """A player gains coins, from where the coin-source rule says coins come."""

    player: Actor
    amount: Num

    def text(self) -> str:
        return f"{self.player.to_text()} gains {plural(self.amount.to_text(), 'coin')}"


@core("pay")
class Pay(Effect):
    """Each of `payer` pays `amount` to each of `payee` (None: the bank, for either): coins
    (``resource`` None), or a counter each player has. What holds the coins and what the bank
    is follow from the coin source (docs/core.md, "Resources that rules move"); a payer who
    holds fewer pays what they hold where the effect runs by itself, and is refused where a
    player's action runs it."""

    payer: Actor | None
    payee: Actor | None
    amount: Num
    resource: str | None = names("counter")

    def text(self) -> str:
        what = plural(self.amount.to_text(), "coin") if self.resource is None \
            else f"{self.amount.to_text()} {self.resource}"
        payer = self.payer.to_text() if self.payer is not None else "the bank"
        payee = self.payee.to_text() if self.payee is not None else "the bank"
        return f"{payer} pays {what} to {payee}"


@core("add-field")
class AddField(Effect):
    player: Actor
    count: int

    def text(self) -> str:
        return f"{self.player.to_text()} gets {plural(self.count, 'more field')}"


@core("remove-field")
class RemoveField(Effect):
    player: Actor
    field: Place | None

    def text(self) -> str:
        which = self.field.to_text() if self.field else "one empty field"
        return f"{self.player.to_text()} loses {which}"


@core("add-to-counter")
class AddToCounter(Effect):
    counter: str = names("counter")
    player: Actor | None
    amount: Num

    def text(self) -> str:
        whose = f"{possessive(self.player)} " if self.player else "the "
        return f"add {self.amount.to_text()} to {whose}{self.counter}"


@core("pass-token")
class PassToken(Effect):
    token: str = names("token")
    to: Actor

    def text(self) -> str:
        return f"the {self.token} passes to {self.to.to_text()}"


@core("skip-phase")
class SkipPhase(Effect):
    """Skip a phase (``phase`` None: the phase this step belongs to)."""

    phase: str | None = names("phase")

    def text(self) -> str:
        return f"skip phase {self.phase}" if self.phase else "skip this phase"


@core("end-phase")
class EndPhase(Effect):
    """End a phase (``phase`` None: the current one) and go on to the next."""

    phase: str | None = names("phase")

    def text(self) -> str:
        return f"end phase {self.phase}" if self.phase else "end this phase"


@core("end-game")
class EndGame(Effect):
    def text(self) -> str:
        return "the game ends"


@core("lasting")
class Lasting(Effect):
    """A rule that holds from now until `until` first comes (a constraint for a stated time)."""

    rule: Statement
    until: Timing

    def text(self) -> str:
        when = self.until.to_text()  # "for the whole game" is no moment to wait "until"
        when = when if when.startswith("for ") else f"until {when.removeprefix('at ')}"
        return f"{when}: {self.rule.to_text().rstrip('.')}"


@core("refuse")
class Refuse(Effect):
    """The effect cannot happen now: whatever would use it is refused, and nothing changes
    (an ability that may act only while a condition holds: ``if not …: refuse``)."""

    reason: str

    def text(self) -> str:
        return f"it cannot be done ({self.reason})"


@core("sequence")
class Sequence(Effect):
    """The steps, one after another; a name a step binds is known to the steps after it."""

    steps: tuple[Effect, ...]

    def check(self, scope: Scope) -> list[Problem]:
        problems: list[Problem] = []
        for step in self.steps:
            problems += step.check(scope)
            scope = scope.with_bound(*step.bound_names())
        return problems

    def text(self) -> str:
        return "; then ".join(s.to_text() for s in self.steps)


@core("if")
class If(Effect):
    condition: Cond
    then: Effect
    otherwise: Effect | None

    def text(self) -> str:
        out = f"if {self.condition.to_text()}: {self.then.to_text()}"
        return out + (f"; otherwise {self.otherwise.to_text()}" if self.otherwise else "")


@core("repeat")
class Repeat(Effect):
    """Do `body` at most `times` times (counted once, before the first), stopping early once
    `condition` (if any) no longer holds. Always terminates."""

    times: Num
    condition: Cond | None
    body: Effect

    def text(self) -> str:
        test = f" while {self.condition.to_text()}" if self.condition else ""
        return f"up to {self.times.to_text()} times{test}: {self.body.to_text()}"


@core("for-each")
class ForEach(Effect):
    """Do `body` once for each player among `among`, or each field of a fields zone, bound
    as `name` (a finite set, counted before the first: always terminates)."""

    name: str = binds(like="among")
    among: Actor | Place
    body: Effect

    def bound_names(self) -> tuple[str, ...]:
        return ()  # the name is known inside the body only

    def check(self, scope: Scope) -> list[Problem]:
        return self.among.check(scope) + self.body.check(scope.with_bound(self.name))

    def text(self) -> str:
        return f"for each {self.name} among {self.among.to_text()}: {self.body.to_text()}"


@core("for-chosen")
class ForChosen(Effect):
    """`player` picks up to `most` different players among `among`, one after another (and may
    stop sooner); `body` runs for each right after it is picked, with it bound as `name`
    (CardStock's quantifier over a choice: "from each of up to two other players, …").
    Bounded by `most`, counted once: always terminates."""

    name: str = binds("player")
    player: Actor
    among: Actor
    most: Num
    body: Effect

    def bound_names(self) -> tuple[str, ...]:
        return ()  # the name is known inside the body only

    def check(self, scope: Scope) -> list[Problem]:
        return (self.player.check(scope) + self.among.check(scope) + self.most.check(scope)
                + self.body.check(scope.with_bound(self.name)))

    def text(self) -> str:
        return (f"{self.player.to_text()} picks up to {self.most.to_text()} of {self.among.to_text()}, "
                f"one after another; for each, as {self.name}: {self.body.to_text()}")


@core("choose")
class Choose(Effect):
    """A decision: `player` picks from the options (cards of a selection, or players)
    one that meets `where`, bound as `name` for the steps after it; ``must`` False: may pass."""

    name: str = binds(like="options")
    player: Actor
    options: Cards | Actor | Place
    where: Cond | None
    must: bool

    def check(self, scope: Scope) -> list[Problem]:
        # `where` speaks about the candidate under its own name.
        problems = self.player.check(scope) + self.options.check(scope)
        if self.where is not None:
            problems += self.where.check(scope.with_bound(self.name))
        return problems

    def text(self) -> str:
        verb = "must choose" if self.must else "may choose"
        where = f" where {self.where.to_text()}" if self.where else ""
        return f"{self.player.to_text()} {verb} {self.name} from {self.options.to_text()}{where}"


@core("ask")
class Ask(Effect):
    """A yes-or-no decision: `player` decides whether to `question` (in words, as a verb:
    "resist"); then `yes` happens, or else `no` (None: nothing)."""

    player: Actor
    question: str
    yes: Effect
    no: Effect | None

    def text(self) -> str:
        out = f"{self.player.to_text()} decides whether to {self.question}: if so, {self.yes.to_text()}"
        return out + (f"; if not, {self.no.to_text()}" if self.no else "")


@core("auction")
class Auction(Effect):
    """`bidders` bid for `lot` with coins (``resource`` None) or a counter each player has: in
    turn (``sealed`` False: an open auction, each raising the highest bid or passing, from the
    first of them in turn order, until one bidder is left) or at once (``sealed``: one bid each,
    revealed together). A bid is at least `minimum` and at most what the bidder holds. The
    highest bid wins; sealed ties: among the tied bidders those with the highest `tie_key`
    (bound ``player``; None: no key) stay, then ``ties`` "turn-order" gives the lot to the first
    of them in turn order, "nobody" to nobody while more than one is left. `then` runs with the
    winner bound as `winner` and the bid as `price`, `otherwise` (None: nothing) when nobody
    wins. Bounded: each bid raises the price, at most what a bidder holds, so it always
    terminates."""

    bidders: Actor
    lot: Cards
    resource: str | None = names("counter")
    sealed: bool
    minimum: Num
    ties: Literal["turn-order", "nobody"]
    tie_key: Num | None
    winner: str = binds("player")
    price: str = binds("number")
    then: Effect
    otherwise: Effect | None

    def bound_names(self) -> tuple[str, ...]:
        return ()  # the winner and the price are known inside `then` only

    def check(self, scope: Scope) -> list[Problem]:
        problems = self.bidders.check(scope) + self.lot.check(scope) + self.minimum.check(scope)
        if not self.sealed and (self.tie_key is not None or self.ties != "turn-order"):
            # every bid of an open auction raises the highest: two bidders never tie
            problems.append(Problem("an open auction has no ties: each bid must raise the highest",
                                    "say how a tie goes only after ', sealed'"))
        if self.tie_key is not None:
            problems += self.tie_key.check(scope.with_bound("player"))
        problems += self.then.check(scope.with_bound(self.winner, self.price))
        return problems + (self.otherwise.check(scope) if self.otherwise is not None else [])

    def text(self) -> str:
        what = "coins" if self.resource is None else self.resource
        how = "sealed bids, revealed together" if self.sealed else "in turn, raising or passing"
        least = "" if self.minimum == Number(1) else f", at least {self.minimum.to_text()}"
        ties = "" if not self.sealed else (
            (f"; ties go to the highest {self.tie_key.to_text()}, then" if self.tie_key is not None else "; ties go")
            + (" to the first in turn order" if self.ties == "turn-order" else " to nobody"))
        out = (f"{self.bidders.to_text()} bids {what} for {self.lot.to_text()} ({how}{least}{ties}); "
               f"the highest bid wins, as {self.winner} at {self.price}: {self.then.to_text()}")
        return out + (f"; if nobody wins: {self.otherwise.to_text()}" if self.otherwise else "")


@core("at-random")
class AtRandom(Effect):
    """Chance picks one of the options, bound as `name` for the steps after it."""

    name: str = binds(like="options")
    options: Cards | Actor

    def text(self) -> str:
        return f"pick {self.name} at random from {self.options.to_text()}"


@core("let")
class Let(Effect):
    """Remember a number as `name` for the steps after it (counted now, not later)."""

    name: str = binds("number")
    value: Num

    def text(self) -> str:
        return f"let {self.name} be {self.value.to_text()}"
