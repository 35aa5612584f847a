"""Text from input made safe to print: control characters shown as escapes.

Specs, case files and game records are data; a title, quote or player name holding an escape
sequence must not move the cursor, recolour or clear the terminal that shows it. Every control
character (C0, DEL, C1) and every bidirectional override is printed as its escape (``\\x1b``),
except newlines and tabs where the caller keeps them.
"""
from __future__ import annotations

import re

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROLS_AND_LINES = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, keep_lines: bool = True) -> str:
    """`text` with control characters escaped; newlines and tabs kept when `keep_lines`."""
    return (_CONTROLS if keep_lines else _CONTROLS_AND_LINES).sub(_escape, text)


def first_control(text: str) -> str | None:
    """The first control character in `text` (newlines and tabs allowed), escaped; or None."""
    found = _CONTROLS.search(text)
    return _escape(found) if found else None
