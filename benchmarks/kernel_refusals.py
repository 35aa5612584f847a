"""What the playout kernel refuses, over every spec it could be asked to play: the shipped specs,
the conformance, test, cookbook and tutorial variants, at every player count.

    python benchmarks/kernel_refusals.py [--json]

Prints how many compile, how many the kernel plays and refuses (as spec × player count pairs
and as specs refused at some count), and the refusals grouped by their words (rule names and
quoted text left out), most specs first, each with the specs that hit it. A file that does not
compile (a `refused-*` variant, tests/limits/, tests/broken/) is counted apart. The list
docs/simulation.md gives ("What it still refuses by name") is this one's.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "interpreter"))

FOLDERS = ("conformance/variants", "conformance/core", "tests/kernel", "tests/limits", "tests/engine/specs",
           "docs/cookbook", "docs/tutorial")


def survey() -> dict:
    from beanrules import compile_spec
    from beanrules.kernel import kernel_reason
    from beanrules.resolve.compiler import list_specs
    targets = [(name, name) for name in list_specs()]
    targets += [(str(p.relative_to(ROOT)), str(p)) for folder in FOLDERS for p in sorted((ROOT / folder).glob("*.bean"))]
    reasons: dict[str, str | None] = {}
    uncompiled = []
    for name, path in targets:
        try:
            model = compile_spec(path)
        except Exception as exc:  # noqa: BLE001  (a spec check refuses: counted apart)
            uncompiled.append(f"{name} ({type(exc).__name__})")
            continue
        for n in range(model["players"]["min"], model["players"]["max"] + 1):
            reasons[f"{name}@{n}"] = kernel_reason(model, n, ["random", "greedy"])
    groups: dict[str, set[str]] = defaultdict(set)
    for key, reason in reasons.items():
        if reason is not None:
            groups[re.sub(r"'[^']*'", "'…'", reason)].add(key.rsplit("@", 1)[0])
    refused = {key.rsplit("@", 1)[0] for key, reason in reasons.items() if reason is not None}
    return {"compiled": len(targets) - len(uncompiled), "uncompiled": uncompiled,
            "played_pairs": sum(r is None for r in reasons.values()),
            "refused_pairs": sum(r is not None for r in reasons.values()), "refused_specs": len(refused),
            "groups": {reason: sorted(specs) for reason, specs in sorted(groups.items(), key=lambda kv: -len(kv[1]))}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    found = survey()
    if args.json:
        print(json.dumps(found, indent=1))
        return
    print(f"{found['compiled']} compile ({len(found['uncompiled'])} do not); the kernel plays {found['played_pairs']} "
          f"spec × player count pairs and refuses {found['refused_pairs']}: {found['refused_specs']} specs at some count")
    for reason, specs in found["groups"].items():
        print(f"\n[{len(specs)}] {reason}")
        for spec in specs:
            print(f"    {spec}")


if __name__ == "__main__":
    main()
