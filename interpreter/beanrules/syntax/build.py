"""Builder: Lark syntax tree to AST (:mod:`beanrules.syntax.ast`).

One small method per statement kind turns the matched words into JSON-ready parameters.
The kind of a rule is the grammar rule's name with dashes (``plant_from_hand`` becomes
``plant-from-hand``), which is also its default id.
"""
from __future__ import annotations

from functools import cache
from typing import Any, Callable

from lark import Token, Tree

from ..diagnostics import Span
from .ast import (Ability, Bean, Citation, Contradiction, Header, Item, Phase, PlaysAs, Provenance, Ref,
                  Removal, Rule, Source, Spec, Text)
from .bounds import unescape
from .parser import spec_parser


def _span(file: str, node: Tree | Token) -> Span:
    if isinstance(node, Token):
        return Span(file, node.line or 1, node.column or 1, node.end_line or node.line or 1,
                    node.end_column or (node.column or 1) + len(node))
    meta = node.meta
    if getattr(meta, "empty", True):
        return Span(file, 1, 1, 1, 1)
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _string(token: Token) -> str:
    """A STRING token's text, with its escapes undone (syntax.bounds has checked them)."""
    return unescape(str(token))


def _words(tree: Tree) -> str:
    """The words of a `!` rule (e.g. ``owner sees``) joined by spaces."""
    return " ".join(str(t) for t in tree.scan_values(lambda v: isinstance(v, Token)))


def _tokens(children: list, *types: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type in types]


def _trees(children: list, *names: str) -> list[Tree]:
    return [c for c in children if isinstance(c, Tree) and c.data in names]


def _tree(children: list, name: str) -> Tree | None:
    found = _trees(children, name)
    return found[0] if found else None


