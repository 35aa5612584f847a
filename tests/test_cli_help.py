"""Every command's --help reads as written: argparse %-formats help strings but prints a parser's
description as it stands, so a doubled percent sign there shows up doubled (`play --help` said
"95%%")."""
import argparse

import pytest

from beanrules.cli import build_parser


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_help_text_has_no_doubled_percent_sign(name: str) -> None:
    text = _commands()[name].format_help()
    assert "%%" not in text, text
