"""Zones a spec declares (issue #27, "zones declared by the spec"; engine/zones.py): the state
keeps them only where declared, the views show them as declared, the notation names a field of
the table ("in the middle"), a field of the table is planted into and harvested only as a rule
permits, bots use it, and `check` refuses what cannot act on one at its line and warns of a
declared zone nothing names."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules.engine import Game, IllegalAction
from beanrules.engine.actions import Harvest, Plant
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.canonical import read
from beanrules.engine.notation import lark_action, parse_action
from beanrules.resolve.compiler import compile_with_warnings

ROOT = Path(__file__).resolve().parents[2]
COMMUNITY = str(ROOT / "conformance" / "variants" / "community-field.bean")
HEAD = 'rulebook variant "A variant"\n  extends classic\n  source v "Variant rules"\n'
PLAYERS = ["Anna", "Natalie", "Greg"]


@pytest.fixture(scope="module")
def community() -> dict:
    return compile_spec(COMMUNITY)


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "variant.bean"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def test_the_state_keeps_a_declared_zone_only_where_the_rules_declare_one(community: dict) -> None:
    assert "zones" not in Game(compile_spec("classic"), players=3, seed=1).state_json()
    state = Game(community, players=3, seed=1).state_json()
    assert state["zones"] == {"middle": []}
    assert sum(map(len, [state["deck"], *state["hands"].values()])) == 104  # the field starts empty


@pytest.mark.parametrize("line, action", [
    ("Natalie plants set-aside red in the middle", Plant("Natalie", "red", "middle", "set-aside")),
    ("Anna plants in the middle", Plant("Anna", None, "middle", None)),
    ("Anna harvests the middle", Harvest("Anna", "middle")),
])
def test_the_notation_names_a_field_of_the_table_by_the(line: str, action) -> None:
    assert parse_action(line) == action == lark_action(line)
    assert action.notation() == line
    assert read(line) in (None, action)  # the fast reader leaves "the" to the grammar, or agrees


def test_only_the_players_a_rule_names_act_on_the_middle_and_a_refusal_changes_nothing(community: dict) -> None:
    game = Game.from_partial(community, PLAYERS, {"phase": "plant", "hands": {"Anna": ["soy"], "Natalie": ["blue"]},
                                                  "zones": {"middle": ["red", "red", "red"]}})
    before = game.state_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply("Natalie harvests the middle")
    assert refused.value.rule == "harvest-middle"
    assert game.state_json() == before
    with pytest.raises(IllegalAction) as unknown:
        game.apply("Anna harvests the nowhere")
    assert unknown.value.rule is None and "no field 'nowhere'" in unknown.value.message
    assert Harvest("Anna", "middle") in game.legal_actions("Anna")
    assert not [a for a in game.legal_actions("Natalie") if type(a) is Harvest]
    events = game.apply("Anna harvests the middle")
    assert {"event": "harvested", "player": "Anna", "field": "middle", "bean": "red", "cards": 3,
            "coins": 2} in events
    assert game.state_json()["zones"] == {"middle": []} and game.state_json()["coins"]["Anna"] == ["red", "red"]


def test_a_field_of_the_table_takes_one_bean_type_and_only_in_the_phase_its_rule_names(community: dict) -> None:
    game = Game.from_partial(community, PLAYERS, {"phase": "plant", "hands": {"Anna": ["red"]},
                                                  "zones": {"middle": ["red"]}})
    assert Plant("Anna", "red", "middle", None) not in game.legal_actions("Anna")
    with pytest.raises(IllegalAction) as refused:
        game.apply("Anna plants red in the middle")
    assert refused.value.rule == "plant-middle"
    game = Game.from_partial(community, PLAYERS, {"phase": "plant-traded", "offer": ["blue"],
                                                  "set_aside": {"Greg": ["red"]}, "zones": {"middle": ["red"]}})
    assert Plant("Greg", "red", "middle", "set-aside") in game.legal_actions("Greg")
    assert Plant("Anna", "blue", "middle", "offer") not in game.legal_actions("Anna")
    with pytest.raises(IllegalAction) as other_type:
        game.apply("Anna plants offer blue in the middle")
    assert other_type.value.rule == "one-type-per-field"


def test_a_state_round_trips_with_its_zones_and_is_refused_without_them(community: dict) -> None:
    game = Game.from_partial(community, PLAYERS, {"phase": "plant-traded", "zones": {"middle": ["soy"]}})
    state = game.state_json()
    assert Game.from_state(community, state).state_json() == state
    without = {k: v for k, v in state.items() if k != "zones"}
    with pytest.raises(ValueError, match="zones the rules declare: middle"):
        Game.from_state(community, without)
    classic = Game(compile_spec("classic"), players=3, seed=0).state_json()
    with pytest.raises(ValueError, match="zones"):
        Game.from_state(compile_spec("classic"), classic | {"zones": {"middle": []}})


def test_views_show_a_declared_zone_as_its_visibility_says(tmp_path: Path) -> None:
    body = ('zones\n  zone middle is a field for the table, public   § v "1"\n'
            '  zone stash is a pile per player, owner sees   § v "1"\n'
            '  zone well is a pile for the table, top visible   § v "1"\n')
    model, _ = compile_with_warnings(str(_write(tmp_path, body)))
    game = Game.from_partial(model, PLAYERS, {"zones": {"middle": ["soy"], "stash": {"Anna": ["red", "blue"]},
                                                        "well": ["stink", "green"]}})
    view = game.view("Natalie")["zones"]
    assert view["middle"] == ["soy"]
    assert view["stash"] == {"Anna": 2, "Natalie": [], "Greg": 0}
    assert view["well"] == {"count": 2, "top": "green"}
    assert game.view("Anna")["zones"]["stash"]["Anna"] == ["red", "blue"]


def test_a_hand_and_the_deck_top_visible_show_their_top_the_card_that_leaves_next(tmp_path: Path) -> None:
    """A hand's visible end is its front (the card planted next), the deck's its top (the card
    drawn next): both lists start with that card (selection.py), while a pile's ends with it.
    The view used to show each hand's back card and the deck's bottom card."""
    body = ('replace zone-hand: zone hand per player top visible   § v "1"\n'
            'replace zone-deck: zone deck top visible   § v "1"\n')
    model, _ = compile_with_warnings(str(_write(tmp_path, body)))
    game = Game.from_partial(model, PLAYERS, {"hands": {"Anna": ["red", "soy", "blue"]},
                                              "deck": ["chili", "stink", "green"]})
    view = game.view("Natalie")
    assert view["hands"]["Anna"] == {"count": 3, "top": "red"}
    assert view["deck"] == {"count": 3, "top": "chili"}
    game.apply("Anna plants red in 1")  # the card shown is the one that leaves the hand next
    assert game.view("Natalie")["hands"]["Anna"] == {"count": 2, "top": "soy"}


def test_check_warns_of_a_declared_zone_no_rule_names_at_its_line(tmp_path: Path) -> None:
    body = ('zones\n  zone stash is a pile per player, hidden   § v "1"\n')
    _, warnings = compile_with_warnings(str(_write(tmp_path, body)))
    (warning,) = [w for w in warnings if w.code == "never-acts"]
    assert warning.span.line == (HEAD + body).splitlines().index('  zone stash is a pile per player, hidden   § v "1"') + 1
    _, clean = compile_with_warnings(COMMUNITY)
    assert not [w for w in clean if w.code == "never-acts"]


@pytest.mark.parametrize("body, says", [
    ('zones\n  zone pot is a pile for the table, public   § v "1"\nrules\n'
     '  any player may plant into pot   § v "1"\n', "pot is a pile"),
    ('zones\n  zone mine is a field per player, public   § v "1"\nrules\n'
     '  active player may harvest mine   § v "1"\n', "mine is a field of each player"),
    ('rules\n  active player may harvest deck   § v "1"\n', "deck is a standard zone"),
    ('rules\n  active player may harvest nowhere   § v "1"\n', "unknown zone 'nowhere'"),
    ('zones\n  replace zone-field: zone field public   § v "1"\n', "zone middle is a field for the table"),
])
def test_what_cannot_act_on_a_field_of_the_table_is_an_error_at_its_line(tmp_path: Path, body: str, says: str) -> None:
    with pytest.raises(SpecError) as failed:
        compile_spec(str(_write(tmp_path, body)))
    (error,) = failed.value.errors
    assert says in error.message
    assert error.span.line == len((HEAD + body).splitlines())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_the_community_field_to_the_end_and_use_it(community: dict, players: int) -> None:
    used = 0
    for kind in ("random", "greedy"):
        game = Game(community, players=players, seed=players)
        box = game.state.card_counts()
        play_out(game, {p: make_bot(kind, f"{players}:{i}") for i, p in enumerate(game.players)})
        assert game.is_over and game.winners()
        assert game.state.card_counts() == box  # the middle's cards are counted, none lost
        used += sum("the middle" in line for line in game.history)
    assert used > 0


def test_the_environments_encode_a_field_of_the_table() -> None:
    """The environments observe the middle and act on it by ids of their own
    (tests/envs/test_encoding.py plays them), where they refused a spec declaring it."""
    pytest.importorskip("numpy")
    from beanrules.envs.core import Table
    table = Table(COMMUNITY)
    assert "zone.middle" in table.layout.parts and ("harvest", "middle") in table.index


def test_the_terminal_shows_the_middle_as_a_field(community: dict) -> None:
    from beanrules.engine.terminal import board
    game = Game.from_partial(community, PLAYERS, {"zones": {"middle": ["red", "red"]}})
    assert "   middle: red×2" in board(game, "Anna").splitlines()


# ---------------------------------------------------------------- piles and rows as places
RESERVE = str(ROOT / "conformance" / "variants" / "reserve-pile.bean")
POT = ('zones\n  zone pot is a pile for the table, public   § v "1"\nrules\n'
       '  rule feed: when a card is planted, if count of the pot < 2:   § v "1"\n'
       '    move 1 from deck top to the pot   § v "1"\n')


def test_a_pile_of_the_table_is_a_place_of_steps_and_conditions(tmp_path: Path) -> None:
    """`the pot` in an effect and in a condition: each plant feeds it the deck's top card while
    it holds fewer than two; the cards it holds are counted, none lost, and it no longer never acts."""
    model, warnings = compile_with_warnings(str(_write(tmp_path, POT)))
    assert not [w for w in warnings if w.code == "never-acts"]
    game = Game.from_partial(model, PLAYERS, {"phase": "plant", "hands": {"Anna": ["soy", "blue", "red"]},
                                              "deck": ["chili", "stink", "green"], "zones": {"pot": ["red"]}})
    box = game.state.card_counts()
    game.apply("Anna plants soy in 1")
    assert game.state_json()["zones"] == {"pot": ["red", "chili"]}
    game.apply("Anna plants blue in 2")  # a pot of two is fed no more: the condition reads it
    assert game.state_json()["zones"] == {"pot": ["red", "chili"]}
    assert game.state.card_counts() == box


def test_a_pile_of_each_player_takes_a_card_and_gives_back_its_top_one() -> None:
    game = Game.from_partial(compile_spec(RESERVE), PLAYERS, {
        "phase": "plant", "hands": {"Anna": ["stink", "green"]}, "fields": {"Anna": [["soy", "soy"], [], []]},
        "zones": {"reserve": {"Anna": ["blue"], "Natalie": [], "Greg": []}}})
    box = game.state.card_counts()
    game.apply("Anna harvests 1")
    assert game.state_json()["zones"]["reserve"]["Anna"] == ["blue", "stink"]
    game.apply("Anna plants green in 2")
    assert game.state_json()["zones"]["reserve"]["Anna"] == ["blue"]
    assert game.state_json()["hands"]["Anna"] == ["stink"]
    assert game.state.card_counts() == box


@pytest.mark.parametrize("players", [3, 5])
def test_bots_play_the_reserve_to_the_end_with_its_cards_counted(players: int) -> None:
    model, moved = compile_spec(RESERVE), 0
    for kind in ("random", "greedy"):
        game = Game(model, players=players, seed=players)
        box = game.state.card_counts()
        play_out(game, {p: make_bot(kind, f"{players}:{i}") for i, p in enumerate(game.players)})
        assert game.is_over and game.state.card_counts() == box
        moved += sum(map(len, game.state_json()["zones"]["reserve"].values()))
    assert moved > 0


@pytest.mark.parametrize("place, says, hint", [
    ("the stash", "unknown zone 'stash'", "reserve"),  # the hint lists the declared zones
    ("the reserve", "reserve is a pile of each player: say whose", "own reserve"),
    ("own pot", "pot is a pile for the table, not a player's", "the pot"),
])
def test_a_place_naming_a_declared_zone_is_resolved_at_its_line(tmp_path: Path, place: str, says: str,
                                                                 hint: str) -> None:
    body = ('zones\n  zone reserve is a pile per player, hidden   § v "1"\n'
            '  zone pot is a row for the table, hidden   § v "1"\nrules\n'
            '  rule feed: when a card is planted:   § v "1"\n'
            f'    move 1 from deck top to {place}   § v "1"\n')
    with pytest.raises(SpecError) as failed:
        compile_spec(str(_write(tmp_path, body)))
    (error,) = failed.value.errors
    assert says.replace("pot is a pile", "pot is a row") in error.message and hint in (error.suggestion or "")
    assert error.span.line == len((HEAD + body).splitlines()) - 1


def test_move_top_still_reads_the_standard_end_not_a_zone(tmp_path: Path) -> None:
    """The reason a bare NAME is no place: `move 1 from own hand front to discard top` keeps
    its meaning (the declared form needs `the` or an owner before the name)."""
    model = compile_spec(str(_write(tmp_path, 'rules\n  rule r: when a card is planted:   § v "1"\n'
                                              '    move 1 from own hand front to discard top   § v "1"\n')))
    step = next(r for r in model["rules"] if r["id"] == "r")
    assert '"zone": "discard"' in str(step).replace("'", '"')


# ---------------------------------------------------------------- permitted moves to and from declared zones
MIDDLE = str(ROOT / "conformance" / "variants" / "middle-pile.bean")


@pytest.mark.parametrize("line", ["Anna takes the middle", "Anna takes the middle red", "Anna puts red on the middle",
                                  "Anna puts hand 2 on the middle", "Anna takes discard"])
def test_a_move_naming_a_declared_zone_reads_the_same_by_lark_and_writes_back(line: str) -> None:
    assert parse_action(line).notation() == line and lark_action(line) == parse_action(line)
    assert read(line) in (None, lark_action(line))  # the canonical reader leaves what it does not know to Lark


def test_a_pile_of_each_player_gives_its_top_card_by_a_permitted_move(tmp_path: Path) -> None:
    """`own reserve top` as the source of a permitted move, at any time (no phase named): the
    active player's own pile, its last card laid; once per turn, counted per turn."""
    body = ('zones\n  zone reserve is a pile per player, owner sees   § v "1"\nrules\n'
            '  rule fetch: active player may move 1 from own reserve top to own hand, once per turn   § v "1"\n')
    game = Game.from_partial(compile_spec(str(_write(tmp_path, body))), PLAYERS, {
        "phase": "plant", "hands": {"Anna": ["stink"]},
        "zones": {"reserve": {"Anna": ["blue", "red"], "Natalie": ["soy"], "Greg": []}}})
    assert "Anna takes the reserve red" in [a.notation() for a in game.legal_actions("Anna")]
    assert not any("reserve" in a.notation() for a in game.legal_actions("Natalie"))
    box = game.state.card_counts()
    game.apply("Anna takes the reserve")
    assert game.state_json()["hands"]["Anna"] == ["stink", "red"]
    assert game.state_json()["zones"]["reserve"] == {"Anna": ["blue"], "Natalie": ["soy"], "Greg": []}
    assert game.state.card_counts() == box
    with pytest.raises(IllegalAction) as refused:
        game.apply("Anna takes the reserve")
    assert refused.value.rule == "fetch" and "already did so this turn" in str(refused.value)


