"""Card abilities a player uses: compiled once per game, listed as legal actions, applied.

An ability says where its card must lie and when (its timings, all of which must hold):

- ``when played`` — the card is at the front of its owner's hand and is played from there
  (a card that is played rather than planted);
- ``while on top of a field`` — the card lies on top of one of its owner's fields (a card
  that is covered, or whose field was harvested, has lost it); the ability is used on that
  field, at most once per turn per field with ``once per turn``;
- ``during PHASE`` — only in that phase, of the owner's own turn (``any-time``: in any
  player's turn, the phase then being that player's);
- ``once-per-turn`` — at most once per turn counted as its text says: on each field, for each
  player, or once at the whole table (``once per turn`` alone: per field on a field).

Abilities with any other timing (``when planted``, ``when harvested``, ``when revealed``,
``when drawn``) run by themselves (:mod:`.triggers`). The effect runs with the choices the
player picked as part of the action (:class:`.effect_env.Feed`); the whole action is checked on
a copy of the state first, so a refusal leaves the state untouched.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator

from ..core import effects as core_effects, places, statements, timing
from ..core.actors import CardOwner
from ..desugar import bean_card
from ..memo import per_object
from . import decisions, evaluate, one_model, listers, program, refusals, trade_guards, triggers
from .actions import UseAbility
from .decisions import acting, deciding
from .effect_env import FEED, NONE, OWNER, Feed, Held, NeedChoice
from .errors import IllegalAction, RuleRef, UnsupportedRule, about_card, game_over
from .eventlog import UNRECORDED
from .lasting import constrained_card
from .requirements import breaks_held
from .turns import off_turn

# How many different uses of one ability legal_actions lists at most (every choice sequence
# of an ability that takes one bean from each of two other players, at five players, is about
# two hundred; the rest stay legal to apply).
MAX_LISTED = 200


@dataclass(frozen=True)
class AbilitySpec:
    """An ability a player uses by an action. `where`: "hand-front" or "field-top"."""
    card: str
    name: str
    title: str | None
    where: str
    phase: str | None  # only in this phase of the owner's turn (None: any phase of it)
    once: bool  # once per turn (per field, for an ability on a field, unless `once_per` says)
    run: evaluate.Compiled
    ref: RuleRef
    any_turn: bool = False  # its owner uses it in any player's turn, not only in their own
    once_per: str | None = None  # "field", "player" or "card", as written (None: `once per turn` alone)

    def key(self, field: int | None, player: str = "") -> str:
        """What a use counts against in ``state.used``: the field (the rulebooks' cards, used
        only by the active player: ``card.ability@field``, as before), or the player, or the
        card at the whole table."""
        if self.once_per == "card":
            return self.ref.id
        if self.once_per == "player":
            return f"{self.ref.id}@{player}"
        if self.any_turn:  # fields of different players: the player names them
            return f"{self.ref.id}@{player}:{field or 0}"
        return f"{self.ref.id}@{field or 0}"


def ability_ref(bean: dict, index: int, data: dict) -> RuleRef:
    """The rule a refusal cites for an ability: ``card-ability`` and the ability's citation."""
    name = data.get("id") or str(index + 1)
    cited = RuleRef.of({"id": f"{bean['id']}-{name}", "provenance": data.get("provenance", {}),
                        "text": data.get("title") or ""})
    if cited.citation is None:  # an ability that cites nothing: the card's own citation
        cited = RuleRef(cited.id, RuleRef.of({**bean, "id": cited.id}).citation, cited.text)
    return cited


# How deeply effects may nest (a spec's parser bounds it far lower; a rule model edited by
# hand could nest past Python's recursion limit).
MAX_NESTING = 40


def _nesting(bean: dict) -> int:
    """How deeply the effects of a card's abilities nest, counted without recursion."""
    deepest, stack = 0, [(e, 1) for a in bean["abilities"] for e in a.get("effects", [])]
    while stack:
        effect, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_NESTING:
            break
        for key in ("then", "else", "effects"):
            stack.extend((e, depth + 1) for e in effect.get(key) or [] if isinstance(e, dict))
    return deepest


