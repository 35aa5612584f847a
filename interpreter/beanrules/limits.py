"""Every bound beanrules puts on its inputs, in one place (docs/limits.md explains each).

A bound is set by what a game can use, well above what any rulebook needs, so that a spec,
case file, game record or action past it is refused with a located error instead of hanging
or crashing the program that reads it.
"""
from __future__ import annotations

# ---------------------------------------------------------------- files
MAX_SPEC_BYTES = 1_000_000       # a spec file; the largest shipped spec is ~25 KB
MAX_CASE_BYTES = 2_000_000       # a conformance case file (YAML)
MAX_RECORD_BYTES = 50_000_000    # a game-record file (JSON); a long bot game is ~100 KB

# ---------------------------------------------------------------- structure
MAX_NESTING = 12                 # indented blocks inside one another in a spec
MAX_EXTENDS = 16                 # a chain of extends/translates (the longest shipped chain has 6)
MAX_DOCUMENT_DEPTH = 32          # nested lists and mappings in a case file or record
MAX_DIAGNOSTICS = 50             # diagnostics printed; the rest are counted ("and 12 more")
MAX_SHOWN_LINE = 160             # characters of a source line shown under a diagnostic

# ---------------------------------------------------------------- numbers in a spec
MAX_DIGITS = 6                   # longer numbers are past every bound below, never converted
MAX_PLAYERS = 10                 # players at one table (the rulebooks allow at most 7)
MAX_FIELDS = 10                  # fields a spec deals or sells up to (play may add more: docs/limits.md)
MAX_BEAN_COUNT = 1_000           # cards of one bean type (and each beanometer step)
MAX_CARDS = 10_000               # cards in play in one game, and any count of cards or coins
MAX_DECK_RUNS = 20               # times the deck may run out before the game ends
MAX_REPEAT = 100                 # repetitions of a card ability's "repeat N times"

# ---------------------------------------------------------------- actions
MAX_ACTION_CHARS = 2_000         # one line of the action notation
