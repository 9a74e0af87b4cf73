"""Printing rich output safely: text made visible, and a console of its own for the farewell."""

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
    """A console like ``game``'s with an empty buffer (a signal may have cut a print short)."""
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
