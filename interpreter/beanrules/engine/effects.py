"""The core nodes card abilities need, compiled into closures for the evaluator.

:mod:`.evaluate` compiles the nodes every rulebook's sentences use; the nodes here (the
effects of the effect language, the actors and places that speak about a card's owner, the
choices a player makes while an ability runs) are compiled the same way, by node type, once
per game: each function here is the semantics of a node type named in engine/semantics.py.

Every effect is bounded: ``repeat`` and ``for-chosen`` count their bound once, ``choose``
takes one value, nothing calls itself. A choice is read from the feed in the environment
(:class:`.effect_env.Feed`): the values the acting player picked as part of the action, in
the order the effect asks for them.
"""
from __future__ import annotations

from typing import Any

from ..core import actors, conditions, effects, places, quantities
from ..core.categories import Node
from . import evaluate
from .decisions import move_picked
from .deck import take_top
from .effect_env import OWNER, Held, feed_of
from .errors import IllegalAction
from .eventlog import UNRECORDED
from .state import name_of
from .lasting import plant_refusal
from .meaning import Semantics, run
from .planting import field_accepts
from .requirements import hand_room
from .selection import _owner, beans_of, laid_end, lays_by_order, zone_name


# ------------------------------------------------------------------ actors
def card_owner(node: actors.CardOwner) -> evaluate.PlayersFn | None:
    if node.card is not None:
        return None
    return _for_player


def step_owner(node: actors.Owner) -> evaluate.PlayersFn:
    """The owner deciding when the effect reaches the choice: the same player as the card's owner."""
    return _for_player


def _for_player(state: Any, env: dict) -> list[str]:
    owner = env.get(OWNER)  # (a seat, on the kernel's state: seat 0 is an owner too)
    return [state.active if owner is None else owner]  # a phase's own step: the active player


def others(node: actors.OtherPlayers | actors.Opponent) -> evaluate.PlayersFn:
    """Every player but the one the rule speaks about (the ability's owner, else the active
    player), in the direction of play from them; the opponent: the one other player."""
    two = isinstance(node, actors.Opponent)

    def run(state: Any, env: dict) -> list[str]:
        found = _round_from(state, env, env.get(OWNER, state.active))
        if two and len(found) != 1:
            raise IllegalAction(None, "'the opponent' is meant for a game of two players")
        return found
    return run


def all_but(node: actors.AllBut) -> evaluate.PlayersFn:
    """Every player but the one named, in the direction of play from them."""
    who = evaluate.players_of(node.player)
    return lambda state, env: _round_from(state, env, who(state, env)[0])


def _round_from(state: Any, env: dict, me: int) -> list[int]:
    """The other players' seats, in the direction of play from `me`."""
    rs = env.get(evaluate.RULES)
    step, n = (rs.direction if rs else 1), len(state.players)
    return [(me + step * k) % n for k in range(1, n)]


# ------------------------------------------------------------------ places and numbers
def all_fields(node: places.Zone) -> evaluate.ZoneFn | None:
    """Every card of a player's fields, in field order (for counting; never changed in place)."""
    if node.zone != "field" or node.owner is None:
        return None
    who = evaluate.players_of(node.owner)
    return lambda state, env: [c for f in state.fields[who(state, env)[0]] for c in f]


def fields_of(node: quantities.FieldsOf) -> evaluate.NumFn:
    who = evaluate.players_of(node.player)
    return lambda state, env: len(state.fields[who(state, env)[0]])


def fits(node: conditions.Fits) -> evaluate.CondFn | None:
    """Whether a picked card (or the card a player must plant next) may go onto a picked field
    under the planting rules."""
    cards, onto = node.cards, node.field
    if not (isinstance(cards, (actors.Bound, places.Due)) and isinstance(onto, actors.Bound)):
        return None
    held, target = beans_of(cards), onto.name  # a bound card: one card, as `matches` reads it

    def run(state: Any, env: dict) -> bool:
        player, index, beans = env[target + "@"], env[target + "#"], held(state, env)
        return bool(beans) and all(field_accepts(state, env[evaluate.RULES], player, bean, index) for bean in beans)
    return run


