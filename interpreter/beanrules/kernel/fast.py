"""The random bots' game loop, generated as Python source when the kernel is built.

For each phase of the rules the generator writes the decision of the player to act as
straight-line code: the options of legal.legal_actions, in its order, counted (not built as
actions), one drawn from that bot's random stream exactly as engine.bots.RandomBot draws it,
and applied in place; then the engine's settling (Game.apply: a phase with nothing left to do ends), by the
engine's completion closure of the phase (engine/obligations.py, compiled for the kernel's state). The
fields a player may harvest are the lines of the engine's harvest judge (engine/harvest_guards.listing,
the source its own `opened` runs) under whom the phase's permit names (engine/listers.who_source),
written in as the completion's expression is: neither rule has a copy here. Numbers
the rules fix (how many cards a phase plants, a field's price) are
literals in the source; rules a spec does not have leave no code behind.

A trade phase whose bots propose trades, or with an open proposal, goes through the kernel's
general path (moves.legal, bots, moves.apply), which plays the same game; so does a phase with
draws by action or optional plantings (engine/draw_moves.py; the ends of the phase they decide). tests/kernel/
compares both with the interpreter. `source(machine)` shows the generated code.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from ..engine.errors import Stalled
from ..engine.harvest_guards import listing
from ..engine.harvesting import coins_for
from ..engine.obligations import Form as Reads, left_to_do
from ..engine.transitions import Form, passing, passing_names, phase_form
from .actions import END
from .moves import apply as general_apply
from .abilities import front_lapses, usable, waits_only as ability_waits
from .moves import move_options, next_to_act


# A bot's draw, randrange(n), is written into the loop where the interpreter's Python draws it
# with getrandbits as below (CPython); elsewhere the loop calls the bot's own draw.
INLINE_DRAW = getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)


def _targets(m: Any, bean: str) -> str:
    """An expression: the fields of `seat`, `fs`, that take `bean`: the planting judge's answer
    as kernel/planting.py remembers it, looked up inline where its key is the fields' tops."""
    planting = m.planting
    if planting.judge is None:
        return "range(len(fs))"
    if planting.sizes == 1:
        return f"(known if (known := TAKES.get({_tops_key(m, bean)})) is not None else taking(fs, seat, {bean}))"
    return f"taking(fs, seat, {bean})"


def _tops_key(m: Any, bean: str) -> str:
    """An expression: kernel/planting.py's key of `bean` onto the fields `fs` (the bean, then each
    field's top card or None), written out for the numbers of fields a player has most often
    (those dealt and the next two); a list built in a loop costs more than the listing it keys."""
    key = f"({bean}, *[f[-1] if f else None for f in fs])"
    most = m.fields_at_start + 2 if m.buy_max is None else min(m.buy_max, m.fields_at_start + 2)
    for count in range(most, m.fields_at_start - 1, -1):
        tops = "".join(f"_f{i}[-1] if (_f{i} := fs[{i}]) else None, " for i in range(count))
        key = f"(({bean}, {tops}) if len(fs) == {count} else {key})"
    return key


def _left_to_do(m: Any, ph: Any) -> str:
    """An expression: something is left to do in phase `ph` of the state `g`, as the engine's
    completion of the phase tests it (engine/obligations.left_to_do, written for this loop;
    without the test of a decision waiting where no step waits for one, Machine.decides)."""
    form = Reads(state="g", steps=f"steps_{ph.index}", local_zones=True)  # (the loop's `hands`, `set_aside`)
    return left_to_do(m.rs, m.rs.phases[ph.index], form, decides=m.decides)


def _harvests(m: Any, ph: Any) -> list[str]:
    """Lines listing into `harvests` the fields `seat` may harvest now, by the engine's harvest
    lister of the phase (engine/listers.py): written out where it is the harvest judge's listing
    for the players its permit names (the lines engine/harvest_guards.listing gives, which the
    judge's own `opened` runs, and the permit's who_source), else called."""
    who = m.rs.phases[ph.index].listers.harvest_who
    lines = listing(m.rs.harvest_judge, state="g", out="harvests")
    if who is None or lines is None:
        return [f"harvests = harvests_{ph.index}(g, RS, seat)"]
    if who == "True":
        return lines
    return [f"if {who.format(state='g', player='seat')}:", *(f"    {line}" for line in lines),
            "else:", "    harvests = ()"]


