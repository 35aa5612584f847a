"""The conformance cases' own citations checked against the source texts.

Each case cites where the rulebook states what it checks (``cite: {source?, where, quote?}``;
the file's header names its ``source``). The source is found through the specs the case runs
on: a title or id of a rule model's ``sources`` table names the file, looked up in the folder
given (``beanrules check --sources DIR``). The project's own documents (``The beanrules rules
language (docs/language.md)``) are read from the repository's ``docs/`` when it is there, else
counted as not looked up. Quotes and sections are matched as the specs' are
(:mod:`beanrules.checks.citations`), with one convention of the cases' own: a trailing
parenthetical page reference (``"… · Die Bohnenernte (Regelheft S. 8)"``) says where a
printed reader turns, and is not looked up as part of a heading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..diagnostics import Diagnostic, Span
from .citations import SourceText, read_source

# "(Regelheft S. 8)", "(Regelheft S. 5–6, 8–9)", "(p. 3)", "(página 4)": a page, not a heading.
_PAGE = re.compile(r"\s*\([^()]*?\b(?:S\.|p\.|pp\.|pages?|páginas?|Seite)\s*\d[^()]*\)\s*$")
# "The beanrules rules language (docs/language.md)": one of the project's documents.
_DOCUMENT = re.compile(r"\((docs/[\w./-]+\.md)\)\s*$")


def without_page(where: str) -> str:
    """The cited section without its trailing page reference (the convention above)."""
    return _PAGE.sub("", where)


@dataclass(frozen=True)
class CaseCitation:
    file: str        # the case file, as shown
    case: str        # the case id
    source: str      # the cited title (the case's own, else the file's)
    where: str
    quote: str | None
    specs: tuple[str, ...]  # what the case runs on: shipped spec names or .bean paths
    line: int        # of the cite, for the report (0: unknown)
    file_named: str | None = None  # the header's `file`, when the case cites the header's source
    header: bool = False  # the case cites the header's source (whose `file` the header names)


@dataclass
class CaseCitationReport:
    files: int = 0
    checked: int = 0          # sections and quotes looked up
    missed: int = 0           # of those, and headers whose `file` is not their source's
    not_looked_up: int = 0    # citations whose source text is not at hand
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"files": self.files, "checked": self.checked, "missed": self.missed,
                "not_looked_up": self.not_looked_up,
                "diagnostics": [d.to_json() for d in self.diagnostics]}


def case_citations(path: Path) -> list[CaseCitation]:
    """The citations of a case file's cases; a case the loader finds broken (schema, ids) is
    left to the loader's own report."""
    from ..conformance.loader import _parse, outline
    result, document, planned = outline(path)
    if result.errors:
        return []
    text = _parse(path)[0].splitlines()
    found = []
    for case in planned:
        if case.problems or not isinstance(case.raw.get("cite"), dict):
            continue
        cite = case.raw["cite"]
        source = cite.get("source", document["source"])
        found.append(CaseCitation(
            result.display, case.id, source, cite["where"], cite.get("quote"), case.targets,
            _cite_line(text, case.line), document.get("file") if source == document["source"] else None,
            source == document["source"]))
    return found


def _cite_line(lines: list[str], case_line: int) -> int:
    """The line of the case's ``cite:`` (the first after its id), else the id's."""
    for number in range(case_line, min(len(lines), case_line + 40) + 1):
        if re.match(r"\s*cite:", lines[number - 1]):
            return number
    return case_line


def source_files(spec: str) -> dict[str, str]:
    """Title and id of each source of a spec's rule model → its file ({} if it does not compile)."""
    from ..conformance.loader import compiled
    model = compiled(spec)[0]
    if model is None:
        return {}
    files = {}
    for sid, source in model.get("sources", {}).items():
        if source.get("file"):
            files[sid] = source["file"]
            if source.get("title"):
                files[source["title"]] = source["file"]
    return files


def repository_docs() -> Path | None:
    """The project's docs/ folder, when running from a checkout that has one."""
    from ..paths import _REPO
    docs = _REPO / "docs"
    return docs if docs.is_dir() else None


class _Resolver:
    """Where a citation's text is: a source file, a document, or nowhere at hand."""

    def __init__(self, sources: Path, docs: Path | None) -> None:
        self.sources, self.docs = sources, docs

    def text(self, citation: CaseCitation) -> tuple[SourceText | None, str | None]:
        """(the text, None) or (None, why it is not looked up) or (None, None): unresolvable."""
        document = _DOCUMENT.search(citation.source)
        if document:
            if self.docs is None:
                return None, f"{document.group(1)} is not at hand (no docs/ folder)"
            found = read_source(self.docs / Path(document.group(1)).name)
            return found, None
        name = self.file_name(citation)
        if name is not None:
            found = read_source(self.sources / name)
            return (found, None) if found else (None, f"{name} is not in {self.sources}")
        return None, None

    @staticmethod
    def file_name(citation: CaseCitation) -> str | None:
        """The file the first spec the case runs on that lists the cited source gives it."""
        return next((name for spec in citation.specs
                     if (name := source_files(spec).get(citation.source)) is not None), None)