class SpecBuilder:
    """Builds the AST of one spec file. ``text`` is needed to keep each clause's wording."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.lines = text.split("\n")

    # ------------------------------------------------------------ structure
    def build(self, tree: Tree) -> Spec:
        header = self.header(tree.children[0])
        items: list[Item] = []
        for child in tree.children[1:]:
            items.extend(self.item(child, section=None, phase=None))
        return Spec(self.file, header, tuple(items))

    def span(self, node: Tree | Token) -> Span:
        return _span(self.file, node)

    def header(self, node: Tree) -> Header:
        ref = node.children[0]
        name = self.spec_ref(ref).name
        title = next((_string(t) for t in _tokens(node.children, "STRING")), None)
        language = None
        sources, notes = [], []
        extends = translates = None
        for clause in node.children:
            if not isinstance(clause, Tree):
                continue
            if clause.data == "language":
                language = str(clause.children[0])
            elif clause.data == "source":
                strings = _tokens(clause.children, "STRING")
                names = _tokens(clause.children, "NAME")
                sources.append(Source(str(names[0]), _string(strings[0]),
                                      _string(strings[1]) if len(strings) > 1 else None,
                                      str(names[1]) if len(names) > 1 else None, self.span(clause)))
            elif clause.data == "extends":
                extends = self.spec_ref(clause.children[0])
            elif clause.data == "translates":
                translates = self.spec_ref(clause.children[0])
            elif clause.data == "clause_note":
                notes.append(self.note(clause))
        return Header(name, title, language, tuple(sources), extends, translates, tuple(notes),
                      self.provenance(_tree(node.children, "provenance")), self.span(node))

    def spec_ref(self, node: Tree) -> Ref:
        return Ref("rule", "/".join(str(t) for t in node.children), self.span(node))

    def item(self, node: Tree, section: str | None, phase: str | None) -> list[Item]:
        if node.data == "section":
            name = _words(node.children[0])
            out: list[Item] = []
            for entry in node.children[1:]:
                out.extend(self.item(entry, section=name, phase=phase))
            return out
        if node.data == "phase":
            return [self.phase(node, section)]
        if node.data == "bean":
            return [self.bean(node, section)]
        if node.data == "removal":
            what = _words(node.children[0])
            name = _tokens(node.children, "NAME")[0]
            return [Removal(what, str(name), self.provenance(_tree(node.children, "provenance")),
                            self.span(node), self.span(name))]
        if node.data == "rule":
            return [self.rule(node, section, phase)]
        if node.data == "card_step":
            return [self.card_step(node, section, phase)]
        if node.data == "round_step":
            return [self.round_step(node, section, phase)]
        raise AssertionError(f"unexpected item {node.data}")  # the grammar allows no other

    def phase(self, node: Tree, section: str | None) -> Phase:
        verb_words = _words(node.children[0]).split()
        verb = "phase" if verb_words == ["phase"] else verb_words[0]
        name = _tokens(node.children, "NAME")[0]
        title = next((_string(t) for t in _tokens(node.children, "STRING")), None)
        placement = None
        place = _tree(node.children, "placement")
        if place is not None:
            target = _tokens(place.children, "NAME")[0]
            placement = (_words(place.children[0]), Ref("phase", str(target), self.span(target)))
        entries: list[Any] = []
        for child in node.children:
            if isinstance(child, Tree) and child.data in ("rule", "bean", "removal", "card_step", "round_step"):
                entries.extend(self.item(child, section=section, phase=str(name)))
        return Phase(verb, str(name), title, placement, tuple(entries),
                     self.provenance(_tree(node.children, "provenance")), self.span(node),
                     self.span(name))

    def bean(self, node: Tree, section: str | None) -> Bean:
        verb = _words(node.children[0])
        name = _tokens(node.children, "NAME")[0]
        title = next((_string(t) for t in _tokens(node.children, "STRING")), None)
        counts = _tokens(node.children, "INT")
        count = int(counts[0]) if counts else None
        meter = _tree(node.children, "beanometer")
        beanometer = None
        if meter is not None:
            beanometer = tuple(None if str(step.children[0]) == "-" else int(step.children[0])
                               for step in meter.children)
        provenance = self.provenance(_tree(node.children, "provenance"))
        names, notes, abilities, contradictions = [], [], [], []
        text, plays_as = None, None
        plantable = True
        for clause in node.children:
            if not isinstance(clause, Tree):
                continue
            if clause.data == "bean_name":
                names.append(self.text(clause))
            elif clause.data == "card_text":
                text = Text("", _string(clause.children[0]),
                            self.provenance(_tree(clause.children, "provenance")), self.span(clause))
            elif clause.data == "not_plantable":
                plantable = False
            elif clause.data == "plays_as":
                bean_name = clause.children[0]
                plays_as = PlaysAs(Ref("bean", str(bean_name), self.span(bean_name)),
                                   self.provenance(_tree(clause.children, "provenance")), self.span(clause))
            elif clause.data == "ability":
                abilities.append(self.ability(clause))
            elif clause.data in ("cite_clause", "assumed_clause"):
                provenance = provenance.merged(self.clause_provenance(clause))
            elif clause.data == "clause_note":
                notes.append(self.note(clause))
            elif clause.data in ("contradiction", "departure"):
                contradictions.append(self.contradiction(clause))
        return Bean(verb.startswith("replace"), str(name), title, count, beanometer, tuple(names),
                    text, plantable, tuple(abilities), provenance, tuple(notes), self.span(node),
                    section, self.span(name), tuple(contradictions), plays_as)

    def rule(self, node: Tree, section: str | None, phase: str | None) -> Rule:
        statement = next(c for c in node.children
                         if isinstance(c, Tree) and c.data not in ("rule_id", "provenance") and
                         c.data not in _CLAUSES)
        kind, params, refs = self.statement(statement)
        return self._rule(node, kind, params, refs, self.wording(statement), section, phase, statement)

    def card_step(self, node: Tree, section: str | None, phase: str | None) -> Rule:
        """A rule's own step when something happens to a card: a rule of kind ``card-step``
        whose params hold the event, the bean (None: any card), the condition and the effects
        written under it (as under an ability); its other clauses are a rule's."""
        rule_id = _tree(node.children, "rule_id")
        bean = next((t for t in _tokens(node.children, "NAME")), None)
        cond = _tree(node.children, "conditions")
        params = {"condition": self.conditions(cond) if cond is not None else None,
                  "effects": [self.effect(c) for c in node.children if isinstance(c, Tree) and c.data in alternatives("effect")]}
        begins = _tree(node.children, "phase_begins") is not None  # a phase's own step (kind phase-step)
        if not begins:
            traded = _tree(node.children, "trade_event") is not None  # each player who gives cards in a trade
            params = {"event": "given" if traded else _words(_tree(node.children, "step_event")),
                      "bean": str(bean) if bean else None, **params}
        refs = [Ref("bean", str(bean), self.span(bean))] if bean else []
        # the wording is the header line from "when" (or "at") to its colon (the effects follow below)
        line = self.lines[node.meta.line - 1]
        start = line.index("at" if begins else "when",
                           (rule_id.meta.end_column - 1) if rule_id is not None else node.meta.column - 1)
        text = " ".join(line[start:line.index(":", start) + 1].split())
        return self._rule(node, "phase-step" if begins else "card-step", params, refs, text, section, phase, None)

    def round_step(self, node: Tree, section: str | None, phase: str | None) -> Rule:
        """A rule's own step when a round begins (or the game ends): a rule of kind ``round-step``
        (``end-step``) whose params hold the condition and the effects written under it."""
        rule_id = _tree(node.children, "rule_id")
        cond = _tree(node.children, "conditions")
        params = {"condition": self.conditions(cond) if cond is not None else None,
                  "effects": [self.effect(c) for c in node.children if isinstance(c, Tree) and c.data in alternatives("effect")]}
        line = self.lines[node.meta.line - 1]
        start = line.index("at", (rule_id.meta.end_column - 1) if rule_id is not None else node.meta.column - 1)
        text = " ".join(line[start:line.index(":", start) + 1].split())
        kind = "end-step" if _tree(node.children, "game_ends") is not None else "round-step"
        return self._rule(node, kind, params, [], text, section, phase, None)

    def _rule(self, node: Tree, kind: str, params: dict[str, Any], refs: list[Ref], text: str,
              section: str | None, phase: str | None, statement: Tree | None) -> Rule:
        """A rule with its id, citations and the clauses indented under it."""
        rule_id = _tree(node.children, "rule_id")
        provenance = self.provenance(_tree(node.children, "provenance"))
        says, notes, contradictions = [], [], []
        for clause in node.children:
            if not isinstance(clause, Tree):
                continue
            if clause.data in ("cite_clause", "assumed_clause"):
                provenance = provenance.merged(self.clause_provenance(clause))
            elif clause.data == "says":
                says.append(self.text(clause))
            elif clause.data == "clause_note":
                notes.append(self.note(clause))
            elif clause.data in ("contradiction", "departure"):
                contradictions.append(self.contradiction(clause))
        id_token = _tokens(rule_id.children, "NAME")[0] if rule_id is not None else None
        replace = rule_id is not None and self.lines[rule_id.meta.line - 1][rule_id.meta.column - 1:].startswith("replace")
        if kind == "note" and statement is not None:
            notes.insert(0, Text("", params["text"], provenance, self.span(statement)))
        return Rule(str(id_token) if id_token else None, replace, kind, params, tuple(refs),
                    text, tuple(says), tuple(notes), provenance,
                    self.span(node), section, phase, self.span(id_token) if id_token else None,
                    tuple(contradictions))

    def wording(self, statement: Tree) -> str:
        """The statement exactly as written, for generated rules text."""
        meta = statement.meta
        if meta.line != meta.end_line:
            return " ".join(self.lines[meta.line - 1][meta.column - 1:].split())
        return " ".join(self.lines[meta.line - 1][meta.column - 1:meta.end_column - 1].split())

    # ------------------------------------------------------------ provenance and texts
    def provenance(self, node: Tree | None) -> Provenance:
        if node is None:
            return Provenance()
        citations, assumed = [], None
        for child in node.children:
            if child.data == "citation":
                citations.append(self.citation(child))
            elif child.data == "assumed":
                assumed = _string(child.children[0])
        return Provenance(tuple(citations), assumed)

    def clause_provenance(self, clause: Tree) -> Provenance:
        if clause.data == "assumed_clause":
            return Provenance((), _string(clause.children[0]))
        return Provenance(tuple(self.citation(c) for c in clause.children if isinstance(c, Tree)))

    def citation(self, node: Tree) -> Citation:
        source = node.children[0]
        strings = _tokens(node.children, "STRING")
        glosses = [_string(c.children[0]) for c in node.children if isinstance(c, Tree) and c.data == "gloss"]
        return Citation(Ref("source", str(source), self.span(source)), _string(strings[0]),
                        _string(strings[1]) if len(strings) > 1 else None, self.span(node),
                        glosses[0] if glosses else None)

    def text(self, node: Tree) -> Text:
        language, string = node.children[0], node.children[1]
        return Text(str(language), _string(string),
                    self.provenance(_tree(node.children, "provenance")), self.span(node))

    def contradiction(self, node: Tree) -> Contradiction:
        if node.data == "contradiction":
            citations = tuple(self.citation(c) for c in node.children if isinstance(c, Tree))
            return Contradiction("but", None, Provenance(citations), self.span(node))
        return Contradiction("departs", _string(node.children[0]),
                             self.provenance(_tree(node.children, "provenance")), self.span(node))

    def note(self, node: Tree) -> Text:
        return Text("", _string(node.children[0]),
                    self.provenance(_tree(node.children, "provenance")), self.span(node))

    # ------------------------------------------------------------ statements
    def statement(self, node: Tree) -> tuple[str, dict[str, Any], list[Ref]]:
        method: Callable[[Tree], tuple[dict[str, Any], list[Ref]]] | None = getattr(
            self, "st_" + node.data, None)
        kind = _KIND_OF.get(node.data, node.data.replace("_", "-"))
        if method is None:  # a statement with no parameters
            return kind, {}, []
        params, refs = method(node)
        return kind, params, refs

    def ints(self, node: Tree) -> list[int]:
        return [int(t) for t in _tokens(node.children, "INT")]

    def bean_refs(self, node: Tree) -> list[Ref]:
        return [Ref("bean", str(t), self.span(t)) for t in _tokens(node.children, "NAME")]

    def player_cond(self, node: Tree | None) -> list[int] | None:
        if node is None:
            return None
        numbers = self.ints(node)
        return [numbers[0], numbers[-1]]

    def cases(self, nodes: list[Tree], value: Callable[[Tree], Any]) -> Any:
        """A value that may differ by player count: plain, or {"by_players": [...]}."""
        cases = []
        for node in nodes:
            players = self.player_cond(_tree(node.children, "player_cond"))
            if players is None and _tokens(node.children, "OTHERWISE"):
                players = "otherwise"
            cases.append({"players": players, "value": value(node)})
        if len(cases) == 1 and cases[0]["players"] is None:
            return cases[0]["value"]
        return {"by_players": cases}

    def st_zone(self, node: Tree) -> tuple[dict, list]:
        return {"zone": _words(_tree(node.children, "zone_name")),
                "per_player": _tree(node.children, "per_player") is not None,
                "visibility": _words(_tree(node.children, "visibility")).replace(" ", "-")}, []

    def st_zone_of_kind(self, node: Tree) -> tuple[dict, list]:
        order = _tree(node.children, "zone_order")
        return {"zone": str(_tokens(node.children, "NAME")[0]), "kind": _words(_tree(node.children, "zone_kind")),
                "per_player": _tree(node.children, "per_player") is not None,
                "visibility": _words(_tree(node.children, "visibility")).replace(" ", "-"),
                # only where written, so that the models of existing specs keep their hash
                **({"order": _words(order).replace(" ", "-")} if order is not None else {})}, []

    def st_permit_zone(self, node: Tree) -> tuple[dict, list]:
        words = [str(t) for t in node.children if isinstance(t, Token)]
        found = _tree(node.children, "conditions")
        return {"who": "any-player" if words[0] == "any" else "active-player",
                "action": "plant" if "plant" in words else "harvest",
                "zone": str(_tokens(node.children, "NAME")[0]),
                "condition": self.conditions(found) if found is not None else None}, []

    def st_permit_move(self, node: Tree) -> tuple[dict, list]:
        source, dest = (self.place(p) for p in node.children if isinstance(p, Tree) and p.data in alternatives("place"))
        found = _tree(node.children, "conditions")
        words = [str(t) for t in node.children if isinstance(t, Token)]
        return {**({"who": "any-player"} if words[0] == "any" else {}),  # only where written: the hash stays
                "count": self.ints(node)[0], "from": source, "to": dest,
                "once_per_turn": _tree(node.children, "once_a_turn") is not None,
                "condition": self.conditions(found) if found is not None else None}, []

    def st_players(self, node: Tree) -> tuple[dict, list]:
        numbers = self.ints(node)
        return {"min": numbers[0], "max": numbers[-1]}, []

    def _bean_cases(self, node: Tree) -> tuple[dict, list]:
        nodes = _trees(node.children, "bean_case")
        refs = [r for n in nodes for r in self.bean_refs(n)]
        return {"beans": self.cases(nodes, lambda n: [str(t) for t in _tokens(n.children, "NAME")])}, refs

    st_use_beans = _bean_cases
    st_remove_beans = _bean_cases

    def _int_cases(self, node: Tree, key: str, case_name: str = "int_case") -> tuple[dict, list]:
        return {key: self.cases(_trees(node.children, case_name), lambda n: self.ints(n)[0])}, []

    def st_fields(self, node: Tree) -> tuple[dict, list]:
        return self._int_cases(node, "count")

    def st_buy_field(self, node: Tree) -> tuple[dict, list]:
        params, _ = self._int_cases(node, "cost", "coin_case")
        limit = self.ints(node)  # only "up to N fields" is a number of the statement itself
        params["max_fields"] = limit[0] if limit else None
        return params, []

    def st_start_player(self, node: Tree) -> tuple[dict, list]:
        return {"how": _words(_tree(node.children, "start_how")).replace(" ", "-"),
                "keeps_card": _tree(node.children, "keeps_card") is not None}, []

    def st_deal(self, node: Tree) -> tuple[dict, list]:
        def value(case: Tree) -> Any:
            numbers = self.ints(case)  # the player condition's numbers lie in its own subtree
            # "by seat 3 4 5 6": the last number goes on for every further seat
            if self.lines[case.meta.line - 1][case.meta.column - 1:].startswith("by"):
                return {"by_seat": numbers}
            return numbers[0]
        return {"count": self.cases(_trees(node.children, "deal_case"), value)}, []

    def st_hand_limit(self, node: Tree) -> tuple[dict, list]:
        return {"max": self.ints(node)[0]}, []

    def st_turn_order(self, node: Tree) -> tuple[dict, list]:
        return {"direction": _words(_tree(node.children, "direction"))}, []

    def st_note(self, node: Tree) -> tuple[dict, list]:
        return {"text": _string(node.children[0])}, []

    def st_plant_from_hand(self, node: Tree) -> tuple[dict, list]:
        numbers = self.ints(node)
        return {"from": "front", "min": numbers[0], "max": numbers[-1]}, []

    def st_discard_from_hand(self, node: Tree) -> tuple[dict, list]:
        numbers = self.ints(node)
        front = any(isinstance(c, Tree) and c.data == "front_of" for c in node.children)
        at_will = _tree(node.children, "at_will") is not None  # "any number": no bound a turn
        params = {"from": "front" if front else "any", "max": None if at_will else numbers[0] if numbers else 1}
        if _tree(node.children, "keep_last") is not None:  # the last card waits for a first plant
            params["keep_last"] = True
        return params, []

    def st_discard_pending(self, node: Tree) -> tuple[dict, list]:
        return {"zone": _words(_tree(node.children, "zone_name"))}, []

    def st_reveal(self, node: Tree) -> tuple[dict, list]:
        return {"count": self.ints(node)[0], "to": "offer"}, []

    def st_pull_matching(self, node: Tree) -> tuple[dict, list]:
        first = _tree(node.children, "first_reveal")
        numbers = self.ints(node)
        params: dict[str, Any] = {"from": "discard", "reveal_more_if_none": numbers[0] if numbers else 0}
        if first is not None:  # the cards turned up in the same step
            params["reveal"] = self.ints(first)[0]
        if _tree(node.children, "before_reshuffle") is not None:
            params["before_reshuffle"] = True
        if _tree(node.children, "may") is not None:  # the active player decides
            params["more_optional"] = True
        return params, []

    def st_untradeable(self, node: Tree) -> tuple[dict, list]:
        return {"zone": _words(_tree(node.children, "zone_name"))}, []

    def st_plant_pending(self, node: Tree) -> tuple[dict, list]:
        who = _words(_tree(node.children, "who"))
        return {"who": "everyone" if who == "everyone" else "active",
                "zone": _words(_tree(node.children, "zone_name")), "order": "any"}, []

    def st_plant_pending_optional(self, node: Tree) -> tuple[dict, list]:
        # "active player may plant offer cards in any order": what is not planted stays
        return {"who": "active", "zone": _words(_tree(node.children, "zone_name")), "order": "any",
                "optional": True}, []

    def st_draw(self, node: Tree) -> tuple[dict, list]:
        who = _words(_tree(node.children, "who_draws"))
        count: Any = self.ints(node)[0]
        cases = _trees(node.children, "draw_case")
        if cases:  # the first count holds for every player count no case names
            count = {"by_players": [{"players": self.player_cond(_tree(c.children, "player_cond")),
                                     "value": self.ints(c)[0]} for c in cases]
                     + [{"players": "otherwise", "value": count}]}
        return {"count": count, "who": "active" if who == "draw" else "each-player", "to": "back"}, []

    def st_draw_one_at_a_time(self, node: Tree) -> tuple[dict, list]:
        # "may draw up to": the player may stop before the count; "draws": the count is owed
        params: dict[str, Any] = {"count": self.ints(node)[0], "to": "back"}
        if _tree(node.children, "may_draw_up_to") is not None:
            params["optional"] = True
        return params, []

    def st_harvest_any_time(self, node: Tree) -> tuple[dict, list]:
        return {"when": "any-time", "except_phases": []}, []

    def st_harvest_own_turn(self, node: Tree) -> tuple[dict, list]:
        refs = [Ref("phase", str(t), self.span(t)) for t in _tokens(node.children, "NAME")]
        return {"when": "own-turn", "except_phases": [r.name for r in refs]}, refs

    def st_payout(self, node: Tree) -> tuple[dict, list]:
        return {"card": _words(_tree(node.children, "card_end"))}, []

    def st_coin_source(self, node: Tree) -> tuple[dict, list]:
        counter = _tokens(node.children, "NAME")
        if counter:  # "coins are written down as thalers": every harvested card to the discard
            return {"from": "points", "rest_to_discard": True, "counter": str(counter[0])}, []
        source = _words(_tree(node.children, "coin_from")).replace(" ", "-")
        return {"from": source, "rest_to_discard": _tree(node.children, "rest_to_discard") is not None}, []

    def st_protection(self, node: Tree) -> tuple[dict, list]:
        params = {"single": 1, "while_other_field_has_more_than": self.ints(node)[0]}
        if _tree(node.children, "or_empty") is not None:  # also while another field is empty
            params["or_empty"] = True
        return params, []

    def st_end_on_exhaustion(self, node: Tree) -> tuple[dict, list]:
        return self._int_cases(node, "count", "times_case")

    def st_end_on_target(self, node: Tree) -> tuple[dict, list]:
        params: dict[str, Any] = {"coins": self.ints(node)[0]}
        counter = _tokens(node.children, "NAME")
        if counter:  # a counter (thalers written down) instead of coin cards
            params["counter"] = str(counter[0])
        if _tree(node.children, "target_wins") is not None:
            params["wins"] = True
        return params, []

    def st_winner(self, node: Tree) -> tuple[dict, list]:
        counter = _tokens(node.children, "NAME")
        return ({"counter": str(counter[0])} if counter else {}), []

    def st_end_finish(self, node: Tree) -> tuple[dict, list]:
        names = _tokens(node.children, "NAME")
        refs = [Ref("phase", str(t), self.span(t)) for t in names]
        return {"during": str(names[0]), "finish": [str(t) for t in names[1:]]}, refs

    def st_final_harvest_all(self, node: Tree) -> tuple[dict, list]:
        return {"fields": "all"}, []

    def st_final_harvest_paying(self, node: Tree) -> tuple[dict, list]:
        return {"fields": "paying"}, []

    def st_final_harvest_others(self, node: Tree) -> tuple[dict, list]:
        return {"fields": "paying", "who": "others"}, []

    def st_hand_score(self, node: Tree) -> tuple[dict, list]:
        return {"per_card": self.ints(node)[0]}, []

    def st_tie_farthest_seat(self, node: Tree) -> tuple[dict, list]:
        return {"by": "seat-distance-from-start", "direction": "clockwise"}, []

    def st_tie_most_hand_cards(self, node: Tree) -> tuple[dict, list]:
        return {"by": "most-hand-cards"}, []

    def st_tie_shared(self, node: Tree) -> tuple[dict, list]:
        return {"by": "shared"}, []

    def st_token(self, node: Tree) -> tuple[dict, list]:
        strings = _tokens(node.children, "STRING")
        return {"token": str(_tokens(node.children, "NAME")[0]),
                "title": _string(strings[0]) if strings else None,
                "holder": "start-player" if _tree(node.children, "token_start") is not None else None}, []

    def st_counter(self, node: Tree) -> tuple[dict, list]:
        strings, start = _tokens(node.children, "STRING"), self.ints(node)
        return {"counter": str(_tokens(node.children, "NAME")[0]),
                "title": _string(strings[0]) if strings else None,
                "per_player": _tree(node.children, "per_player") is not None,
                "start": start[0] if start else 0}, []

    def st_forbid_while(self, node: Tree) -> tuple[dict, list]:
        return {"actions": _actions(node), "condition": self.conditions(_tree(node.children, "conditions"))}, []

    def st_permit_harvest(self, node: Tree) -> tuple[dict, list]:
        return {"condition": self.conditions(_tree(node.children, "conditions"))}, []

    def st_token_draw(self, node: Tree) -> tuple[dict, list]:
        return {"token": str(_tokens(node.children, "NAME")[0]), "more": self.ints(node)[0]}, []

    def st_token_takeover(self, node: Tree) -> tuple[dict, list]:
        params, _ = self._int_cases(node, "worth", "coin_case")
        resist = _tree(node.children, "takeover_resist")
        refs = [Ref("bean", str(t), self.span(t)) for t in _tokens(resist.children, "NAME")] if resist else []
        return {"token": str(_tokens(node.children, "NAME")[0]), **params,
                "resist": {"stops": refs[0].name} if refs else None}, refs

    def st_tie_token_holder(self, node: Tree) -> tuple[dict, list]:
        return {"by": "token-holder", "token": str(_tokens(node.children, "NAME")[0])}, []

    # ------------------------------------------------------------ the effect language
    def ability(self, node: Tree) -> Ability:
        names = _tokens(node.children, "NAME")
        strings = _tokens(node.children, "STRING")
        triggers = []
        for child in node.children:
            if isinstance(child, Tree) and child.data in alternatives("trigger"):
                trigger: dict[str, Any] = {"on": child.data.replace("_", "-")}
                if child.data == "in_phase":
                    trigger["phase"] = str(child.children[0])
                if child.data == "when_harvested":
                    ints = self.ints(child)
                    trigger["cards"] = ints[0] if ints else None
                if child.data == "once_per_turn" and child.children:  # "per field|player|card"
                    trigger["per"] = _words(child.children[0]).split()[-1]
                if child.data == "when_player_acts":
                    trigger["who"] = _words(_tree(child.children, "acting_player")).split()[0]
                    trigger["event"] = {"plants": "planted", "harvests": "harvested"}[
                        _words(_tree(child.children, "player_act"))]
                triggers.append(trigger)
        effects = tuple(self.effect(c) for c in node.children
                        if isinstance(c, Tree) and c.data in alternatives("effect"))
        return Ability(str(names[0]) if names else None, _string(strings[0]) if strings else None,
                       tuple(triggers), effects,
                       self.provenance(_tree(node.children, "provenance")), self.span(node))

    def place(self, node: Tree) -> dict[str, Any]:
        if node.data in ("this_field", "named_field"):  # a field the ability is on, or one chosen before
            name = "field" if node.data == "this_field" else str(node.children[0])
            return {"owner": None, "zone": "field", "end": None, "bound": name}
        owner = _tree(node.children, "owner")
        end = _tree(node.children, "end")
        zone = str(_tokens(node.children, "NAME")[0]) if node.data == "declared_place" \
            else _words(_tree(node.children, "zone_name"))
        return {"owner": _words(owner).replace(" ", "-") if owner else None,
                "zone": zone,
                "end": _words(end) if end else None}

    def amount(self, node: Tree) -> Any:
        inner = node.children[0]
        if isinstance(inner, Token):
            return int(inner)
        if inner.data == "up_to":
            return {"up_to": int(inner.children[0])}
        if inner.data == "each_type":
            return "one-of-each-type"
        return _words(inner)

    def effect(self, node: Tree) -> dict[str, Any]:
        places = [self.place(p) for p in node.children if isinstance(p, Tree) and p.data in alternatives("place")]
        kind = node.data.replace("effect_", "")
        out: dict[str, Any] = {"do": kind}
        amount = _tree(node.children, "amount")
        if kind == "move":
            out["amount"] = self.amount(amount)
            out["from"], out["to"] = places
        elif kind == "choose":
            out["name"] = str(_tokens(node.children, "NAME")[0])
            out["from"] = places[0]
            # only where written, so that the models of existing specs keep their hash
            chooser = _tree(node.children, "chooser")
            if chooser is not None:
                out["chooser"] = _words(chooser).split()[0]
            of_type = _tree(node.children, "of_type")
            if of_type is not None:
                out["is"] = str(of_type.children[0])
        elif kind in ("look", "reorder", "harvest", "reverse"):
            out["at"] = places[0]
            if kind in ("look", "reorder") and amount is not None:
                out["amount"] = self.amount(amount)
        elif kind == "shuffle":
            out["from"] = places[0]
            if len(places) > 1:
                out["to"] = places[1]
        elif kind == "swap":
            out["at"], out["with"] = places
        elif kind == "opponent_plants":
            out["do"] = "opponent-plants"
            out["amount"] = self.amount(amount)
            out["from"] = places[0]
        elif kind == "move_chosen":
            out["do"] = "move-chosen"
            out["name"] = str(_tokens(node.children, "NAME")[0])
            out["to"] = places[0]
        elif kind == "only_if":
            out["do"] = "only-if"
            out["condition"] = self.conditions(_tree(node.children, "conditions"))
        elif kind == "gain":
            out["coins"] = self.ints(node)[0]
        elif kind == "if":
            out["condition"] = self.conditions(_tree(node.children, "conditions"))
            out["then"] = [self.effect(c) for c in node.children
                           if isinstance(c, Tree) and c.data in alternatives("effect")]
            otherwise = _tree(node.children, "else_block")
            out["else"] = [self.effect(c) for c in otherwise.children] if otherwise else []
        elif kind in ("repeat", "for_chosen"):
            out["do"] = kind.replace("_", "-")
            half = _tree(node.children, "repeat_half")
            if half is not None:  # "repeat half of count of PLACE times"
                out["half_of"] = self.place(next(c for c in half.children if isinstance(c, Tree) and c.data in alternatives("place")))
            else:
                out["most" if kind == "for_chosen" else "times"] = self.ints(node)[0]
            out["effects"] = [self.effect(c) for c in node.children
                              if isinstance(c, Tree) and c.data in alternatives("effect")]
        elif kind == "plant":
            out["name"] = str(_tokens(node.children, "NAME")[0])
        elif kind in ("add_field", "discard_this"):
            out["do"] = kind.replace("_", "-")
        elif kind == "lasting":
            out.update(_lasting(node))
        elif kind == "add_to_counter":  # "add 1 to own harvests"; no owner: the table's counter
            owner = _tree(node.children, "owner")
            out.update({"do": "add-to-counter", "amount": self.ints(node)[0],
                        "counter": str(_tokens(node.children, "NAME")[0]),
                        "owner": _words(owner).replace(" ", "-") if owner else None})
        elif kind in ("pay", "take"):  # coins (or a counter) that change hands
            out.update(_payment(node))
        elif kind == "auction":  # the lot's place, how the bids come, and what follows
            resource = _words(_tree(node.children, "resource"))
            otherwise = _tree(node.children, "else_block")
            out.update({"from": places[0], "resource": "coins" if resource in ("coin", "coins") else resource,
                        "sealed": _words(_tree(node.children, "auction_kind")) == "sealed",
                        **_bidding(node),
                        "effects": [self.effect(c) for c in node.children if isinstance(c, Tree) and c.data in alternatives("effect")],
                        "else": [self.effect(c) for c in otherwise.children] if otherwise else []})
        elif kind in ("lasting_card", "lasting_open"):  # a constraint on one chosen card, a zone laid open
            out["do"] = "lasting"
            out.update(_lasting_time(node))
            if kind == "lasting_card":
                out["card"] = str(_tokens(node.children, "NAME")[0])
            else:
                out["who"] = _words(_tree(node.children, "lasting_who")).replace(" ", "-")
                out["open"] = _words(_tree(node.children, "zone_name"))
        else:  # an effect with no branch of its own: read from its words
            out = self.effect_words(node, places, amount)
        return out

    def effect_words(self, node: Tree, places: list[dict[str, Any]], amount: Tree | None) -> dict[str, Any]:
        """An effect read from its words alone, as `test` reads a condition: {"do": do_of(its
        alternative), "amount": its amount, its places ("at" for one, "from" and "to" for two),
        "name": its first NAME, "count": its number, "owner": its owner word, "condition": its
        condition, "effects": the effects indented under it}. A new effect of that shape needs
        no branch in `effect`."""
        out: dict[str, Any] = {"do": do_of(node.data)}
        if amount is not None:
            out["amount"] = self.amount(amount)
        if len(places) == 1:
            out["at"] = places[0]
        elif places:
            out["from"], out["to"] = places[0], places[-1]
        names, ints, owner = _tokens(node.children, "NAME"), self.ints(node), _tree(node.children, "owner")
        if names:
            out["name"] = str(names[0])
        if ints:
            out["count"] = ints[0]
        if owner is not None:
            out["owner"] = _words(owner).replace(" ", "-")
        cond = _tree(node.children, "conditions")
        if cond is not None:
            out["condition"] = self.conditions(cond)
        body = [self.effect(c) for c in node.children if isinstance(c, Tree) and c.data in alternatives("effect")]
        if body:
            out["effects"] = body
        return out

    def conditions(self, node: Tree) -> dict[str, Any]:
        """A condition as written, wherever it is (an `if`, an `only if`, a step's `, if`, a rule
        by condition): one test, tests joined by "and" ({"test": "all", "of": [...]}), or
        alternatives joined by "or" ({"test": "any", "of": [...]}; "and" binds closer)."""
        ways = [self._all_of(group) for group in _trees(node.children, "condition_all")]
        return ways[0] if len(ways) == 1 else {"test": "any", "of": ways}

    def _all_of(self, node: Tree) -> dict[str, Any]:
        tests = [self.test(c) for c in node.children if isinstance(c, Tree) and c.data in alternatives("condition")]
        return tests[0] if len(tests) == 1 else {"test": "all", "of": tests}

    def test(self, cond: Tree) -> dict[str, Any]:
        """One test of a condition, read from its words alone: {"test": its alternative's name
        without ``cond_`` (test_of), "name": its first NAME, "place": its place ("this field":
        the field the ability lies on, or the action is about), "compare" and "value": its
        comparison and number, "owner": its owner word}. A new test of that shape needs no
        builder."""
        test: dict[str, Any] = {"test": test_of(cond.data)}
        names, ints = _tokens(cond.children, "NAME"), self.ints(cond)
        compare = _tree(cond.children, "compare")
        place = next((c for c in cond.children if isinstance(c, Tree) and c.data in alternatives("place")), None)
        owner = _tree(cond.children, "owner")
        if names:
            test["name"] = str(names[0])
        if place is not None:
            test["place"] = self.place(place)
        if compare is not None:
            test["compare"], test["value"] = _words(compare), ints[0]
        if owner is not None:
            test["owner"] = _words(owner).replace(" ", "-")
        return test


