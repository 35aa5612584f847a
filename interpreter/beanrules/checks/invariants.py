"""Invariant playouts: bot games in which the state is checked after every action.

What must hold whatever the rulebook: every card is in exactly one zone and the total never
changes; a hand keeps its order except for cards that leave it (planted from its front, given
away, moved out by an effect from the position it names) and cards drawn, taken or moved to its
back, which may leave it again in the same action; coins change only as the rules cause: harvests
pay as the beanometer says (a bank that runs short pays what it holds), a field bought costs its
price, and every other change is a payment (an event ``paid``) that names the rule whose effect
made it; a counter changes only by what a rule's effect added to it (an event ``counted``,
which names that rule) or paid with it; with coins from the bank (the removed zone) the bank changes by exactly the coins paid
from and into it, otherwise cards out of play stay put; the state JSON
round-trips exactly (in a playout: loaded back at a sample of the actions; checks/round_trip.py
says why that catches what loading it back after every action caught); the game ends within a
bound; replaying its record reproduces it; the game never waits for a player who has no legal
action, and never stalls (engine.Stalled). Each failure names the state it happened in: phase,
active player, turn and whom the game waits for. The property tests
(tests/engine/test_properties.py) check the same functions.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, Stalled
from ..engine.harvest_rule import coin_bank
from ..engine.bots import make_bot, play_out, turns
from ..engine.legal import next_to_act, proposal_rows, where
from ..engine.proposal_space import counted
from ..engine.records import replays
from ..engine.state import declared_lists
from .round_trip import RoundTrips, round_trip_problem

MAX_ACTIONS = 50_000
BOTS = ("random", "greedy")  # seated in turn around the table


def _is_subsequence(part: list[str], whole: list[str]) -> bool:
    if part == whole[len(whole) - len(part):]:  # the usual case: kept whole, or planted from the front
        return True
    remaining = iter(whole)
    return all(card in remaining for card in part)


def step_problems(game: Game, before: dict[str, Any], events: list[dict], total: Counter,
                  with_state: bool = False, after: dict[str, Any] | None = None,
                  sample: RoundTrips | None = None, conserved: bool = False) -> Any:
    """Every invariant one applied action broke (``before``: the state JSON before it;
    ``after``: the state JSON now, if the caller has it); with_state=True: (problems, the state
    JSON after it), for callers that keep it. ``sample``: the JSON round trip only where it
    says (checks/round_trip.py); None: after this action. conserved=True: ``before``'s cards
    are known to be ``total`` (a playout checked them the action before), so only the zones
    the action changed are counted (see _conserved)."""
    problems = []
    after = game.state_json() if after is None else after
    rs = game.ruleset
    bank = coin_bank(rs)  # the zone coin cards come off (None: harvested cards pay)
    if not (_conserved(before, after) if conserved else _holds(game.state.card_counts(), total)):
        counts = json_cards(after) if conserved else game.state.card_counts()
        problems.append(f"cards appeared or vanished: {dict(counts - total)} more, {dict(total - counts)} fewer")
    # Hand cards leave from the front only where a plant-from-hand step plants them; a
    # plant-pending step on the hand takes them in any order.
    front_only = rs.phase(before["phase"]).listers.front is not None
    written = rs.harvest.pays_into  # the counter coins are written on
    # One pass over the events: the cards each hand gained at its back (drawn, a card moved to
    # the back of a hand from another player's, a card taken), the hands an ability reversed,
    # reordered or swapped, the beans each player planted from the hand, in order; the coins
    # harvests paid (and fields cost) each player, those paid from the bank, and what the
    # rules counted onto the counter coins are written on. Plain dicts: most actions have an
    # event or two, and a Counter each cost more than the pass.
    drawn: dict[str, int] = {}
    rearranged: set[str] = set()
    planted: dict[str, list[str]] = {}
    gained: dict[str, int] = {}
    counted: dict[tuple[str, str | None], int] = {}  # (counter, player; None: the table's) -> what rules added
    banked = 0  # coin cards taken from the bank (coin-source from bank: the removed zone)
    paid: list[str] = []  # what harvests paid against the beanometer, in the order they came
    for e in events:
        kind = e["event"]
        if kind == "drew":
            drawn[e["player"]] = drawn.get(e["player"], 0) + len(range(e["cards"]))
        elif kind == "moved":
            if e["to_zone"] == "hand" and e["end"] == "back":
                drawn[e["to"]] = drawn.get(e["to"], 0) + len(range(e["cards"]))
        elif kind == "took":
            drawn[e["player"]] = drawn.get(e["player"], 0) + 1
        elif kind == "planted":
            if front_only and e["from"] == "hand":
                planted.setdefault(e["player"], []).append(e["bean"])
        elif kind == "harvested":
            # A bank that runs short pays what it holds; the rest is reported as unpaid.
            due = rs.payout[e["bean"]][e["cards"]]
            if e["coins"] + e.get("unpaid", 0) != due:
                paid.append(f"{e['player']} harvested {e['cards']} {e['bean']} for {e['coins']} coins, "
                            f"the beanometer says {due}")
            if e.get("unpaid") and (bank is None or after[bank]):
                paid.append(f"{e['player']} was paid {e['unpaid']} coins short, yet the bank was not empty")
            gained[e["player"]] = gained.get(e["player"], 0) + e["coins"]
            banked += e["coins"]
        elif kind == "bought-field":  # coins paid for a field go to the discard pile
            gained[e["player"]] = gained.get(e["player"], 0) - e["coins"]
        elif kind == "paid":  # coins (or a counter) a rule's effect moved: attributed to that rule
            banked += _payment(e, written, bank is not None, gained, counted, paid)
        elif kind == "counted":  # what a rule's effect added to a counter: attributed to that rule
            if not e.get("rule"):
                paid.append(f"{e['amount']} was added to {_whose(e)}, by no rule")
            key = (e["counter"], e.get("player"))
            counted[key] = counted.get(key, 0) + e["amount"]
        hands = e.get("hands")
        if hands:
            rearranged.update(hands)
    for player in after["players"]:
        old, new = before["hands"][player], after["hands"][player]
        # what is left of the old hand lies before the cards that joined it at the back; those
        # that joined may have left again (a step on a draw moving the hand's front cards away),
        # so the hand may hold fewer cards than joined it
        kept = new[:max(0, len(new) - drawn.get(player, 0))]
        if player not in rearranged and not _is_subsequence(kept, old):
            problems.append(f"{player}'s hand changed order: {old} → {new}")
        for bean in planted.get(player, ()):
            if not old or old[0] != bean:
                problems.append(f"{player} planted {bean} from the hand, but the front card was {old[:1]}")
    problems += paid
    problems += _coin_problems(before, after, written, gained, counted)
    if after.get("counters") is not None and (counted or before["counters"] != after["counters"]):
        problems += _counter_problems(before["counters"], after["counters"], written, counted)
    if bank is not None and len(after[bank]) != len(before[bank]) - banked:
        problems.append(f"the bank went from {len(before[bank])} to {len(after[bank])} cards "
                        f"with {banked} coins paid from it")
    elif bank is None and after["removed"] != before["removed"]:
        problems.append("cards out of play changed")
    waiting = game.waiting_for()
    if next_to_act(game.state, rs) != (waiting[0] if waiting else None):
        problems.append("the quick and the full answer to 'who acts next' disagree")
    problems += wait_problems(game, waiting)
    found = round_trip_problem(game, after) if sample is None or sample.due(after) else None
    if found:
        problems.append(found)
    return (problems, after) if with_state else problems


def _payment(e: dict, written: str | None, from_bank: bool, gained: dict[str, int],
             counted: dict[tuple[str, str | None], int], problems: list[str]) -> int:
    """Account for one ``paid`` event (engine/payments.py): the coins each side gained or lost,
    as coin cards (``gained``) or on a counter (``counted``: the one coins are written on, or
    another counter each player has); returns the
    coin cards it took from the bank where the bank is the removed zone (negative: paid into it).
    A payment no rule caused is a problem: every change of a resource has its rule."""
    amount, payer, payee = e["amount"], e["from"], e["to"]
    if not e.get("rule"):
        problems.append(f"{amount} {e.get('counter', 'coins')} went from {payer or 'the bank'} to "
                        f"{payee or 'the bank'}, by no rule")
    counter = e.get("counter")
    for player, sign in ((payer, -1), (payee, 1)):
        if player is None:
            continue
        if counter is None:
            gained[player] = gained.get(player, 0) + sign * amount
        else:
            counted[(counter, player)] = counted.get((counter, player), 0) + sign * amount
    if counter is not None or not from_bank:
        return 0
    return amount if payer is None else -amount if payee is None else 0


def _whose(e: dict) -> str:
    return f"{e['player']}'s {e['counter']}" if e.get("player") is not None else f"the table's {e['counter']}"


def _holds(counts: Counter, total: Counter) -> bool:
    # dict equality first (in C); Counter's own, which reads a missing bean as 0, where it fails
    return dict.__eq__(counts, total) is True or counts == total


TABLE_ZONES = ("deck", "discard", "offer", "removed")  # the zones of the state JSON that are one list
PLAYER_ZONES = ("hands", "set_aside", "coins")  # one list per player (and "fields": lists per player)


def json_cards(state: dict[str, Any]) -> Counter:
    """How many cards of each bean lie in all the zones of a state JSON together."""
    cards: Counter = Counter()
    for zone in TABLE_ZONES:
        cards.update(state[zone])
    for player in state["players"]:
        for zone in PLAYER_ZONES:
            cards.update(state[zone][player])
        for field in state["fields"][player]:
            cards.update(field)
    for cards_of in _declared(state.get("zones")):
        cards.update(cards_of)
    return cards


def _declared(zones: dict[str, Any] | None) -> list[list[str]]:
    """The lists of cards of the zones the rules declare (engine/zones.py), if any."""
    return [cards for value in (zones or {}).values()
            for cards in (value.values() if isinstance(value, dict) else (value,))]


def _conserved(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """The cards in the zones one action changed are the cards those zones held before it.
    Where ``before`` held every card of the box once each, so does ``after``: counting every
    card after every action (about 150 of them) cost more than every other check of a step,
    while an action changes a zone or three (the rest compare equal, in C)."""
    gone: list[str] = []
    came: list[str] = []
    for zone in TABLE_ZONES:
        if before[zone] != after[zone]:
            gone += before[zone]
            came += after[zone]
    for player in after["players"]:
        for zone in PLAYER_ZONES:
            if before[zone][player] != after[zone][player]:
                gone += before[zone][player]
                came += after[zone][player]
        if before["fields"][player] != after["fields"][player]:
            for field in before["fields"][player]:
                gone += field
            for field in after["fields"][player]:
                came += field
    if before.get("zones") != after.get("zones"):
        for cards in _declared(before.get("zones")):
            gone += cards
        for cards in _declared(after.get("zones")):
            came += cards
    return not came and not gone or _holds(Counter(came), Counter(gone))


def _coin_problems(before: dict, after: dict, written: str | None, gained: dict[str, int],
                   counted: dict[tuple[str, str | None], int]) -> list[str]:
    """Coins change only by what harvests earned, fields cost and rules paid: as coin cards, or where
    coins are written down (engine/tally.py) on their counter (``written``), while no coin card
    appears; a counter may also change by what the rules count onto it ("counted" events)."""
    problems = []
    for player in after["players"]:
        old, new = len(before["coins"][player]), len(after["coins"][player])
        earned = gained.get(player, 0)
        if written is None:
            if new != old + earned:
                problems.append(f"{player}'s coins went from {old} to {new} with {earned} earned or spent "
                                f"by harvests, fields bought and the rules' payments")
            continue
        if new != old:
            problems.append(f"{player}'s coin cards went from {old} to {new}, though coins are written down")
        was, now = before["counters"][written][player], after["counters"][written][player]
        extra = counted.get((written, player), 0)
        if now != was + earned + extra:
            problems.append(f"{player}'s {written} went from {was} to {now} with {earned} earned "
                            f"by harvests and {extra} counted")
    return problems


def _counter_problems(before: dict, after: dict, written: str | None,
                      counted: dict[tuple[str, str | None], int]) -> list[str]:
    """Every other counter changes only by what the rules' effects added to it or paid with it
    (events ``counted`` and ``paid``, each of a rule); the one coins are written on is
    _coin_problems'."""
    problems = []
    for name, now in after.items():
        if name == written:
            continue
        was = before[name]
        pairs = now.items() if isinstance(now, dict) else [(None, now)]
        for player, value in pairs:
            old = was[player] if player is not None else was
            change = counted.get((name, player), 0)
            if value != old + change:
                whose = f"{player}'s {name}" if player is not None else f"the table's {name}"
                problems.append(f"{whose} went from {old} to {value} with {change} added or paid by the rules")
    return problems


