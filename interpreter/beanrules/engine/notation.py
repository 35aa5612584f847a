"""The action notation: one line → one Action, by the Lark grammar grammar/actions.lark (a
canonical line is read without Lark, to the same Action: engine/canonical.py)."""
from __future__ import annotations

from functools import cache, lru_cache

from lark import Lark, Transformer, UnexpectedInput
from lark.exceptions import LarkError

from ..limits import MAX_ACTION_CHARS, MAX_DIGITS
from ..paths import grammar_file
from .actions import (Action, BuyField, CardRef, Choose, DrawCard, EndPhase, Harvest, MoveCard, Plant, Propose, Respond,
                      UseAbility)
from .canonical import read
from .errors import NotationError

_PLANT_ZONES = {"hand", "offer", "set-aside"}


def grammar_path():
    # The notation grammar ships beside the rules grammar: grammar/ in a checkout, or
    # beanrules/_data/grammar/ in a wheel (pyproject force-includes the whole folder).
    return grammar_file().with_name("actions.lark")


@cache
def _parser() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False)


def _number(token) -> int:
    """A field, position or proposal number; never past MAX_DIGITS digits (Python refuses to
    convert 4,301 of them, and no game has a millionth field)."""
    if len(token) > MAX_DIGITS:
        raise NotationError("", f"the number {str(token)[:8]}… is too large ({len(token)} digits)")
    return int(token)


class _ToAction(Transformer):
    def start(self, items):
        name, build = items
        return build(str(name))

    def plant(self, items):
        zone = bean = field = None
        if any(item.type == "THE" for item in items):  # "in the NAME": the last word names the field
            field, items = str(items[-1]), [i for i in items[:-1] if i.type not in ("IN", "THE")]
        for item in items:
            if item.type == "ZONE":
                if str(item) not in _PLANT_ZONES:
                    raise NotationError("", f"cannot plant from '{item}' (hand, offer or set-aside)")
                zone = str(item)
            elif item.type == "BEAN":
                bean = str(item)
            elif item.type == "INT":
                field = _number(item)
        return lambda player: Plant(player, bean, field, zone)

    def harvest(self, items):
        if len(items) == 2:  # "the NAME": a field of the table
            name = str(items[1])
            return lambda player: Harvest(player, field=name)
        (item,) = items
        if item.type == "INT":
            field = _number(item)
            return lambda player: Harvest(player, field=field)
        return lambda player: Harvest(player, bean=str(item))

    def end(self, items):
        what = str(items[0])
        return lambda player: EndPhase(player, what)

    def offer(self, items):
        give, to, take = items
        return lambda player: Propose(player, str(to), tuple(give), tuple(take))

    def gift(self, items):
        give, to = items
        return lambda player: Propose(player, str(to), tuple(give), ())

    def ask(self, items):
        to, take = items
        return lambda player: Propose(player, str(to), (), tuple(take))

    def respond(self, items):
        verb = str(items[0])
        target: int | str | None = None
        if len(items) > 1:
            target = _number(items[1]) if items[1].type == "INT" else str(items[1])
        return lambda player: Respond(player, verb, target)

    def buy(self, items):
        return lambda player: BuyField(player)

    def use(self, items):
        beans = [str(i) for i in items if not hasattr(i, "data") and i.type == "BEAN"]
        field = next((_number(i) for i in items if not hasattr(i, "data") and i.type == "INT"), None)
        choices = tuple(str(i.children[0]) for i in items if hasattr(i, "data"))
        return lambda player: UseAbility(player, beans[0], beans[1] if len(beans) > 1 else None, field, choices)

    def choose(self, items):
        option = str(items[0])
        return lambda player: Choose(player, option)

    def discard(self, items):
        if not items:
            return lambda player: MoveCard(player, "discards")
        if len(items) == 1:
            bean = str(items[0])
            return lambda player: MoveCard(player, "discards", bean)
        zone, number = items
        if str(zone) != "hand" or _number(number) < 1:
            raise NotationError("", "a discarded card is named by its bean or its hand position ('hand 2')")
        position = _number(number)
        return lambda player: MoveCard(player, "discards", None, position)

    def take(self, items):
        zone = None
        if items[0].type == "THE":  # "the NAME": a zone the rules declare
            zone, items = str(items[1]), items[1:]
        elif str(items[0]) != "discard":
            raise NotationError("", f"cannot take from '{items[0]}' (the top card of the discard pile, "
                                    "or of a zone the rules declare: 'takes the NAME')")
        bean = str(items[1]) if len(items) > 1 else None
        return lambda player: MoveCard(player, "takes", bean, None, zone)

    def put(self, items):
        zone = str(items[-1])
        items = items[:-2]  # "on the NAME"
        bean = position = None
        if len(items) == 1:
            bean = str(items[0])
        elif items:
            if str(items[0]) != "hand" or _number(items[1]) < 1:
                raise NotationError("", "a card put on a zone is named by its bean or its hand position ('hand 2')")
            position = _number(items[1])
        return lambda player: MoveCard(player, "puts", bean, position, zone)

    def draw(self, items):
        return lambda player: DrawCard(player)

    def cards(self, items):
        return list(items)

    def bare(self, items):
        return CardRef(str(items[0]))

    def zoned(self, items):
        return CardRef(str(items[1]), str(items[0]))

    def position(self, items):
        zone, number = items
        if str(zone) != "hand":
            raise NotationError("", f"only hand cards are named by position ('hand {number}')")
        if _number(number) < 1:
            raise NotationError("", "hand positions count from 1")
        return CardRef(None, "hand", _number(number))