_CLAUSES = {"cite_clause", "assumed_clause", "says", "clause_note", "contradiction", "departure"}
# Grammar alternatives that are one kind of rule with different parameters.
_KIND_OF = {"final_harvest_all": "final-harvest", "final_harvest_paying": "final-harvest",
            "plant_pending_optional": "plant-pending",
            "final_harvest_others": "final-harvest"}

# The effects whose `do` is not their alternative's name (do_of): a take is a payment the other
# way, a constraint on a card and a zone laid open are lasting constraints.
_DO_OF = {"take": "pay", "lasting_card": "lasting", "lasting_open": "lasting"}


def do_of(alternative: str) -> str:
    """The `do` of an effect of the rule model, from the grammar's alternative that says it
    (``effect_if`` is ``if``, ``move_chosen`` is ``move-chosen``)."""
    return _DO_OF.get(alternative) or alternative.removeprefix("effect_").replace("_", "-")


def effect_kinds() -> tuple[str, ...]:
    """Every `do` an effect of the rule model may have (the schema's ``$defs/effect``), in the
    order of the grammar's alternatives' names."""
    return tuple(sorted({do_of(a) for a in alternatives("effect")}))


def test_of(alternative: str) -> str:
    """The `test` of one test of a condition, from the grammar's alternative that says it
    (``cond_not_own_turn`` is ``not-own-turn``)."""
    return alternative.removeprefix("cond_").replace("_", "-")