# ------------------------------------------------------------------ choices
def _player_options(among: evaluate.PlayersFn, state: Any, env: dict, taken: list[int]) -> list[str]:
    """The players to choose among, by name (a choice is written in the action's words)."""
    players = state.players
    return [players[p] for p in among(state, env) if p not in taken]


def _field_choice(owner: evaluate.PlayersFn, name: str, where: evaluate.CondFn | None, must: bool,
                  nonempty: bool) -> evaluate.EffectFn:
    """Choose one field of a player (``nonempty``: its top card), bound as `name`: the card
    (a Held) or the field (the list, with its number and owner beside it)."""
    def choose(state: Any, rs: Any, env: dict, events: list) -> None:
        player = owner(state, env)[0]
        fields = state.fields[player]
        options = []
        for i, f in enumerate(fields):
            if nonempty and not f:
                continue
            env_i = _bind_field(state, env, name, player, fields, i, nonempty)
            if where is None or where(state, env_i):
                options.append(str(i + 1))
        picked = feed_of(env).take(f"{name} (a field of {state.players[player]})", options, must)
        if picked is not None:
            env.update(_bind_field(state, env, name, player, fields, int(picked) - 1, nonempty))
        else:
            env[name] = None
    return choose


def _bind_field(state: Any, env: dict, name: str, player: int, fields: list, index: int, card: bool) -> dict:
    if card:
        return {**env, name: Held(fields[index][-1], fields[index], f"field {index + 1} of {state.players[player]}",
                                  False, "field", player)}
    return {**env, name: fields[index], name + "#": index, name + "@": player}


def choose(node: effects.Choose) -> evaluate.EffectFn:
    name, must = node.name, node.must
    where = evaluate.condition(node.where) if node.where is not None else None
    options = node.options
    if isinstance(options, places.CardsIn) and isinstance(options.place, places.Zone) \
            and options.place.zone == "field" and options.place.owner is not None and options.pick == "top" \
            and isinstance(options.count, quantities.Number) and options.count.value == 1:
        return _field_choice(evaluate.players_of(options.place.owner), name, where, must, True)
    if isinstance(options, places.Zone) and options.zone == "field" and options.owner is not None:
        return _field_choice(evaluate.players_of(options.owner), name, where, must, False)
    if isinstance(options, (places.CardsIn, places.Zone, actors.Bound)) and not isinstance(options, actors.Bound):
        raise evaluate.UnsupportedRule(f"the engine cannot offer a choice from '{options.to_text()}' yet")
    among = evaluate.players_of(options)

    def choose_player(state: Any, rs: Any, env: dict, events: list) -> None:
        players = state.players
        found = [players[p] for p in among(state, env)
                 if where is None or where(state, {**env, name: p})]
        picked = feed_of(env).take(name, found, must)  # a name, as the action writes it
        env[name] = None if picked is None else state.seat_of[picked]
    return choose_player


def for_chosen(node: effects.ForChosen) -> evaluate.EffectFn:
    name, who, among = node.name, evaluate.players_of(node.player), evaluate.players_of(node.among)
    most, body = evaluate.number(node.most), evaluate.effect(node.body)

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        taken: list[int] = []
        for _ in range(most(state, env)):  # counted once: always terminates
            picked = feed_of(env).take(f"{name} (up to {most(state, env) - len(taken)} more)",
                                     _player_options(among, state, env, taken), False)
            if picked is None:
                return
            seat = state.seat_of[picked]
            taken.append(seat)
            body(state, rs, {**env, name: seat}, events)
    return run


# ------------------------------------------------------------------ effects
def _held(node: Node) -> str:
    if not isinstance(node, actors.Bound):
        raise evaluate.UnsupportedRule(f"the engine moves only a card picked before ('{node.to_text()}' is not one) yet")
    return node.name


def _moved(count: int, from_zone: str, owner: str | None, to_zone: str, to: str | None, end: str) -> dict:
    """The one shape of an event that reports cards moving (docs/engine-contract.md, Events)."""
    return {"event": "moved", "cards": count, "from_zone": from_zone, "from": owner, "to_zone": to_zone,
            "to": to, "end": end}