def nests_too_deep(bean: dict) -> bool:
    """The card's abilities nest effects deeper than the engine reads them (nor does check,
    which reports it by ability_refusal, before it reads their names)."""
    return _nesting(bean) > MAX_NESTING


def card_abilities(model: dict, players: int) -> list[tuple[dict, statements.Ability, RuleRef]]:
    """Every ability of every card, with its card and the rule it is cited as."""
    return list(one_model.made_once("card-abilities", model, players, lambda: _made(model, players)))


def _made(model: dict, players: int) -> tuple[tuple[dict, statements.Ability, RuleRef], ...]:
    out = []
    known = refusals.known_names(model)
    for bean in model["beans"]:
        if nests_too_deep(bean):
            raise UnsupportedRule(f"the abilities of card '{bean['id']}' nest effects more than "
                                  f"{MAX_NESTING} deep")
        made = evaluate.resolved_for(bean_card(bean), players)
        for i, (ability, data) in enumerate(zip(made.abilities, bean["abilities"])):
            # a name the model does not have: refused before any game, in check's words (refusals.py)
            unknown = refusals.unknown_names(ability, known)
            if unknown:
                raise UnsupportedRule(f"{refusals.where_ability(bean, i)} {unknown[0].says}", card=bean["id"])
            out.append((bean, ability, ability_ref(bean, i, data)))
    return tuple(out)


_USED = (timing.When, timing.WhileOnTop, timing.During, timing.AnyTime, timing.OncePerTurn, timing.WhenPlayer)


def kind_of(ability: statements.Ability) -> str:
    """"hand-front", "field-top", "event" (runs by itself) or "watch" (a card on top of a field
    that runs by itself on another player's action); UnsupportedRule otherwise."""
    whens = [t for t in ability.when if isinstance(t, timing.When)]
    on_top = any(isinstance(t, timing.WhileOnTop) for t in ability.when)
    others = [t for t in ability.when if not isinstance(t, _USED)]
    watches = [t for t in ability.when if isinstance(t, timing.WhenPlayer)]
    if watches:
        return _watch_kind(ability, watches, whens, on_top)
    if whens and whens[0].event != "played" and \
            any(isinstance(t, (timing.AnyTime, timing.OncePerTurn)) for t in ability.when):
        raise UnsupportedRule(f"ability '{ability.name}': an ability that runs by itself "
                              f"('{whens[0].to_text()}') is not used by its owner, so 'in any turn' "
                              "and 'once per turn' do not apply to it")
    if others or len(whens) > 1 or (whens and on_top):
        raise UnsupportedRule(f"ability '{ability.name}': the engine runs an ability with one place to "
                              "act from ('when played', 'while on top of a field' or one event), "
                              "optionally in a phase, not '" + "', '".join(t.to_text() for t in ability.when) + "'")
    if on_top:
        if any(isinstance(t, timing.WhileOnTop) and t.card is not None for t in ability.when):
            raise UnsupportedRule(f"ability '{ability.name}': the engine runs 'while on top' for the card "
                                  "the ability is on only")
        return "field-top"
    if whens and whens[0].event == "played":
        return "hand-front"
    if whens and whens[0].event in ("planted", "harvested", "revealed", "drawn"):
        if any(isinstance(t, timing.During) for t in ability.when):
            raise UnsupportedRule(f"ability '{ability.name}': an ability that runs by itself "
                                  f"('{whens[0].to_text()}') takes no phase yet")
        return "event"
    raise UnsupportedRule(f"ability '{ability.name}': it needs a place to act from: 'when played "
                          "from front of hand', 'while on top of a field' or an event such as "
                          "'when harvested'" + (f", not '{whens[0].to_text()}'" if whens else ""))


