"""The language server (`beanrules lsp`), driven through the protocol by pygls's own client:
one server process for the module, each test an exact answer on a shipped spec or on a broken
variant of classic. Skipped without the `lsp` extra (pip install '.[lsp]')."""
from __future__ import annotations

import asyncio
import importlib
import os
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from beanrules.paths import conformance_dir, specs_dir

if find_spec("pygls") is None or find_spec("lsprotocol") is None:
    pytest.skip("the lsp extra is not installed: pip install '.[lsp]'", allow_module_level=True)


class _Imported:
    """A module imported when a test first reads from it: every xdist worker collects this
    file, and importing pygls and lsprotocol cost each ~0.3 s of CPU though one runs it."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str):
        return getattr(importlib.import_module(self._name), attribute)


types = _Imported("lsprotocol.types")


def from_fs_path(path: str) -> str:
    return _Imported("pygls.uris").from_fs_path(path)

ROOT = Path(__file__).resolve().parents[2]
SPECS = specs_dir()  # the specs the package this test imports ships (the server is given the same)
# the server runs the package this test imports (the source tree, as pytest's pythonpath says),
# not an installed copy that would open its own copies of the shipped specs
SERVER_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(ROOT / "interpreter"), *filter(None, [os.environ.get("PYTHONPATH")])])}
VARIANT = """\
rulebook my-variant "A shorter game"
  extends classic
  source house "House rules" file "house.txt"
replace end-on-exhaustion: game ends when deck runs out 1 times   § house "1"
replace tie-break: ties are shared                               § house "2" "Ties are shared."
setup
  replace use-beans: use beans stnk red   § house "3"
"""


class Session:
    """A client talking to one server process, on an event loop of its own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)  # pygls asks for the current loop
        self.client = _Imported("pygls.lsp.client").LanguageClient("beanrules-tests", "1")
        self.diagnostics: dict[str, asyncio.Future] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(*args):  # (client, params) or (params): the signature pygls calls varies
            params = args[-1]
            future = self.diagnostics.get(params.uri)
            if future is not None:
                self.loop.call_soon_threadsafe(
                    lambda: future.done() or future.set_result(list(params.diagnostics)))

        self.run(self.client.start_io(sys.executable, "-m", "beanrules", "lsp", cwd=str(ROOT), env=SERVER_ENV))
        self.run(self.client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities())))
        self.client.initialized(types.InitializedParams())

    def run(self, awaitable):
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, 60))

    def expect_diagnostics(self, uri: str) -> asyncio.Future:
        self.diagnostics[uri] = self.loop.create_future()
        return self.diagnostics[uri]

    def open(self, path: Path, text: str | None = None) -> tuple[str, list]:
        uri = from_fs_path(str(path))
        waiting = self.expect_diagnostics(uri)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
            uri, "bean", 1, path.read_text(encoding="utf-8") if text is None else text)))
        return uri, self.run(waiting)

    def close(self) -> None:
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()
        asyncio.set_event_loop(None)


@pytest.fixture(scope="module")
def session():
    started = Session()
    yield started
    started.close()


@pytest.fixture(scope="module")
def variant(session, tmp_path_factory):
    """A variant of classic with a misspelt bean, open in the editor: its uri and diagnostics."""
    folder = tmp_path_factory.mktemp("variant")
    (folder / "house.txt").write_text("House rules\n\n1. One pass through the deck.\n2. Ties are shared.\n"
                                      "Nobody wins alone.\n", encoding="utf-8")
    path = folder / "my-variant.bean"
    path.write_text(VARIANT, encoding="utf-8")
    return session.open(path)


