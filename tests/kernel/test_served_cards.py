"""Kannibohne's card mechanisms in the kernel (docs/simulation.md, "The playout kernel"), each in
a small variant of its own, played by the kernel against the interpreter on identical random
streams (every action and state, scores and winners; several seeds, the smallest and largest
player count (those between: pytest -m sweep), random and greedy bots, with and without
trading), and each shown to occur in the games compared:

- heron.bean: cards that play as another bean type (engine/kinds.py), and abilities on top of
  a field, once per turn, that keep their phase open (engine/abilities.py's `keeps_open`,
  `used`): in a phase with planting, and in one that would end by itself, where the player
  ends it ("ends phase");
- kingfisher.bean: the core effects text cards use on hands and piles (the engine's effect closures on the kernel's state, engine/effects.py; kernel/core.py runs those that touch the deck or a harvest);
- cuckoo.bean: abilities in which the opponent decides (kernel/ability_decisions.py, plant_for.py);
- owl.bean: constraints that last (kernel/lasting.py): forbids, a hand laid open, one card named.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.actions import Action, EndPhase, Plant, UseAbility
from beanrules.engine.state import State
from beanrules.kernel import kernel_reason

from kernel_differential import ends_and_seeds, fast_difference, first_difference, seed_ranges
from test_served_mechanisms import counts, unlike_the_specs
from by_name import seat, whose_turn, zone_of

HERE = Path(__file__).parent
_MODELS: dict[str, dict] = {}


def model(name: str) -> dict:
    path = str(HERE / name)
    return _MODELS.get(path) or _MODELS.setdefault(path, compile_spec(path))


# heron.bean's player counts, written here so that collecting the file compiles no spec
# (test_served_mechanisms.PLAYERS says why; the test below holds them to the variant).
PLAYERS = {"heron.bean": (3, 5)}


def test_the_player_counts_written_here_are_the_variants():
    assert unlike_the_specs(PLAYERS, model) == []


Moment = Callable[[Game, State, list[Action], Action], None]


def compare(m: dict, n: int, seeds: range, look: Moment | None = None) -> None:
    """Both engines play each seed (random and greedy bots, trading on even seeds; random bots
    without trading), and the generated random-bot loop once more: any difference fails.
    `look(game, state, listed, action)` sees every decision of the interpreter's games compared:
    the state before the action, what was listed (without the hundreds of trade proposals,
    which no look reads), and the action taken."""
    assert kernel_reason(m, n, ["random", "greedy"]) is None

    def watch(game: Game, player: str, action: Action) -> None:
        if look is not None:  # the looks read no trade proposals: the listing without them
            look(game, game.state, game.legal_actions(player, trades=False), action)
    for seed in seeds:
        bots = ["random", "greedy"] if seed % 2 else ["greedy", "random"]
        trades = seed % 2 == 0
        assert first_difference(m, n, seed, bots, trades, full=seed == seeds[0], before=watch) is None, (n, seed)
        assert first_difference(m, n, seed + 100, ["random"], False, before=watch) is None, (n, seed + 100)
        assert fast_difference(m, n, seed + 500, ["random"], trades) is None, (n, seed)


class Count:
    """How often each test held in the games compared (`look` for compare)."""

    def __init__(self, **tests: Callable[..., bool]):
        self.tests, self.found = tests, dict.fromkeys(tests, 0)

    def __call__(self, game: Game, state: State, listed: list[Action], action: Action) -> None:
        for name, test in self.tests.items():
            self.found[name] += bool(test(game, state, listed, action))


# ------------------------------------------------------------------ heron.bean
HERON = "heron.bean"


@pytest.mark.parametrize("players,seeds", ends_and_seeds(counts(HERON, PLAYERS), 1, 2))
def test_cards_on_top_of_fields_that_play_as_other_beans(players, seeds):
    m = model(HERON)

    def mixed_plant(game: Game, state: State, listed: list, action: Action) -> bool:
        """a heron onto red beans or red onto a heron, an egret with soy beans (one field)"""
        if type(action) is not Plant:
            return False
        field = zone_of(state, "fields", action.player)[action.field - 1]
        bean = action.bean or zone_of(state, "hands", action.player)[0]
        return bool(field) and field[-1] != bean and \
            {field[-1], bean} in ({"heron", "red"}, {"egret", "soy"})

    def used(game: Game, state: State, listed: list, action: Action) -> bool:
        return type(action) is UseAbility

    def once(game: Game, state: State, listed: list, action: Action) -> bool:
        """a card that was used this turn on its field is not listed again on that field"""
        done = {key for turn, key in state.used if turn == state.turn}
        for use in (a for a in listed if type(a) is UseAbility):
            spec = next(s for s in game.ruleset.abilities if s.card == use.card)
            fields = zone_of(state, "fields", use.player)
            field = use.field or next(i + 1 for i, f in enumerate(fields) if f and f[-1] == use.card)
            assert spec.key(field) not in done, (state.turn, done, use)
        return bool(done)

    def ended(game: Game, state: State, listed: list, action: Action) -> bool:
        """phase draw, which ends by itself, kept open by an egret on top: the player ends it"""
        return action == EndPhase(action.player, "phase") and state.phase == "draw"

    seen = Count(mixed_plant=mixed_plant, used=used, once=once, ended=ended)
    compare(m, players, seeds, seen)
    assert all(seen.found.values()), seen.found


# ------------------------------------------------------------------ kingfisher.bean
KINGFISHER = "kingfisher.bean"


def test_the_effects_text_cards_use_on_hands_and_piles():
    """kingfisher.bean (the duel, so 'the opponent' is someone): a hand reversed before any
    card is planted, hands swapped, the draw pile's top three looked at and reordered (three
    choices), one card of each type into the draw pile and a shuffle, the offer shared half
    and half, a bean taken from the opponent's field top, any hand card planted, the
    opponent's field of a type added to this one; every card plays as a bean type."""
    used: dict[str, set[int]] = {}

    def look(game: Game, state: State, listed: list, action: Action) -> None:
        if type(action) is UseAbility:
            used.setdefault(action.card, set()).add(len(action.choices))
    compare(model(KINGFISHER), 2, range(4), look)
    assert set(used) == {"turner", "swapper", "seer", "sorter", "sharer", "thief", "picker", "joiner"}
    assert 3 in used["seer"] and 2 in used["picker"] and 2 in used["thief"]  # every choice fed


