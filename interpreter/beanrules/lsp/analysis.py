"""What the language server knows about one open spec, without the protocol.

Every answer comes from the compiler's front end (resolve/compiler.py's ``compile_text``: the
buffer compiled as if it were its file, other open buffers read instead of theirs), from the
spec's syntax tree (syntax/ast.py) and from its rule model: nothing here runs a game. Positions
are 0-based lines and columns counted in characters (the server turns columns into the
client's UTF-16 units); ranges are ``(line, column, end_line, end_column)``, end exclusive.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..diagnostics import Span
from ..resolve.compiler import TextCompilation, compile_text
from ..resolve.loader import build_text, locate
from ..syntax.ast import Bean, Citation, Phase, Ref, Removal, Rule, Spec

Range = tuple[int, int, int, int]
_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_BASE_LINE = re.compile(r"^[ \t]+(extends|translates)[ \t]+([A-Za-z0-9_/-]+)", re.M)
_SOURCE_LINE = re.compile(r"^[ \t]+source[ \t]+([A-Za-z0-9_-]+)", re.M)


def span_range(span: Span) -> Range:
    return (span.line - 1, span.column - 1, span.end_line - 1, span.end_column - 1)


def _contains(span: Span, line: int, column: int) -> bool:
    """Whether a 0-based position lies in a span (its end included, as a cursor after a word
    still stands on it)."""
    start, end = (span.line - 1, span.column - 1), (span.end_line - 1, span.end_column - 1)
    return start <= (line, column) <= end


def _size(span: Span) -> tuple[int, int]:
    return (span.end_line - span.line, span.end_column - span.column)


@dataclass(frozen=True)
class Place:
    """Where something is declared: a file and a range in it."""

    path: Path
    range: Range


@dataclass(frozen=True)
class Problem:
    """A diagnostic placed in the open document."""

    range: Range
    severity: str
    code: str
    message: str
    replacement: str | None  # what the hint says to write instead, for a quick fix


@dataclass(frozen=True)
class Symbol:
    name: str
    detail: str
    kind: str  # an lsprotocol SymbolKind member name
    range: Range
    selection: Range
    children: tuple["Symbol", ...] = ()


@dataclass
class Analysis:
    """One version of one open document, compiled."""

    path: Path
    text: str
    compiled: TextCompilation
    spec: Spec | None  # the document's syntax tree (None when it does not parse)
    display: str  # how the compiler names the document in spans
    base_path: Path | None  # the spec it extends or translates
    # while the document does not parse: the syntax tree of its last version that did, with as
    # many lines (the outline keeps standing while a line is being typed)
    last_parsed: Spec | None = None
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.text.split("\n")

    @property
    def model(self) -> dict[str, Any] | None:
        return self.compiled.model

    @property
    def base_model(self) -> dict[str, Any] | None:
        if self.base_path is None:
            return None
        found = self.compiled.models.get(self.base_path.resolve())
        if found is None:  # the document did not get as far as its base: compile the base alone
            found = _compile_base(self.base_path)
        return found

    def path_of(self, display: str) -> Path:
        """The file a span names (its display name, as diagnostics print it)."""
        if display == self.display:
            return self.path
        found = self.compiled.paths.get(display)
        if found is not None:
            return found
        spec_file, _ = locate(display) if display.endswith(".bean") else (None, [])
        return spec_file.path.resolve() if spec_file else Path(display)


def analyse(path: Path, text: str, overlays: dict[Path, str] | None = None) -> Analysis:
    """Compile the document's text and read its syntax tree."""
    path = path.resolve()
    compiled = compile_text(text, path, overlays)
    spec_file, _ = locate(str(path))
    display = spec_file.display if spec_file else str(path)
    if path in compiled.specs:
        spec = compiled.specs[path]
    else:  # the compiler stopped before reading it (a base that cannot be found): read it here
        spec, _ = build_text(text, display)
    base_name = None
    if spec is not None:
        ref = spec.header.extends or spec.header.translates
        base_name = ref.name if ref else None
    else:
        found = _BASE_LINE.search(text)
        base_name = found.group(2) if found else None
    base_path = None
    if base_name:
        base_file, _ = locate(base_name, near=path.parent)
        base_path = base_file.path.resolve() if base_file else None
    return Analysis(path, text, compiled, spec, display, base_path)


