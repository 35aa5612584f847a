"""docs/mutation.md's triage table is rendered from benchmarks/mutation-triage.yaml at build time."""
from __future__ import annotations

from pathlib import Path

import yaml

from beanrules.docs.triage import render_triage_table

ROOT = Path(__file__).resolve().parents[2]
TRIAGE = ROOT / "benchmarks" / "mutation-triage.yaml"


def test_every_entry_of_the_shipped_list_is_a_row_with_its_reason():
    entries = yaml.safe_load(TRIAGE.read_text(encoding="utf-8"))
    table = render_triage_table(TRIAGE)
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) == len(entries)
    assert table.startswith(f"{len(entries)} entries (")
    for entry in entries:
        module, _, pattern = entry["match"].partition(":")
        why, pattern = (" ".join(text.split()).replace("|", "\\|") for text in (entry["why"], pattern))
        assert f"| {module} | {entry['verdict']} | `` {pattern} `` | {why} |" in rows


def test_rows_are_grouped_by_module_and_verdict_and_pipes_cannot_break_a_row(tmp_path):
    triage = tmp_path / "triage.yaml"
    triage.write_text(yaml.safe_dump([
        {"match": "b.py:f: *", "verdict": "out-of-reach", "why": "second"},
        {"match": "a.py:g: `or` → `and` in `x or y`", "verdict": "equivalent", "why": "a | b"},
        {"match": "b.py:h: *", "verdict": "equivalent", "why": "first"},
    ], allow_unicode=True), encoding="utf-8")
    table = render_triage_table(triage)
    assert table.startswith("3 entries (2 equivalent, 1 out-of-reach).")
    rows = table.splitlines()[4:]
    assert [row.split(" | ")[0:2] for row in rows] == [["| a.py", "equivalent"], ["| b.py", "equivalent"],
                                                       ["| b.py", "out-of-reach"]]
    assert rows[0].endswith("| a \\| b |") and rows[0].count(" | ") == 3


def test_the_page_asks_for_the_table():
    assert "<!-- triage -->" in (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
