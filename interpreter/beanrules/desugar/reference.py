"""Documentation generated from the core registry and the rewrite library, so neither the
list of core nodes nor what each sentence means can drift from the code.

The mkdocs hook replaces these markers on any page:

- ``<!-- core-nodes -->``: every core node by category, with its fields and what it does;
- ``<!-- sentence-cores -->``: every sentence kind, its documented example and its core;
- ``<!-- core-examples -->``: rules of later rulebooks written in the core (docs/core-examples.json);
- ``<!-- include PATH -->``: a file of the repository, as a code block;
- ``<!-- core-of PATH -->``: the core of the rules and cards a spec file itself states.
"""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from ..core import CATEGORIES, NODES, category_of, from_json
from .registry import REWRITES

_MARKER = re.compile(r"<!-- (core-nodes|sentence-cores|core-examples|include|core-of)(?: (\S+))? -->")


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split()).replace("|", "\\|")


def render_node_table() -> str:
    """The registry as tables, one per category."""
    out = []
    for name, base in CATEGORIES.items():
        members = sorted(n for n, cls in NODES.items() if category_of(cls)[0] == name)
        if not members:
            continue
        out += [f"### {name}", "", _one_line(base.__doc__), "", "| node | fields | what it means |",
                "|---|---|---|"]
        for node in members:
            cls = NODES[node]
            fields = ", ".join(f"`{f.name}`" for f in dataclasses.fields(cls)) or "–"
            also = [c for c in category_of(cls)[1:]]
            note = f" (also in {', '.join(also)})" if also else ""
            out.append(f"| `{node}` | {fields} | {_one_line(cls.__doc__) or '–'}{note} |")
        out.append("")
    return "\n".join(out)


def render_sentence_table() -> str:
    """Every sentence kind with its example and the core it means, in English."""
    rows = ["| sentence | example | what its core says |", "|---|---|---|"]
    for kind, rewrite in sorted(REWRITES.items()):
        where = " *(a step of a phase)*" if rewrite.phase else ""
        rows.append(f"| `{kind}` | `{_one_line(rewrite.example)}`{where} | "
                    f"{_one_line(rewrite.means) or '*(nothing: a note is not a rule)*'} |")
    return "\n".join(rows) + "\n"


EXAMPLES = Path("docs") / "core-examples.json"


def render_examples(root: Path) -> str:
    """The worked examples of `docs/core-examples.json` (rules of rulebooks the package does not
    name, written in the core): the rule, then its core in English."""
    data = json.loads((root / EXAMPLES).read_text(encoding="utf-8"))
    out = []
    for group in data["groups"]:
        out += [f"**{group['title']}**", "", "| the rulebook says | the core says |", "|---|---|"]
        out += [f"| {_one_line(example['says'])} | {_one_line(from_json(example['core']).to_text())} |"
                for example in group["examples"]]
        out.append("")
    return "\n".join(out)


def render_core_of(path: Path) -> str:
    """The core of what a spec file states itself (not what it inherits), in English (also of
    a draft the engine cannot play yet: the core is what it says, playable or not)."""
    from ..resolve.compiler import compile_spec
    model = compile_spec(str(path), playable=False)
    own = model["lineage"][-1]
    lines = []
    for rule in model["rules"]:
        if rule["origin"] == own:
            for statement in rule["core"]:
                lines.append(f"- `{rule['id']}`: {from_json(statement).to_text()}")
    for bean in model["beans"]:
        if bean["origin"] == own:
            lines.append(f"- `{bean['id']}`: {from_json(bean['core']).to_text()}")
    return "\n".join(lines) + "\n"


def render_markers(markdown: str, root: Path) -> str:
    def replace(match: re.Match) -> str:
        what, arg = match.group(1), match.group(2)
        if what == "core-nodes":
            return render_node_table()
        if what == "sentence-cores":
            return render_sentence_table()
        if what == "core-examples":
            return render_examples(root)
        path = root / arg
        if what == "include":
            fence = "bean" if path.suffix == ".bean" else ""
            return f"```{fence}\n{path.read_text(encoding='utf-8').rstrip()}\n```"
        return render_core_of(path)
    return _MARKER.sub(replace, markdown)
