"""Language-reference examples: a fragment of a spec, compiled in a small preamble.

docs/language.md shows each construct as a fenced ``bean`` block. At build time the mkdocs
hook (docs/hooks.py) compiles every block with :func:`compile_example` and shows what it
compiles to; tests/test_docs_examples.py compiles the same blocks, so the reference cannot
drift from the compiler.
"""
from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from ..resolve.compiler import compile_spec

EXAMPLE_BLOCK = re.compile(r"^```bean\n(.*?)^```\n", re.M | re.S)

# What every example may take for granted: a source, a player count, some beans and the
# four classic phases.
PREAMBLE = '''rulebook example "Example"
  source r "The rulebook"
  source es "Reglas del juego de Bohnanza" language es
{players}bean blue "Blue bean" 20 beanometer 4 6 8 10   § r "p.2"
bean stink "Stink bean" 16 beanometer 3 5 7 8   § r "p.2"
bean red "Red bean" 8 beanometer 2 3 4 5   § r "p.2"
bean garden "Garden bean" 6 beanometer - 2 3 -   § r "p.2"
phase plant "Plant"   § r "p.3"
phase trade "Trade"   § r "p.3"
phase plant-traded "Plant traded beans"   § r "p.3"
phase draw "Draw"   § r "p.3"
'''


def examples(markdown: str) -> list[str]:
    """The bodies of the ```bean blocks of a page, in order."""
    return EXAMPLE_BLOCK.findall(markdown)


def is_whole_spec(fragment: str) -> bool:
    return fragment.lstrip().startswith("rulebook ")


def example_text(fragment: str) -> tuple[str, int]:
    """The spec a fragment is compiled as, and the line its own text starts on."""
    if is_whole_spec(fragment):
        return fragment, 1
    players = "" if re.match(r"\s*(rule \S+: )?players ", fragment) else 'players 3 to 5   § r "p.1"\n'
    preamble = PREAMBLE.format(players=players)
    return preamble + fragment, preamble.count("\n") + 1


def compile_example(fragment: str) -> dict[str, Any]:
    """What a fragment adds to the preamble's model: its beans, phases and rules."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "example.bean"
        text, first_line = example_text(fragment)
        path.write_text(text, encoding="utf-8")
        model = compile_spec(str(path), playable=False)  # a fragment, not a rulebook to play

    def own(item: dict) -> bool:
        return item["span"] is not None and item["span"]["line"] >= first_line

    def strip(item: dict) -> dict:
        return {k: v for k, v in item.items() if k not in ("span", "origin")}

    added = {"beans": [strip(b) for b in model["beans"] if own(b)],
             "phases": [strip(p) for p in model["phases"] if own(p)],
             "rules": [strip(r) for r in model["rules"] if own(r)]}
    return {k: v for k, v in added.items() if v}
