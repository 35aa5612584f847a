"""A hand card named by its position is the card that moves, in the kernel as in the interpreter
(issue 25). The kernel's bots name hand cards by position only to discard them (the duel's
`may discard 1 from hand`, listed once per bean, so the later of two equal cards is never
listed); here both engines play the same duel in lockstep, and wherever a discard is open and a
hand holds a bean twice with another card between, the later twin is discarded by its position
in both: the states must stay equal after every action."""
from __future__ import annotations

from beanrules import compile_spec
from beanrules.engine import Game
from beanrules.engine.legal import next_to_act
from beanrules.kernel import kernel_for
from beanrules.kernel import moves as kmoves
from beanrules.kernel.actions import MOVE
from beanrules.kernel.export import action_of

from kernel_differential import kernel_snapshot, snapshot


def _later_twin(hand: list) -> int | None:
    """The 1-based position of a card whose bean also lies in front of it, with another card
    between (so that which of the two leaves changes the order of the rest)."""
    for j, bean in enumerate(hand):
        if any(hand[m] != bean and bean in hand[:m] for m in range(1, j)):
            return j + 1
    return None


def test_a_discard_by_position_moves_the_same_card_in_both_engines():
    model = compile_spec("anniversary/duel")
    twins = 0
    for seed in range(6):
        game = Game(model, 2, seed=seed)
        machine = kernel_for(model, 2)
        g = machine.new_game(seed)
        names = game.players
        for _ in range(400):
            if game.is_over:
                break
            player = next_to_act(game.state, game.ruleset)
            seat = names.index(player)
            listed = kmoves.legal(machine, g, seat)
            assert [action_of(machine, names, a) for a in listed] == game.legal_actions(player, trades=False)
            action = listed[0]
            position = _later_twin(g.hands[seat])
            if position is not None and any(a[0] == MOVE and a[2] == "discards" for a in listed):
                action = (MOVE, seat, "discards", None, position, None)
                twins += 1
            game.apply(action_of(machine, names, action))
            kmoves.apply(machine, g, action)
            assert snapshot(game.state) == kernel_snapshot(machine, g, names), (seed, action)
    assert twins >= 3  # the games compared did discard later twins by position
