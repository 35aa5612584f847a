"""The observation encodes the player's view and nothing it hides: every card the view hides
from a player (the deck, other players' hands and coins where hidden, the cards out of play)
is dealt anew among the same places, and the player's view, observation and action mask stay
the same (the mask where no proposal is open: one vouches for its proposer's cards, so a redeal
that takes them away is no state of the game);
what the view shows is in the observation. Also: the action space holds every action the
engine lists (the canonical set: one-card proposals), and its size is documented."""
from __future__ import annotations

import random
import re
import numpy as np
import pytest

from beanrules.engine import Game
from beanrules.envs.core import HAND_ORDER, Match, Table, load_model, player_counts

from envs_helpers import NAMED, ROOT, VARIANT, quick_specs, specs

PER_PLAYER = {"hands": "hand", "set_aside": "set-aside", "coins": "coins"}


def hidden_places(view: dict, state: dict) -> list[tuple]:
    """(key, player or None) of every zone the view shows as a count (or a top card only)."""
    out: list[tuple] = []
    for key in ("deck", "removed", "discard", "offer"):
        if not isinstance(view[key], list):
            out.append((key, None))
    for key in PER_PLAYER:
        out += [(key, p) for p in state["players"] if not isinstance(view[key][p], list)]
    return out


def redealt(state: dict, places: list[tuple], rng: random.Random) -> dict:
    """The state with the cards of `places` shuffled among them, each keeping its count."""
    new = {**state, **{k: dict(state[k]) for k in PER_PLAYER}}
    cards = [c for key, p in places for c in (state[key] if p is None else state[key][p])]
    rng.shuffle(cards)
    for key, p in places:
        size = len(state[key] if p is None else state[key][p])
        taken, cards = cards[:size], cards[size:]
        if p is None:
            new[key] = taken
        else:
            new[key][p] = taken
    return new