JOINS = ("all", "any")
"""The tests that join others (their `of`): "and" and "or"."""


def condition_tests() -> tuple[str, ...]:
    """Every `test` a condition of the rule model may have (the schema's ``$defs/condition``;
    desugar/conditions.py's ``TESTS`` reads each): the grammar's alternatives of `condition`
    and the two joins, sorted."""
    return tuple(sorted({test_of(a) for a in alternatives("condition")} | set(JOINS)))


@cache
def alternatives(rule: str) -> frozenset[str]:
    """The names of the trees the grammar's `rule` builds: each alternative's alias, or the rule's
    own name, and through an inlined rule (``?effect``) the trees of the rule it stands for. Read
    from the grammar, so a new alternative of an effect, a condition, a trigger or a place is known
    to the builder without a list kept here."""
    rules = spec_parser().rules
    found: set[str] = set()
    for r in rules:
        if r.origin.name != rule:
            continue
        if r.alias:
            found.add(str(r.alias))
        elif r.options.expand1 and len(r.expansion) == 1 and not r.expansion[0].is_term:
            found |= alternatives(r.expansion[0].name)
        else:
            found.add(rule)
    return frozenset(found)


def _payer(node: Tree | None) -> str | None:
    """Who pays or is paid, as the effect says it: an owner word (``each-opponent``), ``bank``,
    or a name bound before (``winner``); None: not said (the card's owner)."""
    if node is None:
        return None
    inner = node.children[0]
    if isinstance(inner, Token):
        return str(inner)
    return "bank" if inner.data == "bank" else _words(inner).replace(" ", "-")