def _watch_kind(ability: statements.Ability, watches: list, whens: list, on_top: bool) -> str:
    """An ability on another player's action: one such timing, on top of a field, nothing else
    (it runs by itself, so it is not used in a phase or counted per turn)."""
    extra = [t for t in ability.when if not isinstance(t, (timing.WhenPlayer, timing.WhileOnTop))]
    if len(watches) > 1 or whens or extra or not on_top:
        raise UnsupportedRule(f"ability '{ability.name}': '{watches[0].to_text()}' runs by itself while the "
                              "card lies on top of its owner's field: write it with 'while on top of a field' "
                              "and no other trigger")
    return "watch"


def check_players(ability: statements.Ability, players: int) -> None:
    """'The opponent' is the other player of a game of two."""
    if refusals.speaks_of_opponent(ability, players):
        raise UnsupportedRule(f"ability '{ability.name}' speaks of 'the opponent', which a game of "
                              f"{players} players does not have")


def check_zones(ability: statements.Ability, players: int) -> None:
    """A place such as "each opponent's hand" is one zone only in a game of two: with more it is
    refused here, after the effects compiled (so by check, not mid-game)."""
    several = refusals.several_zones(ability.effect, players)  # as a rule's places are judged
    if several is not None:
        raise UnsupportedRule(f"ability '{ability.name}': '{several.to_text()}' is the zone of "
                              f"{players - 1} players in a game of {players}; the engine moves the cards of "
                              "one player's zone (pick the players one at a time: 'for each of up to N "
                              "other players:')")


def check_bound_cards(ability: statements.Ability) -> None:
    """`TIME: NAME may not be planted` follows the card chosen as NAME while it lies in a hand
    (engine/lasting.py): a card chosen or picked at random from a field, the deck or another
    shared place could never carry the constraint, so every use would be refused. Refused here,
    so by check, not mid-game."""
    if not one_model.holds(ability, core_effects.Lasting):
        return
    chosen = {n.name: n for n in ability.walk() if isinstance(n, (core_effects.Choose, core_effects.AtRandom))}
    for node in ability.walk():
        name = constrained_card(node) if isinstance(node, core_effects.Lasting) else None
        if name not in chosen:
            continue
        choice = chosen[name]
        place = choice.options.place if isinstance(choice.options, places.CardsIn) else choice.options
        if isinstance(place, places.Field) or (isinstance(place, places.Zone) and place.zone != "hand"):
            raise UnsupportedRule(f"ability '{ability.name}': '{choice.name} may not be planted' follows the card "
                                  f"while it lies in a hand, but {choice.name} is chosen from {place.to_text()}: "
                                  f"choose {choice.name} from a hand")


def deciding_phases(model: dict, players: int) -> set[str]:
    """The phases that wait for the active player's decision (planting from the hand, trading),
    and so give them a moment to use an ability; any other phase passes by itself."""
    found = set()
    for rule, statement in program.core_program(model, players):
        phase = listers.front_phase(statement) or \
            (statement.when.phase if trade_guards.permits_trading(statement) else None)
        if phase is not None and any(p["id"] == phase and rule["id"] in p["rules"] for p in model["phases"]):
            found.add(phase)
    return found


def check_phase(model: dict, ability: statements.Ability, deciding: set[str], kind: str = "hand-front") -> None:
    """An ability used in a phase needs a moment in it: the phase waits for the active player.
    One on top of a field keeps its phase open while it may be used (keeps_open); one played
    from the hand needs a phase that asks for a decision anyway."""
    phases = {t.phase for t in ability.when if isinstance(t, timing.During)} - {None}
    if len(phases) > 1:
        raise UnsupportedRule(f"ability '{ability.name}' names two phases: {', '.join(sorted(phases))}")
    if kind == "field-top":
        return
    for phase in model["phases"]:
        if phase["id"] in phases and phase["id"] not in deciding:
            raise UnsupportedRule(f"ability '{ability.name}' is used in phase {phase['id']}, which asks the "
                                  "active player for no decision (it has no planting from the hand and no "
                                  "trading), so it passes before the ability could be used")