def _compile_base(path: Path) -> dict[str, Any] | None:
    try:
        return compile_text(path.read_text(encoding="utf-8"), path, playable=False).model
    except OSError:
        return None


# ---------------------------------------------------------------------------- diagnostics

def problems(analysis: Analysis) -> list[Problem]:
    """Every error and warning `check` gives for the document, placed in it: one in a base the
    document extends stands on its `extends` line, naming where it is."""
    from ..checks.translation import review
    diagnostics = analysis.compiled.diagnostics
    if analysis.model is not None:
        diagnostics = review(str(analysis.path), analysis.model, diagnostics)
    anchor = (0, 0, 0, 0)
    if analysis.spec is not None:
        ref = analysis.spec.header.extends or analysis.spec.header.translates
        anchor = span_range(ref.span) if ref else span_range(analysis.spec.header.span)[:2] * 2
    out = []
    for d in diagnostics:
        message = d.message
        if d.span is None:
            where = anchor
        elif d.span.file == analysis.display:
            where = span_range(d.span)
        else:
            where, message = anchor, f"{d.location}: {d.message}"
        replacement = None
        if d.suggestion:
            found = _DID_YOU_MEAN.search(d.suggestion)
            if found and where[0] == where[2] and d.span is not None and d.span.file == analysis.display:
                replacement = found.group(1)
            message += f"\nhint: {d.suggestion}"
        if d.expected:
            message += "\nexpected: " + ", ".join(d.expected)
        out.append(Problem(where, d.severity, d.code, message, replacement))
    return list(dict.fromkeys(out))  # the compiler may find one mistake twice (a rule's note and its clause)


_CASE_FILE = re.compile(r"^cases:", re.M)


def is_case_file(text: str) -> bool:
    """Whether a YAML text is a conformance case file (it has a top-level `cases:`)."""
    return bool(_CASE_FILE.search(text))


def case_problems(path: Path, text: str) -> list[Problem]:
    """A conformance case file's errors as `beanrules conformance` finds them when it loads the
    file (schema, duplicate ids, a spec outside its folder, names and notation checked against
    the spec's model), each on the line of its case's id, a file's own on its first line. Read
    from the saved file: the loader reads files, and what it checks is the file a run reads."""
    from ..conformance.loader import _id_lines, load_file
    lines = _id_lines(text)
    out = []
    for error in load_file(path).all_errors:
        line = lines.get(error.case_id, 1) - 1 if error.case_id else 0
        width = len(text.split("\n")[line]) if line < text.count("\n") + 1 else 0
        where = f"case '{error.case_id}'" if error.case_id else "the file"
        message = f"{where}{' at ' + error.path if error.path else ''}: {error.message}"
        out.append(Problem((line, 0, line, width), "error", "case", message, None))
    return out


# ---------------------------------------------------------------------------- symbols

SECTION_KIND = "Namespace"


def symbols(analysis: Analysis) -> list[Symbol]:
    """The outline: the rulebook (its sources and base), then each section and phase with the
    rules and beans under it, in the order of the file."""
    spec = analysis.spec or analysis.last_parsed
    if spec is None:
        return []
    header = spec.header
    children = [Symbol(s.id, s.title, "String", span_range(s.span), span_range(s.span)) for s in header.sources]
    for ref, word in ((header.extends, "extends"), (header.translates, "translates")):
        if ref is not None:
            children.append(Symbol(ref.name, word, "Package", span_range(ref.span), span_range(ref.span)))
    out = [Symbol(header.name, header.title or "", "Module", _block(analysis, header.span),
                  _first_line(header.span), tuple(children))]
    section: str | None = None
    entries: list[Symbol] = []
    first: Any = None
    for item in spec.items:
        if isinstance(item, Phase):
            _close_section(analysis, out, section, entries, first)
            section, entries = None, []
            out.append(Symbol(item.id, item.title or "", "Event", _block(analysis, item.span),
                              span_range(item.id_span), tuple(_entry(analysis, e) for e in item.entries)))
            continue
        if item.section != section or not entries:
            if item.section != section:
                _close_section(analysis, out, section, entries, first)
                section, entries, first = item.section, [], item
        entries.append(_entry(analysis, item))
    _close_section(analysis, out, section, entries, first)
    return out


