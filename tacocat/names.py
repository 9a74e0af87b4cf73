"""Players' names: one check for a typed name and for a name read from a file.

The computer levels' names are here too: a save names its computer's level,
and storage, which may not import the computer players, checks it against
this list.

A name is drawn on every screen, so it must fit (:data:`MAX_NAME`) and be
plain printable text (docs/security.md), without square brackets (rich's
markup).  A saved game or a game record whose names fail this check is damaged.
"""

from __future__ import annotations

MAX_NAME = 12  # a name must fit the board's goal column and the prompts
COMPUTER_NAME = "Computer"  # the computer's seat, unless --p2 names it
# Weakest first; tacocat.ai registers one computer player for each (tests/ai/test_levels.py).
COMPUTER_LEVELS = ("random", "easy", "normal", "hard", "expert", "master")


def name_problem(name: str, other: str | None = None) -> str | None:
    """Why ``name`` cannot be a player's name (None if it can), as a sentence.

    ``other`` is the other player's name: two players may not share one, in
    any mix of capitals.

    >>> name_problem("Ann") is None
    True
    >>> name_problem("[/b]")
    'Please leave out [ and ]: they are not allowed in names.'
    >>> name_problem("ann", other="Ann")
    'Ann is taken: pick another name.'
    """
    if not name.strip():
        return "A name needs at least one character."
    if len(name) > MAX_NAME:
        return f"Please use at most {MAX_NAME} characters."
    if not name.isprintable():
        return "Please use printable characters only."
    if "[" in name or "]" in name:
        return "Please leave out [ and ]: they are not allowed in names."
    if other is not None and name.casefold() == other.casefold():
        return f"{other} is taken: pick another name."
    return None