def check_scope(ability: statements.Ability, kind: str) -> list[str]:
    """What `once per turn` counts a use against, as written ("field", "player", "card"); a
    card played from the hand lies on no field to count on."""
    scopes = [t.per for t in ability.when if isinstance(t, timing.OncePerTurn)]
    if kind == "hand-front" and "field" in scopes:
        raise UnsupportedRule(f"ability '{ability.name}' is played from the hand, so it is on no field "
                              "to count 'once per turn per field' on: say 'per player' or 'per card'")
    return scopes


def usable_abilities(model: dict, players: int) -> tuple[AbilitySpec, ...]:
    out: list[AbilitySpec] = []
    found = card_abilities(model, players)
    deciding = deciding_phases(model, players) if found else set()
    for bean, ability, ref in found:
        with about_card(bean["id"]):
            check_players(ability, players)
            kind = kind_of(ability)
            if kind in ("event", "watch"):
                continue
            check_phase(model, ability, deciding, kind)
            during = [t for t in ability.when if isinstance(t, timing.During)]
            phases = {t.phase for t in during} - {None}
            scopes = check_scope(ability, kind)
            out.append(AbilitySpec(bean["id"], ability.name or ref.id.removeprefix(bean["id"] + "-"), ability.title,
                                   kind, phases.pop() if phases else None,
                                   bool(scopes) or any(t.once_per_turn for t in during),
                                   _compiled(ability.effect, ref), ref,
                                   any(isinstance(t, timing.AnyTime) for t in ability.when),
                                   scopes[-1] if scopes else None))
            check_zones(ability, players)
            check_bound_cards(ability)
    return tuple(out)


def others_decide(effect: Any) -> bool:
    """The effect holds a choice that a player other than the card's owner makes (asked once
    per node object: engine/one_model.py)."""
    return one_model.of_node("others-decide", effect, None, lambda: any(
        (isinstance(n, core_effects.Choose) and not (isinstance(n.player, CardOwner) and n.player.card is None))
        or deciding(n) for n in acting(effect)))


def _compiled(effect: Any, ref: RuleRef) -> evaluate.Compiled:
    """The effect as one closure; where another player chooses, it runs through the decisions
    machinery (engine/decisions.py), which stops at the choice and waits for that player."""
    if not others_decide(effect):
        return evaluate.compiled_effect(effect)
    # what a waiting decision keeps must be plain JSON: no feed, no picked card, no field list;
    # the card and the field hold for the part that runs now ("discard this card" before a choice)
    run = decisions.anchored(effect, {"mechanism": "ability", "rule": ref.id}, (FEED,))
    decisions.walker(effect)  # what it cannot run is refused now
    return evaluate.Compiled(effect, run)


# ------------------------------------------------------------------ using one
def _used(state: Any, key: str) -> bool:
    # keys of earlier turns are dropped as a use is recorded (_run), so they are few
    return any(turn == state.turn and k == key for turn, k in state.used)


def ability_of(rs: Any, action: UseAbility) -> AbilitySpec:
    """The ability of `rs` that `action` names (its card, and its name where the card has several);
    IllegalAction, saying why, when it names none or more than one."""
    found = [a for a in rs.abilities if a.card == action.card and action.ability in (None, a.name)]
    if not found:
        known = sorted({f"{a.card} {a.name}" for a in rs.abilities})
        raise IllegalAction(None, f"no card ability '{action.card}{' ' + action.ability if action.ability else ''}'"
                            + (f" (abilities: {', '.join(known)})" if known else " in these rules"))
    if len(found) > 1:
        raise IllegalAction(None, f"{action.card} has abilities {', '.join(a.name for a in found)}: say which")
    return found[0]


