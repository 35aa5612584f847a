"""Oracle for the last readers of the planting readings: the Ruleset's `one_type` (a field of the
table takes a card, and the rule cited) and `mixed` (the rule cited where a card may cover one of
several fields) against what the planting guards say (engine/plant_verdict.py), on every state
bots reach. Deleted with the readings once they agree."""
import pytest
from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.errors import IllegalAction
from beanrules.engine.kinds import same_type
from beanrules.engine.plant_verdict import verdict
from beanrules.engine.planting import _auto
from beanrules.engine.zones import fields_of_table, refusing
from bot_states import CASES, watch


@pytest.mark.parametrize("spec,seed", [pytest.param(*c.values, id=c.id) for c in CASES])
def test_oracle(spec, seed):
    try:
        model = compile_spec(spec)
    except Exception:
        pytest.skip("refused")
    seen = [0, 0]  # table plants compared, covering citations compared
    for players in sorted({model["players"]["min"], model["players"]["max"]}):
        def check(game):
            state, rs = game.state, game.ruleset
            beans = sorted((set(rs.beans) | set(rs.plays_as)) - rs.unplantable)
            for player in state.players:
                for zone in fields_of_table(rs):
                    field = state.zones[zone]
                    for bean in beans:
                        old = not field or rs.one_type is None or same_type(rs, field[-1], bean)
                        g = refusing(state, rs, player, zone, bean)
                        assert old == (g is None), (spec, zone, field, bean, state.fields[player], g and g.says)
                        assert g is None or g.ref == rs.one_type
                        seen[0] += 1
                for bean in beans:
                    try:
                        _auto(state, rs, player, bean)
                    except IllegalAction as e:
                        if "say which field" in str(e):
                            assert e.rule == (rs.mixed.id if rs.mixed else None), (e.rule, rs.mixed)
                            seen[1] += 1
        watch(model, players, seed, check)
