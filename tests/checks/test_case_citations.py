"""The conformance cases' own citations, looked up in their sources (checks/case_citations.py)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from beanrules.checks.case_citations import (
    case_citations, repository_docs, review_case_citations, review_shipped, summary, without_page)
from beanrules.cli import main

RULEBOOKS = Path(__file__).parents[3] / "shared" / "rulebooks"

# A stand-in for the How To Play rulebook: the shipped spec `how-to-play` names this file.
HOW_TO_PLAY = """\
How To Play Bohnanza

THIRD BEAN FIELDS
Third bean field allows players to plant a third row of beans. It can be purchased for three gold.

ENDING THE GAME
The game ends when the draw deck has been emptied for the third time.
"""

CASE = """\
spec: how-to-play
source: How To Play Bohnanza
file: bohnanza-how-to-play.en.txt
description: citations under test
cases:
  - id: the-case
    cite: {CITE}
    description: two players start with two fields each
    players: [Anna, Natalie]
    dealt: true
    steps:
      - expect: {fields: {Anna: [[], []], Natalie: [[], []]}}
"""


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    folder = tmp_path / "rulebooks"
    folder.mkdir()
    (folder / "bohnanza-how-to-play.en.txt").write_text(HOW_TO_PLAY, encoding="utf-8")
    return folder


def review(tmp_path: Path, sources: Path, cite: str, docs: Path | None = None):
    path = tmp_path / "cases.yaml"
    path.write_text(CASE.replace("{CITE}", cite), encoding="utf-8")
    assert case_citations(path), "the case file must load for its citation to be looked up"
    return review_case_citations([path], sources, docs)


def test_a_quote_and_section_the_source_has_are_found(tmp_path, sources):
    report = review(tmp_path, sources, '{where: "Third Bean Fields", quote: "It can be purchased for three gold."}')
    assert (report.checked, report.missed, report.diagnostics) == (2, 0, [])


def test_a_quote_in_fragments_is_found_only_in_the_sources_order(tmp_path, sources):
    ordered = review(tmp_path, sources, '{where: "ENDING THE GAME", quote: "a third row … emptied for the third time"}')
    assert ordered.missed == 0
    swapped = review(tmp_path, sources, '{where: "ENDING THE GAME", quote: "emptied for the third time … a third row"}')
    assert [d.code for d in swapped.diagnostics] == ["quote-not-found"]


def test_a_misquote_names_the_case_the_quote_and_the_nearest_text(tmp_path, sources):
    report = review(tmp_path, sources, '{where: "Third Bean Fields", quote: "It can be bought for three gold."}')
    assert report.missed == 1
    (diagnostic,) = report.diagnostics
    assert diagnostic.code == "quote-not-found" and diagnostic.severity == "warning"
    assert "cases.yaml case the-case" in diagnostic.message
    assert '"It can be bought for three gold."' in diagnostic.message
    assert 'nearest there: "It can be purchased for three gold."' in diagnostic.message
    assert diagnostic.span is not None and diagnostic.span.line == 7  # the line of its cite


@pytest.mark.parametrize("cite, code, named", [
    # a heading the source lacks: the nearest line is found ignoring case, as the look-up is
    ('{where: "Third Bean Field Rules"}', "section-not-found", ['"Third Bean Field Rules"', "THIRD BEAN FIELDS"]),
    # a title no spec the case runs on lists among its sources
    ('{source: "Bohnanza Deluxe", where: "Setup"}', "source-not-found", ['"Bohnanza Deluxe"', "how-to-play"]),
])
def test_a_section_or_source_not_found_is_a_warning_naming_it(tmp_path, sources, cite, code, named):
    (diagnostic,) = review(tmp_path, sources, cite).diagnostics
    assert (diagnostic.code, diagnostic.severity) == (code, "warning")
    assert all(text in diagnostic.message for text in named)


def test_a_trailing_page_reference_is_not_looked_up_but_the_heading_before_it_is(tmp_path, sources):
    assert review(tmp_path, sources, '{where: "Ending the Game (p. 3)"}').missed == 0
    assert review(tmp_path, sources, '{where: "Ending the Game (Regelheft S. 8 · Spielende)"}').missed == 0
    missing = review(tmp_path, sources, '{where: "Scoring (p. 3)"}')
    assert [d.code for d in missing.diagnostics] == ["section-not-found"]
    assert without_page("Leicht vergessen 6 (Regelheft S. 5–6, 8–9)") == "Leicht vergessen 6"
    # A parenthetical that is no page stays part of the name.
    assert without_page("The \"Mixed Patch Rule\" (variant)") == "The \"Mixed Patch Rule\" (variant)"


def test_the_headers_file_must_be_the_file_the_specs_give_its_source(tmp_path, sources):
    clean = review(tmp_path, sources, '{where: "Third Bean Fields"}')
    assert (clean.checked, clean.missed, clean.diagnostics) == (1, 0, [])
    path = tmp_path / "cases.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("file: bohnanza-how", "file: how"), encoding="utf-8")
    (diagnostic,) = review_case_citations([path], sources).diagnostics
    assert diagnostic.code == "file-not-matching"
    assert '"how-to-play.en.txt"' in diagnostic.message and "(bohnanza-how-to-play.en.txt)" in diagnostic.message


def test_a_header_citing_a_rulebook_without_its_file_is_warned_of_a_document_needs_none(tmp_path, sources):
    """Every case file names the text of its rulebook for readers; one that does not is told
    which file to add. A project document's title names its file: no `file` is asked for."""
    path = tmp_path / "cases.yaml"
    path.write_text(CASE.replace("file: bohnanza-how-to-play.en.txt\n", "").replace("{CITE}", '{where: "Third Bean Fields"}'),
                    encoding="utf-8")
    report = review_case_citations([path], sources)
    (diagnostic,) = report.diagnostics
    assert (diagnostic.code, diagnostic.severity, report.missed, report.checked) == ("file-missing", "warning", 1, 1)
    assert "cases.yaml: the header names no file" in diagnostic.message
    assert '"How To Play Bohnanza"' in diagnostic.message and "`file: bohnanza-how-to-play.en.txt`" in diagnostic.message
    document = "The beanrules rules language (docs/language.md)"
    path.write_text(path.read_text(encoding="utf-8").replace("source: How To Play Bohnanza", f"source: {document}")
                    .replace('{where: "Third Bean Fields"}', '{where: "Setup"}'), encoding="utf-8")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "language.md").write_text("# The rules language\n\n## Setup\n", encoding="utf-8")
    assert (lambda r: (r.checked, r.missed, r.diagnostics))(review_case_citations([path], sources, docs)) == (1, 0, [])