def blocked(state: Any, rs: Any, spec: AbilitySpec, seat: int, field: int | None) -> str | None:
    """What keeps the player at `seat` from using the ability now (from that field): a word of
    refusal's ("over", "turn", "phase", "from-hand", "front", "tops", "no-field", "covered",
    "used"; None: they may). The one place the rule is: refusal words it, keeps_open asks only
    whether it is None, so the yes or no builds no refusal."""
    why = off_turn(state, seat, spec.any_turn, spec.phase)
    if why is not None:
        return why
    if spec.where == "hand-front":
        if field is not None:
            return "from-hand"
        hand = state.hands[seat]
        if not hand or hand[0] != spec.card:
            return "front"
    else:
        fields = state.fields[seat]
        if field is None:
            tops = [i + 1 for i, f in enumerate(fields) if f and f[-1] == spec.card]
            if len(tops) != 1:
                return "tops"
            field = tops[0]
        if not 1 <= field <= len(fields):
            return "no-field"
        top = fields[field - 1]
        if not top or top[-1] != spec.card:
            return "covered"
    if spec.once and _used(state, spec.key(field, state.players[seat])):
        return "used"
    return None


def refusal(state: Any, rs: Any, spec: AbilitySpec, seat: int, field: int | None) -> IllegalAction | None:
    """Why the player at `seat` may not use the ability now (from that field), or None."""
    why = blocked(state, rs, spec, seat, field)
    if why is None:
        return None
    if why == "over":
        return game_over(rs)
    player = state.players[seat]  # (the messages name the player)
    if why == "turn":
        return IllegalAction(spec.ref, f"{player} may use {spec.card}'s ability only in their own turn")
    if why == "phase":
        return IllegalAction(spec.ref, f"{spec.card}'s ability is used in phase {spec.phase}, not {state.phase}")
    if why == "from-hand":
        return IllegalAction(spec.ref, f"{spec.card} is played from the hand, not from a field")
    if why == "front":
        hand = state.hands[seat]
        return IllegalAction(spec.ref, f"{spec.card} is played from the front of the hand; "
                                       f"{player}'s front card is {hand[0] if hand else 'none (empty hand)'}")
    fields = state.fields[seat]
    if why == "tops":
        tops = [i + 1 for i, f in enumerate(fields) if f and f[-1] == spec.card]
        return IllegalAction(spec.ref, f"no field of {player} has {spec.card} on top" if not tops else
                             f"{spec.card} lies on top of fields {', '.join(map(str, tops))}: say which")
    if why == "no-field":
        return IllegalAction(rs.fields_ref, f"{player} has no field {field}")
    if why == "covered":
        top = fields[field - 1]  # type: ignore[operator]  (blocked named a field)
        return IllegalAction(spec.ref, f"{spec.card} is not on top of field {field} of {player}"
                             + (f" (covered: {top[-1]} lies on top)" if spec.card in top else ""))
    return IllegalAction(spec.ref, f"{spec.card}'s ability was used "
                                   f"{_where_used(spec, _field_of(state, spec, seat, field), player)}"
                                   "already this turn; once per turn")


def _where_used(spec: AbilitySpec, field: int | None, player: str) -> str:
    if spec.once_per == "card":
        return "at the table "
    if spec.once_per == "player":
        return f"by {player} "
    return f"on field {field} " if field else ""


def _field_of(state: Any, spec: AbilitySpec, player: int, field: int | None) -> int | None:
    if spec.where != "field-top" or field is not None:
        return field
    return next(i + 1 for i, f in enumerate(state.fields[player]) if f and f[-1] == spec.card)