def _close_section(analysis: Analysis, out: list[Symbol], section: str | None, entries: list[Symbol], first: Any) -> None:
    if not entries:
        return
    if section is None:  # entries outside any section (a variant's removals): at the top
        out.extend(entries)
        return
    top = first.span.line - 1
    heading = top
    for number in range(top - 1, -1, -1):  # the section's own line above its first entry
        if analysis.lines[number].strip() == section:
            heading = number
            break
    start = analysis.lines[heading].index(section) if section in analysis.lines[heading] else 0
    end = max((e.range[2], e.range[3]) for e in entries)
    out.append(Symbol(section, "", SECTION_KIND, (heading, 0) + end, (heading, start, heading, start + len(section)),
                      tuple(entries)))


def _entry(analysis: Analysis, item: Any) -> Symbol:
    if isinstance(item, Bean):
        detail = item.title or ""
        return Symbol(item.id, detail, "Class", _block(analysis, item.span), span_range(item.id_span))
    if isinstance(item, Removal):
        return Symbol(f"remove {item.what} {item.id}", "", "Key", _block(analysis, item.span), span_range(item.id_span))
    rule: Rule = item
    name = rule.id or rule.text
    detail = rule.text if rule.id else rule.kind
    selection = span_range(rule.id_span) if rule.id_span else _first_line(rule.span)
    return Symbol(name, detail, "Property", _block(analysis, rule.span), selection)


def _first_line(span: Span) -> Range:
    return (span.line - 1, span.column - 1, span.line - 1, span.column - 1)


def _block(analysis: Analysis, span: Span) -> Range:
    """A clause's range without the comment and blank lines the grammar counts into it."""
    last = span.end_line - 1
    if span.end_column == 1 or last >= len(analysis.lines):
        last -= 1
    last = min(last, len(analysis.lines) - 1)
    while last > span.line - 1 and _blank_or_comment(analysis.lines[last]):
        last -= 1
    return (span.line - 1, span.column - 1, last, len(analysis.lines[last]))


