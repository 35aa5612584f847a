"""A moment of a bot game in which a house rule acts, found when the site is built.

A recipe's page shows one line of a real game in which its rules made a difference. The game
is played by bots under the recipe, and each action is weighed against the recipe's base (the
rulebook it extends) in the same state:

- an event naming one of the recipe's own rules or cards (``ability``, ``lasting``, ``skipped``,
  or any other that names its rule): a card's text or a rule's step acted;
- the acting player's legal actions differ from the base's: a constraint forbids (or allows)
  something here;
- what a player sees differs, where a card is shown or hidden: an information rule;
- the action's events differ from the base's: the rule changed what the action did (a draw cut
  short, an end reached sooner).

The base is asked only where its rule model knows every card and zone in play: a recipe with
cards or zones of its own is found by the events that name them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..conformance.compare import differences
from ..engine import Game
from ..engine.bots import make_bot, turns
from .stories import _event as told

MAX_ACTIONS = 5000


@dataclass(frozen=True)
class Moment:
    players: int
    seed: int
    bots: str
    number: int        # how many actions had been played before it (0: as the game starts)
    turn: int
    phase: str
    active: str
    action: str        # the action taken (notation)
    here: str          # what happened under the recipe, or what it allows or shows
    base: str          # what the base does instead ("" where it is not asked)


def own_names(model: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(rule ids, bean and card ids) the recipe itself states, not those it inherits."""
    own = model["lineage"][-1]
    return ({r["id"] for r in model["rules"] if r["origin"] == own},
            {b["id"] for b in model["beans"] if b["origin"] == own})


def _new_zones(model: dict[str, Any], base: dict[str, Any]) -> set[str]:
    """The zones the recipe's rules name that no rule of the base does (a field for the table)."""
    def zones(m: dict[str, Any]) -> set[str]:
        return {r["params"]["zone"] for r in m["rules"] if isinstance((r.get("params") or {}).get("zone"), str)}
    return zones(model) - zones(base)


def find_moment(model: dict[str, Any], base: dict[str, Any], seeds: int = 4) -> Moment | None:
    """The first moment the recipe's rules act, over games of every player count it allows
    (greedy bots first, then random ones, seeds 0, 1, …), or None if no game shows one."""
    rules, beans = own_names(model)
    zones = _new_zones(model, base)  # an event in a zone the base has not is the recipe's too
    ask_base = not beans and not zones  # the base does not know the recipe's cards or zones
    for seed in range(seeds):
        for kind in ("greedy", "random"):
            for players in range(model["players"]["min"], model["players"]["max"] + 1):
                found = _in_game(model, base if ask_base else None, (rules, beans, zones), players, seed, kind)
                if found is not None:
                    return found
    return None