def _run(state: Any, rs: Any, spec: AbilitySpec, player: int, field: int | None, feed: Feed,
         events: list) -> None:
    env = {evaluate.RULES: rs, evaluate.RULE: spec.ref.id, OWNER: player, FEED: feed, "player": player, "card": None}
    if spec.where == "field-top":
        if field is not None:  # "this field": the one the card lies on
            env["field"], env["field#"], env["field@"] = state.fields[player][field - 1], field - 1, player
    else:
        env["card"] = Held(spec.card, state.hands[player], f"the front of {state.players[player]}'s hand", True,
                           "hand", player)
    if events is not UNRECORDED:  # (a use tried on a copy, or the playout kernel's, records none)
        events.append({"event": "ability", "player": state.players[player], "card": spec.card, "ability": spec.name,
                       "title": spec.title, **({"field": field} if field is not None else {})})
    try:
        if rs.triggers:
            with triggers.inside_ability():  # what an ability's effect does triggers nothing
                spec.run.fn(state, rs, env, events)
        else:
            spec.run.fn(state, rs, env, events)
    except IllegalAction as refused:
        if refused.rule is not None or feed.explore or refused.message.startswith("the game"):
            raise  # (a dead end of choices being explored is dropped: it needs no citation)
        raise IllegalAction(spec.ref, refused.message) from None  # a refused use cites its card
    feed.finish()
    if spec.once:
        state.used[:] = [u for u in state.used if u[0] == state.turn] + \
            [[state.turn, spec.key(field, state.players[player])]]


def check_use(state: Any, rs: Any, action: UseAbility) -> tuple[AbilitySpec, int | None]:
    """The ability and field of a use, checked completely (on a copy): IllegalAction if not."""
    spec, seat = ability_of(rs, action), state.seat_of[action.player]
    found = refusal(state, rs, spec, seat, action.field)
    if found:
        raise found
    field = _field_of(state, spec, seat, action.field)
    trial = state.copy()
    _run(trial, rs, spec, seat, field, Feed(action.choices, spec.ref), UNRECORDED)
    broken = breaks_held(state, trial, rs)
    if broken is not None:
        raise IllegalAction(broken.ref, f"{spec.card}'s ability would break this rule: "
                                        f"{broken.ref.text or broken.ref.id}")
    return spec, field


def do_use(state: Any, rs: Any, action: UseAbility, spec: AbilitySpec, field: int | None, events: list) -> None:
    _run(state, rs, spec, state.seat_of[action.player], field, Feed(action.choices, spec.ref), events)


def use(state: Any, rs: Any, index: int, seat: int, field: int | None, choices: tuple, events: list) -> None:
    """Carry out a listed use (`uses`' row: the ability's index among the rules' abilities, the
    field it names, its choices) without checking it again: the playout kernel's apply."""
    spec = rs.abilities[index]
    _run(state, rs, spec, seat, _field_of(state, spec, seat, field), Feed(choices, spec.ref), events)


# ------------------------------------------------------------------ listing
def uses(state: Any, rs: Any, player: int) -> Iterator[tuple[int, int | None, tuple[str, ...]]]:
    """Every use of an ability open to the player at seat `player` now, one per choice sequence
    (at most MAX_LISTED per ability and field), in the order of the rules' abilities: the
    ability's index among them, the field the use names (only where the card tops more than
    one; None: the hand, or the one field it tops) and the choices. The interpreter lists them
    as UseAbility actions (`usable`), the playout kernel as its action tuples, each as it goes."""
    if state.over:
        return
    mine = player == state.active
    hand, specs = state.hands[player], rs.abilities
    hit = _BY_CARD.get((id(rs), None))  # (memo.per_object's look-up, inline: asked at every listing)
    by_card = hit[1] if hit is not None and hit[0] is rs else _by_card(rs)
    # the fields each card tops, and the abilities of the cards that lie where one is used (most
    # cards lie nowhere), in the rules' order
    tops: dict[str, list[int]] = {}
    for number, f in enumerate(state.fields[player], 1):
        if f:
            tops.setdefault(f[-1], []).append(number)
    found = [index for card in tops for index in by_card.get(card, ())]
    front = hand[0] if hand else None
    if front not in tops:
        found.extend(by_card.get(front, ()))
    if len(found) > 1:
        found.sort()
    for index in found:
        spec = specs[index]
        if not (mine or spec.any_turn):
            continue
        if spec.where == "field-top":
            at = tops.get(spec.card)
            if at is None:
                continue
            # (the field a use names, the field it is used on): named only where the card tops several
            rows: Any = zip(at, at) if len(at) > 1 else ((None, at[0]),)
        elif spec.card != front:
            continue
        else:
            rows = ((None, None),)
        for field, on in rows:
            if blocked(state, rs, spec, player, on) is None:
                for choices in _choices(state, rs, spec, player, on):
                    yield index, field, choices


