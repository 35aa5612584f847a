"""Oracle for the last readings' removal (issue "One semantics"): buying a field compiled from
its permit's nodes (engine/buying.py), the start player's and tokens' statements read whole by
the program (engine/program.py, engine/marks.py), held to engine/readings.py's BuyField,
StartPlayer and Token on every statement of every .bean file the repository ships that
compiles, at every player count. Deleted with the readings."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules import compile_spec
from beanrules.core import statements as core
from beanrules.engine import buying, program, readings as read, trace
from beanrules.engine.compiler import compile_ruleset
from beanrules.engine.errors import RuleRef, UnsupportedRule
from beanrules.engine.ruleset import BuyFieldRule

ROOT = Path(__file__).resolve().parents[2]
BEANS = sorted(str(p) for p in ROOT.rglob("*.bean") if ".git" not in p.parts and "broken" not in p.parts)


def _old_buying(found: list, refs: dict, n: int) -> BuyFieldRule | None:
    """compiler._buy_field as it was: the last BuyField reading."""
    if not found:
        return None
    rule, buy = found[-1]
    if buy.cost is None:
        raise UnsupportedRule(f"{rule['id']}: the rule model gives no value for {n} players", rule["id"])
    return BuyFieldRule(buy.cost, buy.limit, refs[rule["id"]])


def _outcome(make):
    try:
        return make()
    except UnsupportedRule as exc:
        return ("refused", str(exc), exc.rule)


@pytest.mark.parametrize("spec", BEANS, ids=[str(Path(b).relative_to(ROOT)) for b in BEANS])
def test_compiled_buying_start_player_and_tokens_agree_with_the_readings(spec: str):
    try:
        model = compile_spec(spec, playable=False)  # the refused variants too: the same refusal
    except Exception:  # noqa: BLE001  (a file that does not compile holds no statement to compare)
        pytest.skip("does not compile")
    refs = {r["id"]: RuleRef.of(r) for r in model["rules"]}
    for n in range(model["players"]["min"], model["players"]["max"] + 1):
        statements = program.core_program(model, n)
        found = []
        for rule, s in statements:
            reading = read.read(s)
            assert buying.sells_field(s) == isinstance(reading, read.BuyField), (rule["id"], s.to_text())
            if isinstance(reading, read.BuyField):
                found.append((rule, reading))
            assert isinstance(reading, read.StartPlayer) == isinstance(s, core.ChooseStartPlayer)
            assert isinstance(reading, read.Token) == isinstance(s, core.DeclareToken)
            if isinstance(reading, (read.StartPlayer, read.Token)):
                assert program.runs(s)  # read whole: engine/marks.py
        assert _outcome(lambda: buying.compile_buying(statements, refs, n)) == \
            _outcome(lambda: _old_buying(found, refs, n)), n
        ruleset = _outcome(lambda: compile_ruleset(model, n))
        if not isinstance(ruleset, tuple):
            assert ruleset.buy_field == _outcome(lambda: _old_buying(found, refs, n))
    # the trace cites the same rules for a purchase and for the setup
    assert trace._saying(model, (read.BuyField,)) == trace._saying(model, (buying.sells_field,))
    assert trace._saying(model, (read.StartPlayer,)) == trace._saying(model, (core.ChooseStartPlayer,))
    assert trace._saying(model, (read.Token,)) == trace._saying(model, (core.DeclareToken,))