def _in_game(model: dict, base: dict | None, own: tuple[set[str], set[str], set[str]], players: int,
             seed: int, kind: str) -> Moment | None:
    rules, beans, zones = own
    game = Game(model, players, seed=seed)
    bots = {p: make_bot(kind, seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    start = _start_difference(base, game, players, seed)
    # the engine's loop of bots (turns), stopped here after MAX_ACTIONS without a moment
    for number, (player, action) in zip(range(MAX_ACTIONS), turns(game, bots, MAX_ACTIONS + 1)):
        notation = action.notation()
        mirror = _mirror(base, game)
        at = dict(players=players, seed=seed, bots=kind, number=number, turn=game.state.turn,
                  phase=game.state.phase, active=game.state.players[game.state.active], action=notation)
        if start is not None:  # a rule of the setup: the game starts otherwise
            return Moment(**at, here=start[0], base=start[1])
        if mirror is not None:
            said = _legal_difference(game, mirror, player) or _view_difference(game, mirror)
            if said:
                return Moment(**at, here=said[0], base=said[1])
        events = game.apply(action)
        acting = [i for i, e in enumerate(events) if e.get("ability") in rules or e.get("rule") in rules
                  or e.get("card") in beans or any(value in zones for value in e.values() if isinstance(value, str))]
        if acting:
            return Moment(**at, here=tell(_around(events, acting[0])), base="")
        if mirror is not None:
            try:
                theirs = mirror.apply(notation)
            except Exception as exc:  # noqa: BLE001 - the base refuses it: the rule allowed it
                return Moment(**at, here=tell(events), base=f"refused: {exc}")
            if events != theirs:
                ours, theirs = _apart(events, theirs)
                return Moment(**at, here=tell(ours), base=tell(theirs))
    return None


def _around(events: list[dict], at: int) -> list[dict]:
    """The event a rule acted on, its own event and what it moved."""
    end = at + 1
    while end < len(events) and events[end]["event"] in ("moved", "drew", "deck-exhausted", "reshuffled"):
        end += 1
    return events[max(at - 1, 0):end]


def _apart(ours: list[dict], theirs: list[dict]) -> tuple[list[dict], list[dict]]:
    """The two lists of events without what they share at their start and end."""
    start = 0
    while start < min(len(ours), len(theirs)) and ours[start] == theirs[start]:
        start += 1
    end = 0
    while end < min(len(ours), len(theirs)) - start and ours[-1 - end] == theirs[-1 - end]:
        end += 1
    return ours[start:len(ours) - end], theirs[start:len(theirs) - end]


def _mirror(base: dict | None, game: Game) -> Game | None:
    """The base's game in the recipe's state (None: not asked, or the base cannot hold it)."""
    if base is None:
        return None
    try:
        return Game.from_state(base, game.state_json())
    except Exception:  # noqa: BLE001 - a state of the recipe the base has no reading of
        return None


def _start_difference(base: dict | None, game: Game, players: int, seed: int) -> tuple[str, str] | None:
    """How the recipe's game starts otherwise than the base's of the same players and seed."""
    if base is None:
        return None
    try:
        theirs = Game(base, players, seed=seed).state_json()
    except Exception:  # noqa: BLE001 - the base does not play this many
        return None
    for path, was, now in differences(theirs, game.state_json()):
        # the name differs, and a zone the recipe adds starts empty: neither is a difference yet
        if path != "rulebook" and not (was == "<missing>" and not _shows_cards(now)):
            return f"the game starts with {_place(path)}: {_said(now)}", f"it starts with {_place(path)}: {_said(was)}"
    return None


def _legal_difference(game: Game, mirror: Game, player: str) -> tuple[str, str] | None:
    here = {a.notation() for a in game.legal_actions(player, trades=False)}
    there = {a.notation() for a in mirror.legal_actions(player, trades=False)}
    if here == there:
        return None
    only_there, only_here = sorted(there - here), sorted(here - there)
    return (f"{player} may not: {', '.join(only_there)}" if only_there else f"{player} may: {', '.join(only_here)}",
            f"allowed: {', '.join(only_there)}" if only_there else f"not allowed: {', '.join(only_here)}")


def _view_difference(game: Game, mirror: Game) -> tuple[str, str] | None:
    """The first thing a player sees otherwise than under the base, where a card is shown."""
    for player in game.players:
        for path, theirs, ours in differences(mirror.view(player), game.view(player)):
            if _shows_cards(theirs) or _shows_cards(ours):
                return f"{player} sees {_place(path)}: {_said(ours)}", f"{player} sees {_place(path)}: {_said(theirs)}"
    return None


def _place(path: str) -> str:
    """A path of a view as a player names the place: ``hands.Natalie`` is Natalie's hand."""
    zone, _, whose = path.partition(".")
    zone = {"hands": "hand", "set_aside": "set-aside cards", "discard": "discard pile"}.get(zone, zone)
    return f"{whose}'s {zone}" if whose else f"the {zone}"


def _shows_cards(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_shows_cards(v) for k, v in value.items() if k != "count")
    return isinstance(value, list) and bool(value) or isinstance(value, str) and value != "<missing>"


def _said(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return f"{len(value)} fields: " + "; ".join(_said(v) if v else "empty" for v in value)
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "nothing"
    if isinstance(value, dict):
        if set(value) == {"count", "top"}:
            return f"{_said(value['count'])}" + (f", {value['top']} on top" if value["top"] else "")
        return "; ".join(f"{k} {_said(v)}" for k, v in value.items())
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value} card{'s' if value != 1 else ''}"
    return str(value)


def tell(events: list[dict[str, Any]]) -> str:
    """Events as one line a player reads."""
    return "; ".join(_event(e) for e in events) or "nothing happens"


def _event(e: dict[str, Any]) -> str:
    kind = e["event"]
    if kind == "harvested":
        return f"{e['player']} harvests {e['cards']} × {e['bean']} for {e.get('coins', 0)} coins"
    if kind == "ability":
        return told(e)
    if kind == "moved":
        place = e["to"] + "'s " + e["to_zone"] if e.get("to") else "the " + e["to_zone"]
        source = e["from"] + "'s " + e["from_zone"] if e.get("from") else "the " + e["from_zone"]
        return f"{e['cards']} card{'s' if e['cards'] != 1 else ''} from {source} to {place}"
    if kind == "deck-exhausted":
        return f"the deck runs out ({e['exhaustions']})"
    if kind == "reshuffled":
        return f"the discard pile becomes the deck ({e['cards']} cards)"
    if kind == "game-over":
        return "the game is over"
    if kind == "drew":
        return f"{e['player']} draws {e['cards']} card{'s' if e['cards'] != 1 else ''}"
    if kind == "planted":
        return f"{e['player']} plants {e['bean']} in " + (f"field {e['field']}" if isinstance(e["field"], int) else f"the {e['field']}")
    if kind == "revealed":
        return f"{', '.join(e['cards'])} turned over"
    if kind == "phase":
        return f"phase {e['phase']} begins"
    if kind == "turn":
        return f"{e['active']}'s turn begins"
    rest = ", ".join(f"{k} {_said(v)}" for k, v in e.items() if k != "event" and v is not None)
    return f"{kind} ({rest})" if rest else kind