_BY_CARD: dict = {}


def _by_card(rs: Any) -> dict[str, tuple[int, ...]]:
    """The indices of the rules' abilities by their card (found once per ruleset)."""
    def found() -> dict[str, tuple[int, ...]]:
        out: dict[str, tuple[int, ...]] = {}
        for index, spec in enumerate(rs.abilities):
            out[spec.card] = out.get(spec.card, ()) + (index,)
        return out
    return per_object(_BY_CARD, rs, None, found)


def usable(state: Any, rs: Any, player: int) -> list[UseAbility]:
    """Every use of an ability open to the player at seat `player` now, as actions (`uses`)."""
    name, specs, names = state.players[player], rs.abilities, _names(rs)
    return [UseAbility(name, specs[i].card, names[i], field, choices) for i, field, choices in uses(state, rs, player)]


_NAMES: dict = {}


def _names(rs: Any) -> tuple[str | None, ...]:
    """The name a use of each of the rules' abilities gives: its own where its card has two,
    else None (found once per ruleset)."""
    def found() -> tuple[str | None, ...]:
        per_card = Counter(a.card for a in rs.abilities)
        return tuple(a.name if per_card[a.card] > 1 else None for a in rs.abilities)
    return per_object(_NAMES, rs, None, found)


def front_lapses(state: Any, rs: Any, player: int) -> bool:
    """The card at the front of `player`'s hand can never be planted, and no ability plays it
    now (its effect needs what is not there, say a discard pile still empty): the plant the
    phase requires of it lapses, as one a lasting constraint takes away does
    (docs/engine-contract.md), so the game never waits for a player who can do nothing. (Asked
    of its uses that name no field, one at a time: the first one answers.)"""
    hand = state.hands[player]
    if not hand or hand[0] not in rs.unplantable:
        return False
    front, specs = hand[0], rs.abilities
    return not any(specs[i].card == front and field is None for i, field, _ in uses(state, rs, player))


def _choices(state: Any, rs: Any, spec: AbilitySpec, player: int, field: int | None,
             most: int = MAX_LISTED) -> list[tuple[str, ...]]:
    """Every complete choice sequence (the first `most`), depth first in the order the effect
    offers them. A sequence that ends in passes is listed without them (they are the default)."""
    found: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [()]
    while stack and len(found) < most:
        prefix = stack.pop()
        trial = state.copy()  # (State.copy: the zones and what an action changes in place)
        try:
            _run(trial, rs, spec, player, field, Feed(prefix, spec.ref, explore=True), UNRECORDED)
        except NeedChoice as need:
            stack.extend(prefix + (o,) for o in reversed(need.options))
            continue
        except IllegalAction:
            continue  # a dead end: a later choice has no option
        if breaks_held(state, trial, rs) is not None:
            continue  # it would break the hand limit: not a legal use
        while prefix and prefix[-1] == NONE:
            prefix = prefix[:-1]
        if prefix not in found:
            found.append(prefix)
    return found


# ------------------------------------------------------------------ keeping a phase open
def keeps_open(state: Any, rs: Any) -> bool:
    """The active player may still use an ability on top of one of their fields that belongs
    to this phase: the phase waits for them (they use it, or end the phase), since when in
    the phase a card acts is up to its owner. (The playout kernel asks it on its own state.)"""
    if state.over or state.decision is not None:
        return False
    on_top = _on_top(rs).get(state.phase)
    if on_top is None:
        return False
    player = state.active
    for field, f in enumerate(state.fields[player], 1):
        if f:
            for spec in on_top.get(f[-1], ()):
                if blocked(state, rs, spec, player, field) is None and _choices(state, rs, spec, player, field, most=1):
                    return True
    return False


