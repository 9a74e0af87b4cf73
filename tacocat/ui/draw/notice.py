"""A short framed message, apart from :mod:`tacocat.ui.draw.screens`: it needs only rich's panel."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from tacocat.ui.draw.glyphs import UNICODE, Glyphs


def notice_screen(title: str, lines: Sequence[str], glyphs: Glyphs = UNICODE) -> RenderableType:
    """A short framed message (names, quit confirmation, small terminal)."""
    return Panel(Text("\n".join(lines)), box=glyphs.box, title=title, padding=(0, 1))
