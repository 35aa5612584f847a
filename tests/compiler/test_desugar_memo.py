"""A rule or bean desugared before is not desugared again (desugar/__init__.py keeps what each
made, by its content): a model compiled with the memo full is the model compiled with it
empty, each model's core is its own, and a rule that says something else gets its own core."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules import desugar
from beanrules.resolve import shipped

SPECS = ["classic", "kannibohne", "anniversary/magpie", "translations/es"]  # abilities, a variant, a translation


@pytest.fixture
def fresh_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(desugar, "_MADE", {})
    shipped.forget()
    yield
    shipped.forget()


def test_a_model_compiled_from_the_memo_is_the_model_compiled_without_it(fresh_memo: None) -> None:
    made = {name: json.dumps(compile_spec(name)) for name in SPECS}
    assert desugar._MADE  # (filled)
    shipped.forget()  # compiled again, every rule and bean from the memo
    for name in SPECS:
        assert json.dumps(compile_spec(name)) == made[name], name


def test_each_model_gets_its_own_core(fresh_memo: None) -> None:
    first = compile_spec("classic")
    first["rules"][0]["core"].clear()
    first["beans"][0]["core"]["id"] = "changed"
    shipped.forget()
    again = compile_spec("classic")
    assert again["rules"][0]["core"] and again["beans"][0]["core"]["id"] != "changed"


def test_a_rule_that_says_something_else_gets_its_own_core(fresh_memo: None, tmp_path: Path) -> None:
    def hand_limit_core(limit: int) -> list:
        path = tmp_path / f"v{limit}.bean"
        path.write_text(f'rulebook v{limit} "V"\n  extends classic\n  source v "V"\n'
                        f'hand limit {limit}   § v "1"\n', encoding="utf-8")
        return next(r["core"] for r in compile_spec(str(path))["rules"] if r["kind"] == "hand-limit")
    seven, nine = hand_limit_core(7), hand_limit_core(9)
    assert json.dumps(nine) == json.dumps(seven).replace("7", "9") != json.dumps(seven)
