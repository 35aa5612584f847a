"""Phase 2: the trading protocol."""
from __future__ import annotations

import pytest

from engine_helpers import refused
from by_name import seat, whose_turn, zone_of


@pytest.fixture
def trading(make):
    """Natalie is active in phase 2 with soy and blue revealed."""
    return make({"active": "Natalie", "phase": "trade", "offer": ["soy", "blue"],
                 "hands": {"Natalie": ["chili", "stink", "chili", "green"],
                           "Anna": ["red", "green", "red", "stink"], "Greg": ["black-eyed", "garden"]},
                 "fields": {"Natalie": [["blue"], [], []]}, "set_aside": {"Anna": ["garden"]}})


def test_trade_offer_and_hand_cards_for_a_hand_card(trading):
    # Example 2 and 3: "the soy bean and a chili bean from my hand for a red bean".
    events = trading.apply("Natalie offers soy, hand chili to Anna for red")
    proposal = events[0]
    assert proposal["event"] == "proposed" and proposal["proposal"] == 1
    s = trading.state_json()
    assert s["proposals"] == [{"id": 1, "from": "Natalie", "to": "Anna",
                               "give": [{"zone": "offer", "bean": "soy"}, {"zone": "hand", "bean": "chili"}],
                               "take": [{"zone": "hand", "bean": "red"}]}]
    assert s["hands"]["Natalie"] == ["chili", "stink", "chili", "green"]  # nothing moves before consent
    events = trading.apply("Anna accepts")
    assert events[0] == {"event": "traded", "proposal": 1, "from": "Natalie", "to": "Anna",
                         "gave": ["soy", "chili"], "got": ["red"]}
    s = trading.state_json()
    assert s["offer"] == ["blue"] and s["proposals"] == []
    assert s["hands"]["Natalie"] == ["stink", "chili", "green"]  # the frontmost chili went
    assert s["hands"]["Anna"] == ["green", "red", "stink"]  # order of the rest unchanged
    assert s["set_aside"]["Anna"] == ["garden", "soy", "chili"]  # traded cards are set aside
    assert s["set_aside"]["Natalie"] == ["red"]


def test_any_number_for_any_number_and_hand_positions(trading):
    trading.apply("Natalie offers hand 4, hand 2 to Greg for black-eyed, garden")
    trading.apply("Greg accepts Natalie")
    s = trading.state_json()
    assert s["hands"]["Natalie"] == ["chili", "chili"] and s["hands"]["Greg"] == []
    assert s["set_aside"]["Greg"] == ["green", "stink"] and s["set_aside"]["Natalie"] == ["black-eyed", "garden"]


def test_only_with_the_active_player(trading):
    error = refused(trading, "Anna offers red to Greg for garden", "trade-with-active")
    assert error.citation == "es: Reglas para el comercio de frijoles"
    trading.apply("Anna offers red to Natalie for soy")  # a non-active player proposes to the active one
    trading.apply("Natalie accepts")
    assert trading.state_json()["set_aside"]["Anna"] == ["garden", "soy"]


def test_what_cannot_be_traded(trading):
    refused(trading, "Anna offers set-aside garden to Natalie for blue", "no-trading-received")
    refused(trading, "Natalie offers field blue to Anna for red", "no-trading-fields")
    refused(trading, "Anna offers offer soy to Natalie for chili", "offer-belongs-to-active")
    refused(trading, "Natalie offers hand red to Anna for green", "trade-hand-any-position")
    refused(trading, "Natalie offers offer red to Anna for green", "trade-offer-cards")


def test_gifts_need_consent(trading):
    trading.apply("Natalie gives blue to Greg")
    assert trading.state_json()["offer"] == ["soy", "blue"]  # not given before Greg agrees
    events = trading.apply("Greg rejects")
    assert events == [{"event": "rejected", "proposal": 1, "by": "Greg"}]
    assert trading.state_json()["offer"] == ["soy", "blue"] and trading.state_json()["proposals"] == []
    trading.apply("Natalie gives blue to Greg")
    trading.apply("Greg accepts 2")
    assert trading.state_json()["set_aside"]["Greg"] == ["blue"]


def test_accept_reject_withdraw_by_the_right_player(trading):
    trading.apply("Natalie offers soy to Anna for red")
    refused(trading, "Greg accepts 1", "trade-needs-consent")
    refused(trading, "Natalie accepts", "trade-needs-consent")  # not in Anna's place
    refused(trading, "Anna withdraws", None)
    trading.apply("Natalie withdraws")
    assert trading.state_json()["proposals"] == []


def test_accept_needs_the_cards_still_there(trading):
    trading.apply("Natalie offers soy to Anna for red, red")
    trading.apply("Natalie offers blue to Anna for red")
    trading.apply("Anna accepts 1")
    refused(trading, "Anna accepts 2", "trade-hand-any-position")


def test_active_player_ends_trading(trading):
    trading.apply("Natalie offers soy to Anna for red")
    refused(trading, "Anna ends trading", "active-ends-trade")
    events = trading.apply("Natalie ends trading")
    assert {"event": "lapsed", "proposal": 1} in events
    s = trading.state_json()
    assert s["phase"] == "plant-traded" and s["proposals"] == []
    refused(trading, "Natalie offers blue to Anna for red", "trade")


def test_listed_proposals_can_be_picked_without_building_them(trading):
    from beanrules.engine.legal import nth_proposal, proposal_rows, proposals
    from beanrules.engine.proposal_space import counted
    for player in ("Natalie", "Anna"):
        at = seat(trading.state, player)
        listed = proposals(trading.state, trading.ruleset, at)
        space = proposal_rows(trading.state, trading.ruleset, at)
        count = counted(space)
        assert count == len(listed) > 0
        assert [nth_proposal(player, space, i) for i in range(count)] == listed
    assert all(p.to == "Natalie" for p in proposals(trading.state, trading.ruleset, seat(trading.state, "Anna")))


