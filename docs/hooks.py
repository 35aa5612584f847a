"""mkdocs hooks: build-time generation, so no page copies anything from the specs by hand.

- docs/language.md: every ```bean example is followed by what it compiles to.
- docs/rule-model.md: the table of rule kinds comes from the rule-model schema.
- rulebooks/NAME.md: a page per shipped spec that reads as a rulebook (beanrules.docs.reference),
  and the list of them on docs/rulebooks.md; each rule links the conformance cases that exercise it.
- source/NAME.md: each spec's text with numbered lines, which the rule pages link to.
- cases/NAME.md: each rulebook's conformance cases with their citations, run at build time.
- figures/NAME.svg: game length and wins per seat from a fixed-seed bot sweep.
- comparison.md: the comparison matrix, one row per thing the rules govern, and the figures.
- consistency.md: the consistency report (`beanrules verify --report`).
- mutation.md: the mutation tool's triage list (benchmarks/mutation-triage.yaml).
- cookbook/NAME.md: a page per house rule of docs/cookbook/ (a NAME.bean with its NAME.yaml), and
  their table on cookbook/index.md (beanrules.docs.recipe_page).
- the navigation lists every generated rulebook, spec, case and recipe page (on_config).
- any page: the core's node table, each sentence's core, included spec files and their core
  (markers listed in beanrules/desugar/reference.py).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))

from mkdocs.structure.files import File  # noqa: E402

from beanrules import compile_spec, list_specs  # noqa: E402
from beanrules.checks.assumptions import assumptions_in_force  # noqa: E402
from beanrules.checks.report import consistency_report, render_report  # noqa: E402
from beanrules.docs.cases import cases_by_rule, documented_cases, render_cases  # noqa: E402
from beanrules.docs.comparison import family_order, render_comparison  # noqa: E402
from beanrules.docs.cookbook import recipes  # noqa: E402
from beanrules.docs.examples import EXAMPLE_BLOCK, compile_example  # noqa: E402
from beanrules.docs.figures import caption, draw, rules_key, run_sweep  # noqa: E402
from beanrules.docs.links import up  # noqa: E402
from beanrules.docs.kinds import render_kinds_table  # noqa: E402
from beanrules.docs.recipe_page import recipe_pages  # noqa: E402
from beanrules.docs.reference import PageInputs, render_reference  # noqa: E402
from beanrules.docs.stories import stories_from  # noqa: E402
from beanrules.docs.triage import render_triage_table  # noqa: E402
from beanrules.paths import specs_dir  # noqa: E402
from beanrules.desugar.reference import render_markers  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
COOKBOOK = ROOT / "docs" / "cookbook"
_cookbook_index: list[str] = []  # the index's table, made with the recipe pages (on_files)


def _with_output(match) -> str:
    fragment = match.group(1)
    compiled = json.dumps(compile_example(fragment), indent=1, ensure_ascii=False)
    return (f"```bean\n{fragment}```\n\n??? note \"compiles to\"\n\n"
            + "\n".join("    " + line for line in ["```json", *compiled.splitlines(), "```"]) + "\n")


def _reference_uri(name: str) -> str:
    return f"rulebooks/{name}.md"


def _nav_entries(folder: str, names: list[str]) -> list:
    """Nav entries for generated pages, specs in a sub-folder (``my-first/…``) grouped under it."""
    entries: list = []
    groups: dict[str, list] = {}
    for name in names:
        head, _, tail = name.rpartition("/")
        entry = {tail: f"{folder}/{name}.md"}
        if head:
            if head not in groups:
                groups[head] = []
                entries.append({head: groups[head]})
            groups[head].append(entry)
        else:
            entries.append(entry)
    return entries


def on_config(config):
    """Put every generated rulebook and case page into the navigation, under its overview page."""
    generated = {"rulebooks.md": ("rulebooks", list_specs()),
                 "specs.md": ("source", list_specs()),
                 "conformance.md": ("cases", list(_rulebook_cases())),
                 "cookbook/index.md": ("cookbook", [r.name for r in recipes(COOKBOOK)])}
    nav = []
    for item in config["nav"]:
        (title, target), = item.items()
        if isinstance(target, str) and target in generated:
            folder, names = generated[target]
            item = {title: [{"Overview": target}, *_nav_entries(folder, names)]}
        nav.append(item)
    config["nav"] = nav
    return config


def _source_page(name: str) -> str:
    """A spec's text with numbered, linkable lines (the rulebook pages link rules to them)."""
    text = (specs_dir() / f"{name}.bean").read_text(encoding="utf-8")
    return (f"# `specs/{name}.bean`\n\nThe spec as written; the [rulebook page](../" + "../" * name.count("/")
            + f"rulebooks/{name}.md) says the same in plain English.\n\n"
            + f'```bean linenums="1"\n{text}```\n')


