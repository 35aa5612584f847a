"""What `beanrules verify` prints: with no arguments and everything passing, the table and the
summary (well under a screen); the cases a variant changed are counted in the table and listed
only under --verbose and in --json (issue #28)."""
from __future__ import annotations

import json
import re

import pytest

from beanrules.cli import main
from beanrules.resolve.compiler import list_specs


# The table is the same whatever the games: the test command verifies without them (its games
# at every player count of every spec were a quarter of a second's CPU each; the interpreter
# plays every spec invariant-checked at its most players in tests/checks/test_verify.py, and
# kernel against interpreter at every count in tests/kernel/test_differential.py), `-m sweep`
# with one game per player count, and `bash .ci/run` with the default three as its main job.
@pytest.mark.parametrize("games", ["0", pytest.param("1", marks=pytest.mark.sweep)])
def test_verify_of_every_shipped_spec_prints_under_60_lines(capsys, games: str) -> None:
    assert main(["verify", "--games", games]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) < 60, "\n".join(lines)
    assert not any("changed by the variant:" in line for line in lines)
    for spec in list_specs():  # one row each, however the terminal is set
        assert any(re.match(rf"\s*{re.escape(spec)}\s.*\sok\s*$", line) for line in lines), spec
    assert re.match(rf"{len(list_specs())} of {len(list_specs())} specs verified in ", lines[-1])


def test_verbose_and_json_still_list_every_changed_case(capsys) -> None:
    spec = "my-first/step-3"
    assert main(["verify", spec, "--games", "0", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["specs"][spec]
    changed = result["cases"]["changed"]
    assert changed > 0 and len(result["cases_changed"]) == len(result["cases_changed_brief"]) == changed

    assert main(["verify", spec, "--games", "0"]) == 0
    quiet = capsys.readouterr().out
    assert "changed by the variant:" not in quiet and "--verbose lists them" in quiet
    assert re.search(rf"{re.escape(spec)}\s.*\s{changed}\s+ok", quiet)

    assert main(["verify", spec, "--games", "0", "--verbose"]) == 0
    listed = [line for line in capsys.readouterr().out.splitlines()
              if line.startswith(f"[{spec}] changed by the variant: ")]
    assert [line.split(": ", 1)[1] for line in listed] == result["cases_changed_brief"]
