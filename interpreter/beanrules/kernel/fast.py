"""The random bots' game loop, specialised when the kernel is built: per phase, the options of
the player to act are counted (not built as actions), one is drawn from that bot's random
stream exactly as engine.bots.RandomBot draws it, and applied in place.

It covers phases that plant from the hand, plant pending cards or trade (with bots that make
no proposals), alone or together; any other decision (a trade phase with proposing bots, an
open proposal) goes through the kernel's general path (moves.legal, bots, moves.apply), which
plays the same game. tests/kernel/ compares both with the interpreter.
"""
from __future__ import annotations

from typing import Any, Callable

from ..engine.errors import Stalled
from .machine import Machine
from .moves import apply as general_apply
from .moves import next_to_act
from .state import KState


def compile_random_loop(m: Machine) -> Callable[..., int]:
    """run(g, bots, trades, max_actions) -> actions played, for KRandomBot seats."""
    one_type, same_many, mixed = m.one_type, m.same_many, m.mixed
    manual, own_turn, protection, only_paying = m.manual, m.own_turn, m.protection, m.only_paying
    buy_cost, buy_max, auto = m.buy_cost, m.buy_max, m.auto
    coins_for, harvest, settle, end_phase, auto_harvests = m.coins_for, m.harvest, m.settle, m.end_phase, m.auto_harvests
    n, direction = m.n, m.direction
    phases = m.phases
    harvest_in = [manual and p.index not in m.no_harvest_phases for p in phases]

    def targets(fs: list[list[int]], bean: int) -> list[int]:
        """moves.plant_fields, inlined for the common rules."""
        if not one_type:
            return list(range(len(fs)))
        if same_many:
            out = [i for i, f in enumerate(fs) if not f or f[-1] == bean]
        else:
            grows = False
            for f in fs:
                if f and f[-1] == bean:
                    grows = True
                    break
            out = [i for i, f in enumerate(fs) if (f[-1] == bean if f else not grows)]
        if mixed and not out:
            return list(range(len(fs)))
        return out

    def extras(g: KState, seat: int, fs: list[list[int]], phase: int) -> tuple[int, list[int]]:
        """(1 if the seat may buy a field, the fields it may harvest): the options every phase lists last."""
        buy = 1 if buy_cost is not None and len(g.coins[seat]) >= buy_cost and \
            (buy_max is None or len(fs) < buy_max) else 0
        if not harvest_in[phase] or (own_turn and seat != g.active):
            return buy, []
        smallest = 1
        if protection is not None:
            for f in fs:
                if len(f) > protection:
                    smallest = 2
                    break
        if only_paying:
            return buy, [i for i, f in enumerate(fs) if len(f) >= smallest and coins_for(f) >= 1]
        if smallest == 1:
            return buy, [i for i, f in enumerate(fs) if f]
        return buy, [i for i, f in enumerate(fs) if len(f) > 1]

    def extra(g: KState, seat: int, k: int, buy: int, harvests: list[int]) -> None:
        """Apply option k of extras(): buy a field, or harvest."""
        if k < buy:
            coins = g.coins[seat]
            if buy_cost:
                g.discard.extend(coins[-buy_cost:])
                del coins[-buy_cost:]
            g.fields[seat].append([])
        else:
            harvest(g, seat, harvests[k - buy])

    simple_targets = one_type and same_many and not mixed
    plain_harvest = not own_turn and not only_paying
    complete = m.complete
    stalled = "the game waits for seat {}, who has no legal action"

    def run(g: KState, bots: list[Any], trades: bool, max_actions: int) -> int:
        count = 0
        hands, fields = g.hands, g.fields
        belows = [b.below for b in bots]
        while not g.over:
            count += 1
            if count > max_actions:
                raise Stalled(f"the game did not end within {max_actions} actions",
                              {"phase": phases[g.phase].id, "active": g.active, "turn": g.turn})
            phase = g.phase
            ph = phases[phase]
            if ph.trade and (trades or g.proposals):  # proposals: the general path
                seat = next_to_act(m, g)
                general_apply(m, g, bots[seat].choose(m, g, seat))  # type: ignore[index]
                continue
            if ph.plant_max is not None or ph.trade:
                seat = g.active
                active = True
            else:
                seat = next_to_act(m, g)  # type: ignore[assignment]
                if seat is None:
                    raise Stalled("the game waits for nobody, yet it is not over",
                                  {"phase": ph.id, "active": g.active, "turn": g.turn})
                active = seat == g.active
            fs = fields[seat]
            # The options in legal.legal_actions' order: plants from the hand, end planting,
            # pending plants, end trading, buying a field, harvests.
            plant_to: list[int] = []
            end_plant = end_trade = placed = 0
            bean = -1
            planted = g.planted
            hand = hands[seat]
            if ph.plant_max is not None and active:
                if hand and planted < ph.plant_max:
                    bean = hand[0]
                    if simple_targets:
                        plant_to = [i for i, f in enumerate(fs) if not f or f[-1] == bean]
                    else:
                        plant_to = targets(fs, bean)
                    placed = len(plant_to)
                if planted >= ph.plant_min or not hand:
                    end_plant = 1
            pending = None
            waiting = 0
            if ph.pending:
                pending = []
                for everyone, zone in ph.pending:
                    if everyone or active:
                        cards = g.offer if zone == "offer" else (hands if zone == "hand" else g.set_aside)[seat]
                        for b in (dict.fromkeys(cards) if len(cards) > 1 else cards):
                            t = targets(fs, b)
                            pending.append((cards, b, t))
                            waiting += len(t)
            if ph.trade and active:
                end_trade = 1
            if plain_harvest:
                buy = 1 if buy_cost is not None and len(g.coins[seat]) >= buy_cost and \
                    (buy_max is None or len(fs) < buy_max) else 0
                harvests = []
                if harvest_in[phase]:
                    smallest = 1
                    if protection is not None:
                        for f in fs:
                            if len(f) > protection:
                                smallest = 2
                                break
                    i = 0
                    for f in fs:
                        if len(f) >= smallest:
                            harvests.append(i)
                        i += 1
            else:
                buy, harvests = extras(g, seat, fs, phase)
            total = placed + end_plant + waiting + end_trade + buy + len(harvests)
            if not total:
                raise Stalled(stalled.format(seat + 1), {"phase": ph.id, "active": g.active, "turn": g.turn})
            k = belows[seat](total)
            if k < placed:
                hand.pop(0)
                g.planted = planted + 1
                fs[plant_to[k]].append(bean)
                if auto:
                    auto_harvests(g)
                if planted + 1 < ph.plant_max and hand:  # settle's quick answer: keep planting
                    continue
            else:
                k -= placed
                if k < end_plant:
                    end_phase(g)
                else:
                    k -= end_plant
                    if k < waiting:
                        for cards, b, t in pending:  # type: ignore[union-attr]
                            if k < len(t):
                                cards.remove(b)
                                fs[t[k]].append(b)
                                break
                            k -= len(t)
                    else:
                        k -= waiting
                        if k < end_trade:
                            end_phase(g)
                        else:
                            extra(g, seat, k - end_trade, buy, harvests)
                if g.over:
                    continue
                if auto:
                    auto_harvests(g)
            # settle (flow.settle)
            ph = phases[g.phase]
            if ph.plant_max is not None and g.planted < ph.plant_max and hands[g.active]:
                continue
            if complete(g, ph):
                end_phase(g)
        return count
    return run
