"""Helpers for the conformance tests: a good case, variants of it, and case files in tmp_path."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

GOOD_CASE: dict[str, Any] = {
    "id": "chili-harvest",
    "cite": {"where": "Ejemplo 5"},
    "description": "Three chili beans pay one coin.",
    "players": ["Anna", "Natalie", "Greg"],
    "state": {"phase": "plant", "hands": {"Anna": ["soy"]}, "fields": {"Anna": [["chili", "chili", "chili"]]}},
    "steps": [
        {"do": "Anna harvests 1"},
        {"expect": {"coins": {"Anna": 1}}},
        {"refuse": "Anna harvests 1", "rule": "whole-field"},
    ],
}


class _NoAliases(yaml.SafeDumper):
    """Writes a value shared by two cases twice: case files may not use YAML aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write(tmp_path: Path, *cases: dict[str, Any], name: str = "cases.yaml", **header: Any) -> Path:
    document = {"spec": "classic", "source": "Reglas del juego de Bohnanza", **header, "cases": list(cases)}
    path = tmp_path / name
    path.write_text(yaml.dump(document, Dumper=_NoAliases, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return path


def case(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(GOOD_CASE)
    out.update(changes)
    return out
