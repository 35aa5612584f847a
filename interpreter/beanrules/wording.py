"""Small words for people: "1 card" but "2 cards", "the 3rd time". Used by the terminal game,
the CLI and the generated pages alike, so they count the same way."""
from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` is "1 card", ``plural(2, "card")`` "2 cards"."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