def _where(path: Path, starts: str, word: str | None = None) -> tuple[int, int]:
    """The first line of a shipped file that starts (after its indentation) with `starts`, and
    the column of `word` in it (of its start, without a word): others edit the shipped specs,
    so the tests find their lines by what they say."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
        if line.lstrip().startswith(starts):
            return number, line.index(word or starts)
    raise AssertionError(f"no line starting {starts!r} in {path}")


def _at(uri: str, line: int, character: int) -> dict:
    return {"text_document": types.TextDocumentIdentifier(uri), "position": types.Position(line, character)}


def test_a_shipped_spec_has_no_diagnostics(session):
    _, diagnostics = session.open(SPECS / "kannibohne.bean")
    assert diagnostics == []


def test_a_misspelt_bean_is_reported_where_check_reports_it(variant):
    _, diagnostics = variant
    [diagnostic] = diagnostics
    assert diagnostic.range == types.Range(types.Position(6, 31), types.Position(6, 35))
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.code == "unknown-bean"
    assert diagnostic.message == "unknown bean 'stnk'\nhint: did you mean 'stink'?"


def test_the_hint_is_a_quick_fix(session, variant):
    uri, diagnostics = variant
    actions = session.run(session.client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostics[0].range, types.CodeActionContext(diagnostics))))
    [action] = actions
    assert action.title == "Replace with 'stink'"
    assert action.kind == types.CodeActionKind.QuickFix
    assert {k: list(v) for k, v in action.edit.changes.items()} == {uri: [types.TextEdit(diagnostics[0].range, "stink")]}


def test_an_edit_is_checked_again(session, variant, tmp_path):
    uri, _ = variant
    waiting = session.expect_diagnostics(uri)
    fixed = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(6, 31), types.Position(6, 35)), text="stink")
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=uri), [fixed]))
    assert session.run(waiting) == []
    waiting = session.expect_diagnostics(uri)
    broken = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(6, 31), types.Position(6, 36)), text="stnk")
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=3, uri=uri), [broken]))
    assert [d.code for d in session.run(waiting)] == ["unknown-bean"]


def test_hover_on_a_bean_gives_its_beanometer_and_names(session):
    uri, _ = session.open(SPECS / "kannibohne.bean")
    line, column = _where(SPECS / "kannibohne.bean", "bean kenia", "kenia")
    hover = session.run(session.client.text_document_hover_async(types.HoverParams(**_at(uri, line, column + 1))))
    assert hover.contents.value == ("**bean `kenia`**: Keniabean (en)\n\n3 cards\n\n"
                                    "beanometer (cards → coins): 2 → 1, 3 → 2, 5 → 3, 6 → 4, 7 → 5")
    assert hover.range == types.Range(types.Position(line, column), types.Position(line, column + 5))


def test_hover_on_a_sentence_gives_its_plain_english_and_core(session):
    uri, _ = session.open(SPECS / "anniversary" / "duel.bean")
    line, column = _where(SPECS / "anniversary" / "duel.bean", "replace players:", "players 2")
    hover = session.run(session.client.text_document_hover_async(types.HoverParams(**_at(uri, line, column + 1))))
    assert hover.contents.value == ("**rule `players`** (players, from anniversary/duel)\n\n"
                                    "For exactly 2 players.\n\nCore:\n- The game is played by 2 to 2 players."
                                    "\n\nIn classic: For 3 to 5 players.")  # what it replaces


def test_a_replaced_rule_goes_to_its_definition_in_the_base(session, variant):
    uri, _ = variant
    found = session.run(session.client.text_document_definition_async(types.DefinitionParams(**_at(uri, 4, 12))))
    line, column = _where(SPECS / "classic.bean", "rule tie-break:")
    assert found == types.Location(from_fs_path(str(SPECS / "classic.bean")),
                                   types.Range(types.Position(line, column), types.Position(line, column)))


def test_a_shipped_variant_goes_into_the_shipped_base(session):
    uri, _ = session.open(SPECS / "anniversary" / "duel.bean")
    line, column = _where(SPECS / "anniversary" / "duel.bean", "replace players:", "players:")
    found = session.run(session.client.text_document_definition_async(types.DefinitionParams(**_at(uri, line, column + 1))))
    assert found.uri == from_fs_path(str(SPECS / "classic.bean"))
    line = (SPECS / "classic.bean").read_text(encoding="utf-8").split("\n")[found.range.start.line]
    assert line.strip().startswith("players 3 to 5   ")  # its id is its kind


def test_a_bean_goes_to_its_declaration(session):
    uri, _ = session.open(SPECS / "kannibohne.bean")
    text = (SPECS / "kannibohne.bean").read_text(encoding="utf-8").split("\n")
    line = next(n for n, t in enumerate(text) if t.strip().startswith("plays as stink"))
    found = session.run(session.client.text_document_definition_async(
        types.DefinitionParams(**_at(uri, line, text[line].index("stink") + 1))))
    declared, column = _where(SPECS / "kannibohne.bean", "bean stink", "stink")
    assert found == types.Location(uri, types.Range(types.Position(declared, column), types.Position(declared, column + 5)))


def test_completion_after_replace_offers_the_base_rule_ids(session, variant, tmp_path):
    from beanrules import compile_spec
    uri, _ = variant
    waiting = session.expect_diagnostics(uri)
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=4, uri=uri),
        [types.TextDocumentContentChangePartial(range=types.Range(types.Position(7, 0), types.Position(7, 0)),
                                                 text="replace ")]))
    session.run(waiting)
    found = session.run(session.client.text_document_completion_async(types.CompletionParams(**_at(uri, 7, 8))))
    rules = sorted(rule["id"] for rule in compile_spec("classic")["rules"])
    assert [item.label for item in found.items] == rules + ["bean", "card", "phase"]
    assert "tie-break" in rules
    symbols = session.run(session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))))  # the outline of the last parse stays
    assert [s.name for s in symbols] == ["my-variant", "end-on-exhaustion", "tie-break", "setup"]
    waiting = session.expect_diagnostics(uri)  # the line taken out again, for the tests after this one
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=5, uri=uri),
        [types.TextDocumentContentChangePartial(range=types.Range(types.Position(7, 0), types.Position(7, 8)),
                                                 text="")]))
    assert [d.code for d in session.run(waiting)] == ["unknown-bean"]


def test_completion_names_the_beans_in_scope(session):
    from beanrules import compile_spec
    uri, _ = session.open(SPECS / "kannibohne.bean")
    text = (SPECS / "kannibohne.bean").read_text(encoding="utf-8").split("\n")
    line = next(n for n, t in enumerate(text) if t.strip().startswith("plays as stink"))
    column = text[line].index("stink")
    found = session.run(session.client.text_document_completion_async(types.CompletionParams(**_at(uri, line, column))))
    beans = sorted(bean["id"] for bean in compile_spec("kannibohne")["beans"])  # the text cards too
    assert [item.label for item in found.items] == beans
    assert beans[-5:] == ["cocoa", "garden", "kenia", "red", "stink"]


def test_completion_offers_the_keywords_the_grammar_allows(session):
    uri, _ = session.open(SPECS / "anniversary" / "duel.bean")
    line, column = _where(SPECS / "anniversary" / "duel.bean", "may discard 1 from hand")
    found = session.run(session.client.text_document_completion_async(types.CompletionParams(**_at(uri, line, column))))
    keywords = {item.label for item in found.items if item.kind == types.CompletionItemKind.Keyword}
    assert {"may", "plant", "reveal", "replace", "rule", "remove"} <= keywords
    assert not {"rulebook", "extends", "beanometer", "gloss"} & keywords


def test_document_symbols_outline_a_variant(session):
    uri, _ = session.open(SPECS / "anniversary" / "duel.bean")
    symbols = session.run(session.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))))
    assert [(s.name, s.kind) for s in symbols] == [
        ("anniversary/duel", types.SymbolKind.Module), ("setup", types.SymbolKind.Namespace),
        ("plant-offered", types.SymbolKind.Event), ("plant", types.SymbolKind.Event),
        ("trade", types.SymbolKind.Event), ("plant-traded", types.SymbolKind.Event),
        ("draw", types.SymbolKind.Event), ("harvesting", types.SymbolKind.Namespace),
        ("end", types.SymbolKind.Namespace)]
    assert [c.name for c in symbols[0].children] == ["classic"]
    assert [c.name for c in symbols[1].children] == ["players", "fields"]
    duel = SPECS / "anniversary" / "duel.bean"
    heading, _ = _where(duel, "setup")
    last, _ = _where(duel, 'assumed "the refresher gives no number of fields')
    width = len(duel.read_text(encoding="utf-8").split("\n")[last])
    assert symbols[1].range == types.Range(types.Position(heading, 0), types.Position(last, width))


def test_hover_on_a_citation_quotes_its_source_file(session, variant):
    uri, _ = variant
    hover = session.run(session.client.text_document_hover_async(types.HoverParams(**_at(uri, 4, 80))))
    assert hover.contents.value == (
        "**§ house**: House rules, “2”\n\n> Ties are shared.\n\nIn house.txt:\n\n```text\n"
        "House rules 1. One pass through the deck. 2. Ties are shared. Nobody wins alone.\n```")
    assert hover.range == types.Range(types.Position(4, 65), types.Position(4, 95))


def test_references_list_where_a_bean_is_named(session):
    uri, _ = session.open(SPECS / "kannibohne.bean")
    text = (SPECS / "kannibohne.bean").read_text(encoding="utf-8").split("\n")
    declared, column = _where(SPECS / "kannibohne.bean", "bean stink", "stink")
    found = session.run(session.client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=True), **_at(uri, declared, column + 1))))
    named = [(n, line.index("plays as stink") + 9) for n, line in enumerate(text) if "plays as stink" in line]
    own = [(loc.range.start.line, loc.range.start.character) for loc in found if loc.uri == uri]
    used = _where(SPECS / "kannibohne.bean", "use beans", " stink")
    assert own == [(declared, column)] + named + [(used[0], used[1] + 1)]  # and use beans
    assert len(named) == 5
    cases = {loc.uri.rsplit("/conformance/", 1)[-1] for loc in found if loc.uri != uri}
    assert "kannibohne/text-cards.yaml" in cases and all(c.startswith("kannibohne/") for c in cases)


CASES = """\
spec: my-variant.bean
source: House rules
description: Cases of the house rules.
cases:

  - id: misspelt
    cite: {where: "2", quote: "Ties are shared."}
    description: A hand with a misspelt bean.
    players: [Anna, Natalie, Greg]
    state:
      phase: plant
      hands: {Anna: [stnk]}
    steps:
      - expect: {phase: plant}

  - id: unknown-key
    cite: {where: "1"}
    description: A key the format does not have.
    players: [Anna, Natalie, Greg]
    colour: blue
    state: {phase: plant, hands: {Anna: [red]}}
    steps:
      - expect: {phase: plant}
