"""Numbers as the game's texts say them, in a module of its own (``tacocat rules`` loads it alone).

Every text that puts a count before a noun goes through :func:`plural` or
:func:`counted`, so no screen says "1 cards".
"""

from __future__ import annotations

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count_word(count: int) -> str:
    """'two' for 2; digits past nine."""
    return _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)


def noun(count: int, singular: str, many: str | None = None) -> str:
    """The noun that agrees with ``count``: ``singular`` for 1, else ``many``.

    ``many`` defaults to the regular English plural: an ``s``, or ``ies``
    for a consonant and ``y`` (give it for anything else: 'match', 'matches').
    """
    if count == 1:
        return singular
    if many is not None:
        return many
    if singular.endswith("y") and singular[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return singular[:-1] + "ies"
    return singular + "s"


def plural(count: int, singular: str, many: str | None = None) -> str:
    """``count`` in digits and its noun: '1 card', '0 cards', '12 cards'."""
    return f"{count} {noun(count, singular, many)}"


def counted(count: int, singular: str, many: str | None = None) -> str:
    """``count`` in words and its noun: 'one card', 'no cards', '12 cards'."""
    return f"{count_word(count)} {noun(count, singular, many)}"
