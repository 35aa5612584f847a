"""beanrules: Bohnanza rulebooks as data.

The public front end: :func:`compile_spec` turns a spec name or path into a validated rule
model (plain JSON data); :class:`SpecError` carries the diagnostics of a spec that does not
compile.
"""
from __future__ import annotations

from .diagnostics import Diagnostic, SpecError
from .resolve.compiler import compile_spec, list_specs

__all__ = ["Diagnostic", "SpecError", "compile_spec", "list_specs", "__version__"]
__version__ = "0.1.0"