"""


def test_a_case_file_beside_a_spec_gets_its_schema_and_reference_errors(session, tmp_path):
    (tmp_path / "my-variant.bean").write_text(VARIANT.replace("stnk", "stink"), encoding="utf-8")
    (tmp_path / "cases.yaml").write_text(CASES, encoding="utf-8")
    _, diagnostics = session.open(tmp_path / "cases.yaml")
    assert [(d.range.start.line, d.message) for d in diagnostics] == [
        (5, "case 'misspelt' at state.hands.Anna: unknown bean 'stnk' (did you mean 'stink'?)"),
        (15, "case 'unknown-key': Additional properties are not allowed ('colour' was unexpected)")]


BASE = """\
rulebook base "House base"
  extends classic
  source house "House rules"
rules
  rule extra: note "Play with the lights on."   § house "1"
"""
CHILD = """\
rulebook child "House child"
  extends base
  source house "House rules"
remove rule extra   § house "2"
"""


def test_a_variant_sees_the_unsaved_edits_of_its_open_base(session, tmp_path):
    (tmp_path / "base.bean").write_text(BASE, encoding="utf-8")
    (tmp_path / "child.bean").write_text(CHILD, encoding="utf-8")
    base_uri, _ = session.open(tmp_path / "base.bean")
    child_uri, diagnostics = session.open(tmp_path / "child.bean")
    assert diagnostics == []
    found = session.run(session.client.text_document_definition_async(types.DefinitionParams(**_at(child_uri, 3, 14))))
    assert found == types.Location(base_uri, types.Range(types.Position(4, 2), types.Position(4, 2)))
    waiting = session.expect_diagnostics(child_uri)  # the base's rule renamed, not saved
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=base_uri),
        [types.TextDocumentContentChangePartial(range=types.Range(types.Position(4, 12), types.Position(4, 12)),
                                                 text="s")]))
    [diagnostic] = session.run(waiting)
    assert diagnostic.message == "cannot remove rule 'extra': base has no such rule\nhint: did you mean 'extras'?"
    assert diagnostic.range == types.Range(types.Position(3, 12), types.Position(3, 17))
    assert (tmp_path / "base.bean").read_text(encoding="utf-8") == BASE
    waiting = session.expect_diagnostics(child_uri)  # the base closed unsaved: its file counts again
    session.client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(base_uri)))
    assert session.run(waiting) == []


def test_a_zone_and_a_counter_go_to_their_declarations(session):
    uri, _ = session.open(SPECS / "kannibohne.bean")
    line, column = _where(SPECS / "kannibohne.bean", "move 1 from offer top to own hand", "offer")
    found = session.run(session.client.text_document_definition_async(types.DefinitionParams(**_at(uri, line, column + 1))))
    zone, column = _where(SPECS / "kannibohne.bean", "zone offer ")
    assert found == types.Location(uri, types.Range(types.Position(zone, column), types.Position(zone, column)))
    tally = conformance_dir() / "variants" / "tally.bean"
    uri, _ = session.open(tally)
    found = session.run(session.client.text_document_definition_async(types.DefinitionParams(**_at(uri, 16, 15))))
    assert found == types.Location(uri, types.Range(types.Position(10, 2), types.Position(10, 2)))  # rule stinks
    found = session.run(session.client.text_document_completion_async(types.CompletionParams(**_at(uri, 16, 13))))
    counters = [item.label for item in found.items if item.detail == "counter"]
    assert counters == ["harvests", "stinks"]


def test_a_translation_goes_to_the_rule_and_bean_it_restates(session):
    uri, diagnostics = session.open(SPECS / "translations" / "es.bean")
    assert diagnostics == []
    classic = from_fs_path(str(SPECS / "classic.bean"))
    es = SPECS / "translations" / "es.bean"
    for starts, word in (("rule hand-order:", "hand-order"), ("bean coffee", "coffee")):
        line, column = _where(es, starts, word)
        found = session.run(session.client.text_document_definition_async(
            types.DefinitionParams(**_at(uri, line, column + 1))))
        line, column = _where(SPECS / "classic.bean", starts)
        assert found == types.Location(classic, types.Range(types.Position(line, column), types.Position(line, column)))


def test_completion_after_a_section_sign_offers_the_sources(session, variant):
    uri, _ = variant
    found = session.run(session.client.text_document_completion_async(types.CompletionParams(**_at(uri, 4, 67))))
    assert [item.label for item in found.items] == ["de", "es", "house", "public"]


def test_references_to_a_bean_include_the_cases_that_name_it(session, tmp_path):
    (tmp_path / "my-variant.bean").write_text(VARIANT.replace("stnk", "stink"), encoding="utf-8")
    (tmp_path / "cases.yaml").write_text(CASES, encoding="utf-8")
    uri, _ = session.open(tmp_path / "my-variant.bean")
    found = session.run(session.client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=True), **_at(uri, 6, 39))))
    places = [(loc.uri, loc.range.start.line, loc.range.start.character) for loc in found]
    cases = from_fs_path(str(tmp_path / "cases.yaml"))
    assert places[:2] == [(from_fs_path(str(SPECS / "classic.bean")), 37, 2), (uri, 6, 37)]  # declared, used
    assert (cases, 20, 41) in places  # the case file beside the variant
    assert (cases, 10, 21) not in places  # stnk, not red
    inherited = [p for p in places if p[0] not in (uri, cases)]
    assert all("/conformance/classic/" in p[0] or p[0].endswith("classic.bean") for p in inherited)
    assert len(inherited) > 100  # classic's cases run on its variants too


def test_columns_are_counted_in_utf16_units_past_an_emoji(session, tmp_path):
    path = tmp_path / "emoji.bean"
    path.write_text('rulebook emoji "A house rule"\n  extends classic\n  source house "House rules"\nrules\n'
                    '  rule lights: note "Play 😋 with the lights on."   § hous "1"\n', encoding="utf-8")
    uri, diagnostics = session.open(path)
    [diagnostic] = diagnostics  # check reports it twice; the editor shows it once
    assert diagnostic.range == types.Range(types.Position(4, 54), types.Position(4, 58))  # the emoji is 2 units
    actions = session.run(session.client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext(diagnostics))))
    assert [a.title for a in actions] == ["Replace with 'house'"]


def _format(session, uri: str) -> list:
    return list(session.run(session.client.text_document_formatting_async(types.DocumentFormattingParams(
        types.TextDocumentIdentifier(uri), types.FormattingOptions(tab_size=2, insert_spaces=True)))) or [])


def test_formatting_a_shipped_spec_changes_nothing(session):
    uri, _ = session.open(SPECS / "classic.bean")
    assert _format(session, uri) == []


def test_formatting_aligns_a_citation_as_fmt_does(session, tmp_path):
    path = tmp_path / "messy.bean"
    path.write_text('rulebook messy "A house rule"\n  extends classic\n  source house "House rules"\nrules\n'
                    '  rule lights: note "Play 😋 with the lights on." § house "1"\n'
                    '  rule dark: note "Lights off."                     § house "2"\n', encoding="utf-8")
    uri, _ = session.open(path)
    # the block's column is the second citation's; the emoji before the first is 2 units
    assert _format(session, uri) == [types.TextEdit(types.Range(types.Position(4, 49), types.Position(4, 50)), "    ")]


def test_formatting_a_broken_spec_changes_nothing(session, tmp_path):
    path = tmp_path / "broken.bean"
    path.write_text('rulebook broken "Broken"\nsetup\n  players 3 to 5 § house\n  fields 3      § x "1"\n',
                    encoding="utf-8")
    uri, diagnostics = session.open(path)
    assert diagnostics and _format(session, uri) == []
