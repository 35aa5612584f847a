"""The mutation tool's triage list (benchmarks/mutation-triage.yaml), rendered for docs/mutation.md.

The list is the source of truth for which surviving mutants are equivalent or out of reach and
why; the page shows it as it stands when the site is built, so the two cannot drift apart.
"""
from __future__ import annotations

from pathlib import Path

import yaml


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def render_triage_table(path: Path) -> str:
    """One row per triage entry, grouped by module then verdict, in the list's order within each."""
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    rows = []
    for order, entry in enumerate(entries):
        match = str(entry["match"])
        module, _, rest = match.partition(":")
        rows.append((module, entry["verdict"], order, rest.strip(), entry.get("why", "")))
    rows.sort(key=lambda row: (row[0], row[1], row[2]))
    lines = ["| module | verdict | mutant keys it matches | why |", "|---|---|---|---|"]
    lines += [f"| {module} | {verdict} | `` {_cell(pattern)} `` | {_cell(why)} |"  # `` holds the ` in keys
              for module, verdict, _, pattern, why in rows]
    counts = {v: sum(1 for row in rows if row[1] == v) for v in sorted({row[1] for row in rows})}
    summary = ", ".join(f"{n} {v}" for v, n in counts.items())
    return f"{len(rows)} entries ({summary}).\n\n" + "\n".join(lines) + "\n"
