"""Every ``assumed`` clause a spec writes, wherever it writes it.

The rule model keeps one ``assumed`` reason per bean, rule, phase and ability; an assumption
written on a card's text, on its ``plays as``, on an effect of an ability, on a note or a
``says`` text, or a second one on the same rule, has nowhere to go there. So the consistency
report and the rulebook pages read the assumptions from the spec's syntax tree instead: one
record per ``assumed`` clause of the file, saying what it is attached to, what that states and
why it is assumed.

A spec's assumptions are those of its own file; those *in force* in a spec (its rulebook page)
add its bases' assumptions on whatever the spec still has of them (a rule or bean it replaces
or removes takes its assumptions along).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Iterator

from lark import Token, Tree

from ..resolve.loader import SpecFile, locate, read_spec
from ..resolve.to_json import default_rule_id
from ..syntax.ast import Rule, Spec
from ..syntax.bounds import unescape
from ..syntax.parser import parse_text


@dataclass(frozen=True)
class Assumption:
    spec: str      # the spec whose file writes the clause
    file: str      # that file, as messages name it
    line: int
    item: str      # the bean, card, rule, phase or header it belongs to: "rule zone-hand", "card card-13"
    what: str      # the item and the part of it: "card card-13, ability take-from-hand, effect"
    states: str    # what the assumed clause qualifies, as the spec writes it
    reason: str
    item_line: int  # the line its item starts on

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# Grammar nodes that are a part of an item, and how a part is named (None: by its first word).
_PARTS = {"bean_name": "name", "card_text": "text", "not_plantable": "cannot be planted",
          "plays_as": "plays as", "clause_note": "note", "departure": "departs", "says": "says",
          "language": "language", "extends": "extends", "translates": "translates"}
_ITEMS = {"header", "phase", "bean", "rule", "card_step", "removal"}
_NOT_AN_OWNER = {"provenance", "assumed", "assumed_clause", "section"}


def file_assumptions(spec_file: SpecFile, spec_name: str | None = None) -> list[Assumption]:
    """Every ``assumed`` clause of one spec file, in file order (none if it does not parse)."""
    ast, text, _ = read_spec(spec_file)
    if ast is None or text is None:
        return []
    tree, _ = parse_text(text, spec_file.display)
    if tree is None:
        return []
    return list(_Walk(ast, text, spec_name or ast.header.name).run(tree))


def spec_assumptions(name_or_path: str) -> list[Assumption]:
    """The assumptions a spec's own file writes (a spec given by path: that file)."""
    spec_file, _ = locate(name_or_path)
    return file_assumptions(spec_file, spec_file.name) if spec_file is not None else []


def lineage(name_or_path: str) -> list[SpecFile]:
    """The spec's file and the files of the specs it extends or translates, the spec first."""
    out: list[SpecFile] = []
    spec_file, _ = locate(name_or_path)
    while spec_file is not None and all(f.path.resolve() != spec_file.path.resolve() for f in out):
        out.append(spec_file)
        ast, _, _ = read_spec(spec_file)
        base = ast and (ast.header.extends or ast.header.translates)
        if base is None:
            break
        spec_file, _ = locate(base.name, near=spec_file.path.parent)
    return out


def assumptions_in_force(name_or_path: str, model: dict[str, Any]) -> list[Assumption]:
    """A spec's own assumptions and those of its bases on the beans, rules and phases its
    model still holds as the base wrote them (matched by file and line), bases first."""
    files = lineage(name_or_path)
    kept = {(item["span"]["file"], item["span"]["line"])
            for key in ("beans", "rules", "phases") for item in model.get(key, []) if item.get("span")}
    out: list[Assumption] = []
    for spec_file in reversed(files[1:]):
        out += [a for a in file_assumptions(spec_file, spec_file.name) if (a.file, a.item_line) in kept]
    return out + file_assumptions(files[0], files[0].name) if files else out