_TIES = {"tie_to_nobody": "nobody", "tie_to_first": "turn-order", "tie_to_most_hand_cards": "hand",
         "tie_to_holder": "holder"}


def _bidding(node: Tree) -> dict[str, Any]:
    """Who bids in an auction ("opponents", "all", or every player ``but`` one), the lowest
    bid, and how a sealed tie is broken (``ties``, with the ``token`` of "holder")."""
    bidders = next(c for c in node.children if isinstance(c, Tree) and c.data.startswith("bidders_"))
    minimum, ties = _tree(node.children, "auction_minimum"), _tree(node.children, "auction_ties")
    tie = ties.children[0] if ties is not None else None
    token = _tokens(tie.children, "NAME") if tie is not None else []
    return {"bidders": bidders.data.removeprefix("bidders_"), "but": _payer(_tree(bidders.children, "payer")),
            "minimum": int(minimum.children[0]) if minimum is not None else 1,
            "ties": _TIES[tie.data] if tie is not None else "turn-order", "token": str(token[0]) if token else None}


def _payment(node: Tree) -> dict[str, Any]:
    amount = _tree(node.children, "coin_amount").children[0]
    resource = _words(_tree(node.children, "resource"))
    other = _payer(_tree(node.children, "payee"))
    out: dict[str, Any] = {"do": "pay", "amount": int(amount) if amount.type == "INT" else str(amount),
                           "resource": "coins" if resource in ("coin", "coins") else resource}
    if node.data == "take":  # the owner is paid by the player (or bank) named
        out.update({"payer": other, "payee": None})
    else:
        out.update({"payer": _payer(_tree(node.children, "payer")), "payee": other})
    return out


