"""The conformance suite: case files (YAML) that say what each rulebook's own examples and
rules require of an engine, and the runner that checks an engine against them.

    load_file(path)  → CaseFile (cases that loaded, errors that stopped the others)
    run_files(paths) → SuiteResult (one CaseResult per case or broken file)

The format is specified by ``conformance/case.schema.json`` and explained in docs/conformance.md.
"""
from __future__ import annotations

from .cases import Case, CaseError, CaseFile
from .loader import discover, load_file
from .runner import CaseResult, SuiteResult, engine_problem, run_case, run_files

__all__ = ["Case", "CaseError", "CaseFile", "CaseResult", "SuiteResult", "discover",
           "engine_problem", "load_file", "run_case", "run_files"]
