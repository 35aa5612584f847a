"""A rule or bean desugared before is not desugared again, nor its statements checked again
against the same names (desugar/__init__.py keeps both): a model compiled with the memos full
is the model compiled with them empty, each model's core is its own, a rule that says
something else gets its own core, and the same statement is checked again where other names
exist."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules import SpecError, compile_spec
from beanrules import desugar
from beanrules.resolve import shipped

SPECS = ["classic", "anniversary/magpie", "translations/es"]  # a variant with abilities, a translation


@pytest.fixture
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty memos, and no kept shipped spec: each is compiled here (the process's kept models
    come back afterwards, for the tests that follow)."""
    monkeypatch.setattr(desugar, "_MADE", {})
    monkeypatch.setattr(desugar, "_CHECKED", {})
    monkeypatch.setattr(desugar, "_SURVEYED", {})
    monkeypatch.setattr(shipped, "_KEPT", {})


def test_a_model_compiled_from_the_memo_is_the_model_compiled_without_it(fresh_memo: None) -> None:
    # (playable=False: the engine's check of the model is not what this test is about)
    made = {name: json.dumps(compile_spec(name, playable=False)) for name in SPECS}
    assert desugar._MADE  # (filled)
    shipped.forget()  # compiled again, every rule and bean from the memo
    for name in SPECS:
        assert json.dumps(compile_spec(name, playable=False)) == made[name], name


def test_each_model_gets_its_own_core(fresh_memo: None) -> None:
    first = compile_spec("classic", playable=False)
    first["rules"][0]["core"].clear()
    first["beans"][0]["core"]["id"] = "changed"
    shipped.forget()
    again = compile_spec("classic", playable=False)
    assert again["rules"][0]["core"] and again["beans"][0]["core"]["id"] != "changed"


def test_a_rule_that_says_something_else_gets_its_own_core(fresh_memo: None, tmp_path: Path) -> None:
    def hand_limit_core(limit: int) -> list:
        path = tmp_path / f"v{limit}.bean"
        path.write_text(f'rulebook v{limit} "V"\n  extends classic\n  source v "V"\n'
                        f'hand limit {limit}   § v "1"\n', encoding="utf-8")
        return next(r["core"] for r in compile_spec(str(path))["rules"] if r["kind"] == "hand-limit")
    seven, nine = hand_limit_core(7), hand_limit_core(9)
    assert json.dumps(nine) == json.dumps(seven).replace("7", "9") != json.dumps(seven)


def test_the_same_statement_is_checked_again_where_other_names_exist(fresh_memo: None, tmp_path: Path) -> None:
    bean = compile_spec("classic", playable=False)["beans"][0]["id"]
    card = (f'card seer "Seer bean" 1 beanometer 1   § v "1"\n  ability look: when planted   § v "1"\n'
            f'    if own hand holds {bean}:\n      gain 1 coins\n')
    path = tmp_path / "v.bean"
    path.write_text('rulebook v "V"\n  extends classic\n  source v "V"\n' + card
                    + 'hand limit 9   § v "2"\n', encoding="utf-8")  # (the seer's span ends where in the next)
    compile_spec(str(path), playable=False)  # the seer's ability checked: its bean exists
    path.write_text('rulebook v "V"\n  extends classic\n  source v "V"\n' + card
                    + f'remove bean {bean}   § v "2"\n', encoding="utf-8")
    with pytest.raises(SpecError) as raised:  # the same seer (same lines), the bean gone
        compile_spec(str(path), playable=False)
    assert any(d.code == "core-name" and f"unknown bean '{bean}'" in d.message and d.span.line == 5
               for d in raised.value.diagnostics), raised.value.diagnostics
