"""A game in the terminal: one human seat against bots (``beanrules play SPEC --human SEAT``)."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ..wording import ordinal, plural
from .actions import Action, BuyField, DrawCard, EndPhase, MoveCard, Propose, UseAbility
from .bots import make_bot
from .errors import IllegalAction, NotationError
from .game import Game
from .kinds import label
from .lasting import describe as describe_lasting
from .records import make_record
from .simulate import seat_bots

def move_example(verb: str, pick: str, zone: str | None = None) -> str:
    """How a move a rule permits is typed (engine/card_moves.py): its verb, where the player
    picks the card, which one, and the declared zone it names (None: the discard pile)."""
    if verb == "takes":
        return f"takes the {zone}" if zone else "takes discard"
    example = f"{verb} hand 2" if pick == "any" else verb
    return f"{example} on the {zone}" if verb == "puts" else example


def help_text(beans: tuple[str, ...], other: str, buy: bool = False, cards: tuple[str, ...] = (),
              moves: tuple[str, ...] = ()) -> str:
    """Examples in the notation, with this rulebook's bean ids (`buy`: fields can be bought;
    `cards`: cards whose ability a player uses; `moves`: examples of the moves its rules
    permit, such as "discards")."""
    a, b, c = (list(beans) * 3)[:3]
    uses = f"  uses {cards[0]} · uses {cards[0]} with {other}, 1, 2 (the choices its ability asks for)\n" if cards else ""
    return (f"Type an action in the notation (your name may be left out), for example:\n"
            f"  plants 2 · plants {a} in 1 · plants offer {b} in 2 · harvests 1 · ends planting · ends trading"
            + (" · buys a field" if buy else "")
            + "".join(f" · {m}" for m in dict.fromkeys(moves)) + "\n" + uses +
            f"  offers {b}, hand {a} to {other} for {c} · gives {b} to {other} · accepts · rejects 2 · withdraws\n"
            f"  when the game asks you: chooses {other} · chooses yes · chooses no · chooses nothing"
            f" · chooses 2 (a bid) · chooses pass\n"
            f"Commands: ? (legal actions)  board  help  pass (let the game go on)  quit")


def _cards(cards: list[str], label: Callable[[str], str] = str) -> str:
    return ", ".join(map(label, cards)) if cards else "—"


def _field(field: list[str], label: Callable[[str], str] = str) -> str:
    """`chili×3`; a field holding several beans (mixed-fields) shows its runs, top first:
    `red×2 on stink×1`; a card that plays as a bean shows its type: `joker (red)×1 on red×2`."""
    if not field:
        return "—"
    runs: list[list] = []
    for card in field:
        if runs and runs[-1][0] == card:
            runs[-1][1] += 1
        else:
            runs.append([card, 1])
    return " on ".join(f"{label(bean)}×{n}" for bean, n in reversed(runs))


def board(game: Game, me: str) -> str:
    """The board as `me` sees it (game.view), readable."""
    v = game.view(me)
    rs = game.ruleset
    name = partial(label, rs)  # a card that plays as a bean: its id and its type
    limit = rs.exhaustion_limit
    phase = rs.phase(v["phase"])
    discard = v["discard"]
    lines = [
        f"── turn {v['turn']} · {v['active']} is active · phase {v['phase']}"
        f"{' (' + phase.title + ')' if phase.title else ''}",
        f"   deck {v['deck'] if isinstance(v['deck'], int) else len(v['deck'])} cards · "
        f"ran out {v['exhaustions']}{'/' + str(limit) if limit else ''} times · discard "
        + (f"{len(discard)} (top {name(discard[-1])})" if isinstance(discard, list) and discard else str(discard or 0)),
        f"   revealed: {_cards(v['offer'], name)}",
    ]
    if rs.visibility.get("discard") == "public" and isinstance(discard, list) and len(discard) > 1:
        lines.append(f"   discard, bottom to top: {_cards(discard, name)}")  # laid out, every card seen
    for zone, cards in (v.get("zones") or {}).items():  # the zones the rules declare (engine/zones.py)
        lines.append(f"   {zone}: " + _declared(zone, cards, rs, name))
    written = rs.harvest.pays_into is not None  # no coin cards, only the counter
    for p in v["proposals"]:
        lines.append(f"   proposal {p['id']}: {_proposal(p)}")
    for player in v["players"]:
        coins = v["coins"][player]
        count = coins if isinstance(coins, int) else len(coins)
        fields = "  ".join(f"[{i + 1}] {_field(f, name)}" for i, f in enumerate(v["fields"][player]))
        marks = (" (you)" if player == me else "") + (" *start" if player == v["start_player"] else "")
        marks += "".join(f" *{token}" for token, holder in (v.get("tokens") or {}).items() if holder == player)
        counted = "".join(f" · {name} {value[player] if isinstance(value, dict) else value}"
                          for name, value in (v.get("counters") or {}).items() if isinstance(value, dict))
        coined = "" if written else f" coins {count}"
        lines.append(f"   {player}{marks}:{coined}{counted.removeprefix(' ·') if written else counted} · fields {fields} · "
                     f"set aside {_cards(v['set_aside'][player], name)}")
        hand = v["hands"][player]
        laid_out = player != me and isinstance(hand, list) and rs.visibility.get("hand", "owner-sees") != "public"
        lines.append(f"      hand ({'laid out openly, ' if laid_out else ''}front first): " + _cards(hand, name)
                     if isinstance(hand, list) else f"      hand: {plural(hand, 'card')}")
    for says in describe_lasting(game.state):
        lines.append(f"   for now: {says}")
    decision = v.get("decision")
    if decision:
        lines.append(f"   waiting for {decision['player']} to {_question(decision)}")
    return "\n".join(lines)


def _question(decision: dict) -> str:
    """What a waiting decision asks, with its answers in the notation."""
    what = f"decide whether to {decision['ask']}" if decision.get("ask") else f"choose {decision['name']}"
    bid = decision.get("bid")
    if bid is not None:  # an auction: the lot, in an open one the bid to beat, and the lowest bid
        least = f", at least {bid['minimum']}" if "minimum" in bid else ""
        what = f"bid for {_cards(bid['lot'])}" + (f" (sealed{least})" if bid["sealed"] else
                                                   f" (highest bid {bid['high']}, by {bid['leader']})"
                                                   if bid["leader"] else f" (no bid yet{least})")
    return f"{what}: chooses {' / '.join(decision['options'])}"


def _refs(refs: list[dict]) -> str:
    """Cards of a proposal: "hand chili, offer soy" (a hidden card by its position, one's own
    card named by position with it: "hand soy (card 3)", or "(gone)" once it left the hand)."""
    return ", ".join(_ref(r) for r in refs)


def _ref(r: dict) -> str:
    bean, position = r.get("bean"), r.get("position")
    if bean is None:
        return f"{r['zone']} card {position}"
    where = " (gone)" if r.get("gone") else "" if position is None else f" (card {position})"
    return f"{r['zone']} {bean}{where}"


def _proposal(p: dict) -> str:
    return (f"{p['from']} → {p['to']}: gives {_refs(p['give']) or 'nothing'}"
            f" for {_refs(p['take']) or 'nothing (a gift)'}")


def _declared(zone: str, cards: Any, rs: Any, name: Callable[[str], str]) -> str:
    """A declared zone as the view shows it: a field of the table as a field, a pile or row as
    its cards (a count, or its top card, where that is all that is seen), one per player."""
    def one(shown: Any) -> str:
        if isinstance(shown, int):
            return plural(shown, "card")
        if isinstance(shown, dict):
            return f"{plural(shown['count'], 'card')}" + (f" (top {name(shown['top'])})" if shown["top"] else "")
        return _field(shown, name) if rs.declared.zones[zone].kind == "field" else _cards(shown, name)
    if isinstance(cards, dict) and "count" not in cards:
        return " · ".join(f"{p} {one(c)}" for p, c in cards.items())
    return one(cards)


def _describe(events: list[dict], me: str | None = None) -> list[str]:
    """The events in words, as `me` may see them (None: everything, as a log shows it)."""
    out = []
    for e in events:
        kind = e["event"]
        if kind == "harvested":
            out.append(f"{e['player']} harvests {e['cards']} {e['bean']} for "
                       f"{plural(e['coins'], e['counter'].removesuffix('s')) if e.get('counter') else plural(e['coins'], 'coin')}"
                       + (" (the bank ran short by " + str(e["unpaid"]) + ")" if e.get("unpaid") else "")
                       + (", as soon as it paid" if e.get("auto") else ""))
        elif kind == "bought-field":
            out.append(f"{e['player']} buys a field for {plural(e['coins'], 'coin')}: "
                       f"{plural(e['fields'], 'field')}")
        elif kind == "revealed":
            out.append(f"revealed: {_cards(e['cards'])}")
        elif kind == "discarded":
            out.append(f"{e['player']} discards {e['bean']} from the hand onto the discard pile")
        elif kind == "drew":
            out.append(f"{e['player']} draws {plural(e['cards'], 'card')}")
        elif kind == "took":
            out.append(f"{e['player']} takes {e['bean']} from the {e['zone'] if e.get('zone') else 'top of the discard pile'}"
                       " into the hand")
        elif kind == "put":
            out.append(f"{e['player']} puts {e['bean']} from the hand on the {e['zone']}")
        elif kind == "proposed":
            out.append(f"proposal {e['proposal']}: {_proposal(e)}")
        elif kind in ("rejected", "withdrawn"):
            out.append(f"proposal {e['proposal']} {e['event']} by {e['by']}")
        elif kind == "lapsed":
            out.append(f"proposal {e['proposal']} lapsed: trading is over")
        elif kind == "traded":
            out.append(f"{e['from']} and {e['to']} trade: {_cards(e['gave'])} for {_cards(e['got'])}")
        elif kind in ("reshuffled", "deck-exhausted"):
            out.append(f"the deck ran out for the {ordinal(e['exhaustions'])} time"
                       + (", discard reshuffled" if kind == "reshuffled" else ""))
        elif kind == "turn":
            out.append(f"── {e['active']}'s turn {e['turn']}")
        elif kind == "ability":
            title = f" ({e['title']})" if e.get("title") else ""
            if e.get("on") == "round":  # a rule's own step as a round begins: no card
                out.append(f"rule {e['ability']} acts as {e['player']}'s turn begins a round")
                continue
            out.append(f"{e['player']}'s {e['card']}: ability {e['ability']}{title}"
                       + (f" on field {e['field']}" if e.get("field") else "")
                       + (f", as it is {e['on']}" if e.get("on") else ""))
        elif kind == "planted" and e.get("from") not in ("hand", "offer", "set-aside"):
            out.append(f"{e['player']} plants {e['bean']} from {e['from']} in field {e['field']}")
        elif kind in ("field-added", "field-removed"):
            out.append(f"{e['player']} {'gets a field' if kind == 'field-added' else 'loses a field'}: "
                       f"{plural(e['fields'], 'field')}")
        elif kind == "looked":
            seen = me is None or me in e.get("seen_by", ())
            out.append(f"{e['player']} looks at {e['at']}" + (f": {_cards(e['cards'])}" if seen else ""))
        elif kind == "reordered":
            out.append(f"{e['player']} reverses {e['at']}" if e.get("reversed")
                       else f"{e['player']} puts {e['at']} in a new order")
        elif kind == "shuffled":
            out.append(f"{e['at']} shuffled ({plural(e['cards'], 'card')})")
        elif kind == "swapped":
            out.append(f"{e['first']} and {e['second']} swapped")
        elif kind == "chose":
            seen = me is None or me in e.get("seen_by", (me,))  # a sealed bid: its bidder's only
            out.append(f"{e['player']} chooses {e['choice'] if seen else '(a sealed bid)'}")
        elif kind == "auction":
            out.append(f"{_cards(e['lot'])} up for {'sealed bids' if e['sealed'] else 'auction'} "
                       f"({e['rule']}): {', '.join(e['bidders']) or 'nobody can bid'}")
        elif kind == "auctioned":
            bids = f"; bids {', '.join(f'{p} {b}' for p, b in e['bids'].items())}" if "bids" in e else ""
            out.append((f"{e['buyer']} wins {_cards(e['lot'])} for {e['price']}" if e["buyer"]
                        else f"nobody wins {_cards(e['lot'])}") + bids)
        elif kind == "token-passed":
            out.append(f"the {e['token']} passes from {e['from'] or 'nobody'} to {e['to']}")
        elif kind == "moved":
            out.append(f"{'a card goes' if e['cards'] == 1 else str(e['cards']) + ' cards go'} from "
                       f"{e['from'] + chr(39) + 's ' if e['from'] else 'the '}{e['from_zone']} to "
                       f"{e['to'] + chr(39) + 's ' if e['to'] else 'the '}{e['to_zone']}")
        elif kind == "lasting" and (e.get("open") or e.get("card")):  # a zone laid open, a card named
            out.append(_lasting_on(e))
        elif kind == "lasting":
            out.append(f"for {e['player']}, {e['says']}")
        elif kind == "lasting-ended":
            out.append(f"no longer: {e['says']}")
        elif kind == "paid":
            out.append(f"{e['from'] or 'the bank'} pays {e['to'] or 'the bank'} {e['amount']} "
                       f"{e.get('counter') or 'coins'} ({e['rule']})")
        elif kind == "counted":
            out.append(f"{e.get('player') or 'the table'}: {e['amount']:+d} {e['counter']}")
        elif kind == "game-over":
            out.append("game over: " + ", ".join(f"{p} {s}" for p, s in e["scores"].items())
                       + f" · winner: {', '.join(e['winners'])}")
    return out


def _lasting_on(e: dict) -> str:
    """A constraint laid down on a zone or a card, in words: what, and until when."""
    until = e["until"]
    when = "for the whole game" if until is None else \
        f"through turn {until['turn']}" + (f", phase {until['phase']}" if until["phase"] else "")
    if e.get("open"):
        return (f"{e['open']['player']}'s {e['open']['zone']} lies open, every player sees it "
                f"(laid down by {e['player']}'s card; {when})")
    card = e["card"]
    return f"the {card['bean']} chosen from {card['player']}'s hand may not be planted ({when})"


def shown(action: Action, events: list[dict], me: str) -> str:
    """A bot's action as `me` may see it: where the choices of a card's ability name cards
    the bot looked at and `me` may not see (the top of the deck, the bot's own hand), each
    such card is named by its place among the cards looked at ("card 2": the second from the
    top or front), not by its bean; cards `me` may see (their own hand) keep their names."""
    if any(e["event"] == "chose" and me not in e.get("seen_by", (me,)) for e in events):
        return f"{action.player} makes a sealed bid"  # revealed with the others when all are in
    if type(action) is not UseAbility or not action.choices:
        return action.notation()
    hidden = [card for e in events if e["event"] == "looked" and me not in e.get("seen_by", ())
              and e.get("owner") != me for card in e["cards"]]
    if not hidden:
        return action.notation()
    left = list(enumerate(hidden, start=1))
    choices = []
    for choice in action.choices:
        place = next((i for i, (_, card) in enumerate(left) if card == choice), None)
        if place is None:  # a player, a field number, "none", or a card not looked at
            choices.append(choice)
        else:
            choices.append(f"card {left.pop(place)[0]}")
    plain = UseAbility(action.player, action.card, action.ability, action.field, ()).notation()
    return f"{plain} with {', '.join(choices)} (by their places among the cards looked at)"


def play_human(model: dict, spec: str, names: list[str], seed: int, seat: int, kinds: list[str],
               trades: bool = True, read: Callable[[str], str] | None = None,
               write: Callable[[str], None] = print) -> dict:
    """Play until the game ends or the human leaves it (quit, end of input, Ctrl-C); returns
    the game record either way. Its `ended` says how: finished, quit or interrupted."""
    me = names[seat]
    game = Game(model, names, seed=seed)
    others = [n for n in names if n != me]
    bot_kinds = seat_bots(kinds, len(others))
    bots = {p: make_bot(bot_kinds[i], seed=f"{seed}:{names.index(p)}", trades=trades)
            for i, p in enumerate(others)}
    write(f"You are {me} (seat {seat + 1}); " + ", ".join(f"{p}: {bots[p].name} bot" for p in others))
    try:
        ended = _play(game, me, bots, read or input, write)  # input looked up now, not at import
    except KeyboardInterrupt:
        write("")
        ended = "interrupted"
    if ended != "finished":
        # Ctrl-C may have struck in the middle of an action: the record is made from the
        # actions that completed, replayed, never from a state an action left half-changed.
        game = _replayed(model, names, seed, game)
    record = make_record(spec, model, game, seed, [("human" if n == me else bots[n].name) for n in names])
    record["ended"] = ended
    return record


def _replayed(model: dict, names: list[str], seed: int, played: Game) -> Game:
    game = Game(model, names, seed=seed)
    for action in list(played.actions):
        game.apply(action)
    return game


def _play(game: Game, me: str, bots: dict, read: Callable[[str], str], write: Callable[[str], None]) -> str:
    """The game loop: "finished" when the game is over, "quit" when the human leaves."""
    others = [p for p in game.players if p != me]
    help_message = help_text(game.ruleset.beans, others[0] if others else me,
                             BuyField in game.ruleset.permits,
                             tuple(dict.fromkeys(a.card for a in game.ruleset.abilities)),
                             tuple(move_example(m.verb, m.pick, m.zone) for m in game.ruleset.permits.get(MoveCard, ()))
                             + (("draws",) if DrawCard in game.ruleset.permits else ())
                             + tuple(f"{'plants set-aside ' + game.ruleset.beans[0] + ' in' if r.action == 'plant' else 'harvests'}"
                                     f" the {r.zone}" for r in game.ruleset.zone_rules))
    write(help_message)
    heard: set[int] = set()  # turns in whose trade phase the human had a say
    while not game.is_over:
        player = game.waiting_for()[0]
        if player != me:
            action = bots[player].choose(game, player)
            phase = game.ruleset.phase(game.state.phase)
            if (phase.trade and isinstance(action, EndPhase) and game.state.turn not in heard
                    and me not in game.waiting_for()):
                heard.add(game.state.turn)
                write(f"{player} is about to end trading. Trade with {player} or harvest now; 'pass' to go on.")
                if not _turn(game, me, write, read, optional=True, help_message=help_message):
                    return "quit"
                continue
            events = game.apply(action)
            write(shown(action, events, me))
            for line in _describe(events, me):
                write("   " + line)
            continue
        if not _turn(game, me, write, read, optional=False, help_message=help_message):
            return "quit"
    write(board(game, me))
    return "finished"


def _turn(game: Game, me: str, write: Callable[[str], None], read: Callable[[str], str], optional: bool,
          help_message: str = "") -> bool:
    """Read actions from the human until one is applied (or 'pass' when optional).
    Returns False when the human quits."""
    write(board(game, me))
    while True:
        try:
            line = read(f"{me}> ").strip()
        except EOFError:
            write("")
            return False
        if line in ("quit", "exit", "q"):
            return False
        if line in ("board", "b"):
            write(board(game, me))
            continue
        if line in ("help", "h"):
            write(help_message)
            continue
        if line in ("?", "legal"):
            legal = game.legal_actions(me)
            listed = [a.notation() for a in legal if not isinstance(a, Propose)]
            trades = sum(isinstance(a, Propose) for a in legal)
            write("legal now: " + ("; ".join(listed) or "nothing but waiting"))
            if trades:
                write(f"and trade proposals ({trades} one-card ones, any number of cards allowed), e.g. "
                      f"{next(a for a in legal if isinstance(a, Propose)).notation()}")
            continue
        if line in ("pass", ""):
            if optional:
                return True
            write("the game waits for you: type ? for your legal actions")
            continue
        if not line[:1].isupper():
            line = f"{me} {line}"
        if not line.startswith(me + " "):
            write(f"you play {me}")
            continue
        try:
            events = game.apply(line)
        except NotationError as exc:
            write(f"not understood: {exc}")
            continue
        except IllegalAction as exc:
            write(f"refused: {exc.message}")
            if exc.rule:
                write(f"   rule '{exc.rule}'" + (f" ({exc.citation})" if exc.citation else "")
                      + (f": {exc.rule_text}" if exc.rule_text else ""))
            continue
        for text in _describe(events, me):
            write("   " + text)
        if optional and not game.is_over:
            continue  # more trades or harvests, until 'pass'
        return True