class _Walk:
    """One pass over a file's syntax tree, yielding an Assumption per ``assumed`` clause."""

    def __init__(self, ast: Spec, text: str, spec_name: str):
        self.ast, self.spec_name = ast, spec_name
        self.lines = text.split("\n")
        self.rules: dict[tuple[int, int], Rule] = {}
        self.beans: dict[tuple[int, int], Any] = {}
        for item in ast.items:
            for entry in (item.entries if hasattr(item, "entries") else (item,)):
                if isinstance(entry, Rule):
                    self.rules[(entry.span.line, entry.span.column)] = entry
                elif hasattr(entry, "beanometer"):
                    self.beans[(entry.span.line, entry.span.column)] = entry

    def run(self, tree: Tree) -> Iterator[Assumption]:
        yield from self._walk(tree, [])

    def _walk(self, node: Tree, ancestors: list[Tree]) -> Iterator[Assumption]:
        for child in node.children:
            if not isinstance(child, Tree):
                continue
            if child.data in ("assumed", "assumed_clause"):
                yield self._assumption(child, ancestors + [node])
            else:
                yield from self._walk(child, ancestors + [node])

    def _assumption(self, node: Tree, ancestors: list[Tree]) -> Assumption:
        owners = [a for a in ancestors if a.data not in _NOT_AN_OWNER and a.data != "start"]
        top_index = max((i for i, a in enumerate(owners) if a.data in _ITEMS), default=None)
        if top_index is None:  # nothing to attach it to: the file as a whole
            top, parts = None, []
        else:
            top, parts = owners[top_index], owners[top_index + 1:]
        owner = parts[-1] if parts else top
        item = self._item(top)
        names = [item] + [self._part(p, last=p is owner) for p in parts]
        return Assumption(
            spec=self.spec_name, file=self.ast.file, line=node.meta.line, item=item,
            what=", ".join(n for n in names if n), states=self._states(owner, top),
            reason=unescape(str(node.children[0])), item_line=(top or node).meta.line)

    # ------------------------------------------------------------ names
    def _item(self, top: Tree | None) -> str:
        if top is None or top.data == "header":
            return "header"
        name = next((str(t) for t in top.children if isinstance(t, Token) and t.type == "NAME"), "")
        if top.data in ("rule", "card_step"):
            rule = self.rules.get((top.meta.line, top.meta.column))
            return f"rule {rule.id or default_rule_id(rule)}" if rule is not None else "rule"
        if top.data == "bean":
            verb = _first_word(top)  # "bean", "card", "replace bean", "replace card"
            return f"{verb.split()[-1]} {name}"
        if top.data == "removal":
            return f"removal of {_first_word(top)} {name}"
        return f"phase {name}"

    def _part(self, part: Tree, last: bool) -> str:
        if part.data == "ability":
            name = next((str(t) for t in part.children if isinstance(t, Token) and t.type == "NAME"), None)
            return f"ability {name}" if name else "ability"
        if part.data in _PARTS:
            label = _PARTS[part.data]
            if part.data in ("bean_name", "says"):
                label += f" {part.children[0]}"
            return label
        return "effect" if last else ""  # an effect holding the one assumed: named by its words

    # ------------------------------------------------------------ what it qualifies
    def _states(self, owner: Tree | None, top: Tree | None) -> str:
        if owner is None:
            return self.ast.header.name
        if owner is top and owner.data in ("rule", "card_step"):
            rule = self.rules.get((owner.meta.line, owner.meta.column))
            if rule is not None:
                return rule.text
        if owner is top and owner.data == "bean":
            bean = self.beans.get((owner.meta.line, owner.meta.column))
            if bean is not None and bean.count is not None:
                meter = " ".join(f"{cards}:{coins}" for coins, cards in enumerate(bean.beanometer or (), 1)
                                 if cards is not None)
                return f"{bean.count} cards, beanometer (cards:coins) {meter}"
        return self._as_written(owner)

    def _as_written(self, node: Tree) -> str:
        """The node's first line from where it starts to where its citations or reason start."""
        line = self.lines[node.meta.line - 1]
        end = len(line)
        for child in node.children:
            if isinstance(child, Tree) and child.data in ("provenance", "assumed", "citation") \
                    and not getattr(child.meta, "empty", True) and child.meta.line == node.meta.line:
                end = min(end, child.meta.column - 1)
        return " ".join(line[node.meta.column - 1:end].split())


def _first_word(node: Tree) -> str:
    """The keywords a `!` rule child of the node matched (``bean_verb``: "replace card")."""
    for child in node.children:
        if isinstance(child, Tree) and child.data in ("bean_verb", "removable"):
            return " ".join(str(t) for t in child.scan_values(lambda v: isinstance(v, Token)))
    return ""
