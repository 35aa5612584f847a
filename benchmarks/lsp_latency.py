"""Diagnostics latency of the language server (`beanrules lsp`): the time from an edit sent to the
server to its diagnostics received, for a spec open in an editor. Each edit changes one word of
the spec (a bean's name in a `plays as` line, misspelt then put back), so each is compiled afresh
and every other one has an error to report. Through the protocol, with pygls's own client: what
an editor waits for, the JSON-RPC round trip included.

    python benchmarks/lsp_latency.py [--spec PATH] [--edits N] [--json]

Needs the lsp extra (pip install '.[lsp]'). The machines are shared and noisy: the figure is a
median over N edits.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


async def measure(spec: Path, edits: int) -> dict:
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient
    from pygls.uris import from_fs_path

    client = LanguageClient("lsp-latency", "1")
    loop = asyncio.get_running_loop()
    waiting: list[asyncio.Future] = [loop.create_future()]  # the one the next diagnostics fulfil

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(*args):
        params = args[-1]
        future = waiting[-1]
        loop.call_soon_threadsafe(lambda: future.done() or future.set_result(list(params.diagnostics)))

    started = time.perf_counter()
    await client.start_io(sys.executable, "-m", "beanrules", "lsp", cwd=str(ROOT))
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    text = spec.read_text(encoding="utf-8")
    lines = text.split("\n")
    line = next(n for n, t in enumerate(lines) if t.strip().startswith("plays as "))
    word = lines[line].split()[2]
    column = lines[line].index("plays as ") + len("plays as ")
    uri = from_fs_path(str(spec.resolve()))
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "bean", 1, text)))
    first = await asyncio.wait_for(waiting[-1], 120)
    opened = time.perf_counter() - started
    times, errors = [], []
    current = word
    for version in range(2, edits + 2):
        # a misspelling not sent before (an error to report), then the word put back with one
        # more character in the first comment line: every text new, none parsed before
        replacement = word + "x" * version if current == word else word
        changes = [types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, column), types.Position(line, column + len(current))),
            text=replacement)]
        if replacement == word:
            changes.append(types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(0, 1), types.Position(0, 1)), text="#"))
        waiting.append(loop.create_future())
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=version, uri=uri), changes))
        diagnostics = await asyncio.wait_for(waiting[-1], 120)
        times.append(time.perf_counter() - sent)
        errors.append(len(diagnostics))
        current = replacement
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {"spec": spec.relative_to(ROOT).as_posix() if spec.resolve().is_relative_to(ROOT) else str(spec),
            "edits": edits, "median_ms": round(statistics.median(times) * 1000, 1),
            "min_ms": round(min(times) * 1000, 1), "max_ms": round(max(times) * 1000, 1),
            "median_clean_ms": round(statistics.median(t for t, e in zip(times, errors) if not e) * 1000, 1),
            "median_with_error_ms": round(statistics.median(t for t, e in zip(times, errors) if e) * 1000, 1),
            "start_and_first_diagnostics_ms": round(opened * 1000, 1),
            "diagnostics_at_open": len(first), "diagnostics_per_edit": errors}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", type=Path, default=ROOT / "specs" / "kannibohne.bean", metavar="PATH")
    parser.add_argument("--edits", type=int, default=20, metavar="N")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(measure(args.spec.resolve(), args.edits))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['spec']}: diagnostics {result['median_ms']} ms after an edit (median of "
              f"{result['edits']} edits; {result['min_ms']}–{result['max_ms']} ms; clean "
              f"{result['median_clean_ms']} ms, with an error {result['median_with_error_ms']} ms); server "
              f"start and the first diagnostics {result['start_and_first_diagnostics_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
