"""The action notation: one line → one Action, by the Lark grammar grammar/actions.lark."""
from __future__ import annotations

from functools import cache

from lark import Lark, Transformer, UnexpectedInput

from ..paths import grammar_file
from .actions import Action, BuyField, CardRef, EndPhase, Harvest, Plant, Propose, Respond
from .errors import NotationError

_PLANT_ZONES = {"hand", "offer", "set-aside"}


def grammar_path():
    # The notation grammar ships beside the rules grammar: grammar/ in a checkout, or
    # beanrules/_data/grammar/ in a wheel (pyproject force-includes the whole folder).
    return grammar_file().with_name("actions.lark")


@cache
def _parser() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False)


class _ToAction(Transformer):
    def start(self, items):
        name, build = items
        return build(str(name))

    def plant(self, items):
        zone = bean = field = None
        for item in items:
            if item.type == "ZONE":
                if str(item) not in _PLANT_ZONES:
                    raise NotationError("", f"cannot plant from '{item}' (hand, offer or set-aside)")
                zone = str(item)
            elif item.type == "BEAN":
                bean = str(item)
            elif item.type == "INT":
                field = int(item)
        return lambda player: Plant(player, bean, field, zone)

    def harvest(self, items):
        (item,) = items
        if item.type == "INT":
            return lambda player: Harvest(player, field=int(item))
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
            target = int(items[1]) if items[1].type == "INT" else str(items[1])
        return lambda player: Respond(player, verb, target)

    def buy(self, items):
        return lambda player: BuyField(player)

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
        if int(number) < 1:
            raise NotationError("", "hand positions count from 1")
        return CardRef(None, "hand", int(number))


_TRANSFORMER = _ToAction()


def parse_action(text: str) -> Action:
    """Parse one line of the notation; raises NotationError saying what was expected."""
    line = text.strip()
    if not line:
        raise NotationError(text, "empty action")
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
    except Exception as exc:  # lark wraps errors raised in callbacks
        inner = getattr(exc, "orig_exc", exc)
        if isinstance(inner, NotationError):
            raise NotationError(line, inner.message) from None
        raise


_WORDS = {"NAME": "a player name (capitalised)", "BEAN": "a bean id", "INT": "a number",
          "ZONE": "a zone (hand, offer, set-aside)", "WHAT": "phase/planting/trading",
          "VERB": "accepts/rejects/withdraws", "COMMA": "','", "IN": "'in'", "$END": "end of line",
          "<END-OF-FILE>": "end of line"}


def _describe(terminal: str) -> str:
    if terminal in _WORDS:
        return _WORDS[terminal]
    return "'" + terminal.lower().replace("_", " ") + "'" if terminal.isupper() else terminal


def to_notation(action: Action) -> str:
    return action.notation()