def test_a_move_names_the_bean_it_expects_and_is_refused_on_another(tmp_path: Path) -> None:
    game = Game.from_partial(compile_spec(MIDDLE), PLAYERS, {"phase": "draw", "hands": {"Anna": ["red"]},
                                                             "zones": {"middle": ["blue", "stink"]}})
    before = game.state_json()
    with pytest.raises(IllegalAction, match="the top card is stink, not blue"):
        game.apply("Anna takes the middle blue")
    assert game.state_json() == before


@pytest.mark.parametrize("move, says", [
    ("move 1 from the middle top to the well", "from middle to well only as one of"),
    ("move 1 from the middle top to offer", "from middle to offer only as one of"),
    ("move 2 from the middle top to own hand", "of one card"),
])
def test_a_move_the_engine_cannot_play_is_refused_at_its_line(tmp_path: Path, move: str, says: str) -> None:
    body = ('zones\n  zone middle is a pile for the table, public   § v "1"\n'
            '  zone well is a pile for the table, public   § v "1"\nrules\n'
            f'  rule odd: active player may {move}   § v "1"\n')
    with pytest.raises(SpecError) as failed:
        compile_spec(str(_write(tmp_path, body)))
    error = failed.value.errors[0]
    assert says in error.message and error.span.line == len((HEAD + body).splitlines())