def _blank_or_comment(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


# ---------------------------------------------------------------------------- what is where

@dataclass(frozen=True)
class Declarations:
    """Everything a spec may name, with where it is declared (from its model, else its base's
    and its own syntax tree)."""

    beans: dict[str, Place]
    phases: dict[str, Place]
    zones: dict[str, Place]
    counters: dict[str, Place]
    sources: dict[str, Place]
    base_rules: dict[str, Place]


def declarations(analysis: Analysis) -> Declarations:
    beans: dict[str, Place] = {}
    phases: dict[str, Place] = {}
    zones: dict[str, Place] = {}
    counters: dict[str, Place] = {}
    sources: dict[str, Place] = {}
    base_rules: dict[str, Place] = {}
    base = analysis.base_model
    for model, rules_too in ((base, True), (analysis.model, False)):
        if model is None:
            continue
        for bean in model["beans"]:
            beans[bean["id"]] = _place(analysis, bean["span"])
        for phase in model["phases"]:
            phases[phase["id"]] = _place(analysis, phase["span"])
        for rule in model["rules"]:
            place = _place(analysis, rule["span"])
            if rules_too:
                base_rules[rule["id"]] = place
            if rule["kind"] == "zone":
                zones[rule["params"]["zone"]] = place
            elif rule["kind"] in ("counter", "token"):  # declared: "counter harvests", "token thaler"
                counters[rule["params"][rule["kind"]]] = place
            elif isinstance(rule["params"].get("counter"), str):  # "thalers are written down"
                counters.setdefault(rule["params"]["counter"], place)
        for source in model["sources"]:
            sources.setdefault(source, _source_place(analysis, model, source))
    spec = analysis.spec
    if spec is not None:
        for source in spec.header.sources:
            sources[source.id] = Place(analysis.path, span_range(source.span))
        for item in _items(spec):
            if isinstance(item, Bean):
                beans[item.id] = Place(analysis.path, span_range(item.id_span))
            elif isinstance(item, Phase) and item.verb != "replace":
                phases[item.id] = Place(analysis.path, span_range(item.id_span))
    return Declarations(beans, phases, zones, counters, sources, base_rules)


def _items(spec: Spec) -> Iterator[Any]:
    for item in spec.items:
        yield item
        if isinstance(item, Phase):
            yield from item.entries


def _place(analysis: Analysis, span: dict | None) -> Place:
    if not span:
        return Place(analysis.path, (0, 0, 0, 0))
    line = span["line"] - 1
    return Place(analysis.path_of(span["file"]), (line, span["column"] - 1, line, span["column"] - 1))


def _source_place(analysis: Analysis, model: dict[str, Any], source: str) -> Place:
    """A source's `source` line, in the file of the rulebook that declares it."""
    for display, text in analysis.compiled.texts.items():
        for found in _SOURCE_LINE.finditer(text):
            if found.group(1) == source:
                line = text.count("\n", 0, found.start(1))
                column = found.start(1) - (text.rfind("\n", 0, found.start(1)) + 1)
                return Place(analysis.path_of(display), (line, column, line, column + len(source)))
    return Place(analysis.path, (0, 0, 0, 0))


def word_at(analysis: Analysis, line: int, column: int) -> tuple[str, Range] | None:
    if not 0 <= line < len(analysis.lines):
        return None
    for found in _WORD.finditer(analysis.lines[line]):
        if found.start() <= column <= found.end():
            return found.group(), (line, found.start(), line, found.end())
    return None


def _refs(spec: Spec) -> Iterator[Ref]:
    """Every name the document uses that must resolve, with its own span."""
    header = spec.header
    for ref in (header.extends, header.translates):
        if ref is not None:
            yield ref
    for item in _items(spec):
        yield from getattr(item, "refs", ())
        if isinstance(item, Phase) and item.placement is not None:
            yield item.placement[1]
        if isinstance(item, Bean) and item.plays_as is not None:
            yield item.plays_as.bean
    yield from (citation.source for citation in _citations(spec))


def _citations(spec: Spec) -> Iterator[Citation]:
    """Every citation of the document: of its header, and of each clause and the parts of it
    that cite on their own (says, notes, names, a card's text and abilities, `but`)."""
    yield from spec.header.provenance.citations
    for item in _items(spec):
        parts = [item, *getattr(item, "says", ()), *getattr(item, "notes", ()), *getattr(item, "names", ()),
                 *getattr(item, "contradictions", ()), *getattr(item, "abilities", ())]
        if isinstance(item, Bean):
            parts += [p for p in (item.text, item.plays_as) if p is not None]
        for part in parts:
            yield from part.provenance.citations


# ---------------------------------------------------------------------------- definition

def definition(analysis: Analysis, line: int, column: int) -> Place | None:
    """Where the name under the cursor is declared: a rule id after `replace` or `remove rule`
    in the base (across extends and translates, into shipped specs); a bean, phase, zone,
    counter or source at its declaration; the base named by `extends` at its first line."""
    spec = analysis.spec
    found = word_at(analysis, line, column)
    if found is None:
        return None
    word, _ = found
    declared = declarations(analysis)
    if spec is not None:
        header = spec.header
        restates = header.translates is not None  # a translation restates its original's items
        for ref in (header.extends, header.translates):
            if ref is not None and _contains(ref.span, line, column) and analysis.base_path is not None:
                return Place(analysis.base_path, (0, 0, 0, 0))
        for item in _items(spec):
            if isinstance(item, Removal) and _contains(item.id_span, line, column):
                table = {"rule": declared.base_rules, "bean": declared.beans, "card": declared.beans,
                         "phase": declared.phases}[item.what]
                return table.get(item.id)
            if isinstance(item, Rule) and (item.replace or restates) and item.id_span \
                    and _contains(item.id_span, line, column):
                return declared.base_rules.get(item.id)
            if isinstance(item, (Bean, Phase)) and _contains(item.id_span, line, column):
                if getattr(item, "replace", False) or getattr(item, "verb", "") == "replace" or restates:
                    base = analysis.base_model
                    table = "beans" if isinstance(item, Bean) else "phases"
                    for entry in (base or {}).get(table, []):
                        if entry["id"] == item.id:
                            return _place(analysis, entry["span"])
                return Place(analysis.path, span_range(item.id_span))
        for ref in _refs(spec):
            if _contains(ref.span, line, column):
                table = {"bean": declared.beans, "phase": declared.phases, "source": declared.sources}.get(ref.kind)
                if table is not None:
                    return table.get(ref.name)
    else:
        prefix = analysis.lines[line][:column]
        if re.match(r"^\s*(replace|remove rule)\s+[\w-]*$", prefix):
            return declared.base_rules.get(word)
    for table in (declared.beans, declared.phases, declared.zones, declared.counters):
        if word in table:
            return table[word]
    return None


def references(analysis: Analysis, line: int, column: int, include_declaration: bool = True) -> list[Place]:
    """Every place in the document that names what stands under the cursor."""
    spec = analysis.spec
    found = word_at(analysis, line, column)
    if spec is None or found is None:
        return []
    word, _ = found
    kinds = {ref.kind for ref in _refs(spec) if ref.name == word and _contains(ref.span, line, column)}
    if not kinds:
        declared = declarations(analysis)
        kinds = {kind for kind, table in (("bean", declared.beans), ("phase", declared.phases),
                                          ("source", declared.sources)) if word in table}
    out = [Place(analysis.path, span_range(ref.span)) for ref in _refs(spec) if ref.name == word and ref.kind in kinds]
    if kinds & {"bean", "phase"}:
        out += case_references(analysis.path, word)
    if include_declaration:
        target = definition(analysis, line, column)
        if target is not None:
            out.insert(0, target)
    return list(dict.fromkeys(out))  # the declaration, the document's own, then the cases


# Keys of a case file whose values are prose (a bean's name there is a word, not a name).
_PROSE = re.compile(r"^[ \t-]*(description|cite|quote|where|source|title|file|note|reason|because)\s*:")


def case_references(path: Path, word: str) -> list[Place]:
    """Where the conformance cases that run on the spec (its own and those of every spec it
    extends or translates, found where `beanrules conformance --spec` finds them) name a bean
    or phase: each line outside the prose that has the word."""
    from ..conformance.binding import _case_files, case_roots, lineage
    from ..conformance.loader import outline
    found = lineage(str(path))
    if found is None:
        return []
    me, ancestors = found
    aliases = {alias for spec in (me, *ancestors) for alias in spec.aliases}
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
    out = []
    for case_path in _case_files(case_roots([me, *ancestors])):
        if not set(outline(case_path)[0].specs) & aliases:
            continue
        try:
            lines = case_path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            continue
        for number, text in enumerate(lines):
            if _PROSE.match(text) or text.lstrip().startswith("#"):
                continue
            out += [Place(case_path.resolve(), (number, m.start(), number, m.end())) for m in pattern.finditer(text)]
    return out


# ---------------------------------------------------------------------------- hover

def hover(analysis: Analysis, line: int, column: int) -> tuple[str, Range] | None:
    """Markdown for what stands under the cursor: a citation (its quoted passage in the source
    file, when found), a bean (its beanometer and names), a rule (its core and plain English)."""
    spec = analysis.spec
    if spec is not None:
        for citation in _citations(spec):
            if _contains(citation.span, line, column) and not _contains(citation.source.span, line, column):
                return citation_hover(analysis, citation), span_range(citation.span)
    found = word_at(analysis, line, column)
    model = analysis.model or analysis.base_model
    if model is None:
        return None
    beans = {b["id"]: b for b in (analysis.base_model or {}).get("beans", [])}
    beans.update({b["id"]: b for b in model["beans"]})
    if found is not None and found[0] in beans and _names_bean(analysis, line, column, found[0]):
        return bean_hover(beans[found[0]], model), found[1]
    rule = _innermost(analysis, model["rules"], line, column)
    if rule is not None:
        text = rule_hover(rule, model)
        base = analysis.base_model
        replaced = next((r for r in (base or {}).get("rules", []) if r["id"] == rule["id"]), None)
        if replaced is not None and base is not None:
            from ..docs.english import Context, explain
            text += f"\n\nIn {replaced['origin']}: {explain(replaced, Context.of(base))}"
        return text, _clause_line(analysis, rule["span"])
    bean = _innermost(analysis, model["beans"], line, column)
    if bean is not None:
        return bean_hover(bean, model), _clause_line(analysis, bean["span"])
    return None


def _clause_line(analysis: Analysis, span: dict) -> Range:
    """The first line of a clause, from where it starts to where the line ends."""
    line = span["line"] - 1
    return (line, span["column"] - 1, line, len(analysis.lines[line].rstrip()))


def _names_bean(analysis: Analysis, line: int, column: int, word: str) -> bool:
    """Whether the word under the cursor is a bean's name there (not a zone or keyword that
    happens to be spelt like one)."""
    spec = analysis.spec
    if spec is None:
        return True
    for ref in _refs(spec):
        if ref.kind == "bean" and _contains(ref.span, line, column):
            return True
    for item in _items(spec):
        if isinstance(item, Bean) and _contains(item.id_span, line, column):
            return True
        if isinstance(item, Removal) and item.what in ("bean", "card") and _contains(item.id_span, line, column):
            return True
    return False


def _innermost(analysis: Analysis, entries: Iterable[dict], line: int, column: int) -> dict | None:
    best = None
    for entry in entries:
        span = entry.get("span")
        if not span or span["file"] != analysis.display:
            continue
        if span["line"] - 1 <= line <= _block(analysis, Span(**span))[2]:
            if best is None or _size(Span(**span)) < _size(Span(**best["span"])):
                best = entry
    return best


def rule_hover(rule: dict[str, Any], model: dict[str, Any]) -> str:
    from ..core import from_json
    from ..docs.english import Context, explain
    lines = [f"**rule `{rule['id']}`** ({rule['kind']}, from {rule['origin']})", "", explain(rule, Context.of(model))]
    if rule["core"]:
        lines += ["", "Core:"]
        lines += [f"- {from_json(statement).to_text()}" for statement in rule["core"]]
    return "\n".join(lines)


def bean_hover(bean: dict[str, Any], model: dict[str, Any]) -> str:
    names = ", ".join(f"{name} ({language})" for language, name in bean["names"].items())
    lines = [f"**bean `{bean['id']}`**: {names or bean['id']}"]
    if bean.get("count") is not None:
        lines.append(f"{bean['count']} cards")
    if bean.get("beanometer"):
        steps = ", ".join(f"{step['cards']} → {step['coins']}" for step in bean["beanometer"])
        lines.append(f"beanometer (cards → coins): {steps}")
    elif not bean.get("plantable", True):
        lines.append("not planted")
    plays_as = (bean.get("core") or {}).get("plays_as")
    if plays_as:
        lines.append(f"plays as {plays_as}")
    return "\n\n".join(lines)


def citation_hover(analysis: Analysis, citation: Citation) -> str:
    """The citation, and the passage around its quote in the source file when that is found."""
    source = citation.source.name
    model = analysis.model or analysis.base_model or {}
    about = model.get("sources", {}).get(source, {})
    for declared in analysis.spec.header.sources if analysis.spec is not None else ():
        if declared.id == source:  # the document's own, even while it does not compile
            about = {"title": declared.title, "file": declared.file}
    lines = [f"**§ {source}**: {about.get('title', source)}, “{citation.where}”"]
    if citation.quote:
        lines += ["", f"> {citation.quote}"]
    if citation.gloss:
        lines += ["", f"*{citation.gloss}*"]
    passage = _passage(analysis, about.get("file"), citation.quote)
    if passage:
        lines += ["", f"In {about['file']}:", "", "```text", passage, "```"]
    elif about.get("file"):
        lines += ["", f"(source file {about['file']} not found beside the spec)"]
    return "\n".join(lines)


def _passage(analysis: Analysis, file: str | None, quote: str | None) -> str | None:
    """The lines around a quote in its source file, looked for beside the spec and in the
    `rulebooks` folders above it (where `check --sources` is usually pointed)."""
    if not file or not quote:
        return None
    for folder in (analysis.path.parent, *analysis.path.parents):
        for candidate in (folder / file, folder / "rulebooks" / file, folder / "shared" / "rulebooks" / file):
            if candidate.is_file():
                return _around(candidate, quote)
    return None


def _around(path: Path, quote: str) -> str | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    flat = " ".join(text.split())
    needle = " ".join(quote.split())
    at = flat.find(needle)
    if at < 0:
        return None
    start, end = max(0, at - 200), min(len(flat), at + len(needle) + 200)
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


# ---------------------------------------------------------------------------- completion

@dataclass(frozen=True)
class Completion:
    label: str
    kind: str  # an lsprotocol CompletionItemKind member name
    detail: str = ""


def completions(analysis: Analysis, line: int, column: int) -> list[Completion]:
    """What may be written at the cursor: after `replace` the base's rule ids, after `§` the
    sources, where a bean or phase is named those in scope, else the grammar's keywords that
    may come next (and the names in scope)."""
    text = analysis.lines[line][:column] if line < len(analysis.lines) else ""
    prefix = re.sub(r"[A-Za-z0-9_-]*$", "", text)
    declared = declarations(analysis)
    base_rules = sorted(declared.base_rules)

    def named(table: dict[str, Place], kind: str, detail: str) -> list[Completion]:
        return [Completion(name, kind, detail) for name in sorted(table)]

    if re.search(r"§\s*$", prefix):
        return named(declared.sources, "Reference", "source")
    if re.fullmatch(r"\s*replace\s+", prefix):
        words = [Completion(w, "Keyword") for w in ("bean", "card", "phase")]
        return [Completion(rule_id, "Field", "rule of the base") for rule_id in base_rules] + words
    if re.fullmatch(r"\s*remove\s+rule\s+", prefix):
        return [Completion(rule_id, "Field", "rule of the base") for rule_id in base_rules]
    if re.fullmatch(r"\s*(remove|replace)\s+(bean|card)\s+", prefix):
        return named(declared.beans, "Class", "bean")
    if re.fullmatch(r"\s*(remove|replace)\s+phase\s+", prefix) or re.search(r"\b(in phase|before|after)\s+$", prefix):
        return named(declared.phases, "Event", "phase")
    if re.search(r"\b(use beans|remove beans|plays as)\s+([\w-]+\s*,?\s*)*$", prefix):
        return named(declared.beans, "Class", "bean")
    words = [Completion(w, "Keyword") for w in sorted(next_keywords(analysis.text, line, len(prefix)))]
    return (words + named(declared.beans, "Class", "bean") + named(declared.phases, "Event", "phase")
            + named(declared.zones, "Variable", "zone") + named(declared.counters, "Variable", "counter"))


def next_keywords(text: str, line: int, column: int) -> set[str]:
    """The keywords the grammar accepts at a position, asked of the parser itself (Lark's
    interactive LALR parser fed the text before it); every keyword when the text before has
    an error of its own."""
    from lark.exceptions import UnexpectedInput
    from ..syntax.parser import spec_parser
    lines = text.split("\n")
    before = "\n".join(lines[:line] + [lines[line][:column] if line < len(lines) else ""])
    words = _keywords()
    parser = spec_parser()
    try:
        interactive = parser.parse_interactive(before)
        try:
            interactive.exhaust_lexer()
        except UnexpectedInput as exc:
            token = getattr(exc, "token", None)
            if token is None or token.type not in ("_DEDENT", "$END", "_NL", "_INDENT"):
                return set(words.values())
        accepted = interactive.accepts()
    except Exception:  # noqa: BLE001 - the parser's own state machine: anything here means "unknown"
        return set(words.values())
    return {words[name] for name in accepted if name in words}


@cache
def _keywords() -> dict[str, str]:
    from ..syntax.parser import spec_parser
    return {t.name: t.pattern.value for t in spec_parser().terminals
            if t.pattern.type == "str" and re.fullmatch(r"[a-z][a-z-]*", t.pattern.value)}
