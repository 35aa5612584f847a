"""Drawing as the player's action (engine/draw_moves.py): 'active player draws N to back of
hand, one at a time' and its optional form, the draw owed as far as the hand limit allows, the
reshuffle, the phase that never waits for a draw nobody can make, the hot path, the kernel
playing it (tests/kernel/test_flow_mechanisms.py compares the two), the bots, records and the
terminal."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.checks.invariants import playout
from beanrules.engine import Game, parse_action
from beanrules.engine.actions import DrawCard, EndPhase, UseAbility
from beanrules.engine.bots import GreedyBot, make_bot, play_out
from beanrules.engine.legal import compiled_listing
from beanrules.engine.records import make_record, replay
from beanrules.engine.terminal import _play, help_text, shown
from beanrules.kernel import kernel_reason

from engine_helpers import refused
from by_name import whose_turn, zone_of

HEAD = 'rulebook variant "A variant"\n  extends classic\n  source v "Variant rules"\n'
OWED = 'phase draw\n  remove rule draw   § v "1"\n  active player draws 3 to back of hand, one at a time   § v "1"\n'
OPTIONAL = ('phase draw\n  remove rule draw   § v "1"\n'
            '  active player may draw up to 3 to back of hand, one at a time   § v "1"\n')
DUO = ["Anna", "Natalie"]


def variant(tmp_path: Path, body: str) -> dict:
    path = tmp_path / "variant.bean"
    path.write_text(HEAD + body, encoding="utf-8")
    return compile_spec(str(path))


def at_draw(model: dict, players: list[str], partial: dict) -> Game:
    return Game.from_partial(model, players, {"active": players[0], "phase": "draw", **partial})


def names(game: Game, player: str) -> list[str]:
    return [a.notation() for a in game.legal_actions(player)]


def test_the_action_reads_back_as_written() -> None:
    assert parse_action("Anna draws") == DrawCard("Anna") and DrawCard("Anna").notation() == "Anna draws"


def test_owed_draws_come_one_at_a_time_and_the_phase_ends_after_the_last(tmp_path) -> None:
    model = variant(tmp_path, OWED)
    game = at_draw(model, ["Anna", "Natalie", "Greg"], {"hands": {"Anna": ["red"]}, "deck": ["soy", "blue", "chili"]})
    assert game.waiting_for() == ["Anna"] and names(game, "Anna") == ["Anna draws"]
    assert "Natalie draws" not in names(game, "Natalie")
    refused(game, "Anna ends phase", "draw-one-at-a-time")  # a draw is owed
    refused(game, "Natalie draws", "draw-one-at-a-time")  # only the active player draws
    events = game.apply("Anna draws")
    assert {"event": "drew", "player": "Anna", "cards": 1} in events
    assert zone_of(game.state, "hands", "Anna") == ["red", "soy"] and game.state.phase == "draw"
    assert game.state_json()["moved"] == {"draw-one-at-a-time": [1, 1]}
    game.apply("Anna draws")
    game.apply("Anna draws")
    assert zone_of(game.state, "hands", "Anna") == ["red", "soy", "blue", "chili"]
    assert whose_turn(game.state) == "Natalie"  # nothing left to do in phase draw: the turn passed


def test_optional_draws_may_stop_early(tmp_path) -> None:
    model = variant(tmp_path, OPTIONAL)
    game = at_draw(model, ["Anna", "Natalie", "Greg"], {"hands": {"Anna": ["red"]}, "deck": ["soy", "blue"]})
    assert set(names(game, "Anna")) == {"Anna draws", "Anna ends phase"}
    game.apply("Anna draws")
    events = game.apply("Anna ends phase")
    assert zone_of(game.state, "hands", "Anna") == ["red", "soy"]  # the other two she gave up
    assert {"event": "turn", "active": "Natalie", "turn": 2} in events


def test_a_draw_that_empties_the_deck_reshuffles_the_discard(tmp_path) -> None:
    model = variant(tmp_path, OWED)
    game = at_draw(model, ["Anna", "Natalie", "Greg"], {"hands": {"Anna": []}, "deck": ["soy"],
                                                                  "discard": ["blue", "chili", "red"]})
    events = game.apply("Anna draws")
    kinds = [e["event"] for e in events]
    assert kinds.index("deck-exhausted") < kinds.index("reshuffled") and game.state.exhaustions == 1
    assert zone_of(game.state, "hands", "Anna") == ["soy"] and game.state.discard == [] and game.state.deck
    top = game.state.deck[0]
    game.apply("Anna draws")
    assert zone_of(game.state, "hands", "Anna") == ["soy", top]


def test_the_hand_limit_refuses_a_draw_and_nothing_is_owed_then() -> None:
    model = compile_spec("kannibohne")
    game = at_draw(model, DUO, {"hands": {"Anna": ["red", "kenia", "stink", "garden"]}, "deck": ["cocoa"],
                                "fields": {"Anna": [["card-06"], []]}})
    assert refused(game, "Anna draws", "hand-limit").message.endswith("it would break 'hand limit 4'")
    assert "Anna draws" not in names(game, "Anna") and "Anna ends phase" in names(game, "Anna")


def test_no_card_left_to_draw_waits_for_nobody() -> None:
    """With the deck and the discard pile empty no draw can be made: none is listed or owed."""
    model = compile_spec("kannibohne")
    game = at_draw(model, DUO, {"hands": {"Anna": ["red"]}})
    state = game.state
    state.removed.extend(state.deck + state.discard)  # every card out of reach
    state.deck.clear()
    state.discard.clear()
    assert "Anna draws" not in names(game, "Anna")
    events = game.apply("Anna ends phase")  # nothing owed: giving up drawing is allowed
    assert {"event": "turn", "active": "Natalie", "turn": 2} in events


def test_classic_keeps_its_automatic_draw_and_its_compiled_listings(tmp_path) -> None:
    rs = Game(compile_spec("classic"), 3, seed=1).ruleset
    assert DrawCard not in rs.permits and all(compiled_listing(rs, ph) is not None for ph in rs.phases)
    # a spec that draws by action lists in full (legal.listed_in_full asks about the draws)
    drawn = Game(variant(tmp_path, OWED), 3, seed=1).ruleset
    assert drawn.permits[DrawCard] and all(compiled_listing(drawn, ph) is None for ph in drawn.phases)


def test_only_owed_draws_bring_the_end_of_the_deck_nearer(tmp_path) -> None:
    """With the reveal gone, owed draws are what empties the deck; optional ones may never
    be made, so check rejects such a spec as never reaching its end."""
    from beanrules.diagnostics import SpecError
    gone = 'phase trade\n  remove rule reveal   § v "1"\n'
    assert variant(tmp_path, gone + OWED)["rulebook"] == "variant"
    with pytest.raises(SpecError) as info:
        variant(tmp_path, gone + OPTIONAL)
    assert any(d.code == "end-unreachable" for d in info.value.diagnostics)


def test_the_kernel_plays_drawing_by_action(tmp_path) -> None:
    assert kernel_reason(variant(tmp_path, OWED), 3) is None
    assert kernel_reason(variant(tmp_path, OPTIONAL), 3) is None


# seeds 1 and 2: pytest -m sweep (tests/conftest.py; .ci/run runs them)
@pytest.mark.parametrize("seed", [0, *(pytest.param(seed, marks=pytest.mark.sweep) for seed in (1, 2))])
@pytest.mark.parametrize("bots", [("random",), ("greedy",), ("greedy", "random")])
def test_bots_draw_by_action_keeping_every_invariant_and_the_record_replays(bots, seed) -> None:
    model = compile_spec("kannibohne")
    result = playout(model, "kannibohne", 2, seed, bots)
    assert result.ok, result.problems[:3]
    game = Game(model, DUO, seed=7)
    play_out(game, {p: make_bot(bots[i % len(bots)], seed=i) for i, p in enumerate(DUO)})
    assert any(line.endswith(" draws") for line in game.history)
    assert replay(make_record("kannibohne", model, game, 7), model).ok


def test_the_greedy_bot_draws_before_it_ends_the_phase(tmp_path) -> None:
    game = at_draw(variant(tmp_path, OPTIONAL), ["Anna", "Natalie", "Greg"], {"hands": {"Anna": []}})
    assert GreedyBot().choose(game, "Anna") == DrawCard("Anna")
    assert EndPhase("Anna", "phase") in game.legal_actions("Anna")


def _terminal(game: Game, lines: list[str]) -> str:
    feed, out = iter(lines), []
    _play(game, "Anna", {"Natalie": GreedyBot(seed=1)}, lambda prompt: next(feed), out.append)
    return "\n".join(out)


def test_a_human_draws_in_the_terminal() -> None:
    assert " · draws\n" in help_text(("red",), "Natalie", moves=("takes discard", "draws"))
    game = at_draw(compile_spec("kannibohne"), DUO, {"hands": {"Anna": ["red"]},
                                                     "deck": ["kenia", "cocoa", "stink"], "discard": ["garden"]})
    text = _terminal(game, ["?", "ends phase", "draws", "draws", "?", "quit"])
    assert "legal now: Anna takes discard garden; Anna draws\n" in text
    assert "refused: Anna must draw first (0 of 2 drawn" in text
    assert "   Anna draws 1 card" in text
    assert "legal now: Anna takes discard garden; Anna ends phase" in text


def test_the_terminal_hides_the_deck_cards_a_bot_reorders() -> None:
    """Card 12: the bot looks at the top of the draw pile, which the human may not see: its
    new order is printed by places, never by beans."""
    game = Game.from_partial(compile_spec("kannibohne"), DUO, {
        "active": "Natalie", "phase": "plant", "hands": {"Natalie": ["red"], "Anna": ["cocoa"]},
        "fields": {"Natalie": [["card-12"], []]}, "deck": ["kenia", "stink", "garden"]})
    text = _terminal(game, ["quit"])
    line = next(x for x in text.splitlines() if x.startswith("Natalie uses card-12"))
    assert "card 1" in line and "card 2" in line and "card 3" in line
    assert not any(bean in line for bean in ("kenia", "stink", "garden"))


def test_the_terminal_names_the_cards_the_human_may_see() -> None:
    """Card 13: the bot takes a card from the human's own hand, which the human sees."""
    game = Game.from_partial(compile_spec("kannibohne"), DUO, {
        "active": "Natalie", "phase": "plant", "hands": {"Natalie": ["red"], "Anna": ["cocoa", "garden"]},
        "fields": {"Natalie": [["card-13"], []]}})
    text = _terminal(game, ["quit"])
    assert any(x.startswith("Natalie uses card-13 with ") and x.split(" with ")[1] in ("cocoa", "garden")
               for x in text.splitlines())


def test_shown_keeps_choices_that_are_no_hidden_cards() -> None:
    action = UseAbility("Natalie", "thief", None, 2, ("Anna", "1"))
    assert shown(action, [], "Anna") == action.notation()
    looked = [{"event": "looked", "player": "Natalie", "seen_by": ["Natalie"], "owner": None,
               "cards": ["red", "red", "soy"]}]
    reorder = UseAbility("Natalie", "seer", None, None, ("soy", "red", "red"))
    assert shown(reorder, looked, "Anna") == \
        "Natalie uses seer with card 3, card 1, card 2 (by their places among the cards looked at)"
    assert shown(reorder, looked, "Natalie") == reorder.notation()