def _zone(zone: str, seat: str) -> str:
    return "g.offer" if zone == "offer" else f"{'hands' if zone == 'hand' else 'set_aside'}[{seat}]"


def _pending_actor(m: Any, ph: Any) -> list[str]:
    """moves.next_to_act in a phase that only plants pending cards: the active player if any
    of their pending zones holds cards, else the first holder in turn order."""
    mine = " or ".join(_zone(zone, "a") for _, zone in ph.pending) or "False"
    theirs = " or ".join(_zone(zone, "s") for everyone, zone in ph.pending if everyone and zone != "offer")
    lines = ["a = g.active", f"if {mine}:", "    seat = a", "else:", "    seat = None"]
    if theirs:
        lines += [f"    for step in range(1, {m.n}):",
                  f"        s = (a + {int(m.direction)} * step) % {m.n}",
                  f"        if {theirs}:",
                  "            seat = s",
                  "            break"]
    if m.moves:  # nobody holds cards to plant: the active player's optional move keeps the phase open
        lines += ["if seat is None and move_keeps_open(g, rs):", "    seat = a"]
    if ph.id in m.open_phases:  # or an ability on top of a field (moves.next_to_act)
        lines += ["if seat is None and ability_waits(m, g):", "    seat = a"]
    return lines


def _decision(m: Any, ph: Any) -> list[str]:
    """The body of one phase's decision: who acts, the options counted, one drawn and applied.
    Only numbers (int() of the rules' values) and fixed text enter the source, no spec text."""
    out: list[str] = []
    add = out.append
    if ph.trade:
        add("if trades or g.proposals:  # proposals: the general path")
        add("    seat = next_to_act(m, g)")
        add("    general_apply(m, g, bots[seat].choose(m, g, seat))")
        add("    continue")
    if any(ph.optional) or any(d.phase == ph.id for d in m.draws):
        # draws by action and optional plantings (their ends of the phase): the general path
        return out + ["seat = next_to_act(m, g)",
                "if seat is None:",
                "    raise Stalled('the game waits for nobody, yet it is not over', where(g))",
                "general_apply(m, g, bots[seat].choose(m, g, seat))",
                "continue"]
    by_active = ph.plant_max is not None or ph.trade
    if by_active:
        add("seat = g.active")
        add("active = True")
    else:
        out.extend(_pending_actor(m, ph))
        add("if seat is None:")
        add("    raise Stalled('the game waits for nobody, yet it is not over', where(g))")
        add("active = seat == g.active")
    add("fs = fields[seat]")
    parts = []  # (count expression, code applying option k of this part)
    if ph.plant_max is not None:
        add("hand = hands[seat]")
        add("planted = g.planted")
        never = " and hand[0] not in NEVER" if m.unplantable else ""  # a card never planted stays put
        add(f"if hand and planted < {ph.plant_max}{never}:")
        add("    bean = hand[0]")
        add(f"    plant_to = {_targets(m, 'bean')}")
        add("else:")
        add("    plant_to = ()")
        add("placed = len(plant_to)")
        parts.append(("placed", [
            "hand.pop(0)",
            "g.planted = planted + 1",
            "fs[plant_to[k]].append(bean)",
            *(["run_any_time(g)"] if m.auto else []),
            *([] if m.target_ends else [  # (a target reached is tested after every action)
                f"if planted + 1 < {ph.plant_max} and hand:  # settle's quick answer: keep planting",
                "    continue"])]))
        lapse = " or front_lapses(m, g, seat)" if m.abilities and m.unplantable else ""  # abilities.front_lapses
        add("end_plant = 1" if ph.plant_min == 0 else f"end_plant = 1 if planted >= {ph.plant_min} or not hand{lapse} else 0")
        parts.append(("end_plant", ["end_phase(g)"]))
    if ph.pending:
        add("pending = []")
        add("waiting = 0")
        for everyone, zone in ph.pending:
            cards = "g.offer" if zone == "offer" else f"{'hands' if zone == 'hand' else 'set_aside'}[seat]"
            indent = ""
            if not everyone and not by_active:
                add("if active:")
                indent = "    "
            add(f"{indent}cards = {cards}")
            add(f"{indent}for b in (dict.fromkeys(cards) if len(cards) > 1 else cards):")
            if m.unplantable:
                add(f"{indent}    if b in NEVER:")
                add(f"{indent}        continue")
            add(f"{indent}    t = {_targets(m, 'b')}")
            add(f"{indent}    pending.append((cards, b, t))")
            add(f"{indent}    waiting += len(t)")
        parts.append(("waiting", [
            "for cards, b, t in pending:",
            "    if k < len(t):",
            "        cards.remove(b)",
            "        fs[t[k]].append(b)",
            "        break",
            "    k -= len(t)"]))
    if ph.trade:
        parts.append(("1", ["end_phase(g)"]))
    if m.moves:  # permitted moves of one card: listed and applied as the general path does
        add("mv = move_options(m, g, seat, [])")
        parts.append(("len(mv)", ["general_apply(m, g, mv[k])", "continue"]))
    if m.buy_cost is not None:
        limit = "" if m.buy_max is None else f" and len(fs) < {m.buy_max}"
        add(f"buy = 1 if len(coins[seat]) >= {m.buy_cost}{limit} else 0")
        parts.append(("buy", [
            *([f"discard.extend(coins[seat][-{m.buy_cost}:])", f"del coins[seat][-{m.buy_cost}:]"]
              if m.buy_cost else []),
            "fs.append([])"]))
    if m.abilities:  # a card's ability, each use with its choices: listed and applied by the general path
        add("uses = []")
        add("usable(m, g, seat, uses)")
        if ph.id in m.open_phases and ph.plant_max is None and not ph.trade:
            # nothing but such an ability keeps the phase open: its end is listed after the uses
            moved_end = " and (END, seat, 'phase') not in mv" if m.moves else ""
            add(f"if active{moved_end} and ability_waits(m, g):")
            add("    uses.append((END, seat, 'phase'))")
        parts.append(("len(uses)", ["general_apply(m, g, uses[k])", "continue"]))
    if ph.harvests is not None:  # the engine's harvest lister of the phase: its timing, then the harvest judge
        out.extend(_harvests(m, ph))
        parts.append(("len(harvests)", ["harvest(g, seat, harvests[k])"]))
    add("total = " + (" + ".join(count for count, _ in parts) or "0"))
    add("if not total:")
    add("    raise Stalled(f'the game waits for seat {seat + 1}, who has no legal action', where(g))")
    if INLINE_DRAW:
        # random.Random._randbelow_with_getrandbits written out (CPython's randrange(n) for n >= 1)
        add("bits = getbits[seat]")
        add("width = total.bit_length()")
        add("k = bits(width)")
        add("while k >= total:")
        add("    k = bits(width)")
    else:
        add("k = belows[seat](total)")
    # Decode k part by part: option k of the first part whose count exceeds it.
    indent = ""
    for i, (count, code) in enumerate(parts):
        if i == len(parts) - 1:
            out.extend(f"{indent}{line}" for line in code)
            break
        add(f"{indent}if k < {count}:")
        out.extend(f"{indent}    {line}" for line in code)
        add(f"{indent}else:")
        indent += "    "
        add(f"{indent}k -= {count}")
    return out


