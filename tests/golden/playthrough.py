"""Golden playthroughs: whole bot games recorded from the engine, step by step, so that a
rewrite of the engine can be checked to play exactly as before.

A golden file holds one game: the spec, players, seed and bots, the state after the deal,
and for every action the state and everything a player could ask at that moment: whose
decision the game waits for, phase, turn and active player, each player's legal actions
(in full without trade proposals; the number of one-card proposals besides), the events the
action raised, and digests of the full state and of every player's view. The file is JSON
lines, one step per line, so a regenerated file diffs readably.

Only the public game API is used (docs/engine-contract.md), so any engine that honours the
contract can be held to these files.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from beanrules.engine import Game
from beanrules.engine.bots import make_bot
from beanrules.engine.ruleset import model_hash

FORMAT = "beanrules-golden/1"
GOLDEN_DIR = Path(__file__).resolve().parent / "games"


@dataclass(frozen=True)
class GoldenGame:
    """One recorded game: which spec, how many players, which bots, whether they trade."""
    spec: str
    players: int
    seed: int
    bots_kind: str  # "random", "greedy" or "mixed" (greedy and random seats in turn)
    trades: bool = True

    def bots(self) -> list[str]:
        if self.bots_kind == "mixed":
            return ["greedy" if i % 2 == 0 else "random" for i in range(self.players)]
        return [self.bots_kind] * self.players


# Every shipped spec, each player count at least once across the classic family, both bots,
# with and without trading. Random bots that trade make the longest games (~800 actions).
GAMES: tuple[GoldenGame, ...] = (
    GoldenGame("classic", 3, 1, "random"),
    GoldenGame("classic", 4, 2, "greedy"),
    GoldenGame("classic", 5, 3, "mixed", trades=False),
    GoldenGame("translations/es", 4, 4, "greedy", trades=False),
    GoldenGame("translations/de", 3, 5, "mixed", trades=False),
    GoldenGame("how-to-play", 2, 6, "greedy"),
    GoldenGame("how-to-play", 3, 7, "greedy"),
    GoldenGame("how-to-play", 5, 8, "mixed", trades=False),
    GoldenGame("how-to-play", 7, 9, "greedy", trades=False),
    GoldenGame("my-first/basic", 3, 10, "mixed"),
    GoldenGame("my-first/other-beans", 4, 11, "greedy"),
    GoldenGame("my-first/step-1", 5, 12, "mixed", trades=False),
    GoldenGame("my-first/step-2", 3, 13, "random"),
    GoldenGame("my-first/step-3", 4, 14, "greedy"),
    GoldenGame("my-first/step-4", 5, 15, "mixed", trades=False),
    GoldenGame("my-first/step-5", 3, 16, "greedy"),
    # Kannibohne: two players, text cards, the hand limit, drawing by action in phase 4
    GoldenGame("kannibohne", 2, 17, "mixed"),
)


try:  # the test extra: the same text as json.dumps below, ~9x faster (a digest of the state and
    import orjson  # of every view after each of 7,086 actions was half of test_golden.py's time)
except ImportError:  # pragma: no cover - an install without the test extra
    orjson = None


def canonical(value: Any) -> bytes:
    """The UTF-8 text a digest is taken of: sorted keys, no spaces, no escapes."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except TypeError:  # what orjson does not write as json does (a key not a string): json's text
            pass
    return canonical_text(value)


def canonical_text(value: Any) -> bytes:
    """canonical() by json.dumps: the text the golden files' digests were recorded from."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()[:16]


def observe(game: Game) -> dict[str, Any]:
    """What the contract lets anyone ask of `game` right now."""
    legal: dict[str, list[str]] = {}
    proposals: dict[str, int] = {}
    for player in game.players:
        plain = sorted(a.notation() for a in game.legal_actions(player, trades=False))
        if plain:
            legal[player] = plain
        # legal_actions(player) lists these proposals besides `plain`: counted, never built
        # (tests/golden/test_golden.py holds the count to the listing's)
        count = len(game.proposals(player))
        if count:
            proposals[player] = count
    state = game.state_json()
    return {
        "phase": state["phase"], "turn": state["turn"], "active": state["active"],
        "over": state["over"], "waiting_for": game.waiting_for(), "legal": legal,
        "proposals": proposals, "state": digest(state),
        "views": digest({p: game.view(p) for p in game.players}),
    }


def play(model: dict, spec: str, players: list[str], seed: int, bots: list[str],
         trades: bool) -> Iterator[dict]:
    """The header line, then one line per action, then the closing line."""
    game = Game(model, players, seed=seed)
    yield {"format": FORMAT, "spec": spec, "model_hash": model_hash(model), "players": players, "seed": seed, "bots": bots, "trades": trades,
           "start_events": game.start_events, "initial_state": game.state_json(), **observe(game)}
    agents = {p: make_bot(bots[i], seed=f"{seed}:{i}", trades=trades) for i, p in enumerate(players)}
    while not game.is_over:
        waiting = game.waiting_for()
        assert waiting, f"the game waits for nobody in phase {game.state.phase}"
        action = agents[waiting[0]].choose(game, waiting[0])
        events = game.apply(action)
        yield {"do": action.notation(), "events": events, **observe(game)}
    yield {"final_state": game.state_json(), "scores": game.scores(), "winners": game.winners()}


def file_name(game: GoldenGame) -> str:
    trading = "" if game.trades else ".no-trading"
    return f"{game.spec.replace('/', '--')}.{game.players}p.{game.bots_kind}{trading}.seed{game.seed}.jsonl"


def write(path: Path, lines: Iterator[dict]) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    return count


def read(path: Path) -> list[dict]:
    with path.open("rb") as src:
        return [(orjson or json).loads(line) for line in src]