# ------------------------------------------------------------------ cuckoo.bean
CUCKOO = "cuckoo.bean"


@pytest.mark.parametrize("seeds", seed_ranges(2, 4))
def test_abilities_in_which_the_opponent_decides(seeds):
    """cuckoo.bean (the duel): the card's owner uses it, the opponent decides and the game waits
    for them: which hand card they give, which stink bean (where they hold one), on which field
    they plant the owner's front card, and which field they harvest to make room for it."""
    asked: set[tuple[str, str]] = set()

    def look(game: Game, state: State, listed: list, action: Action) -> None:
        decision = state.decision
        if decision is not None:
            assert decision["player"] != whose_turn(state) and "anchor" in decision  # the opponent, in an ability
            asked.add((decision["rule"], decision["name"].split(" for the ")[0]))
    compare(model(CUCKOO), 2, seeds, look)
    assert asked == {("beggar-beg", "gift"), ("stinker-demand", "given"), ("planter-give", "a field"),
                     ("planter-give", "a field to harvest")}


# ------------------------------------------------------------------ owl.bean
OWL = "owl.bean"


def test_constraints_that_last():
    """owl.bean (the duel): the opponent's hand laid open until their phase draw ends, no
    harvest in the opponent's next turn, and no planting, discarding or card used in their next
    phase plant, so that the plant the phase requires lapses ("ends planting" with nothing
    planted); and one card taken from the opponent's hand that may not be planted this turn,
    followed to the front of the taker's hand, where it is not planted."""
    from beanrules.engine.actions import Harvest, MoveCard
    from beanrules.engine.harvesting import harvestable
    from beanrules.engine.marked import locate
    laid: set[str] = set()
    taken: set[str] = set()

    def look(game: Game, state: State, listed: list, action: Action) -> None:
        player = action.player
        for entry in state.lasting:
            laid.add("open" if "open" in entry else entry["rule"])
            if "card" in entry and locate(state, entry["card"]) == (player, 0) and state.phase == "plant" \
                    and player == whose_turn(state):
                assert not any(type(a) is Plant for a in listed)
                taken.add("the card named")
        if not state.lasting or player != whose_turn(state):
            return
        if harvestable(state, game.ruleset, seat(state, player)) and not any(type(a) is Harvest for a in listed):
            taken.add("harvest")
        if state.phase == "plant" and zone_of(state, "hands", player) and not any(type(a) is MoveCard for a in listed):
            taken.add("discard")
        if action == EndPhase(player, "planting") and state.planted == 0 and zone_of(state, "hands", player):
            taken.add("plant")
    compare(model(OWL), 2, range(4), look)
    assert laid == {"open", "frost-freeze", "blocker-block", "jay-take"}
    assert taken == {"harvest", "discard", "plant", "the card named"}