@pytest.mark.parametrize("players", [3, 5])
def test_bots_lay_on_and_take_from_the_middle_pile_to_the_end(players: int) -> None:
    model, verbs = compile_spec(MIDDLE), set()
    for kind in ("random", "greedy"):
        game = Game(model, players=players, seed=players)
        box = game.state.card_counts()
        bots = {p: make_bot(kind, f"{players}:{i}") for i, p in enumerate(game.players)}
        while not game.is_over:
            player = game.waiting_for()[0]
            action = bots[player].choose(game, player)
            verbs.add(getattr(action, "verb", None) if getattr(action, "zone", None) == "middle" else None)
            game.apply(action)
        assert game.state.card_counts() == box
    assert {"takes", "puts"} <= verbs


# ---------------------------------------------------------------- a field of the table at the end of the game
END_OF_GAME = {"active": "Natalie", "phase": "trade", "exhaustions": 2, "deck": ["green"],
               "hands": {"Anna": [], "Natalie": ["soy"], "Greg": []}, "zones": {"middle": ["red", "red", "red"]}}


@pytest.mark.parametrize("condition, harvested", [("", True), (", if count of own hand > 0", True),
                                                  (", if count of own hand = 0", False)])
def test_a_step_at_the_end_of_the_game_runs_for_the_player_whose_turn_it_was(tmp_path: Path, condition: str,
                                                                             harvested: bool) -> None:
    """`at the end of the game:` runs once the game ends, "own" the active player (Natalie, who
    holds one hand card): her condition is read, and she harvests the middle, paid by its beanometer."""
    body = ('zones\n  zone middle is a field for the table, public   § v "1"\nrules\n'
            f'  rule last-harvest: at the end of the game{condition}:   § v "1"\n'
            '    harvest the middle   § v "1"\n')
    game = Game.from_partial(compile_spec(str(_write(tmp_path, body))), PLAYERS, END_OF_GAME)
    box = game.state.card_counts()
    events = game.apply("Natalie ends trading")
    assert game.is_over and game.state.card_counts() == box
    middle = [e for e in events if e["event"] == "harvested" and e["field"] == "middle"]
    assert middle == ([{"event": "harvested", "player": "Natalie", "field": "middle", "bean": "red", "cards": 3,
                        "coins": 2}] if harvested else [])
    assert game.state_json()["zones"]["middle"] == ([] if harvested else ["red", "red", "red"])