_TRANSFORMER = _ToAction()


# Actions are immutable values and a line always parses to the same one: replays and case files
# repeat the same few hundred lines, and the Lark parse dominated replaying a record.
@lru_cache(maxsize=4096)
def parse_action(text: str) -> Action:
    """Parse one line of the notation; raises NotationError saying what was expected."""
    if len(text) > MAX_ACTION_CHARS:
        raise NotationError(text[:40] + "…", f"an action is at most {MAX_ACTION_CHARS} characters long")
    line = text.strip()
    if not line:
        raise NotationError(text, "empty action")
    action = read(line)  # a line as notation() writes it, without Lark (engine/canonical.py)
    return action if action is not None else lark_action(line)


def lark_action(line: str) -> Action:
    """The grammar's reading of a stripped, non-empty line of at most MAX_ACTION_CHARS."""
    try:
        tree = _parser().parse(line)
    except UnexpectedInput as exc:
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        words = ", ".join(_describe(e) for e in expected[:8])
        raise NotationError(line, "not an action" + (f"; expected {words}" if words else ""),
                            exc.column if isinstance(exc.column, int) and exc.column > 0 else None) from None
    try:
        return _TRANSFORMER.transform(tree)
    except NotationError as exc:
        raise NotationError(line, exc.message) from None
    except LarkError as exc:  # lark wraps errors raised in callbacks (VisitError)
        inner = getattr(exc, "orig_exc", exc)
        message = inner.message if isinstance(inner, NotationError) else f"not an action: {inner}"
        raise NotationError(line, message) from None


_WORDS = {"NAME": "a player name (capitalised)", "BEAN": "a bean id (or yes, no, nothing)", "INT": "a number",
          "ZONE": "a zone (hand, offer, set-aside)", "WHAT": "phase/planting/trading",
          "VERB": "accepts/rejects/withdraws", "THE": "the word the", "COMMA": "','", "IN": "'in'", "$END": "end of line",
          "<END-OF-FILE>": "end of line"}


def _describe(terminal: str) -> str:
    if terminal in _WORDS:
        return _WORDS[terminal]
    return "'" + terminal.lower().replace("_", " ") + "'" if terminal.isupper() else terminal


def to_notation(action: Action) -> str:
    return action.notation()
