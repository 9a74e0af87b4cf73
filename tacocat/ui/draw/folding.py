"""Text folded to a width before drawing, so a screen knows its height before rich draws it."""

from __future__ import annotations

from rich.text import Text

from tacocat.ui.draw.rules_text import wrap


def fold(text: Text, width: int) -> Text:
    """``text`` (styles kept) broken between words into lines of at most ``width``."""
    plain = text.plain
    pieces: list[Text] = []
    position = 0
    for line in wrap(plain, width):
        start = plain.index(line, position)
        pieces.append(text[start : start + len(line)])
        position = start + len(line)
    folded = Text("\n", no_wrap=True, overflow="crop").join(pieces)
    folded.style = text.style
    return folded


def rows_of(text: Text) -> int:
    return len(text.plain.split("\n")) if text.plain else 0