def _figures(config, files, models: dict) -> dict[str, str]:
    """One SVG per rulebook from a fixed-seed bot sweep (shared by rulebooks that play alike);
    returns each rulebook's figure caption."""
    sweeps: dict[str, object] = {}
    captions = {}
    for name, model in models.items():
        key = rules_key(model)
        if key not in sweeps:
            sweeps[key] = run_sweep(model)
            sweeps[key + "/svg"] = draw(sweeps[key])
        files.append(File.generated(config, f"figures/{name}.svg", content=sweeps[key + "/svg"]))
        captions[name] = caption(sweeps[key])
    return captions


def _rulebook_cases() -> dict:
    """The cases of the shipped rulebooks, by spec name. Cases on a test variant (a .bean file
    beside its cases, conformance/variants/) pin down the language, not a rulebook of the site,
    so they get no page of their own."""
    shipped = set(list_specs())
    return {name: found for name, found in documented_cases().items() if name in shipped}


def on_files(files, config):
    cases = _rulebook_cases()
    names = list_specs()
    models = {name: compile_spec(name) for name in names}
    captions = _figures(config, files, models)
    for name, model in models.items():
        found = cases.get(name, [])
        inputs = PageInputs(
            cases_by_rule={rule: [d.case.id for d in c] for rule, c in cases_by_rule(found).items()},
            base=compile_spec(model["extends"]) if model["extends"] else None,
            stories=stories_from(found), has_cases_page=bool(found), source_pages=frozenset(names),
            figure=f"![game length and wins per seat]({up(name)}figures/{name}.svg)\n\n{captions[name]}")
        files.append(File.generated(config, _reference_uri(name), content=render_reference(model, inputs=inputs)))
        files.append(File.generated(config, f"source/{name}.md", content=_source_page(name)))
    for name, found in cases.items():
        files.append(File.generated(config, f"cases/{name}.md", content=render_cases(name, found)))
    figures = ['<div class="figures" markdown>', ""]
    figures += [f'<div class="figure" markdown>\n\n![{name}](figures/{name}.svg)\n\n'
                f"[`{name}`](rulebooks/{name}.md): {captions[name]}\n\n</div>\n" for name in family_order(models)]
    files.append(File.generated(config, "comparison.md",
                                content=render_comparison(models, figures + ["</div>", ""])))
    files.append(File.generated(config, "consistency.md", content=render_report(consistency_report())))
    index, pages = recipe_pages(recipes(COOKBOOK))
    _cookbook_index[:] = [index]
    for name, page in pages.items():
        files.append(File.generated(config, f"cookbook/{name}.md", content=page))
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    uri = page.file.src_uri
    markdown = render_markers(markdown, ROOT)  # the core's tables, included files (docs/core.md)
    if uri == "language.md":
        return EXAMPLE_BLOCK.sub(_with_output, markdown)
    if uri == "cookbook/index.md":
        return markdown.replace("<!-- cookbook -->", _cookbook_index[0])
    if uri == "mutation.md":
        return markdown.replace("<!-- triage -->", render_triage_table(ROOT / "benchmarks" / "mutation-triage.yaml"))
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
                f"{len(assumptions_in_force(name, model))} | {conformance(name)} |"
                for name, model in ((n, compile_spec(n)) for n in list_specs())]
        table = ("| spec | title | players | rules | assumed | conformance cases |\n"
                 "|---|---|---|---|---|---|\n" + "\n".join(rows))
        return markdown.replace("<!-- rulebooks -->", table + "\n")
    return markdown