def _moved_by(state: Any, count: int, from_zone: str, owner: int | None, to_zone: str, to: int | None,
              end: str) -> dict:
    """_moved of the owners' seats: the event names them."""
    return _moved(count, from_zone, name_of(state, owner), to_zone, name_of(state, to), end)


def move(node: effects.Move) -> evaluate.EffectFn:
    cards = node.cards
    to = evaluate.zone_of(node.to)
    front = node.end in ("front", "bottom")
    to_zone, to_owner = zone_name(node.to), _owner(node.to)
    end = node.end or ("back" if to_zone == "hand" else "top")
    by_order = lays_by_order(to_zone, node.end)  # a declared zone laid oldest first: at its bottom

    def put(state: Any, rs: Any, env: dict, cards_: list[str]) -> str:
        """Lay the cards where the move says (or the zone's order does); the end they went to."""
        at = (laid_end(rs, to_zone, None) or end) if by_order else end
        _put(to(state, env), cards_, front or at == "bottom")
        return at
    if isinstance(cards, places.CardsIn) and isinstance(cards.place, places.Zone) and cards.place.zone == "field":
        raise evaluate.UnsupportedRule(f"'{cards.to_text()}' does not say which field: choose the card first "
                                       "(choose NAME from … field top), then move NAME")
    if isinstance(cards, places.CardsIn) and cards.pick in ("front", "top") and cards.count is not None:
        source, count = evaluate.zone_of(cards.place), evaluate.number(cards.count)
        from_owner = _owner(cards.place)
        deck = isinstance(cards.place, places.Zone) and cards.place.zone == "deck"
        from_front = cards.pick == "front" or deck

        def move_ends(state: Any, rs: Any, env: dict, events: list) -> None:
            zone, n = source(state, env), count(state, env)
            # a player's use of an ability is refused when the pile holds too few cards; a step
            # that runs by itself takes the cards there are (evaluate.BY_ITSELF), and no more
            # than a hand may take under a rule that holds at all times (the hand limit)
            whole = not cards.up_to and not env.get(evaluate.BY_ITSELF)
            if not whole and to_zone == "hand" and rs.requirements:
                n = hand_room(state, rs, to_owner(state, env), n)
            if deck:  # off the deck as a draw takes cards: the deck may run out (and be reshuffled)
                if not zone and whole and n:
                    raise IllegalAction(None, "the deck is empty")
                taken = [c for c in (take_top(state, rs, events) for _ in range(n)) if c is not None]
                at = put(state, rs, env, taken)
                events.append(_moved_by(state, len(taken), "deck", None, to_zone, to_owner(state, env), at))
                return
            taken = (zone[:n] if from_front else zone[len(zone) - n:]) if n else []
            if len(taken) < n and whole:
                raise IllegalAction(None, f"{cards.place.to_text()} holds fewer than {n} cards")
            if from_front:
                del zone[:len(taken)]
            else:
                del zone[len(zone) - len(taken):]
            at = put(state, rs, env, taken)
            if taken and events is not UNRECORDED:  # (a playout tries abilities many times)
                events.append(_moved_by(state, len(taken), zone_name(cards.place), from_owner(state, env), to_zone,
                                        to_owner(state, env), at))
        return move_ends
    if isinstance(cards, places.CardsIn):
        return None  # all (or the bottom) cards of a zone: moved by engine/selection.py
    name = _held(cards)
    other = move_picked(node)  # a card a decision picked, where it lies

    def move_held(state: Any, rs: Any, env: dict, events: list) -> None:
        held = env.get(name)
        if not isinstance(held, Held):
            if other is not None and held is not None:  # a card a decision picked
                return other(state, rs, env, events)
            return  # an optional choice passed: nothing to move
        held.take()
        at = put(state, rs, env, [held.bean])
        if events is not UNRECORDED:
            events.append(_moved_by(state, 1, held.source or "field", held.owner, to_zone, to_owner(state, env), at))
    return move_held


