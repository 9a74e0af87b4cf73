"""Numbers as the game's texts say them, in a module of its own.

The rules text (:mod:`tacocat.ui.rules_text`) counts the same way as the
event texts; it imports this module alone, so ``tacocat rules`` does not
load every action class before the text prints.
"""

from __future__ import annotations

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count_word(count: int) -> str:
    """'two' for 2; digits past nine."""
    return _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