def _place(game: Game) -> str:
    w = where(game.state, game.ruleset)
    return (f"phase {w['phase']}, active {w['active']}, turn {w['turn']}, "
            f"waiting for {', '.join(w['waiting_for']) or 'nobody'}")


def wait_problems(game: Game, waiting: list[str] | None = None) -> list[str]:
    """The engine contract on waiting: a game not over waits for someone, and everyone it waits
    for has a legal action (docs/engine-contract.md, "When nobody can act"). ``waiting``:
    game.waiting_for(), where the caller has just asked it.

    The actions are those Game.listed hands the bots (legal_actions: the phase's compiled
    listing), so that a playout that keeps listings (Game.keep_listings) lists each state's
    once: here, and for the bot."""
    state, rs = game.state, game.ruleset
    if state.over:
        return []
    waiting = game.waiting_for() if waiting is None else waiting
    if not waiting:
        return [f"the game waits for nobody, yet it is not over ({_place(game)})"]
    trading = rs.phase(state.phase).trade
    listing = game._listing  # what the next apply may trust stays the caller's own listing
    idle = [p for p in waiting if not game.listed(p, False) and not (trading and counted(proposal_rows(state, rs, state.seat_of[p])))]
    game._listing = listing
    return [f"the game waits for {p}, who has no legal action ({_place(game)})" for p in idle]


