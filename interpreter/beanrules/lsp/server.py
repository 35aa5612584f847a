"""The language server for `.bean` specs (`beanrules lsp`, on standard input and output).

The protocol only: pygls carries the messages and lsprotocol types them; what each answer says
comes from lsp/analysis.py, which asks the compiler's front end. A document is compiled again
on every change (about 0.1 s for the largest shipped spec; a shipped base is compiled once per
process, resolve/shipped.py), with every other open `.bean` buffer read in place of its file, so
a variant sees the unsaved edits of its base. Nothing here runs a game.
"""
from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path, from_fs_path

from .. import __version__
from ..syntax.layout import layout_edits
from . import analysis as a

SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


class BeanServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("beanrules", __version__)
        self.analyses: dict[str, a.Analysis] = {}

    def analysis(self, uri: str) -> a.Analysis:
        """The document as last compiled (compiled now if it changed since)."""
        document = self.workspace.get_text_document(uri)
        found = self.analyses.get(uri)
        if found is None or found.text != document.source:
            previous = found
            found = self.analyses[uri] = a.analyse(Path(to_fs_path(uri)), document.source, self.overlays(uri))
            if found.spec is None and previous is not None and len(previous.lines) == len(found.lines):
                found.last_parsed = previous.spec or previous.last_parsed
        return found

    def overlays(self, uri: str) -> dict[Path, str]:
        """Every other open spec buffer, by path: read instead of its file."""
        return {Path(to_fs_path(other)).resolve(): document.source
                for other, document in self.workspace.text_documents.items()
                if other != uri and other.endswith(".bean")}

    # positions: the client counts columns in the units it agreed on (UTF-16 unless it asked for
    # another), the analysis in characters
    def to_client(self, uri: str, range_: a.Range) -> types.Range:
        lines = self._lines(uri)
        return types.Range(self._position(lines, range_[0], range_[1]), self._position(lines, range_[2], range_[3]))

    def _position(self, lines: list[str], line: int, column: int) -> types.Position:
        text = lines[line] if 0 <= line < len(lines) else ""
        return types.Position(line, self.workspace.position_codec.client_num_units(text[:column]))

    def from_client(self, uri: str, position: types.Position) -> tuple[int, int]:
        found = self.workspace.position_codec.position_from_client_units(self._lines(uri), position)
        return found.line, found.character

    def _lines(self, uri: str) -> list[str]:
        document = self.workspace.text_documents.get(uri)
        if document is not None:
            return document.source.split("\n")
        try:
            return Path(to_fs_path(uri)).read_text(encoding="utf-8").split("\n")
        except OSError:
            return []

    def location(self, place: a.Place) -> types.Location:
        uri = from_fs_path(str(place.path))
        return types.Location(uri, self.to_client(uri, place.range))

    def publish(self, uri: str) -> None:
        if not uri.endswith(".bean"):
            return self.publish_cases(uri)
        found = self.analysis(uri)
        self._send(uri, a.problems(found))

    def publish_cases(self, uri: str) -> None:
        """A conformance case file's errors, on opening and saving it (the loader reads the file)."""
        text = self.workspace.get_text_document(uri).source
        if a.is_case_file(text):
            self._send(uri, a.case_problems(Path(to_fs_path(uri)), text))

    def publish_variants(self, base_uri: str) -> None:
        """Check again the open specs that extend or translate this one: they read its buffer."""
        base = Path(to_fs_path(base_uri)).resolve()
        for uri, found in list(self.analyses.items()):
            if uri != base_uri and uri in self.workspace.text_documents and found.base_path == base:
                del self.analyses[uri]
                self.publish(uri)

    def _send(self, uri: str, problems: list[a.Problem]) -> None:
        diagnostics = [types.Diagnostic(
            range=self.to_client(uri, p.range), message=p.message, severity=SEVERITY[p.severity],
            code=p.code, source="beanrules", data={"replacement": p.replacement} if p.replacement else None)
            for p in problems]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


server = BeanServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: BeanServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: BeanServer, params: types.DidSaveTextDocumentParams) -> None:
    if not params.text_document.uri.endswith(".bean"):
        ls.publish_cases(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: BeanServer, params: types.DidChangeTextDocumentParams) -> None:
    if not params.text_document.uri.endswith(".bean"):
        return  # a case file is checked as saved
    ls.publish(params.text_document.uri)
    ls.publish_variants(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: BeanServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.analyses.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))
    ls.publish_variants(params.text_document.uri)  # they read the base's file again


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_action(ls: BeanServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """The hint of a diagnostic as a quick fix, where it names what to write instead."""
    out = []
    for diagnostic in params.context.diagnostics:
        replacement = (diagnostic.data or {}).get("replacement") if isinstance(diagnostic.data, dict) else None
        if not replacement:
            continue
        edit = types.TextEdit(range=diagnostic.range, new_text=replacement)
        out.append(types.CodeAction(
            title=f"Replace with '{replacement}'", kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
            is_preferred=True, edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
    return out


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: BeanServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    uri = params.text_document.uri
    if not uri.endswith(".bean"):
        return []

    def convert(symbol: a.Symbol) -> types.DocumentSymbol:
        return types.DocumentSymbol(
            name=symbol.name, detail=symbol.detail or None, kind=types.SymbolKind[symbol.kind],
            range=ls.to_client(uri, symbol.range), selection_range=ls.to_client(uri, symbol.selection),
            children=[convert(child) for child in symbol.children] or None)

    return [convert(symbol) for symbol in a.symbols(ls.analysis(uri))]


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: BeanServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    if not uri.endswith(".bean"):
        return None
    found = a.hover(ls.analysis(uri), *ls.from_client(uri, params.position))
    if found is None:
        return None
    text, range_ = found
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
                       range=ls.to_client(uri, range_))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: BeanServer, params: types.DefinitionParams) -> types.Location | None:
    uri = params.text_document.uri
    if not uri.endswith(".bean"):
        return None
    place = a.definition(ls.analysis(uri), *ls.from_client(uri, params.position))
    return ls.location(place) if place is not None else None


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
def references(ls: BeanServer, params: types.ReferenceParams) -> list[types.Location]:
    uri = params.text_document.uri
    if not uri.endswith(".bean"):
        return []
    places = a.references(ls.analysis(uri), *ls.from_client(uri, params.position),
                          include_declaration=params.context.include_declaration)
    return [ls.location(place) for place in places]


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", "§"]))
def completion(ls: BeanServer, params: types.CompletionParams) -> types.CompletionList:
    uri = params.text_document.uri
    if not uri.endswith(".bean"):
        return types.CompletionList(is_incomplete=False, items=[])
    items = a.completions(ls.analysis(uri), *ls.from_client(uri, params.position))
    return types.CompletionList(is_incomplete=False, items=[
        types.CompletionItem(label=item.label, kind=types.CompletionItemKind[item.kind], detail=item.detail or None)
        for item in items])


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: BeanServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
    """The canonical layout (`beanrules fmt`): one edit per citation that moves; none while the
    spec does not parse (its syntax errors are among its diagnostics)."""
    uri = params.text_document.uri
    if not uri.endswith(".bean"):
        return []
    edits, _ = layout_edits(ls.workspace.get_text_document(uri).source, to_fs_path(uri))
    return [types.TextEdit(ls.to_client(uri, (edit.line, edit.start, edit.line, edit.end)), " " * edit.spaces)
            for edit in edits or []]


def main() -> None:
    server.start_io()