def test_a_source_may_be_named_by_its_id_in_the_spec(tmp_path, sources):
    assert review(tmp_path, sources, '{source: htp, where: "Third Bean Fields"}').checked == 1


def test_a_project_document_is_read_from_docs_or_counted_as_not_looked_up(tmp_path, sources):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "language.md").write_text("# The rules language\n\n## Setup\n\n| `fields N` | each player's fields |\n",
                                      encoding="utf-8")
    cite = '{source: "The beanrules rules language (docs/language.md)", where: "Setup", quote: "| `fields N` | each player"}'
    assert (lambda r: (r.checked, r.missed))(review(tmp_path, sources, cite, docs)) == (2, 0)
    wrong = cite.replace("each player", "every player")
    assert [d.code for d in review(tmp_path, sources, wrong, docs).diagnostics] == ["quote-not-found"]
    unread = review(tmp_path, sources, cite, None)
    assert (unread.checked, unread.missed, unread.not_looked_up, unread.diagnostics) == (0, 0, 1, [])


def test_a_source_file_missing_from_the_folder_is_not_looked_up(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    report = review(tmp_path, empty, '{where: "Third Bean Fields"}')
    assert (report.checked, report.not_looked_up, report.diagnostics) == (0, 1, [])


def test_check_reports_case_citations_in_json_and_stays_clean_on_warnings(tmp_path, capsys):
    """A rulebook file that says something else: the how-to-play cases' citations miss,
    which `check` reports as warnings (exit 0), the way it reports the specs' own."""
    folder = tmp_path / "rulebooks"
    folder.mkdir()
    (folder / "bohnanza-how-to-play.en.txt").write_text(HOW_TO_PLAY, encoding="utf-8")
    assert main(["check", "--json", "--sources", str(folder), "how-to-play"]) == 0
    result = json.loads(capsys.readouterr().out)
    cases = result["cases"]
    shipped = [c for p in review_shipped(folder, ["how-to-play"]).diagnostics for c in [p.code]]
    assert cases["files"] >= 6 and cases["missed"] == len(cases["diagnostics"]) == len(shipped) > 0
    assert {d["code"] for d in cases["diagnostics"]} <= {"section-not-found", "quote-not-found"}
    assert all("conformance/how-to-play/" in d["message"] for d in cases["diagnostics"])


def test_a_spec_path_selects_the_cases_that_run_on_that_variant(tmp_path):
    """check takes .bean paths as SPECs: the cases of the case files that run on that file."""
    from beanrules.paths import conformance_dir
    variant = conformance_dir() / "variants" / "one-field.bean"
    expected = [c for c in case_citations(conformance_dir() / "variants" / "edges-6.yaml")
                if str(variant) in c.specs]
    assert expected, "edges-6.yaml has a case on one-field.bean"
    report = review_shipped(tmp_path, [str(variant)])  # no rulebook texts: nothing is read
    assert (report.files, report.checked, report.not_looked_up) == (1, 0, len(expected))


def test_check_without_sources_looks_up_no_case_citation(capsys):
    assert main(["check", "--json", "how-to-play"]) == 0
    assert "cases" not in json.loads(capsys.readouterr().out)


def test_check_prints_the_case_citations_summary(tmp_path, capsys):
    folder = tmp_path / "rulebooks"
    folder.mkdir()
    assert main(["check", "--quiet", "--sources", str(folder), "my-first/basic"]) == 0
    out = capsys.readouterr().out
    assert "case citations: 0 looked up in" in out and "not looked up (their source text is not at hand)" in out


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks are not beside the checkout (../shared/rulebooks)")
def test_every_shipped_case_citation_is_found(tmp_path):
    """Every case's section and quote is in the source it cites, as the specs' are."""
    docs = repository_docs()
    assert docs is not None, "run from a checkout: the cases cite the project's docs/"
    report = review_shipped(RULEBOOKS)
    assert [d.message for d in report.diagnostics] == []
    assert report.not_looked_up == 0 and report.checked > 900
    # the line docs/checks.md shows, in the words check prints (its counts grow with the suite)
    shown = re.search(r"on the shipped suite it reads\n`(case citations: [^`]*)`",
                      (Path(__file__).parents[2] / "docs" / "checks.md").read_text(encoding="utf-8")).group(1)
    assert re.fullmatch(re.sub(r"\d+", r"\\d+", shown), summary(report)), (shown, summary(report))


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks are not beside the checkout (../shared/rulebooks)")
def test_a_misquote_in_a_shipped_rulebook_is_caught(tmp_path):
    """The same look-up over a copy of the rulebooks with one sentence changed finds the cases
    that quote it: the clean result above is not for want of looking."""
    copy = tmp_path / "rulebooks"
    shutil.copytree(RULEBOOKS, copy)
    text = (copy / "bohnanza-how-to-play.en.txt").read_text(encoding="utf-8")
    changed = text.replace("It can be purchased for three gold", "It can be bought for three gold")
    assert changed != text
    (copy / "bohnanza-how-to-play.en.txt").write_text(changed, encoding="utf-8")
    report = review_shipped(copy, ["how-to-play"])
    assert report.diagnostics and all(d.code == "quote-not-found" for d in report.diagnostics)
    assert all("purchased for three gold" in d.message for d in report.diagnostics)