def _lasting_time(node: Tree) -> dict[str, Any]:
    """How long a lasting constraint holds: the time, and whose turn or phase (where it says)."""
    time = next(c for c in node.children if isinstance(c, Tree) and c.data.startswith(("until_", "in_next", "for_rest")))
    whose = _tree(time.children, "lasting_who")
    phase = _tokens(time.children, "NAME")
    return {"time": time.data.removeprefix("until_").removeprefix("for_").replace("_", "-"),
            "phase": str(phase[0]) if phase else None,
            "whose": _words(whose).replace(" ", "-") if whose else None}


def _lasting(node: Tree) -> dict[str, Any]:
    """A lasting constraint's parts: how long (and whose turn or phase), who, may or may not, what."""
    return _lasting_time(node) | {"who": _words(_tree(node.children, "lasting_who")).replace(" ", "-"),
                                  "may": _words(_tree(node.children, "lasting_may")) == "may",
                                  "actions": _actions(node)}


def _actions(node: Tree) -> list[dict[str, Any]]:
    """The actions a constraint names ("plant from hand or use abilities"), each {"act", "from"}."""
    out = []
    for act in node.children:
        if isinstance(act, Tree) and act.data == "act_trade_for":  # a trade for no cards, for some cards
            out.append({"act": f"trade-for-{_words(_tree(act.children, 'trade_size'))}-cards", "from": None})
        elif isinstance(act, Tree) and act.data.startswith("act_"):
            zone = _tree(act.children, "zone_name")
            out.append({"act": act.data.removeprefix("act_").replace("_", "-"), "from": _words(zone) if zone else None})
    return out


def build_spec(tree: Tree, file: str, text: str) -> Spec:
    return SpecBuilder(file, text).build(tree)