def source(m: Any) -> str:
    """The Python source of the random bots' loop for this machine's rules."""
    lines = [
        "def run(g, bots, trades, max_actions):",
        "    count = 0",
        "    hands, fields, coins, set_aside, discard = g.hands, g.fields, g.coins, g.set_aside, g.discard",
        "    belows = [b.below for b in bots]",
        "    getbits = [b.rng.getrandbits for b in bots]",
        "    while not g.over:",
        "        count += 1",
        "        if count > max_actions:",
        "            raise Stalled(f'the game did not end within {max_actions} actions', where(g))",
        "        phase = AT[g.phase]",
    ]
    if m.decides:  # a step waits for a player's decision: the general path answers it
        lines += ["        if g.decision is not None:",
                  "            seat = g.decision['player']",
                  "            general_apply(m, g, bots[seat].choose(m, g, seat))",
                  "            continue"]
    if m.lastings or m.standing:  # while a constraint holds, the general path lists what it leaves
        lines += [f"        if {'True' if m.standing else 'g.lasting'}:",
                  "            seat = next_to_act(m, g)",
                  "            if seat is None:",
                  "                raise Stalled('the game waits for nobody, yet it is not over', where(g))",
                  "            general_apply(m, g, bots[seat].choose(m, g, seat))",
                  "            continue"]
    for ph in m.phases:
        lines.append(f"        {'if' if ph.index == 0 else 'elif'} phase == {ph.index}:")
        lines.extend(f"            {line}" for line in _decision(m, ph))
    lines += ["        if g.over:", "            continue"]
    if m.auto:
        lines.append("        run_any_time(g)")
    if m.target_ends:  # an end by a target (kernel/tally.py) ends the game as soon as it holds
        lines += ["        if reached(m, g):", "            continue"]
    lines.append("        phase = AT[g.phase]  # as Game.apply settles: leave a phase with nothing left to do")
    for ph in m.phases:
        lines.append(f"        {'if' if ph.index == 0 else 'elif'} phase == {ph.index}:")
        lines.append(f"            if not ({_left_to_do(m, ph)}):")
        lines.append("                end_phase(g)")
    lines.append("    return count")
    return "\n".join(lines) + "\n"


