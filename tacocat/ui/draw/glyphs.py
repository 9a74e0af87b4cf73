"""The symbols the game draws with, in a Unicode and an ASCII set (``--ascii``).

The board's legend says each in words: meaning never rides on a glyph alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.box import Box

from tacocat.ui.draw import boxes


@dataclass(frozen=True)
class Glyphs:
    box: Box  # card faces and panels
    board_box: Box  # the board's grid
    to_yay: str  # an arrow pointing at the YAY end (left)
    to_wow: str  # an arrow pointing at the WOW end (right)
    both: str  # a two-arrow space
    cat: str  # the Tacocat token
    tile: str  # a covered space
    rule: str  # a horizontal line
    bullet: str
    dot: str  # separator in status lines
    ellipsis: str


UNICODE = Glyphs(
    box=Box(boxes.ROUNDED),
    board_box=Box(boxes.HEAVY),
    to_yay="◀",
    to_wow="▶",
    both="◀▶",
    cat="=^.^=",
    tile="▒▒▒▒▒",
    rule="─",
    bullet="•",
    dot="·",
    ellipsis="…",
)

ASCII = Glyphs(
    box=Box(boxes.ASCII, ascii=True),
    board_box=Box(boxes.ASCII, ascii=True),
    to_yay="<",
    to_wow=">",
    both="<>",
    cat="=^.^=",
    tile="#####",
    rule="-",
    bullet="*",
    dot="|",
    ellipsis="...",
)


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE
