"""Harvesting a field: which fields may be harvested (the harvest guards' judge,
engine/harvest_guards.py), the beanometer, coin cards;
the steps at any time (a harvest as soon as a field pays) and the harvest at the end of the game;
and the core's harvest of a bound field and a field's value, compiled for the evaluator as the
entries of engine/semantics.py name them."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..core import actors, conditions, effects, places, quantities
from ..core.categories import Cond
from .actions import Harvest
from .errors import IllegalAction, RuleRef, game_over
from .deck import ending
from .eventlog import UNRECORDED
from .harvest_rule import whole
from ..memo import per_object
from .evaluate import AT_ANY_TIME, RULES, CondFn, EffectFn, Env, NumFn, players_of, zone_of
from .one_model import holds
from .kinds import type_of
from .ruleset import Ruleset, listers_of
from .state import State
from .tally import pay
from .triggers import fire
from .zones import fields_of_table, refusal as zone_refusal
from ..desugar import STANDARD_ZONES as _STANDARD


def run_length(rs: Ruleset, field: list[str]) -> int:
    """How many cards a harvest of `field` takes: the whole field, or (where a harvest takes the
    top run) the unbroken line of the top card's bean at the top; covered cards stay
    (engine/harvest_rule.py compiles which)."""
    return rs.harvest.size(field)


def coins_for(rs: Ruleset, field: list[str]) -> int:
    """What harvesting `field` now pays by the beanometer (its top run under mixed-fields)."""
    if not field:
        return 0
    harvest = rs.harvest
    size = harvest.size(field)
    table = rs.payout[harvest.paying(field, size)]
    return table[min(size, len(table) - 1)]


def field_refusal(state: State, rs: Ruleset, player: int, index: int) -> IllegalAction | None:
    """Why field `index` of the player at seat `player` may not be harvested whenever harvesting
    is allowed (no such field, empty, or a harvest guard forbids it: engine/harvest_guards.py), or None."""
    fields = state.fields[player]
    if not 0 <= index < len(fields):
        return IllegalAction(rs.fields_ref, f"{state.players[player]} has no field {index + 1} "
                                            f"(fields 1 to {len(fields)})")
    return _guarded(state, rs, player, fields[index], index, f"field {index + 1} of {state.players[player]}")


def _guarded(state: State, rs: Ruleset, player: int, field: list[str], index: int | str,
             name: str) -> IllegalAction | None:
    """Why `field` (a player's, or a field of the table) may not be harvested: it is empty, or
    the first harvest guard whose condition holds forbids it (the judge); or None."""
    if not field:
        return IllegalAction(rs.harvest.whole_ref, f"{name} is empty")
    judge = rs.harvest_judge
    guard = judge.refusing(state, rs, player, field, index) if judge is not None else None
    if guard is None:
        return None
    return IllegalAction(guard.ref, f"{state.players[player]} may not harvest {name} ({len(field)} {type_of(rs, field[-1])}): "
                                    f"the rules say \"{guard.says}\"")


def open_fields(state: State, rs: Ruleset, player: int) -> list[int]:
    """0-based indices of the fields of `player` that may be harvested whenever harvesting is
    allowed (field_refusal, quickly): those that hold cards and no harvest guard refuses, as the
    judge lists them. Whether the player may harvest now is the harvest permits'
    (engine/listers.py)."""
    judge = rs.harvest_judge
    if judge is not None:
        return judge.opened(state, rs, player)
    out: list[int] = []
    i = 0
    for f in state.fields[player]:
        if f:
            out.append(i)
        i += 1
    return out


def harvestable(state: State, rs: Ruleset, player: int) -> list[int]:
    """0-based indices of the fields `player` may harvest now: the harvest permits' lister of the
    phase (engine/listers.py, kept beside the phase), which asks open_fields where a permit lets
    the player harvest. The playout kernel runs it on its own state as well."""
    if state.over:
        return []
    return listers_of(rs.phases[rs.phase_index[state.phase]]).harvests(state, rs, player)


Harvester = Callable[..., None]  # (state, harvest, events=UNRECORDED, auto=False)
_HARVESTERS: dict = {}


def do_harvest(state: State, rs: Ruleset, player: int, index: int | str, events: list, auto: bool = False) -> None:
    """Take the field (its top run under mixed-fields) `index` of the player at seat `player`
    (0-based, or a field of the table): the ruleset's harvester."""
    per_object(_HARVESTERS, rs, None, lambda: harvester(rs))(
        state, Harvest(state.players[player], index + 1 if type(index) is int else index), events, auto)


def harvester(rs: Ruleset) -> Harvester:
    """do_harvest compiled for these rules, with what they lack left out: (state, harvest,
    events, auto) carries out `harvest`, a Harvest by field number (1-based) or by the name of a
    field of the table (engine/zones.py; its player harvests it and is paid as for their own),
    whose field is known to be one that may be harvested; `auto`, a harvest a step made. It
    takes the action itself so that it is the listed mode's move for a harvest
    (engine/acting.py), with no call in between. With coins from harvested cards, as many of
    its cards as the beanometer pays become coin cards and the rest go to the discard pile
    (bottom card first, so the top card ends on top); with coins from the bank, every
    harvested card goes to the discard pile and the coin cards come off the end of `removed`
    (the bank), as many as it still holds; with coins written down, the tally pays."""
    harvest, payout = rs.harvest, rs.payout
    size_of, paying_of, bank = harvest.size, harvest.paying, harvest.bank
    # a field harvested whole: the paying card read where it lies (most rules: len(field), field[-1])
    at = harvest.whole_at if size_of is whole else None
    counter = harvest.pays_into  # the counter coins are written onto (None: coin cards)
    # coins written down towards a target that ends the game: the state keeps the end test as
    # the harvest left it, as it does as the deck runs out (deck._run_out; a playout reads it)
    toward = counter is not None and bool(rs.target_ends)
    typed, fires = bool(rs.plays_as), bool(rs.triggers)
    plain = counter is None and bank is None  # the coins are cards of the field
    tabled = bool(fields_of_table(rs))  # a harvest may name a field of the table

    def told(player: str, number: int | str, paying: str, size: int, coins: int) -> dict:
        """The harvest's event (the card type paid for, where cards play as another)."""
        return {"event": "harvested", "player": player, "field": number,
                "bean": type_of(rs, paying) if typed else paying, "cards": size, "coins": coins}

    def tell(events: list, event: dict, auto: bool) -> None:
        if auto:  # (after what paying added: the event's keys keep their order)
            event["auto"] = True
        events.append(event)

    def harvest_field(state: State, action: Harvest, events: list = UNRECORDED, auto: bool = False) -> None:
        name, number = action.player, action.field
        player = state.seat_of[name]
        field = state.zones[number] if tabled and type(number) is not int else state.fields[player][number - 1]
        held = len(field)
        if at is not None:
            size, paying, start = held, field[at], 0  # the harvest takes the cards from `start` up
        else:
            size = size_of(field)
            paying, start = paying_of(field, size), held - size
        table = payout[paying]
        most = len(table) - 1
        coins = table[size if size < most else most]
        if plain:  # the top `coins` cards become coins, the others go to the discard pile
            if coins:
                state.coins[player].extend(field[held - coins:])
            if coins != size:
                state.discard.extend(field[start:held - coins])
            if events is not UNRECORDED:
                tell(events, told(name, number, paying, size, coins), auto)
        else:
            event = told(name, number, paying, size, coins)
            if counter is not None:  # written down (engine/tally.py)
                pay(state, counter, player, field[start:], coins, event)
                if toward:
                    state.ending = ending(state, rs)
            else:
                state.discard.extend(field[start:])
                pot = state.removed  # the one bank compile_coin_source names
                paid = min(coins, len(pot))
                if paid:
                    state.coins[player].extend(reversed(pot[len(pot) - paid:]))
                    del pot[len(pot) - paid:]
                if paid < coins:  # the bank ran short (assumed: it pays what it holds)
                    event["coins"] = paid
                    event["unpaid"] = coins - paid
            tell(events, event, auto)
        if fires:  # a card's "when harvested" step (a third field for two field beans)
            # the step reads the cards the harvest took (its "cards"), though they have left the field
            taken = field[start:]
            del field[start:]
            fire(state, rs, "harvested", player, type_of(rs, paying) if typed else paying, events, cards=taken,
                 field=number - 1 if type(number) is int else number)
        else:
            del field[start:]
    return harvest_field


def settle(state: State, rs: Ruleset, events: list) -> None:
    """Run the steps ``at any time`` (after an action or an automatic step): each whose condition
    holds, in rule order; a harvest one makes is told with ``"auto": true``."""
    for step in rs.at_any_time:
        if state.over:
            return
        step.fire(state, rs, events, **{AT_ANY_TIME: True})


def pays_more_than(node: Cond) -> int | None:
    """N where `node` says "some field of some player pays more than N coins" (some-player of
    all players, some-field of theirs, the field's value compared with a number); None: it
    says something else."""
    if not isinstance(node, conditions.SomePlayer) or node.among != actors.AllPlayers():
        return None
    fields = node.where
    if not isinstance(fields, conditions.SomeField) or fields.owner != actors.Bound(node.name):
        return None
    test = fields.where
    if isinstance(test, conditions.Compare) and test.op in (">", ">=") \
            and test.left == quantities.FieldValue(actors.Bound(fields.name)) \
            and isinstance(test.right, quantities.Number):
        return test.right.value - (test.op == ">=")
    return None


def smallest_paying(table: tuple[int, ...], more_than: int) -> int:
    """The fewest cards a field must hold for the beanometer `table` to pay more than
    `more_than` coins for them (a run is never longer than its field): a cheap test that
    comes before coins_for."""
    return next((size for size in range(1, len(table)) if table[size] > more_than), _NEVER)


_NEVER = 1 << 30  # no field holds so many cards


def least_paying(rs: Ruleset, more_than: int) -> dict[str, int]:
    """Each card's fewest cards a field topped by it must hold to pay more than `more_than`
    (where another card of the run pays, the fewest of all tables)."""
    tables = rs.payout
    if rs.harvest.top_pays:
        return {card: smallest_paying(table, more_than) for card, table in tables.items()}
    return dict.fromkeys(tables, min((smallest_paying(t, more_than) for t in tables.values()), default=_NEVER))


def some_field_pays(all_fields: Iterable[list[list[str]]], rs: Ruleset, least: dict[str, int], more_than: int) -> bool:
    """Whether some field of `all_fields` (each player's fields) pays more than `more_than`: a
    field shorter than its top card's smallest paying run (`least`) pays nothing, a longer one is
    asked coins_for. The interpreter's and the kernel's states both hold fields so."""
    for fields in all_fields:
        for field in fields:
            if field and len(field) >= least[field[-1]] and coins_for(rs, field) > more_than:
                return True
    return False


def pays_anywhere(node: Cond) -> CondFn | None:
    """The condition "some field of some player pays more than N" (pays_more_than), compiled
    as one loop over every field (some_field_pays). The payout table is bound the first time a
    ruleset asks (a compiled condition serves every ruleset of the rules that hold it); None:
    another condition."""
    more_than = pays_more_than(node)
    if more_than is None:
        return None
    bound: list = [None, None]  # the ruleset last asked, and least_paying for it

    def pays(state: Any, env: Env) -> bool:
        rs = env[RULES]
        if bound[0] is not rs:
            bound[:] = rs, least_paying(rs, more_than)
        return some_field_pays(state.fields, rs, bound[1], more_than)
    return pays


def by_itself(rs: Ruleset) -> RuleRef | None:
    """The rule of a step at any time that harvests: fields are harvested by themselves."""
    return next((step.ref for step in rs.at_any_time if holds(step.run.node, effects.Harvest)), None)


def table_refusal(state: State, rs: Ruleset, player: int, zone: str) -> IllegalAction | None:
    """Why `player` may not harvest the field `zone` of the table now (engine/zones.py): only a
    rule's permission opens it, whatever the harvest timing says; or None."""
    if state.over:
        return game_over(rs)
    refused = zone_refusal(state, rs, "harvest", zone, player)
    if refused is not None:
        return refused
    return _guarded(state, rs, player, state.zones[zone], zone, zone)


def table_harvests(state: State, rs: Ruleset, player: int) -> list:
    """The harvests of fields of the table the player at seat `player` may make now."""
    return [Harvest(state.players[player], zone) for zone in fields_of_table(rs) if table_refusal(state, rs, player, zone) is None]


# ------------------------------------------------------------------ compiled for the evaluator
def field_value(node: quantities.FieldValue) -> NumFn:
    """What a field (or all of a player's fields) pays now: the beanometer's, as harvests pay."""
    place = node.field
    if isinstance(place, places.Zone) and place.zone == "field" and place.owner is not None:
        owner = players_of(place.owner)  # all of a player's fields: what they pay together
        return lambda state, env: sum(coins_for(env[RULES], f) for f in state.fields[owner(state, env)[0]])
    if isinstance(place, actors.Bound):  # a field bound by for-each: one call less
        name = place.name
        return lambda state, env: coins_for(env[RULES], env[name])
    field = zone_of(place)
    return lambda state, env: coins_for(env[RULES], field(state, env))


def harvest_table_field(node: effects.Harvest) -> EffectFn | None:
    """Harvest a field of the table the rules declare (`harvest the middle`, in a step of a
    rule): the player the effect names harvests its top run and is paid as for their own field,
    as the harvest action of a field of the table pays; an empty field is not harvested (None:
    another place)."""
    field = node.field
    if not isinstance(field, places.Zone) or field.owner is not None or field.zone in _STANDARD:
        return None
    who, name, paying = players_of(node.player), field.zone, node.only_paying

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        held = state.zones[name]  # a field: check refuses the harvest of a pile or row at its line
        if held and (not paying or coins_for(rs, held) >= 1):
            do_harvest(state, rs, who(state, env)[0], name, events, AT_ANY_TIME in env)
    return run


def harvest_bound(node: effects.Harvest) -> EffectFn | None:
    """Harvest a field bound by for-each (None: another field; the game's harvest action)."""
    if not isinstance(node.field, actors.Bound):
        return None
    who, name, paying = players_of(node.player), node.field.name, node.only_paying
    bound: list = [None, None]  # the ruleset last asked, and its harvester (as pays_anywhere binds)

    def run(state: Any, rs: Any, env: Env, events: list) -> None:
        field = env[name]
        if field and (not paying or coins_for(rs, field) >= 1):
            if bound[0] is not rs:
                bound[:] = rs, per_object(_HARVESTERS, rs, None, lambda: harvester(rs))
            bound[1](state, Harvest(state.players[who(state, env)[0]], env[name + "#"] + 1), events, AT_ANY_TIME in env)
    return run