def end_phase_source(m: Any) -> str:
    """flow.end_phase for these rules: the engine's lines (transitions.passing) under the
    kernel's Form, each phase's completion written in as the loop's (`_left_to_do`)."""
    body = passing(m.rs, FORM, lambda spec: _left_to_do(m, m.phases[spec.index]))
    return "\n".join(["def end_phase(g):", "    hands, set_aside = g.hands, g.set_aside",
                      *(f"    {line}" for line in body)]) + "\n"


# How the engine's lines of phase changes read in the generated loop: the state `g` (its
# players are seats), no events, the end test cached in g.ending, the machine's steps at any
# time and end of the game (each phase's names: transitions.phase_form).
FORM = Form(state="g", events=None, ending="g.ending", settle="run_any_time(g)", finish="finish(g)")


def _form(ph: Any) -> Form:
    """How the engine's lines of phase `ph`'s entry steps read in the generated loop."""
    return phase_form(ph, FORM)  # (a Phase has the index it reads)


def compile_random_loop(m: Any) -> tuple[Callable[..., int], Callable[..., None]]:
    """run(g, bots, trades, max_actions) -> actions played, for KRandomBot seats; and
    end_phase(g), the machine's phase changes as generated code."""
    def where(g: Any) -> dict:
        return {"phase": g.phase, "active": g.active, "turn": g.turn}
    namespace: dict[str, Any] = {
        "m": m, "Stalled": Stalled, "where": where, "next_to_act": next_to_act, "general_apply": general_apply,
        "TAKES": m.planting.takes, "taking": m.planting.taking, "move_options": move_options,
        "usable": usable, "front_lapses": front_lapses, "NEVER": m.unplantable,
        "ability_waits": ability_waits, "END": END,
        "harvest": m.harvest, "run_any_time": m.run_any_time, "C": coins_for,  # (the harvest judge's listing)
        "finish": m.finish, "RS": m.rs,
        "reached": lambda m, g: m.tally.reached(m, g)}
    namespace.update(m.open_tests(), rs=m.rs)  # what the phases' completion tests call (_left_to_do)
    for ph in m.phases:
        namespace[f"steps_{ph.index}"] = m.rs.phases[ph.index].listers.every
        namespace[f"harvests_{ph.index}"] = ph.harvests
    # every phase's steps, as the engine's lines of phase changes name them
    namespace.update(passing_names(m.rs, tuple(ph.entry for ph in m.phases), tuple(ph.leave for ph in m.phases), FORM))
    exec(compile(end_phase_source(m), f"<kernel phases of {m.n} players>", "exec"), namespace)
    exec(compile(source(m), f"<kernel loop of {m.n} players>", "exec"), namespace)
    return namespace["run"], namespace["end_phase"]