def states(spec: str, players: int, steps: int, seed: int = 0):
    table = Table(spec, players)
    match = Match(table, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.over:
            return
        yield match
        match.step(rng.choice(sorted(match.options(match.to_act()))))


@pytest.mark.parametrize("spec", ["classic", "how-to-play", "my-first/basic", "anniversary/duel",
                                  "anniversary/bean-thaler", "kannibohne", VARIANT])
def test_no_hidden_card_reaches_an_observation(spec: str) -> None:
    rng = random.Random(5)
    n = player_counts(load_model(spec)[1]).start
    checked = 0
    for k, match in enumerate(states(spec, n, 240)):
        state = match.game.state_json()
        if k % 6 or state.get("lasting") or state.get("decision") or match.using:
            continue  # (a lasting entry or a decision names hand cards by place or by name)
        for viewer in match.table.names:
            places = hidden_places(match.view(viewer), state)
            other = Game.from_state(match.table.model, redealt(state, places, rng))
            view = match.view(viewer)
            assert other.view(viewer) == view  # the redeal hides as the view does
            twin = match.clone()
            twin.game = other
            assert np.array_equal(twin.observe(viewer), match.observe(viewer)), (spec, k, viewer)
            if not state["proposals"]:  # (an open proposal vouches for its proposer's cards)
                assert np.array_equal(twin.mask(viewer), match.mask(viewer)), (spec, k, viewer)
            checked += 1
    assert checked > 10


def test_what_the_view_shows_is_encoded() -> None:
    for match in states("classic", 3, 30):
        player = match.to_act()
        view, obs = match.view(player), match.observe(player)
        t = match.table
        start, _ = t.layout.parts["hand.0"]
        for bean in t.beans:
            assert obs[start + 2 + t.bean_index[bean]] == view["hands"][player].count(bean)
        start, _ = t.layout.parts["hand_front.0"]
        for k, bean in enumerate(view["hands"][player][:HAND_ORDER]):
            assert obs[start + k * len(t.beans) + t.bean_index[bean]] == 1
        start, _ = t.layout.parts["hand.1"]
        assert obs[start] == view["hands"][t.names[(t.names.index(player) + 1) % 3]]  # a count only
        assert obs[start + 1] == 0 and not obs[start + 2:start + 2 + 2 * len(t.beans)].any()


@pytest.mark.parametrize("spec", quick_specs())
def test_every_listed_action_is_in_the_action_space(spec: str) -> None:
    n = player_counts(load_model(spec)[1]).start
    for match in states(spec, n, 150, seed=2):
        if match.using is not None:
            continue
        player = match.to_act()
        budget = match.proposals_left(player) > 0
        legal = match.game.legal_actions(player, trades=budget)
        keys = [match.encode(player, a, match.game.state) for a in legal]
        assert all(k in match.table.index for k in keys), [a.notation() for a, k in zip(legal, keys)
                                                           if k not in match.table.index]
        assert len(match.options(player)) == len({k for k in keys if k[0] != "use"}) + \
            len({k for k in keys if k[0] == "use"})


def test_the_documented_sizes() -> None:
    """docs/envs.md's table of action and observation sizes is this code's."""
    text = (ROOT / "docs" / "envs.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([^`]+)` \| (\d+) \| ([\d, ]+) \| ([\d, ]+) \|$", text, re.M)
    assert {r[0] for r in rows} == {NAMED.get(s, s) for s in specs()}
    for name, first, actions, observations in rows:
        spec = str(ROOT / name) if name in NAMED.values() else name
        counts = player_counts(load_model(spec)[1])
        assert int(first) == counts.start
        sizes = [Table(spec, n) for n in counts]
        assert [int(a) for a in actions.split(",")] == [t.size for t in sizes], spec
        assert [int(o) for o in observations.split(",")] == [t.layout.size for t in sizes], spec


# ---------------------------------------------------------------- zones the rules declare
RESERVE = str(ROOT / "conformance" / "variants" / "reserve-pile.bean")
COMMUNITY, MIDDLE = (str(ROOT / "conformance" / "variants" / f"{name}.bean") for name in ("community-field", "middle-pile"))


def test_a_players_own_declared_zone_is_observed_and_another_players_is_a_count() -> None:
    """reserve-pile's `pile per player, owner sees`: Anna's observation shows her own reserve
    card by card and Natalie's as its count; other cards in Natalie's reserve change nothing."""
    table = Table(RESERVE, 3)
    names = table.names

    def observed(natalie: list[str]) -> np.ndarray:
        match = Match(table, seed=0)
        match.game = Game.from_partial(table.model, names, {"zones": {"reserve": {
            names[0]: ["red", "blue"], names[1]: natalie, names[2]: []}}})
        return match.observe(names[0])
    obs = observed(["soy", "chili"])
    own, _ = table.layout.parts["zone.reserve.0"]
    other, _ = table.layout.parts["zone.reserve.1"]
    B, bi = len(table.beans), table.bean_index
    assert obs[own] == 2 and obs[own + 2 + bi["red"]] == 1 and obs[own + 2 + B + bi["blue"]] == 1  # blue on top
    assert obs[other] == 2 and not obs[other + 1:other + 2 + 2 * B].any()
    assert np.array_equal(observed(["green", "stink"]), obs)
    assert not np.array_equal(observed(["soy"]), obs)  # the count is seen


def test_a_field_of_the_table_is_observed_and_planted_into_and_harvested_by_its_own_ids() -> None:
    table = Table(COMMUNITY, 3)
    names = table.names
    match = Match(table, seed=0)
    match.game = Game.from_partial(table.model, names, {
        "phase": "plant-traded", "offer": ["red"], "zones": {"middle": ["red", "red"]},
        "fields": {names[0]: [["soy"], ["chili"], ["stink"]]}})
    at, _ = table.layout.parts["zone.middle"]
    obs = match.observe(names[1])
    assert obs[at] == 2 and obs[at + 1] == 2 and obs[at + 2 + len(table.beans) + table.bean_index["red"]] == 1
    plant = table.index[("plant", "offer", "red", "middle")]
    assert table.labels[plant] == "plants offer red in the middle" and plant in match.options(names[0])
    match.step(plant)
    assert match.game.state_json()["zones"]["middle"] == ["red", "red", "red"]
    assert table.labels[table.index[("harvest", "middle")]] == "harvests the middle"


@pytest.mark.parametrize("spec, blocks", [(COMMUNITY, {"plants", "harvests"}), (MIDDLE, {"takes", "puts"})])
def test_random_games_act_on_the_declared_zone_through_the_action_space(spec: str, blocks: set) -> None:
    table, seen = Table(spec, 3), set()
    for seed in range(2):
        match, rng = Match(table, seed=seed), random.Random(seed)
        while not match.over:
            player = match.to_act()
            i = rng.choice(sorted(match.options(player)))
            if " the " in table.labels[i]:
                seen.add(table.labels[i].split()[0])
            match.observe(player)
            match.step(i)
    assert blocks <= seen
