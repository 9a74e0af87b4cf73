"""The room a screen is laid out in: its columns, its rows and the characters it may draw."""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.ui.draw.glyphs import UNICODE, Glyphs


@dataclass(frozen=True)
class Frame:
    """Where a screen goes: ``width`` columns, ``height`` rows, drawn with ``glyphs``."""

    width: int
    height: int
    glyphs: Glyphs


STANDARD = Frame(80, 24, UNICODE)  # the smallest terminal the game plays in
