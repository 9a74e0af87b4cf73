"""Printing rich output safely: text made visible, and a console of its own for the farewell.

Apart from :mod:`tacocat.ui.term.terminal` so that module keeps to the keyboard
and the screen's life; rich is imported only when something is printed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, cast

from tacocat.sanitize import visible

if TYPE_CHECKING:
    from rich.console import Console
    from rich.segment import Segment


def safe_segments(segments: Iterable[Segment]) -> Iterator[Segment]:
    """Segments with their text made :func:`visible` (rich's own control codes pass)."""
    from rich.segment import Segment

    for segment in segments:
        text = segment.text
        # Most text is printable already (checked in C): the segment as it is.
        if segment.control or text.isprintable() or text == "\n":
            yield segment
        else:
            yield Segment(visible(text, keep="\n"), cast("Any", segment.style))


def fresh_console(game: Console) -> Console:
    """A console with ``game``'s file and settings, and an empty buffer.

    A signal may have cut a print short, leaving output in the game
    console's buffer: what is printed after the game goes through this one.
    """
    from rich.console import Console

    return Console(
        file=game.file,
        width=game.width,
        force_terminal=game.is_terminal,
        color_system=game.color_system,  # type: ignore[arg-type]
        no_color=game.no_color,
        legacy_windows=game.legacy_windows,
        highlight=False,
        emoji=False,
    )
