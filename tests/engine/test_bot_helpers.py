"""The helpers that live in engine modules for speed but serve the bots and the game records,
pinned here because no conformance case can reach them (docs/mutation.md, "Scope": the
mutation score judges next_to_act's mutants out of reach and leaves model_hash out): next_to_act
is the first of waiting_for(), and model_hash pins a record to the rules, not to where they are
written."""
from __future__ import annotations

import pytest

from beanrules import compile_spec, list_specs
from beanrules.engine import Game
from beanrules.engine.bots import make_bot
from beanrules.engine.legal import next_to_act
from beanrules.engine.ruleset import model_hash
from beanrules.paths import specs_dir


@pytest.mark.parametrize("spec", list_specs())
def test_next_to_act_is_the_first_player_waited_for(spec: str) -> None:
    model = compile_spec(spec)
    low = model_players(model)
    high = max(low, model["players"]["max"])  # a game of two only (the duel) plays two
    for n, seed in ((low, 1), (min(low + 1, high), 2)):
        game = Game(model, n, seed=seed)
        bots = {p: make_bot(("random", "greedy")[i % 2], seed=f"{seed}:{i}", trades=True)
                for i, p in enumerate(game.players)}
        steps = 0
        while True:
            waiting = game.waiting_for()
            assert next_to_act(game.state, game.ruleset) == (waiting[0] if waiting else None), \
                (spec, n, seed, steps, game.state.phase)
            if game.is_over:
                break
            game.apply(bots[waiting[0]].choose(game, waiting[0]))
            steps += 1
        assert steps > 20


def model_players(model: dict) -> int:
    rule = next(r for r in model["rules"] if r["kind"] == "players")
    return max(rule["params"]["min"], 2)


def test_model_hash_follows_the_rules_not_their_place_in_the_file(tmp_path) -> None:
    text = (specs_dir() / "classic.bean").read_text(encoding="utf-8")
    classic = compile_spec("classic")
    assert model_hash(classic) == model_hash(compile_spec("classic"))
    assert model_hash(classic).startswith("sha256:") and len(model_hash(classic)) == len("sha256:") + 64
    moved = tmp_path / "classic.bean"
    moved.write_text("\n\n" + text, encoding="utf-8")          # every clause two lines further down
    assert model_hash(compile_spec(str(moved))) == model_hash(classic)
    changed = tmp_path / "changed.bean"
    changed.write_text(text.replace("draw 3 to back of hand", "draw 2 to back of hand"), encoding="utf-8")
    assert model_hash(compile_spec(str(changed))) != model_hash(classic)
    assert model_hash(compile_spec("how-to-play")) != model_hash(classic)


def test_the_greedy_bot_answers_with_the_listed_harvest_or_rejection() -> None:
    """The greedy bot's harvests, rejections and gifts are the listed objects (its gifts those
    Seat.gifts built from the proposals listed), which Game.apply carries out without the full
    re-check. The games are the same either way (tests/golden)."""
    from beanrules.engine.actions import Harvest, Propose, Respond

    model = compile_spec("classic")
    kinds: dict[type, int] = {}
    chosen: dict[type, int] = {}
    for seed in range(3):
        game = Game(model, 4, seed=seed)
        bots = {p: make_bot("greedy", seed=f"{seed}:{i}", trades=True) for i, p in enumerate(game.players)}
        full_check = game._checked

        def checked(state, action, events, full_check=full_check):
            kinds[type(action)] = kinds.get(type(action), 0) + 1
            return full_check(state, action, events)
        game._checked = checked
        while not game.state.over:
            player = next_to_act(game.state, game.ruleset)
            action = bots[player].choose(game, player)
            chosen[type(action)] = chosen.get(type(action), 0) + 1
            game.apply(action)
    assert chosen.get(Harvest, 0) > 20 and chosen.get(Respond, 0) > 20 and chosen.get(Propose, 0) > 20
    assert Harvest not in kinds and Respond not in kinds and Propose not in kinds, kinds