def test_the_listed_proposals_are_the_product_built_anew():
    """legal.proposals hands out interned rows (one per give, partner and what may be asked):
    at every trading step of random games they are the documented product built afresh, every
    give with the gift and each ask of every partner, in that order, however the hands changed."""
    from beanrules import compile_spec
    from beanrules.engine import Game
    from beanrules.engine.actions import CardRef, Propose
    from beanrules.engine.bots import RandomBot
    from beanrules.engine.legal import next_to_act, proposal_rows, proposals

    def fresh(game: Game, player: str) -> list[Propose]:
        rows = proposal_rows(game.state, game.ruleset, seat(game.state, player))
        takes = [(partner, give, from_offer, [()] * gift + [(CardRef(b, "offer"),) for b in offer]
                  + [(CardRef(b, "hand"),) for b in hand]) for partner, give, from_offer, gift, offer, hand in rows]
        return [Propose(player, partner, (CardRef(g, "offer" if i < from_offer else "hand"),), t)
                for partner, give, from_offer, ts in takes for i, g in enumerate(give) for t in ts]

    compared = 0
    for spec, seed in (("classic", 3), ("how-to-play", 4)):  # (how-to-play: asked beans need consent)
        model = compile_spec(spec)
        game = Game(model, 4, seed=seed)
        bots = {p: RandomBot(seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
        while not game.state.over and game.state.turn < 8:
            if game.ruleset.phase(game.state.phase).trade:
                for player in game.players:
                    listed = proposals(game.state, game.ruleset, seat(game.state, player))
                    assert listed == fresh(game, player), (spec, game.state.turn, player)
                    compared += len(listed)
            player = next_to_act(game.state, game.ruleset)
            game.apply(bots[player].choose(game, player))
    assert compared > 1_000


def _twins_apart(hand: list[str]) -> tuple[int, int] | None:
    """(m, j), 0-based: a card m in front of j, where j's bean also lies in front of m."""
    for j, bean in enumerate(hand):
        for m in range(1, j):
            if hand[m] != bean and bean in hand[:m]:
                return m, j
    return None


def test_a_record_replayed_moves_the_card_named_by_position(classic):
    # issue 25: a card named by its hand position is the card that moves in a recorded game too.
    # A dealt game where a player holds a bean twice with another card between: he gives the
    # card between, then the later twin, each by its position, to the active player; the replay
    # of the record moves the same cards, to the same hands in the same order.
    from beanrules.engine import Game
    from beanrules.engine.records import make_record, replay
    for seed in range(200):
        game = Game(classic, 3, seed=seed)
        active = whose_turn(game.state)
        game.apply(f"{active} plants")
        game.apply(f"{active} ends planting")
        if game.state.phase != "trade":
            continue
        giver = next((p for p in game.players if p != active and _twins_apart(zone_of(game.state, "hands", p))), None)
        if giver is None:
            continue
        m, j = _twins_apart(zone_of(game.state, "hands", giver))
        hand = list(zone_of(game.state, "hands", giver))
        game.apply(f"{giver} gives hand {j + 1} to {active}")
        game.apply(f"{giver} gives hand {m + 1} to {active}")
        game.apply(f"{active} accepts 2")
        assert game.state_json()["proposals"][0]["give"] == [{"zone": "hand", "bean": hand[j], "position": j}]
        game.apply(f"{active} accepts 1")
        kept = [c for i, c in enumerate(hand) if i not in (m, j)]
        assert game.state_json()["hands"][giver] == kept
        record = make_record("classic", classic, game, seed)
        result = replay(record, classic)
        assert result.ok, result.message
        assert result.game.state_json()["hands"][giver] == kept
        return
    pytest.fail("no dealt game in 200 seeds has a bean twice in a hand with another card between")


def test_an_open_offer_by_position_follows_its_card_through_a_saved_game(make):
    # The stored position is where the card lies now: a game saved and loaded between the two
    # accepts (Game.from_state) gives the same card as the game played on.
    from beanrules.engine import Game
    game = make({"active": "Natalie", "phase": "trade", "offer": ["blue", "chili"],
                 "hands": {"Greg": ["soy", "chili", "red", "soy", "stink"]}})
    game.apply("Greg offers hand 4 to Natalie for blue")
    game.apply("Greg offers hand 2 to Natalie for chili")
    game.apply("Natalie accepts 2")
    loaded = Game.from_state(game.model, game.state_json())
    for g in (game, loaded):
        g.apply("Natalie accepts 1")
        assert g.state_json()["hands"]["Greg"] == ["soy", "red", "stink"]


def test_an_offer_whose_card_has_gone_shows_so(make):
    from beanrules.engine.terminal import _proposal
    game = make({"active": "Natalie", "phase": "trade", "offer": ["blue", "chili"],
                 "hands": {"Greg": ["soy", "chili", "soy", "red"]}})
    game.apply("Greg offers hand 3 to Natalie for blue")
    game.apply("Greg gives hand 3 to Natalie")
    assert _proposal(game.state_json()["proposals"][0]) == "Greg → Natalie: gives hand soy (card 3) for offer blue"
    game.apply("Natalie accepts 2")
    gone = game.state_json()["proposals"][0]
    assert gone["give"] == [{"zone": "hand", "bean": "soy", "gone": True}]
    assert _proposal(gone) == "Greg → Natalie: gives hand soy (gone) for offer blue"
    error = refused(game, "Natalie accepts 1", "trade-hand-any-position")
    assert "left the hand" in error.message

