"""mkdocs hooks: build-time generation, so no page copies anything from the specs by hand.

- On docs/language.md every ```bean example is followed by what it compiles to.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))

from beanrules.docs.examples import EXAMPLE_BLOCK, compile_example  # noqa: E402


def _with_output(match) -> str:
    fragment = match.group(1)
    compiled = json.dumps(compile_example(fragment), indent=1, ensure_ascii=False)
    return (f"```bean\n{fragment}```\n\n??? note \"compiles to\"\n\n"
            + "\n".join("    " + line for line in ["```json", *compiled.splitlines(), "```"]) + "\n")


def on_page_markdown(markdown: str, page, config, files) -> str:
    if page.file.src_uri == "language.md":
        return EXAMPLE_BLOCK.sub(_with_output, markdown)
    return markdown
