"""While one model is compiled for the engine, each rule is desugared and each card's abilities
are made once (engine/one_model.py): what the memo hands out equals what is made without it,
for every shipped spec and test variant at every player count; a different model or count
gets its own; nothing outlives the scope.

Which models: in the test command a cover (COVER, 27 of the 122 shipped specs and test
variants) that holds every kind of core node any of them holds, and every kind of node each
field of a node holds in any of them, and a model refused at some count; under `pytest -m sweep`
(.ci/run runs it) every shipped spec and test variant, and a test that the cover still holds
everything they hold (test_the_cover_holds_every_kind_of_node_of_every_model)."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec, list_specs
from beanrules.engine import one_model
from beanrules.engine.abilities import card_abilities
from beanrules.engine.errors import UnsupportedRule
from beanrules.engine.program import core_program
from beanrules.model.copying import copy_json

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = sorted(ROOT.joinpath("conformance", "variants").glob("*.bean"))
# A cover of every model's node kinds (the greedy cover test_the_cover_holds_every_kind_of_node_
# of_every_model checks under -m sweep): a shipped spec by name, a test variant by its path.
COVER = ["kannibohne", "anniversary/magpie", "anniversary/field-beans", "anniversary/new-beans", *(
    f"conformance/variants/{name}.bean" for name in (
        "thaler-tithe", "frost-fields", "auction-rules", "coin-payments", "community-field", "hoe",
        "rounds", "watchers", "jay", "varied-hand", "any-turn", "frost", "neighbourly", "tally",
        "event-decisions", "turn-not-trade-harvest", "covering-one-field-per-type", "crow-reap",
        "hush", "keep-two-at-once", "refused-start-player-card-passed", "sunny", "tithe-if"))]
EVERY = [*list_specs(), *(str(p.relative_to(ROOT)) for p in VARIANTS)]
# What a selection must reach at least (so that it cannot shrink unnoticed): models, rules'
# statements checked, cards, closures asked about, games compared.
AT_LEAST = {"cover": (26, 1200, 250, 150, 24), "every": (41, 1001, 301, 201, 41)}


def _compiled(name: str) -> dict:
    # the variants' models as written (playable=False: the engine's own check of each, which
    # the conformance cases run, is not what this test is about)
    return compile_spec(str(ROOT / name), playable=False) if name.endswith(".bean") else compile_spec(name)


@pytest.fixture(scope="module", params=["cover", pytest.param("every", marks=pytest.mark.sweep)])
def selection(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def models(selection: str) -> list[dict]:
    return [_compiled(name) for name in (COVER if selection == "cover" else EVERY)]


def _kinds(model: dict) -> set:
    """The kinds of node a model's rules and cards hold, each (kind of node, field, kind of node
    it holds) among them, and "refused" where the engine refuses it at some count."""
    from beanrules.desugar import NoRewrite, bean_card, rule_statements
    found: set = set()
    nodes = []
    for rule in model["rules"]:
        try:
            nodes += [n for s in rule_statements(rule) for n in s.walk()]
        except NoRewrite:
            found.add("no-rewrite")
    nodes += [n for bean in model["beans"] for n in bean_card(bean).walk()]
    for node in nodes:
        found.add(node.NODE)
        for field, value in node.fields():
            found.update((node.NODE, field.name, v.NODE) for v in (value if type(value) is tuple else (value,))
                         if hasattr(v, "NODE"))
    if any(isinstance(_made(model, n), str) for n in range(model["players"]["min"], model["players"]["max"] + 1)):
        found.add("refused")
    return found


@pytest.mark.sweep
def test_the_cover_holds_every_kind_of_node_of_every_model() -> None:
    """COVER holds every kind of node (and of what a node's field holds) that any shipped spec
    or test variant holds: a new kind in a new variant fails here until COVER names a model
    with it (this gives a greedy cover of all of them)."""
    kinds = {name: _kinds(_compiled(name)) for name in EVERY}
    missing = set().union(*kinds.values()) - set().union(*(kinds[name] for name in COVER))
    left, cover = set().union(*kinds.values()), []
    while left:
        best = max(sorted(kinds), key=lambda name: len(kinds[name] & left))
        cover.append(best)
        left -= kinds[best]
    assert not missing, (sorted(map(str, missing)), "a cover of every model:", cover)


def _made(model: dict, n: int) -> object:
    try:
        return core_program(model, n), card_abilities(model, n)
    except UnsupportedRule as refused:
        return str(refused)


def test_in_a_scope_every_spec_and_variant_gets_what_it_gets_without_one(models: list[dict], selection: str) -> None:
    assert len(models) == len(COVER if selection == "cover" else EVERY) >= AT_LEAST[selection][0]
    for model in models:
        counts = range(model["players"]["min"], model["players"]["max"] + 1)
        fresh = {n: _made(model, n) for n in counts}
        with one_model.scope():
            for _ in range(2):  # made, then handed out again
                for n in counts:
                    assert _made(model, n) == fresh[n], (model["rulebook"], n)


def test_another_model_or_count_gets_its_own() -> None:
    base = compile_spec("anniversary/magpie")
    other = copy_json(base)
    other["beans"] = [b for b in other["beans"] if not b["abilities"]]
    other["rules"] = other["rules"][1:]
    with one_model.scope():
        assert card_abilities(base, 3) and not card_abilities(other, 3)
        card_abilities(base, 4)
        assert len(core_program(other, 3)) < len(core_program(base, 3))
        kept = one_model._MEMO
        assert kept is not None and {key[2] for key in kept if key[0] == "card-abilities"} == {3, 4}


def test_nothing_outlives_the_scope() -> None:
    model = compile_spec("classic")
    with one_model.scope():
        with one_model.scope():  # a nested scope keeps to the outer one
            first = core_program(model, 3)
        assert one_model._MEMO
        assert core_program(model, 3)[0][1] is first[0][1]
    assert one_model._MEMO is None
    rule = next(r for r in model["rules"] if r["kind"] == "hand-order")
    rule["kind"] = "note"
    rule["params"] = {}
    assert len(core_program(model, 3)) < len(first)  # a changed rule is desugared again


def test_a_failed_make_is_not_kept() -> None:
    calls: list[int] = []

    def make() -> int:
        calls.append(1)
        raise ValueError("refused")

    source = object()
    with one_model.scope():
        for _ in range(2):
            with pytest.raises(ValueError):
                one_model.made_once("x", source, None, make)
    assert len(calls) == 2


def test_holds_finds_a_kind_at_any_depth_in_and_out_of_a_scope() -> None:
    from beanrules.core.actors import Opponent
    from beanrules.core.quantities import ByPlayers
    from beanrules.core.node import Node
    from beanrules.desugar import desugar_rule
    model = compile_spec("classic")
    statements = [s for rule in model["rules"] for s in desugar_rule(rule)]  # before any count
    by_players = [s for s in statements if any(isinstance(n, ByPlayers) for n in s.walk())]
    assert by_players  # classic's fields and removed beans depend on the count
    for statement in statements:
        expected = statement in by_players
        assert one_model.holds(statement, ByPlayers) is expected
        with one_model.scope():
            assert one_model.holds(statement, ByPlayers) is expected
            assert one_model.holds(statement, Node)  # a category: any node of it
            assert not one_model.holds(statement, Opponent)


def test_what_is_kept_per_rule_and_statement_is_what_is_made_fresh(models: list[dict], selection: str) -> None:
    """The process-wide memos (desugar.rule_statements, one_model.of_node) hand out what is
    made without them: each rule's statements, resolved for every count, and which kinds each holds, for every shipped spec and test variant."""
    from beanrules.core.actors import Opponent
    from beanrules.core.quantities import ByPlayers
    from beanrules.desugar import NoRewrite, desugar_rule
    from beanrules.engine.evaluate import for_players
    checked = 0
    for model in models:
        for rule in model["rules"]:
            try:
                fresh = desugar_rule(rule)
            except NoRewrite:
                continue
            for statement in fresh:
                for kind in (ByPlayers, Opponent):
                    assert one_model.holds(statement, kind) is any(isinstance(n, kind) for n in statement.walk())
                checked += 1
        for n in range(model["players"]["min"], model["players"]["max"] + 1):
            try:
                expected = [(rule, for_players(s, n) if any(isinstance(x, ByPlayers) for x in s.walk())
                             else s) for rule in model["rules"] for s in desugar_rule(rule)]
            except UnsupportedRule as refused:
                with pytest.raises(UnsupportedRule, match=str(refused)):
                    core_program(model, n)
                continue
            assert core_program(model, n) == expected, (model["rulebook"], n)
    assert checked >= AT_LEAST[selection][1]


def test_models_with_an_equal_rule_share_its_statements_and_a_changed_rule_gets_its_own() -> None:
    from beanrules.desugar import desugar_rule, rule_statements
    base = compile_spec("classic")
    other = copy_json(base)  # not noted as a copy: another model with equal rules
    for mine, theirs in zip(base["rules"], other["rules"]):
        assert rule_statements(mine) is rule_statements(theirs)
    rule = next(r for r in other["rules"] if r["kind"] == "hand-order")
    was = rule_statements(rule)
    rule["text"] = rule["text"] + " "  # written otherwise: a rule of its own, desugared again
    assert rule_statements(rule) is not was and rule_statements(rule) == desugar_rule(rule) == was
    rule["kind"], rule["params"] = "note", {}  # a rule that means something else says so
    assert rule_statements(rule) == desugar_rule(rule) != was



def test_what_is_kept_per_card_and_count_and_per_statement_survey_is_what_is_made_fresh(models: list[dict],
                                                                                         selection: str) -> None:
    """The card a bean makes (desugar.bean_card), its abilities resolved for every count
    (evaluate.resolved_for, per node and count), and what desugaring surveys of each statement
    (desugar._surveyed: what it declares, its nodes naming a counter) are what is made without
    a memo, for every shipped spec and test variant; a changed bean gets a card of its own."""
    from beanrules import desugar
    from beanrules.desugar import bean_card, desugar_rule
    from beanrules.desugar.cards import card
    from beanrules.engine.evaluate import for_players, resolved_for
    cards = surveyed = 0
    for model in models:
        counts = range(model["players"]["min"], model["players"]["max"] + 1)
        for bean in model["beans"]:
            fresh = card(bean)
            assert bean_card(bean) == fresh and bean_card(bean) is bean_card(copy_json(bean))
            for n in counts:
                assert resolved_for(bean_card(bean), n) == for_players(fresh, n), (bean["id"], n)
            cards += 1
        for rule in model["rules"]:
            for statement in desugar_rule(rule):
                nodes = list(statement.walk())
                declared, per_player, counting = desugar._surveyed(statement)
                assert declared == tuple((kind, getattr(node, attr)) for node in nodes
                                         for kind, attr in [desugar._DECLARES.get(node.NODE, (None, None))] if kind)
                assert per_player == tuple(("counter", n.counter, n.per_player) if n.NODE == "declare-counter"
                                           else ("zone", n.zone, (n.per_player, n.kind)) for n in nodes
                                           if n.NODE in ("declare-counter", "declare-zone-of-kind"))
                assert counting == tuple(n for n in nodes if n.NODE in desugar._COUNTING
                                         or (n.NODE == "zone" and n.zone not in desugar.STANDARD_ZONES))
                surveyed += 1
    assert cards >= AT_LEAST[selection][2] and surveyed >= AT_LEAST[selection][1]
    bean = copy_json(next(b for m in models for b in m["beans"] if b["abilities"]))
    was = bean_card(bean)
    bean["abilities"] = []
    assert bean_card(bean) == card(bean) != was


def test_steps_compiled_once_per_node_play_as_steps_compiled_afresh(models: list[dict], selection: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Each effect and condition is compiled to a closure once per node object, and whether it
    waits for a decision (or another player decides in it) asked once (evaluate.compiled_effect,
    decisions.waits, abilities.others_decide): what is kept is what a fresh computation says,
    and a game of every shipped spec and test variant played with the kept closures is, state
    for state, the game played with closures compiled afresh (an empty memo)."""
    from beanrules.engine import Game, abilities, decisions, evaluate
    from beanrules.core.actors import CardOwner
    from beanrules.engine.bots import make_bot
    from beanrules.engine.legal import next_to_act
    from beanrules.engine.decisions import acting
    from beanrules.core.effects import Ask, Choose
    from beanrules.core.statements import Do
    from beanrules.desugar import rule_statements
    asked = 0
    for model in models:
        for rule in model["rules"]:
            for statement in rule_statements(rule):
                if not isinstance(statement, Do):
                    continue
                node = statement.effect
                assert decisions.waits(node) is any(isinstance(n, (Choose, Ask)) or decisions.deciding(n)
                                                   for n in acting(node))
                assert abilities.others_decide(node) is any(
                    (isinstance(n, Choose) and not (isinstance(n.player, CardOwner) and n.player.card is None))
                    or decisions.deciding(n) for n in acting(node))
                try:
                    kept = evaluate.compiled_effect(node)
                except UnsupportedRule as refused:  # refused each time, never kept
                    with pytest.raises(UnsupportedRule, match=str(refused)):
                        evaluate.compiled_effect(node)
                    continue
                assert kept.node is node and evaluate.compiled_effect(node) is kept
                asked += 1
    assert asked >= AT_LEAST[selection][3]

    def game(model: dict, n: int) -> list[dict]:
        played = Game(copy_json(model), n, seed=3)  # a copy: its own ruleset, compiled now
        seats = {p: make_bot("greedy" if i % 2 else "random", seed=f"3:{i}") for i, p in enumerate(played.players)}
        states = []
        for _ in range(60):
            player = next_to_act(played.state, played.ruleset)
            if player is None:
                break
            played.apply(seats[player].choose(played, player))
            states.append(played.state_json())
        return states

    compared = 0
    for model in models:
        n = model["players"]["min"]
        try:
            kept = game(model, n)
        except UnsupportedRule:
            continue
        monkeypatch.setattr(one_model, "_PER_NODE", {})  # every closure compiled afresh
        assert game(model, n) == kept, model["rulebook"]
        monkeypatch.undo()
        compared += 1
    assert compared >= AT_LEAST[selection][4]
