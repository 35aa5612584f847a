"""`beanrules diff` prints rules in plain English, never Python reprs, and says what it counted."""
from __future__ import annotations

from pathlib import Path

import pytest

from beanrules.cli import main


def test_diff_says_rules_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "classic", "how-to-play"]) == 1
    out = capsys.readouterr().out
    assert "    classic says: For 3 to 5 players.\n    how-to-play says: For 2 to 7 players.\n" in out
    assert "how-to-play says: The player on the dealer's left starts." in out
    assert "{" not in out and "'min'" not in out and "True" not in out
    assert out.rstrip().endswith("; the same in both: 38 rules (notes are not compared: 1 note), 11 beans, 4 phases")


def test_diff_of_beans_and_turn_reads_as_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    variant = tmp_path / "variant.bean"
    variant.write_text('rulebook variant "V"\n  extends classic\n  source v "V"\n'
                       'replace bean cocoa "Cocoa bean" 6 beanometer - 2 3 4   § v "1"\n'
                       'remove phase draw   § v "2"\n', encoding="utf-8")
    assert main(["diff", "classic", str(variant)]) == 1
    out = capsys.readouterr().out
    assert "~ bean cocoa: count 4 → 6\n" in out
    assert "~ turn phases: plant, trade, plant-traded, draw → plant, trade, plant-traded" in out
    assert "1 difference;" not in out and "differences;" in out