@dataclass
class Playout:
    players: int
    seed: int
    actions: int = 0
    problems: list[str] = field(default_factory=list)
    engine: str = "interpreter"  # "kernel": played by the playout kernel, which checks conservation

    @property
    def ok(self) -> bool:
        return not self.problems


def playout(model: dict, spec: str, players: int, seed: int, bots: tuple[str, ...] = BOTS) -> Playout:
    """One bot game with every invariant checked after every action; stops at the first problem."""
    result = Playout(players, seed)
    try:
        game = Game(model, players, seed=seed)
    except Stalled as exc:
        result.problems.append(f"the game stalled as it started: {exc}")
        return result
    total = game.state.card_counts()
    seats = {p: make_bot(bots[i % len(bots)], seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    game.keep_listings()  # the wait check's listing is the bot's (only apply changes the state here)
    stuck = wait_problems(game)
    if stuck:
        result.problems += stuck
        return result
    sample = RoundTrips()
    before = game.state_json()
    if not _holds(json_cards(before), total):  # what each step's count of the changed zones builds on
        result.problems.append("the state JSON does not hold the cards of the state")
        return result
    try:
        for player, action in turns(game, seats, MAX_ACTIONS):
            waits = next_to_act(game.state, game.ruleset)
            if player != waits:  # the loop asks whom the rules wait for (its closures, the reference)
                result.problems.append(f"the game's loop asks {player}, the rules wait for {waits} ({_place(game)})")
                return result
            events = game.apply(action)
            result.actions += 1
            # the state after this action is the one before the next (a bot only reads the state)
            after = game.state_json()
            problems = step_problems(game, before, events, total, after=after, sample=sample, conserved=True)
            before = after
            if problems:
                result.problems += [f"action {result.actions} ({game.history[-1]}): {p}" for p in problems]
                return result
    except Stalled as exc:
        result.problems.append(_stall(game, result.actions, exc))
        return result
    if not game.winners():
        result.problems.append("the game ended without a winner")
    replayed = replays(spec, model, game, seed)
    if not replayed.ok:
        result.problems.append(f"its record does not replay: {replayed.message}")
    return result


def _stall(game: Game, actions: int, exc: Stalled) -> str:
    """A game the bots could not play on, as the report words it: too long, waiting for
    nobody, or stalled at an action (a bot with nothing to do, a turn that cannot pass)."""
    if actions >= MAX_ACTIONS and not game.is_over:
        return f"the game did not end within {MAX_ACTIONS} actions; it stalled at {_place(game)}"
    if exc.message.startswith("the game waits for nobody"):  # the bots' loop found it (bots.turns), no action did
        return f"the game waits for nobody, yet it is not over ({_place(game)})"
    return f"action {actions + 1}: the game stalled: {exc}"


def kernel_playout(model: dict, spec: str, players: int, seed: int, bots: tuple[str, ...] = BOTS,
                   compare: bool = False) -> Playout:
    """One bot game played by the kernel, which checks after every action that no card
    appeared or vanished, and at the end that every bean is there as many times as the box
    holds it. compare=True: the interpreter plays the same game too, and both must end in the
    same state with the same scores. A kernel game that fails is played again by the
    interpreter with every invariant checked, so the report names the state as ever."""
    from ..kernel import kernel_for, play
    from ..kernel.export import state_json

    result = Playout(players, seed, engine="kernel")
    machine = kernel_for(model, players)
    kinds = [bots[i % len(bots)] for i in range(players)]
    total = len(machine.box) + len(machine.out)
    broken: list[str] = []

    def conserve(m: Any, g: Any, action: tuple) -> None:
        if not broken and g.card_count() != total:
            broken.append(f"action {result.actions + 1}: cards appeared or vanished "
                          f"({g.card_count()} cards, the box holds {total})")
        result.actions += 1
    try:
        outcome = play(machine, seed, kinds, trades=True, max_actions=MAX_ACTIONS, observe=conserve)
    except Stalled as exc:
        broken.append(f"the game stalled: {exc}")
        outcome = None
    if outcome is not None:
        cards = outcome.state.card_counts()
        box = Counter(machine.box + machine.out)
        if cards != box:
            broken.append(f"the cards at the end are not the box's: {dict(cards - box)} more, {dict(box - cards)} fewer")
        if not outcome.winners:
            broken.append("the game ended without a winner")
    if broken:  # the interpreter's report of the same game, or the disagreement itself
        again = playout(model, spec, players, seed, bots)
        again.problems = again.problems or [f"the kernel's game broke an invariant the interpreter's did not: "
                                            f"{broken[0]}"]
        return again
    if compare:
        game = Game(model, players, seed=seed)
        play_out(game, {p: make_bot(kinds[i], seed=f"{seed}:{i}") for i, p in enumerate(game.players)},
                 max_actions=MAX_ACTIONS, keep_events=False)
        final = game.state_json()
        if state_json(machine, outcome.state, game.players) != final or \
                list(outcome.scores) != [game.scores()[p] for p in game.players]:  # type: ignore[union-attr]
            result.problems.append("the kernel and the interpreter played this seed to different ends")
    return result


def quick_playout(model: dict, spec: str, players: int, seed: int, bots: tuple[str, ...] = BOTS) -> Playout:
    """One bot game played by the interpreter without the per-action state checks, for rules
    the kernel does not play: after every action the number of cards must not change, and at
    the end every bean must be there as often as the box holds it. A game that fails is played
    again with every invariant checked (the same game: same seeds), whose report names the state."""
    result = Playout(players, seed, engine="interpreter-quick")
    broken: list[str] = []
    try:
        game = Game(model, players, seed=seed)
        box = game.state.card_counts()
        total = sum(box.values())
        seats = {p: make_bot(bots[i % len(bots)], seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
        for _, action in turns(game, seats, MAX_ACTIONS):
            game.apply(action, keep_events=False)
            result.actions += 1
            if _card_total(game) != total:
                broken.append(f"action {result.actions}: cards appeared or vanished")
                break
        if not broken and (game.state.card_counts() != box or not game.winners()):
            broken.append("the cards at the end are not the box's, or nobody won")
    except Stalled as exc:
        broken.append(f"the game stalled: {exc}")
    if broken:
        again = playout(model, spec, players, seed, bots)
        again.problems = again.problems or [f"a game broke an invariant, then kept it when checked: {broken[0]}"]
        return again
    return result


def _card_total(game: Game) -> int:
    st = game.state
    total = len(st.deck) + len(st.discard) + len(st.offer) + len(st.removed)
    for p in range(len(st.players)):
        total += len(st.hands[p]) + len(st.set_aside[p]) + len(st.coins[p]) + sum(len(f) for f in st.fields[p])
    if st.zones:  # the zones the rules declare (engine/zones.py)
        total += sum(len(cards) for cards in declared_lists(st.zones))
    return total


@dataclass
class PlayoutReport:
    spec: str
    games: list[Playout] = field(default_factory=list)
    seconds: float = 0.0
    kernel_reason: str | None = None  # why the interpreter played every game (None: the kernel played some)

    @property
    def failed(self) -> list[Playout]:
        return [g for g in self.games if not g.ok]

    def count(self, engine: str) -> int:
        return sum(g.engine == engine for g in self.games)


def invariant_playouts(model: dict, spec: str, games: int, seed: int = 0) -> PlayoutReport:
    """``games`` games for each player count the rulebook allows, seeds seed, seed+1, …

    The interpreter plays the first game of the smallest player count with every invariant
    checked after every action (step_problems) and its record replayed. Where the kernel
    plays the rules, it plays every other game, checking conservation itself (kernel_playout),
    and the first seed of every player count is also played by the interpreter, which must
    reach the same end. Where the kernel does not (a mechanism new to it, so new to the engine
    too), the interpreter checks every invariant in the first game of every player count and
    conservation in the others (quick_playout). docs/simulation.md, "verify and the kernel",
    says why."""
    from ..kernel import kernel_reason
    report = PlayoutReport(spec)
    started = time.perf_counter()
    lo, hi = model["players"]["min"], model["players"]["max"]
    for players in range(lo, hi + 1):
        reason = kernel_reason(model, players, BOTS)
        report.kernel_reason = report.kernel_reason or reason
        for index in range(games):
            if reason is None and (players, index) != (lo, 0):
                report.games.append(kernel_playout(model, spec, players, seed + index, compare=index == 0))
            elif reason is not None and index > 0:
                report.games.append(quick_playout(model, spec, players, seed + index))
            else:
                report.games.append(playout(model, spec, players, seed + index))
    report.seconds = time.perf_counter() - started
    return report