def review_case_citations(paths: Iterable[Path], sources: Path,
                          docs: Path | None = None) -> CaseCitationReport:
    """Look up every case citation of the case files in `paths` (see the module's doc)."""
    return _review_all(((path, case_citations(path)) for path in paths), _Resolver(sources, docs))


def _review_all(files: Iterable[tuple[Path, list[CaseCitation]]], resolver: _Resolver) -> CaseCitationReport:
    report = CaseCitationReport()
    for _path, citations in files:
        report.files += 1
        named = next((c for c in citations if c.header), None)
        if named is not None:
            _check_file_named(named, report)
        for citation in citations:
            _review(citation, resolver, report)
    return report


def _check_file_named(citation: CaseCitation, report: CaseCitationReport) -> None:
    """The header's `file` (for readers) is the file the specs give its source, once a file.
    A source the specs give no file (a project document, whose title names it: `… (docs/language.md)`)
    needs none; a rulebook does: the header names its text for a reader, as every case file does."""
    name = _Resolver.file_name(citation)
    if name is None or name == citation.file_named:
        return  # an unknown source is reported with the case that cites it
    report.missed += 1
    if citation.file_named is None:
        report.diagnostics.append(Diagnostic(
            "warning", "file-missing",
            f"{citation.file}: the header names no file for its source \"{citation.source}\", which the "
            f"specs its cases run on give as {name}: add `file: {name}` after `source:`, for readers", None))
        return
    report.diagnostics.append(Diagnostic(
        "warning", "file-not-matching",
        f"{citation.file}: file \"{citation.file_named}\" is not the file of \"{citation.source}\" "
        f"in the specs its cases run on ({name})", None))


def _shown(spec: str) -> str:
    """A spec as the case file names it: a .bean key is an absolute path (loader.spec_key)."""
    return Path(spec).name if spec.endswith(".bean") else spec


def _review(citation: CaseCitation, resolver: _Resolver, report: CaseCitationReport) -> None:
    span = Span(citation.file, citation.line, 1, citation.line, 1) if citation.line else None
    on = f"{citation.file} case {citation.case}"
    source, why = resolver.text(citation)
    if source is None:
        if why is not None:
            report.not_looked_up += 1
            return
        report.missed += 1
        report.diagnostics.append(Diagnostic(
            "warning", "source-not-found",
            f"{on}: cites \"{citation.source}\", which no spec it runs on ({', '.join(map(_shown, citation.specs))}) "
            "lists among its sources", span))
        return
    report.checked += 1
    where = without_page(citation.where)
    if not source.has_section(where):
        report.missed += 1
        near = source.nearest_line(where)
        report.diagnostics.append(Diagnostic(
            "warning", "section-not-found",
            f"{on}: cites the section \"{citation.where}\", which {source.file} does not have"
            + (f"; nearest there: \"{near}\"" if near else ""), span))
    if citation.quote:
        report.checked += 1
        missing = source.has_quote(citation.quote)
        if missing is not None:
            report.missed += 1
            report.diagnostics.append(Diagnostic(
                "warning", "quote-not-found", f"{on}: {source.quote_missed(missing, citation.quote)}", span))


def review_shipped(sources: Path, specs: Iterable[str] = ()) -> CaseCitationReport:
    """``beanrules check --sources DIR``: the shipped conformance cases' citations; with
    `specs` (names or .bean paths, as check takes them) only the cases that run on one of them."""
    from ..conformance.loader import discover, spec_key
    from ..paths import conformance_dir
    wanted = {spec_key(s) for s in specs}
    files = ((path, [c for c in case_citations(path) if not wanted or wanted & set(c.specs)])
             for path in discover([conformance_dir()]))
    return _review_all(((p, cs) for p, cs in files if cs), _Resolver(sources, repository_docs()))


def summary(report: CaseCitationReport) -> str:
    """The report's last line in `check`'s text output."""
    line = (f"case citations: {report.checked} looked up in {report.files} case files, "
            f"{report.missed} not found")
    if report.not_looked_up:
        line += f", {report.not_looked_up} not looked up (their source text is not at hand)"
    return line
