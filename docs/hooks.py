"""mkdocs hooks: build-time generation, so no page copies anything from the specs by hand.

- docs/language.md: every ```bean example is followed by what it compiles to.
- docs/rule-model.md: the table of rule kinds comes from the rule-model schema.
- rulebooks/NAME.md: one reference page per shipped spec, rendered from its rule model, and
  the list of them on docs/rulebooks.md; each rule links the conformance cases that name it.
- cases/NAME.md: each rulebook's conformance cases with their citations, run at build time.
- comparison.md: every rule of every rulebook side by side, differences first.
- consistency.md: the consistency report (`beanrules verify --report`).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))

from mkdocs.structure.files import File  # noqa: E402

from beanrules import compile_spec, list_specs  # noqa: E402
from beanrules.checks.report import consistency_report, render_report  # noqa: E402
from beanrules.docs.cases import cases_by_rule, documented_cases, render_cases  # noqa: E402
from beanrules.docs.comparison import render_comparison  # noqa: E402
from beanrules.docs.examples import EXAMPLE_BLOCK, compile_example  # noqa: E402
from beanrules.docs.kinds import render_kinds_table  # noqa: E402
from beanrules.docs.reference import render_reference  # noqa: E402


def _with_output(match) -> str:
    fragment = match.group(1)
    compiled = json.dumps(compile_example(fragment), indent=1, ensure_ascii=False)
    return (f"```bean\n{fragment}```\n\n??? note \"compiles to\"\n\n"
            + "\n".join("    " + line for line in ["```json", *compiled.splitlines(), "```"]) + "\n")


def _reference_uri(name: str) -> str:
    return f"rulebooks/{name}.md"


def on_files(files, config):
    cases = documented_cases()
    for name in list_specs():
        by_rule = {rule: [d.case.id for d in found] for rule, found in cases_by_rule(cases.get(name, [])).items()}
        files.append(File.generated(config, _reference_uri(name),
                                    content=render_reference(compile_spec(name), by_rule)))
    for name, found in cases.items():
        files.append(File.generated(config, f"cases/{name}.md", content=render_cases(name, found)))
    files.append(File.generated(config, "comparison.md",
                                content=render_comparison({n: compile_spec(n) for n in list_specs()})))
    files.append(File.generated(config, "consistency.md", content=render_report(consistency_report())))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    uri = page.file.src_uri
    if uri == "language.md":
        return EXAMPLE_BLOCK.sub(_with_output, markdown)
    if uri == "rule-model.md":
        return markdown.replace("<!-- kinds -->", render_kinds_table())
    if uri == "rulebooks.md":
        cases = documented_cases()

        def conformance(name: str) -> str:
            found = cases.get(name, [])
            passed = sum(d.result.status == "passed" for d in found)
            return f"[{passed} of {len(found)} passed](cases/{name}.md)" if found else "–"

        rows = [f"| [`{name}`]({_reference_uri(name)}) | {model['title']} | "
                f"{model['players']['min']}–{model['players']['max']} | {len(model['rules'])} | "
                f"{sum(1 for r in model['rules'] if r['provenance']['assumed'])} | {conformance(name)} |"
                for name, model in ((n, compile_spec(n)) for n in list_specs())]
        table = ("| spec | title | players | rules | assumed | conformance cases |\n"
                 "|---|---|---|---|---|---|\n" + "\n".join(rows))
        return markdown.replace("<!-- rulebooks -->", table + "\n")
    return markdown