def test_without_such_a_step_a_field_of_the_table_is_left_at_the_end(tmp_path: Path) -> None:
    body = ('zones\n  zone middle is a field for the table, public   § v "1"\nrules\n'
            '  active player may harvest middle   § v "1"\n')
    game = Game.from_partial(compile_spec(str(_write(tmp_path, body))), PLAYERS, END_OF_GAME)
    game.apply("Natalie ends trading")
    assert game.is_over and game.state_json()["zones"]["middle"] == ["red", "red", "red"]


def test_a_harvest_of_a_pile_is_an_error_at_its_rule(tmp_path: Path) -> None:
    body = ('zones\n  zone well is a pile for the table, public   § v "1"\nrules\n'
            '  rule last: at the end of the game:   § v "1"\n    harvest the well   § v "1"\n')
    with pytest.raises(SpecError) as failed:
        compile_spec(str(_write(tmp_path, body)))
    (error,) = failed.value.errors
    assert "well is a pile: only a field is harvested" in error.message
    assert error.span.line == len((HEAD + body).splitlines()) - 1


@pytest.mark.parametrize("players", [3, 5])
def test_bots_play_the_community_field_to_the_end_harvesting_the_middle_last(community: dict, players: int) -> None:
    ended = 0
    for seed in range(3):
        game = Game(community, players=players, seed=seed)
        box = game.state.card_counts()
        play_out(game, {p: make_bot("greedy", f"{seed}:{i}") for i, p in enumerate(game.players)})
        assert game.is_over and game.state.card_counts() == box and game.state_json()["zones"]["middle"] == []
        ended += 1
    assert ended == 3