_ON_TOP: dict = {}


def _on_top(rs: Any) -> dict[str | None, dict[str, tuple[AbilitySpec, ...]]]:
    """The abilities used on top of a field, by phase and card, found once per ruleset (a
    field's top card is looked up, not every ability tried against it)."""
    def found() -> dict[str | None, dict[str, tuple[AbilitySpec, ...]]]:
        out: dict[str | None, dict[str, tuple[AbilitySpec, ...]]] = {}
        for spec in rs.abilities:
            if spec.where == "field-top":
                cards = out.setdefault(spec.phase, {})
                cards[spec.card] = cards.get(spec.card, ()) + (spec,)
        return out
    return per_object(_ON_TOP, rs, None, found)


# ------------------------------------------------------------------ what check asks
def check_automatic(effect: Any, where: str, rule: str | None = None, asks: bool = False) -> None:
    """Refuse a step that runs by itself and would ask someone to choose as part of an action
    (`rule`: the rule it is, where check places the error). `asks`: the step may wait for a
    decision (a step on a card event), so a ``choose``, ``ask`` or auction is one; what only an
    action's own choices give (``for each of up to N``, the owner planting a card) is refused."""
    for node in acting(effect):
        # the owner's own `choose` is part of an action (its choices given with it), which a
        # step that runs by itself has none of: `owner chooses` is the decision it may ask
        choosing = isinstance(node, core_effects.ForChosen) or (
            isinstance(node, core_effects.Plant) and node.onto is None and not deciding(node)) or (
            isinstance(node, core_effects.Choose) and (not asks or isinstance(node.player, CardOwner))) or (
            not asks and isinstance(node, core_effects.Auction))
        if choosing:
            hint = ("; 'owner chooses NAME from …' asks for a decision the game waits for"
                    if asks and isinstance(node, core_effects.Choose) else "")
            raise UnsupportedRule(f"{where} runs by itself, so nobody is asked to choose: "
                                  f"'{node.to_text()}' is not played yet{hint}", rule)
    if asks and decisions.waits(effect):
        try:
            decisions.walker(effect)
        except UnsupportedRule as refused:
            raise UnsupportedRule(f"{where}: {refused}", refused.rule or rule) from None


def ability_refusal(model: dict, bean: dict, index: int, players: int) -> str | None:
    """Why the engine cannot run ability `index` of a card with this many players (None: it can)."""
    if nests_too_deep(bean):
        return f"its effects nest more than {MAX_NESTING} deep"
    ability = evaluate.resolved_for(bean_card(bean), players).abilities[index]
    try:
        check_players(ability, players)
        kind = kind_of(ability)
        _compiled(ability.effect, RuleRef(bean["id"], None))
        if kind in ("event", "watch"):
            check_automatic(ability.effect, f"ability '{ability.name}'", asks=kind == "event")
        else:
            check_phase(model, ability, deciding_phases(model, players), kind)
            check_scope(ability, kind)
        check_zones(ability, players)
        check_bound_cards(ability)
    except UnsupportedRule as exc:
        return str(exc)
    return None


def played_from_hand(bean: dict) -> bool:
    """The card has an ability 'when played' (so it enters play even if it is never planted)."""
    made = bean_card(bean)
    return any(any(isinstance(t, timing.When) and t.event == "played" for t in a.when) for a in made.abilities)


def adds_fields(rs: Any) -> bool:
    """Some ability or trigger of the rules gives a player a field."""
    runs = [a.run for a in rs.abilities] + [t.run for ts in rs.triggers.values() for t in ts]
    return any(isinstance(n, core_effects.AddField) for run in runs for n in acting(run.node))

