"""Variants of classic written as spec files, and what `check` and the engine make of them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

from beanrules import SpecError, compile_spec
from beanrules.checks.invariants import playout
from beanrules.diagnostics import Diagnostic
from beanrules.engine import Game, Stalled, compile_ruleset
from beanrules.engine.bots import make_bot, play_out
from beanrules.engine.ruleset import listers_of

HEAD = 'rulebook variant "A variant"\n  extends classic\n  source v "Variant rules"\n'


def variant_text(body: str) -> str:
    """A spec extending classic with `body` (its lines cite source v)."""
    return HEAD + body


@dataclass
class Outcome:
    path: Path
    model: dict | None = None
    errors: list[Diagnostic] = field(default_factory=list)

    @property
    def rejected(self) -> bool:
        return self.model is None


def check_file(folder: Path, text: str, name: str = "variant.bean") -> Outcome:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    try:
        return Outcome(path, compile_spec(str(path)))
    except SpecError as exc:
        return Outcome(path, None, [d for d in exc.diagnostics if d.severity == "error"])


def line_of(text: str, fragment: str) -> int:
    """1-based line of the first line of `text` holding `fragment`."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def player_counts(model: dict, which: str = "every") -> list[int]:
    """The allowed player counts of `model`: "every" one, the "ends" (the smallest and the
    largest) or those "between" them."""
    low, high = model["players"]["min"], model["players"]["max"]
    every = range(low, high + 1)
    return {"every": list(every), "ends": sorted({low, high}), "between": list(every[1:-1])}[which]


def play_problems(model: dict, seeds: tuple[int, ...] = (0,), invariants: bool = True,
                  counts: str = "every") -> list[str]:
    """Bot games (random and greedy) for the allowed player counts `counts` (player_counts):
    with `invariants`, every invariant is checked after every action (checks/invariants.py) at
    the smallest player count; otherwise the game must end (no Stalled: nobody left without a
    legal action, no stall) keeping its cards, with winners."""
    problems = []
    for n in player_counts(model, counts):
        for seed in seeds:
            if invariants and n == model["players"]["min"]:
                found = playout(model, model["rulebook"], n, seed).problems
            else:
                found = _plain_game(model, n, seed)
            problems += [f"{n} players, seed {seed}: {p}" for p in found]
    return problems


def _plain_game(model: dict, n: int, seed: int) -> list[str]:
    game = Game(model, n, seed=seed)
    total = game.state.card_counts()
    bots = {p: make_bot(("random", "greedy")[i % 2], seed=f"{seed}:{i}") for i, p in enumerate(game.players)}
    try:
        play_out(game, bots, max_actions=20_000)
    except Stalled as exc:
        return [str(exc)]
    if game.state.card_counts() != total:
        return ["cards appeared or vanished"]
    return [] if game.winners() else ["no winner"]


def engine_reads(folder: Path, sample: Outcome, kind: str) -> bool:
    """Taking every rule of `kind` out of the sample spec (`remove rule ID`) is rejected by
    check, or changes what the engine compiles for some player count (citations aside): the
    Ruleset, which phases list plants and harvests by the permits (engine/listers.py, kept
    beside each phase: the harvest timing lives only there), or the allows lifting a planting
    guard (the plant judge's)."""
    model = sample.model
    assert model is not None
    ids = [r["id"] for r in model["rules"] if r["kind"] == kind]
    text = (f'rulebook without "Without {kind}"\n  extends {sample.path.stem}\n'
            + "".join(f'remove rule {i}   assumed "taking the rule out"\n' for i in ids))
    reduced = check_file(folder, text, f"without-{kind}.bean")
    if reduced.rejected:
        return True
    for n in range(model["players"]["min"], model["players"]["max"] + 1):
        a, b = compile_ruleset(model, n), compile_ruleset(reduced.model, n)
        if dataclasses.replace(a, rules={}, rulebook="") != dataclasses.replace(b, rules={}, rulebook="") \
                or _listed(a) != _listed(b) or _lifts(a) != _lifts(b):
            return True
    return False


def _lifts(rs: Any) -> list[tuple[str, ...]]:
    """Per planting guard, the allows that lift it (the plant judge reads them; a guard's
    `lifted` is left out of its comparison)."""
    return [tuple(a.says for a in g.lifted) for g in rs.plant_guards]


def _listed(rs: Any) -> list[tuple[bool, bool, int]]:
    """Per phase: whether a harvest permit applies, a plant from the hand's front, how many plants
    of a zone's cards."""
    return [(lister.harvesting, lister.front is not None, len(lister.every))
            for lister in (listers_of(ph) for ph in rs.phases)]


def failed_run(monkeypatch: Any, capsys: Any, name: str, model: dict, command: list[str]) -> str:
    """What `beanrules COMMAND` prints, all on one line, given `model` for the spec `name` in
    place of the compiled spec (as a tool that makes its own models would hand it over), once it
    has failed (exit code 1)."""
    import beanrules
    import beanrules.resolve.compiler as compiler
    from beanrules.cli import main
    with_warnings, spec = compiler.compile_with_warnings, beanrules.compile_spec
    monkeypatch.setattr(compiler, "compile_with_warnings",
                        lambda asked, playable=True: (model, []) if asked == name else with_warnings(asked, playable))
    monkeypatch.setattr(beanrules, "compile_spec",
                        lambda asked, *args, **kw: model if asked == name else spec(asked, *args, **kw))
    assert main(command) == 1
    out = capsys.readouterr()
    return " ".join((out.out + out.err).split())  # verify's table wraps its lines