# ---------------------------------------------------------------- the order of a declared zone
@pytest.mark.parametrize("order, after", [("", ["chili", "stink", "green"]), (", newest first", ["chili", "stink", "green"]),
                                          (", oldest first", ["green", "stink", "chili"])])
def test_where_a_card_joins_a_declared_row_is_its_order(tmp_path: Path, order: str, after: list[str]) -> None:
    """Newest first (the default, as before): a card goes on top, the last listed. Oldest first:
    it joins the bottom, so chili, laid first, stays the top, the card `top` takes - by each of
    the engine's moves (one card off the deck, every card of a zone)."""
    body = (f'zones\n  zone row is a row for the table, public{order}   § v "1"\nrules\n'
            '  rule feed: when a card is planted:   § v "1"\n    move 1 from deck top to the row   § v "1"\n'
            '  rule sweep: when a card is harvested:   § v "1"\n    move all from offer to the row   § v "1"\n'
            '  rule pick: active player may move 1 from the row top to own hand   § v "1"\n')
    game = Game.from_partial(compile_spec(str(_write(tmp_path, body))), PLAYERS, {
        "phase": "plant", "hands": {"Anna": ["soy", "red"]}, "deck": ["stink", "blue"], "offer": ["green"],
        "fields": {"Anna": [[], [], ["blue", "blue"]]}, "zones": {"row": ["chili"]}})
    game.apply("Anna plants soy in 1")
    game.apply("Anna harvests 3")
    assert game.state_json()["zones"]["row"] == after
    game.apply("Anna takes the row")
    assert game.state_json()["hands"]["Anna"][-1] == after[-1]