def _put(zone: list, cards: list[str], front: bool) -> None:
    if front:
        zone[:0] = cards
    else:
        zone.extend(cards)


def plant(node: effects.Plant) -> evaluate.EffectFn:
    """Plant a picked card on a field the player chooses now among the fields that may take it
    under the planting rules. No sentence plants an effect's card onto a field it names (a plant
    onto FIELD is written only in the planting rules' constraints, which the plant judge reads)."""
    who, name = evaluate.players_of(node.player), _held(node.cards)
    if node.onto is not None:
        raise evaluate.UnsupportedRule(f"the engine plants a picked card onto a field its player chooses, not onto "
                                       f"'{node.onto.to_text()}' yet")

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        held = env.get(name)
        if held is None:
            return
        player = who(state, env)[0]
        fields = state.fields[player]
        options = [str(i + 1) for i in range(len(fields)) if field_accepts(state, rs, player, held.bean, i)]
        index = int(feed_of(env).take(f"a field of {state.players[player]} for the {held.bean}", options, True)) - 1
        if state.lasting:  # a constraint laid down on this very card (engine/marked.py)
            refused = plant_refusal(state, rs, held.zone[held.index()])
            if refused is not None:
                raise refused
        held.take()
        fields[index].append(held.bean)
        if events is not UNRECORDED:
            events.append({"event": "planted", "player": state.players[player], "bean": held.bean,
                           "field": index + 1, "from": held.where})
    return run


def add_field(node: effects.AddField) -> evaluate.EffectFn:
    who, count = evaluate.players_of(node.player), node.count

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        for player in who(state, env):
            state.fields[player].extend([] for _ in range(count))
            if events is not UNRECORDED:
                events.append({"event": "field-added", "player": state.players[player],
                               "fields": len(state.fields[player])})
    return run


def remove_field(node: effects.RemoveField) -> evaluate.EffectFn:
    who = evaluate.players_of(node.player)
    if node.field is not None:
        raise evaluate.UnsupportedRule("the engine removes only an empty field of the player's yet")

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        for player in who(state, env):
            fields = state.fields[player]
            empty = next((i for i in range(len(fields) - 1, -1, -1) if not fields[i]), None)
            if empty is not None and len(fields) > 1:
                del fields[empty]
                if events is not UNRECORDED:
                    events.append({"event": "field-removed", "player": state.players[player], "fields": len(fields)})
    return run


def if_(node: effects.If) -> evaluate.EffectFn:
    test, then = evaluate.condition(node.condition), evaluate.effect(node.then)
    otherwise = evaluate.effect(node.otherwise) if node.otherwise is not None else None

    def run(state: Any, rs: Any, env: dict, events: list) -> str | None:
        if test(state, {**env, evaluate.RULES: rs}):
            return then(state, rs, env, events)
        return otherwise(state, rs, env, events) if otherwise is not None else None
    return run


def let(node: effects.Let) -> evaluate.EffectFn:
    name, value = node.name, evaluate.number(node.value)

    def run(state: Any, rs: Any, env: dict, events: list) -> None:
        env[name] = value(state, {**env, evaluate.RULES: rs})
    return run


# What the nodes compiled here mean: their entries of the semantics table, kept beside their
# compile functions (engine/meaning.py; engine/semantics.py names this module in BESIDE). A node
# whose shapes this module shares with another (a place, a move, a plant, a choice) keeps its
# entry in the table, where the order of its shapes is decided.
ENTRIES: dict[type[Node], Semantics] = {
    actors.Opponent: run(actor=others),
    actors.OtherPlayers: run(actor=others),
    actors.AllBut: run(actor=all_but),
    actors.CardOwner: run(actor=card_owner),
    actors.Owner: run(actor=step_owner),
    quantities.FieldsOf: run(quantity=fields_of),
    conditions.Fits: run(condition=fits),
    effects.AddField: run(effect=add_field),
    effects.RemoveField: run(effect=remove_field),
    effects.If: run(effect=if_),
    effects.ForChosen: run(effect=for_chosen),
    effects.Let: run(effect=let),
}
