"""How many permissions, constraints and steps of every shipped spec and test variant each of
engine/readings.py's shapes reads, and how many are compiled generically: the inventory that
docs/architecture.md ("The migration, step by step") works from. Prints one line per
(statement, action or timing, reading) with a count and an example rule.

    python benchmarks/readings_inventory.py [--json]
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "interpreter"))

from beanrules import compile_spec, list_specs  # noqa: E402
from beanrules.core import statements as core  # noqa: E402
from beanrules.desugar import rule_statements  # noqa: E402
from beanrules.engine import listers, readings  # noqa: E402
from beanrules.engine.errors import UnsupportedRule  # noqa: E402

GENERIC = "generic"


def _shape(statement: core.Statement) -> str:
    if isinstance(statement, core.Do):
        return f"{type(statement.when).__name__}:{type(statement.effect).__name__}"
    action = getattr(statement, "action", None)
    return type(action).__name__ if action is not None else ""


def inventory() -> dict[tuple[str, str, str], list[str]]:
    found: dict[tuple[str, str, str], list[str]] = collections.defaultdict(list)
    specs = list(list_specs()) + [str(p) for p in sorted((ROOT / "conformance").rglob("*.bean"))]
    for name in specs:
        try:
            model = compile_spec(name)
        except Exception:  # a variant refused on purpose (conformance/variants/refused*.bean)
            continue
        for rule in model["rules"]:
            for statement in rule_statements(rule):
                if not isinstance(statement, (core.Permit, core.Forbid, core.Allow, core.Do, core.Require)):
                    continue
                try:
                    reading = readings.read(statement)
                except UnsupportedRule:
                    reading = None
                key = (type(statement).__name__, _shape(statement),
                       type(reading).__name__ if reading is not None else GENERIC)
                found[key].append(f"{Path(name).stem}:{rule['id']}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    found = inventory()
    if args.json:
        print(json.dumps([{"statement": k[0], "shape": k[1], "reading": k[2], "count": len(v), "example": v[0]}
                          for k, v in sorted(found.items())], indent=2))
        return
    for (kind, shape, reading), rules in sorted(found.items()):
        print(f"{kind:8} {shape:26} {reading:18} {len(rules):4}  e.g. {rules[0]}")
    read = sum(len(v) for k, v in found.items() if k[2] != GENERIC)
    print(f"{read} statements read by shape, {sum(len(v) for v in found.values()) - read} compiled generically")
    # the statements the interpreter compiles into listers, whose readings the kernel alone still reads
    listed = {kind.__name__ for kind in listers.READINGS}
    kernel = sum(len(v) for k, v in found.items() if k[2] in listed)
    print(f"of those read by shape, {kernel} ({', '.join(sorted(listed))}) are listed by the interpreter "
          "from their statements (engine/listers.py); the playout kernel alone still reads them by shape")


if __name__ == "__main__":
    main()