def test_a_field_has_no_order_but_its_own(tmp_path: Path) -> None:
    body = 'zones\n  zone middle is a field for the table, public, oldest first   § v "1"\n'
    with pytest.raises(SpecError) as failed:
        compile_spec(str(_write(tmp_path, body)))
    (error,) = failed.value.errors
    assert "a field grows on top" in error.message and error.span.line == len((HEAD + body).splitlines())


def test_any_player_may_make_a_permitted_move_once_per_turn_each(tmp_path: Path) -> None:
    """`any player may move …, once per turn`: Natalie too, in Anna's turn, once each; the
    state counts the move per player, so Anna's move leaves Natalie's open."""
    body = ('zones\n  zone middle is a pile for the table, public   § v "1"\nrules\n'
            '  rule share: any player may move 1 from the middle top to own hand, once per turn   § v "1"\n')
    model = compile_spec(str(_write(tmp_path, body)))
    rule = next(r for r in model["rules"] if r["id"] == "share")
    assert rule["params"]["who"] == "any-player" and rule["core"][0]["player"] == {"node": "any-player"}
    game = Game.from_partial(model, PLAYERS, {"phase": "plant", "hands": {"Anna": ["soy"], "Natalie": []},
                                              "zones": {"middle": ["blue", "red", "stink"]}})
    assert "Natalie takes the middle stink" in [a.notation() for a in game.legal_actions("Natalie")]
    game.apply("Natalie takes the middle")
    with pytest.raises(IllegalAction, match="already did so this turn"):
        game.apply("Natalie takes the middle")
    game.apply("Anna takes the middle")
    assert game.state_json()["hands"] == {"Anna": ["soy", "red"], "Natalie": ["stink"], "Greg": []}
    assert game.state_json()["zones"]["middle"] == ["blue"]
    assert "Greg takes the middle blue" in [a.notation() for a in game.legal_actions("Greg")]
