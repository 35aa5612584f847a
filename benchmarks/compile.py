"""Compile speed: median parse, resolve, desugar, validate and playable-check milliseconds per spec
in a warm process, and the wall time of a cold `beanrules check` over all specs (a new process
each run). Then what the test suite does most: a kept shipped spec handed out again (a copy), a
variant of it compiled from a file, and a spec with syntax errors parsed with its recovery.

    python benchmarks/compile.py [--runs N] [--json]

The machines are shared and noisy: every figure is a median over N runs.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))

from beanrules import compile_spec, list_specs  # noqa: E402
from beanrules.desugar import desugar_model  # noqa: E402
from beanrules.model.validate import schema_errors  # noqa: E402
from beanrules.resolve import checks  # noqa: E402
from beanrules.resolve.compose import Composer, start_model  # noqa: E402
from beanrules.resolve.playable import check_playable  # noqa: E402
from beanrules.resolve.loader import locate  # noqa: E402
from beanrules.syntax.build import build_spec  # noqa: E402
from beanrules.syntax.parser import decode_spec, forget_trees, parse_text  # noqa: E402


def stages(name: str) -> tuple[float, float, float, float, float]:
    """Milliseconds to parse (text to AST), resolve (compose and check), desugar (each rule's
    core, names checked), validate one spec, and check that it plays (the engine's rulesets
    for every player count among it)."""
    spec_file, _ = locate(name)
    data = spec_file.path.read_bytes()
    forget_trees()  # time the parse itself, not the memo of texts parsed before
    t0 = time.perf_counter()
    text, _ = decode_spec(data, spec_file.display)
    tree, _ = parse_text(text, spec_file.display)
    spec = build_spec(tree, spec_file.display, text)
    t1 = time.perf_counter()
    base_ref = spec.header.extends or spec.header.translates
    base = compile_spec(base_ref.name) if base_ref else None  # the base's own cost is its own row
    t1b = time.perf_counter()
    model = start_model(spec, base)
    composer = Composer(spec, model, "fresh" if base is None else
                        ("extends" if spec.header.extends else "translates"))
    composer.apply()
    checks.check(spec, model, composer.reopened)
    t2 = time.perf_counter()
    desugar_model(model)
    t2b = time.perf_counter()
    schema_errors(model)
    t3 = time.perf_counter()
    check_playable(model, spec.header.span)
    t4 = time.perf_counter()
    return (t1 - t0) * 1000, (t2 - t1b) * 1000, (t2b - t2) * 1000, (t3 - t2b) * 1000, (t4 - t3) * 1000


BROKEN_LINES = 5  # lines of classic broken for the recovery figure, each a different error


def repeated(name: str, runs: int) -> dict[str, float]:
    """Milliseconds (medians): a kept shipped spec handed out again; a variant that extends it,
    compiled from its file (its own text and rules; the base's copied and desugared again); the
    spec with BROKEN_LINES lines broken, parsed with every recovery (a text with errors is
    never remembered, so each run parses it anew)."""
    spec_file, _ = locate(name)
    folder = Path(tempfile.mkdtemp(prefix="beanrules-bench-"))
    variant = folder / "variant.bean"
    variant.write_text(f'rulebook variant "Variant"\n  extends {name}\n', encoding="utf-8")
    lines = spec_file.path.read_text(encoding="utf-8").split("\n")
    clauses = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")][1:]
    for k, at in enumerate(clauses[len(clauses) // (BROKEN_LINES + 1)::len(clauses) // (BROKEN_LINES + 1)][:BROKEN_LINES]):
        lines[at] += [" @", ' "open', "  x", " y z", " :"][k % 5]
    broken = "\n".join(lines)

    def median_ms(work: Callable[[], object]) -> float:
        work()  # warm: the base kept, the grammar loaded
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            work()
            times.append((time.perf_counter() - start) * 1000)
        return round(statistics.median(times), 2)
    return {"kept_copy_ms": median_ms(lambda: compile_spec(name)),
            "variant_ms": median_ms(lambda: compile_spec(str(variant))),
            "broken_parse_ms": median_ms(lambda: parse_text(broken, "broken.bean"))}


def cold_check_seconds() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "beanrules", "check", "-q"], check=True,
                   capture_output=True, cwd=Path(__file__).resolve().parents[1] / "interpreter")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per figure (default 15)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    for name in list_specs():  # warm up: grammar, schema, caches
        stages(name)
    rows = {}
    for name in list_specs():
        runs = [stages(name) for _ in range(args.runs)]
        parse, resolve, desugar, validate, playable = (statistics.median(r[i] for r in runs) for i in range(5))
        rows[name] = {"parse_ms": round(parse, 2), "resolve_ms": round(resolve, 2),
                      "desugar_ms": round(desugar, 2), "validate_ms": round(validate, 2),
                      "playable_ms": round(playable, 2),
                      "total_ms": round(parse + resolve + desugar + validate + playable, 2)}
    cold = statistics.median(cold_check_seconds() for _ in range(max(3, args.runs // 3)))
    again = {name: repeated(name, args.runs) for name in ("classic", "kannibohne")}
    result = {"specs": rows, "cold_check_all_s": round(cold, 3), "repeated": again}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{'spec':28} {'parse ms':>9} {'resolve ms':>11} {'desugar ms':>11} {'validate ms':>12} "
          f"{'playable ms':>12} {'total ms':>9}")
    for name, row in rows.items():
        print(f"{name:28} {row['parse_ms']:9.2f} {row['resolve_ms']:11.2f} {row['desugar_ms']:11.2f} "
              f"{row['validate_ms']:12.2f} {row['playable_ms']:12.2f} {row['total_ms']:9.2f}")
    total = {key: round(sum(row[key] for row in rows.values()), 1) for key in next(iter(rows.values()))}
    print(f"{'all specs':28} {total['parse_ms']:9.1f} {total['resolve_ms']:11.1f} {total['desugar_ms']:11.1f} "
          f"{total['validate_ms']:12.1f} {total['playable_ms']:12.1f} {total['total_ms']:9.1f}")
    print(f"cold `beanrules check` over {len(rows)} specs: {cold:.3f} s (median)")
    print(f"\n{'again':28} {'kept copy ms':>13} {'variant ms':>11} {'parse, ' + str(BROKEN_LINES) + ' lines broken, ms':>29}")
    for name, row in again.items():
        print(f"{name:28} {row['kept_copy_ms']:13.2f} {row['variant_ms']:11.2f} {row['broken_parse_ms']:29.2f}")


if __name__ == "__main__":
    main()
