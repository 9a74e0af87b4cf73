"""A short framed message: the one screen the game shows before anything is loaded.

Kept apart from :mod:`tacocat.ui.draw.screens` (which draws boards and cards) so
the first screen of ``tacocat play`` needs only rich's panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from tacocat.ui.draw.glyphs import UNICODE, Glyphs


def notice_screen(title: str, lines: Sequence[str], glyphs: Glyphs = UNICODE) -> RenderableType:
    """A short framed message (names, quit confirmation, small terminal)."""
    return Panel(Text("\n".join(lines)), box=glyphs.box, title=title, padding=(0, 1))
